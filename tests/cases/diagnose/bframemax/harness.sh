#!/bin/sh
# a transcoding daemon (its C logic in awk) loads a job queue. Each job's
# options are checked as read: a crf above 51 (the 8-bit encoder's maximum)
# is noted and reported once the queue is loaded (exit 1); the encoder's
# lookahead, set up as the job is read, writes bframes+1 frames into a fixed
# frames[17]: bframes above 16 overflows it at once (SIGSEGV).
exec awk '
{
    split($3, c, "="); crf = c[2] + 0
    split($4, b, "="); bf = b[2] + 0
    if (crf > 51) { errs++; printf "job %s: crf %d out of range 0-51 (8-bit)\n", $2, crf > "/dev/stderr" }
    # lookahead: frames[X264_BFRAME_MAX + 1], X264_BFRAME_MAX = 16
    if (bf + 1 > 17) {
        printf "job %s: lookahead writes frame %d of frames[17]\n", $2, bf + 1 > "/dev/stderr"
        crash = 1; exit
    }
    printf "job %s: crf %d, %d b-frames, %s, %sp\n", $2, crf, bf, substr($5, 8), substr($6, 8)
}
END {
    if (crash) { system("kill -SEGV $PPID"); exit 139 }
    if (errs) { printf "%d job(s) rejected\n", errs > "/dev/stderr"; exit 1 }
    exit 0
}' "$1"
