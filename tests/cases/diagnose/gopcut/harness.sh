#!/bin/sh
# an HLS packager (its C logic, in awk for speed). Each clip is cut from the
# source between its in and out points; a reversed cut (out before in) is
# empty, as with ffmpeg -ss/-to. The source has a keyframe every 6 seconds
# and the packager emits only whole GOP-aligned segments of 6 s (a shorter
# tail is folded into the last segment). For the playlist it estimates each
# segment's size as the clip's bytes divided by its segment count: a clip
# shorter than one GOP (out < in + 6, reversed cuts included) has no segment
# and the division traps (SIGFPE in the C packager, reported as exit 1).
# A slate is a still image encoded as a single segment, whatever its hold
# time (0 included). Anything that is not a clip or slate line: 125.
GOP=6
eval f=\${$#}
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
exec awk -v GOP=$GOP '
/^clip [a-z][a-z0-9]* in=(0|[1-9][0-9]*) out=(0|[1-9][0-9]*) kbps=[1-9][0-9]*$/ { line[++n] = $0; next }
/^slate [a-z][a-z0-9]* hold=(0|[1-9][0-9]*)$/ { line[++n] = $0; next }
{ bad = 1 }
END {
    if (bad || n == 0) exit 125
    for (i = 1; i <= n; i++) {
        split(line[i], f, /[ =]/)
        if (f[1] == "slate") {
            segs = 1; bytes = f[4] * 50 * 125          # a still: ~50 kbit/s
        } else {
            cin = f[4] + 0; cout = f[6] + 0; kbps = f[8] + 0
            dur = cout - cin
            if (dur < 0) dur = 0                        # reversed cut: empty
            segs = int(dur / GOP)                       # whole GOPs only
            bytes = kbps * 125 * dur
        }
        if (segs == 0) {
            printf "%s %s: segment size: integer division by zero (SIGFPE)\n", f[1], f[2] > "/dev/stderr"
            exit 1
        }
        per = int(bytes / segs)
        printf "#EXT-X-BYTERANGE:%.0f (%s, %d segments)\n", per, f[2], segs
    }
    exit 0
}
' "$f"
