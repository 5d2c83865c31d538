#!/bin/sh
# A software sampler loads an instrument file (SFZ-like, one region a line)
# in two passes; its C logic, in awk:
#
#   pass 1, parse_region(), for every region of the file first:
#       r->end = opcode_int("end");          /* last frame, inclusive */
#       r->loop_end = opcode_int("loop_end");
#       SFZ_CHECK(r->loop_end <= r->end);    /* prints, exit(1) */
#     A loop that ends past the sample's last frame stops the loader with
#     "check `loop_end <= end' failed" and exit status 1 (kind 1). Exactly
#     the last frame is fine. A loop_start at or after loop_end turns the
#     loop off (the region plays one-shot); an offset past the end plays
#     silence; key ranges upside down never trigger: all harmless.
#
#   pass 2, prepare_loops(), for every looping region (loop_mode not
#   one_shot, loop_start < loop_end, xfade > 0):
#       float *tail = r->data + r->loop_end + 1;
#       for (i = 0; i < r->xfade; i++)
#           r->xfade_tab[i] = tail[i] * w[i] + ...;
#     The crossfade mixes the xfade frames after the loop end into the
#     loop's tail, but nothing checks that they exist: a loop_end + xfade
#     past end reads beyond the mapped sample data (SIGSEGV, kind 2). The
#     CHECK of pass 1 guards the loop end only, not its crossfade tail;
#     a file with both kinds stops in pass 1 with kind 1.
#
# The sample name, the keys, the offset, the loop start (as long as the
# loop is on), the mode (for kind 1) and the volume play no part.
[ -s "$1" ] || exit 125
awk '
function num(s, k,    v) {
    if (index(s, k "=") != 1) { bad = 1; return 0 }
    v = substr(s, length(k) + 2)
    if (v !~ /^[-+]?[0-9]+$/) bad = 1
    return v + 0
}
NF == 0 { next }
$1 != "region" || NF != 10 { bad = 1; exit }
{
    n++
    split(substr($2, 5), kr, "-")
    if ($2 !~ /^key=[0-9]+-[0-9]+$/ || $3 !~ /^sample=[a-z]+_[a-g][1-6]\.wav$/) { bad = 1; exit }
    off[n] = num($4, "offset"); end[n] = num($5, "end")
    ls[n] = num($6, "loop_start"); le[n] = num($7, "loop_end")
    xf[n] = num($8, "xfade"); vol[n] = num($10, "volume")
    mode[n] = substr($9, 11)
    if (index($9, "loop_mode=") != 1) bad = 1
    if (bad) exit
    # SFZ_CHECK(r->loop_end <= r->end)
    if (le[n] > end[n]) {
        printf "sampler: sfz.c:318: region %d (%s): check `loop_end <= end'"'"' failed (%d > %d)\n", n, substr($3, 8), le[n], end[n] > "/dev/stderr"
        chk = 1; exit
    }
}
END {
    if (bad || n == 0) exit 125
    if (chk) exit 1
    for (i = 1; i <= n; i++) {
        if (mode[i] == "one_shot" || ls[i] >= le[i] || xf[i] <= 0) continue
        if (le[i] + xf[i] > end[i]) {
            printf "sampler: region %d: crossfade reads frame %d of %d\n", i, le[i] + xf[i], end[i] > "/dev/stderr"
            exit 139
        }
    }
    exit 0
}' "$1"
rc=$?
[ $rc = 139 ] && kill -SEGV $$
exit $rc
