#!/bin/sh
# a video editor renders a clip list: each clip copies frames from..from+take-1
# (counted from 1) of its shot's frame table, sized by the shot's frame count.
# Bug: the bounds check is missing, so a clip whose last frame lies past the
# shot's end (from + take - 1 > frames) reads past the table (SIGSEGV); a clip
# ending exactly on the last frame is fine. Shot, fps and fade play no part.
exec awk '
{
    split($0, w, /[ =]/)
    frames = w[4] + 0; from = w[6] + 0; take = w[8] + 0
    if (from + take - 1 > frames) {
        printf "clip %s: frame %d of %d\n", w[2], from + take - 1, frames > "/dev/stderr"
        system("kill -SEGV $PPID"); exit 139
    }
}
END { exit 0 }' "$1"
