#!/bin/sh
# a network video recorder (its C recording loop, in awk for speed) loading
# its camera list. Each camera records into a ring of segment files on disk:
# the ring has one slot per segment that fits in the retention window,
#
#   cam->slots = cam->keep_h * 60 / cam->segment_min;   /* integer division */
#
# and the writer names the next file after slot = seq % cam->slots. Nobody
# checks that a segment is shorter than the window: a segment longer than the
# whole retention (say 90 minutes with keep=1h) gives a ring of 0 slots, and
# the first segment written divides by zero (the C recorder dies of SIGFPE;
# its supervisor reports exit 1). A segment exactly as long as the window
# gives one slot, overwritten each time. The stream and the frame rate only
# size the disk estimate. A line that is not a camera line is a syntax
# error (125).
eval f=\${$#}
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
exec awk '
BEGIN { KBPS["main"] = 4096; KBPS["sub"] = 512; n = 0; bad = 0 }
{
    if ($0 !~ /^camera [a-z][a-z0-9]* stream=(main|sub) fps=(5|10|15|25|30) segment=[1-9][0-9]*m keep=[1-9][0-9]*h$/) { bad = 1; next }
    split($0, w, /[ =]/)
    name[++n] = w[2]; stream[n] = w[4]; fps[n] = w[6] + 0
    seg[n] = substr(w[8], 1, length(w[8]) - 1) + 0
    keep[n] = substr(w[10], 1, length(w[10]) - 1) + 0
}
END {
    if (bad || n == 0) exit 125
    disk = 0
    for (i = 1; i <= n; i++) {
        # bitrate scales with the frame rate against a 25 fps reference
        kbps = int(KBPS[stream[i]] * fps[i] / 25)
        slots = int(keep[i] * 60 / seg[i])
        seq = 0
        if (slots == 0) {
            printf "camera %s: segment %d min, keep %d h: ring of 0 slots, seq %% slots: integer division by zero (SIGFPE)\n", name[i], seg[i], keep[i] > "/dev/stderr"
            exit 1
        }
        slot = seq % slots
        disk += kbps / 8 * 60 * seg[i] * slots / 1024
        printf "camera %s: %d slots of %d min, %d kbit/s\n", name[i], slots, seg[i], kbps
    }
    printf "%d cameras, about %d MiB of disk\n", n, disk
    exit 0
}
' "$f"
