#!/bin/sh
# a reverse proxy (nginx-like; its C start-up logic in awk for speed) started
# on the configuration by a test, which reports exit 1 when the proxy dies at
# start-up, as its init script does. Two bugs:
#
# 1. The directive handler of large_client_header_buffers checks that the
#    count is positive, but not against HDR_BUFS_MAX, and then lays out the
#    buffers' descriptors at once in a static table,
#
#        static hdr_buf_desc_t hbuf_desc[HDR_BUFS_MAX];     /* 64 */
#        for (i = 0; i < n; i++) hbuf_desc[i].size = size;
#
#    so a line with more than 64 buffers writes past it while the file is
#    being read (the fortified build aborts), whatever later lines say;
#    exactly 64 fit. The buffer size plays no part.
#
# 2. With an error log at level "debug" (any error_log line: the proxy
#    writes to every log given), start-up dumps the effective settings at
#    debug level, and the keep-alive line is logged as
#
#        ngx_log_debug2(NGX_LOG_DEBUG_CORE, log, 0, "keepalive %s %s",
#                       clcf->keepalive_timeout, clcf->keepalive_header);
#
#    with %s given two millisecond counts: vsnprintf dereferences a number
#    and the proxy dies of SIGSEGV. The dump runs with the defaults too (75 s)
#    when no keepalive_timeout line is given. Other levels never format debug
#    messages; an error_log without a level logs at "error".
#
# Listeners, the upstream, workers, TLS protocols and gzip are read and
# checked but play no part. A line the parser does not know is a
# configuration error (125).
eval f=\${$#}
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
exec awk '
BEGIN {
    HDR_BUFS_MAX = 64
    hbufs = 4; hbufk = 8; ka = 75; kah = 0; debug = 0; bad = 0; nlisten = 0
    split("debug info notice warn error crit alert emerg", lv, " ")
    for (i in lv) level[lv[i]] = i
}
/^listen (80|443|8080|8443)( ssl| ssl http2| default_server)?;$/ { nlisten++; next }
/^proxy_pass http:\/\/(127\.0\.0\.1|app|backend|\[::1\]):[1-9][0-9][0-9][0-9];$/ { upstream = $2; next }
/^worker_processes (auto|[1-9][0-9]?);$/ { workers = $2; next }
/^large_client_header_buffers [1-9][0-9]* [1-9][0-9]*k;$/ {
    n = $2 + 0
    if (n <= 0) { print "large_client_header_buffers: invalid count" > "/dev/stderr"; exit 125 }
    hbufs = n; hbufk = $3 + 0
    for (i = 0; i < hbufs; i++) {
        if (i >= HDR_BUFS_MAX) {
            printf "*** buffer overflow detected ***: hbuf_desc[%d] of %d (large_client_header_buffers %d, line %d)\n", i, HDR_BUFS_MAX, hbufs, NR > "/dev/stderr"
            overflow = 1; exit 1
        }
        hbuf_desc[i] = hbufk * 1024
    }
    next
}
/^ssl_protocols (TLSv1\.2|TLSv1\.3|TLSv1\.2 TLSv1\.3);$/ { protocols = $0; next }
/^keepalive_timeout [0-9]+s [0-9]+s;$/ { ka = $2 + 0; kah = $3 + 0; next }
/^gzip (on|off);$/ { gzip = ($2 == "on;"); next }
/^error_log [^ ;]+( [a-z]+)?;$/ {
    lvl = "error"
    if (NF == 3) { lvl = $3; sub(/;$/, "", lvl) }
    else sub(/;$/, "", $2)
    if (!(lvl in level)) { bad = 1; exit }
    if (lvl == "debug") debug = 1
    next
}
{ bad = 1; exit }
END {
    if (overflow) exit 1
    if (bad) exit 125
    # start-up: dump the effective settings at debug level
    if (debug) {
        printf "[debug] workers %s, %d listeners\n", workers == "" ? "1" : workers, nlisten > "/dev/stderr"
        printf "[debug] large_client_header_buffers %d %dk\n", hbufs, hbufk > "/dev/stderr"
        # "keepalive %s %s" with two msec values: vsnprintf reads them as char *
        printf "[debug] keepalive %%s %%s <- %d, %d: SIGSEGV in vsnprintf\n", ka * 1000, kah * 1000 > "/dev/stderr"
        exit 1
    }
    printf "proxy started: %d listeners, %d header buffers of %dk, keepalive %ds\n", nlisten, hbufs, hbufk, ka
    exit 0
}
' "$f"
