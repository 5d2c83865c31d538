#!/bin/sh
# a backup agent's job loader (its C logic, in awk with exact integers).
# Each size is parsed as strtoull(digits) times the unit's power of 1024
# (B 1, K 1024, M 1048576, G 1073741824) into a size_t, so nothing wraps.
# The agent moves data through one static transfer arena:
#     #define XFER_ARENA (4u << 20)              /* 4 MiB */
#     static unsigned char arena[XFER_ARENA];
#     ...
#     job->blk = parse_size(val);                /* "block=" */
#     memset(arena, 0, job->blk);                /* set up the first block */
# the block size is never checked against XFER_ARENA: a block above
# 4194304 bytes (above 4096K, above 4M, any G) runs the memset past the
# arena over the rest of .bss and into unmapped memory: SIGSEGV. Exactly
# 4M (4096K, 4194304B) fits. A job without block= uses 128K.
# The option is acted on as it is read, so a second block= in a job counts
# too. The bandwidth limit (bytes per second, only divides the pacing
# delay), the largest file size (a plain comparison with each file's
# st_size) and the free space to leave (compared with statvfs()) take the
# same numbers and units, however large, harmlessly; keep= and compress=
# are plain counts.
r=$(awk '
function bytes(v,   n, u) {
    u = substr(v, length(v), 1); n = substr(v, 1, length(v) - 1)
    if (n !~ /^[1-9][0-9]*$/) return -1
    if (u == "B") return n + 0
    if (u == "K") return n * 1024
    if (u == "M") return n * 1048576
    if (u == "G") return n * 1073741824
    return -1
}
BEGIN { jobs = 0; res = "ok" }
res != "ok" { next }
/^$/ { next }
{
    if ($1 != "job" || NF < 3 || $3 !~ /^\//) { res = "invalid"; next }
    blk = 131072
    for (i = 4; i <= NF; i++) {
        eq = index($i, "=")
        if (eq == 0) { res = "invalid"; next }
        key = substr($i, 1, eq - 1); val = substr($i, eq + 1)
        if (key == "keep" || key == "compress") {
            if (val !~ /^[0-9]+$/) { res = "invalid"; next }
            continue
        }
        b = bytes(val)
        if (b < 0) { res = "invalid"; next }
        if (key == "block") {           # set_block() prepares the arena at once
            blk = b
            if (blk > 4194304) { res = "overrun " $2 " " blk; next }
        }
        else if (key != "bwlimit" && key != "maxfile" && key != "minfree") { res = "invalid"; next }
    }
    jobs++
}
END {
    if (res == "ok" && jobs == 0) res = "invalid"
    print res
}' "$1")
case $r in
    ok) exit 0 ;;
    invalid) exit 125 ;;
    overrun*)
        echo "xfer: job ${r#overrun }: block overruns the 4 MiB arena" >&2
        kill -SEGV $$ ;;
esac
exit 125
