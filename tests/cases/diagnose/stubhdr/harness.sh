#!/bin/sh
# a stub HTTP server for integration tests (its C logic, in awk for speed),
# built on a small embedded HTTP library and run by its own test with
# "--once": it takes a response script and answers one request with it,
# replaying the actions in order. The reply is streamed: each "write" goes
# out at once as a chunk (Transfer-Encoding: chunked), so the library sends
# the status line and the header block on the first write and marks them
# sent. The stub's action runner was meant to buffer header actions that
# come after the body has started (or to reject such a script up front);
# it passes them straight to the library, whose setters assert:
#
#     void http_set_status(struct conn *c, int code) {
#         assert(!c->headers_sent);        /* also http_add_header() */
#         ...
#
# so a status, header or cookie action after any write aborts the stub
# (SIGABRT). Header actions before the first write, any number of writes,
# and waits anywhere pass; the values play no part. A script line the stub
# does not know is a test-setup error (125).
ulimit -c 0
f=$1
for a in "$@"; do f=$a; done
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
awk '
BEGIN {
    status = 200; nh = 0; sent = 0
    reason[200] = "OK"; reason[201] = "Created"; reason[302] = "Found"
    reason[404] = "Not Found"; reason[503] = "Service Unavailable"
}
function assert_unsent(what, fn) {
    if (sent) {
        printf "stub: line %d: %s\nstub: http.c:%d: %s: Assertion `!c->headers_sent'"'"' failed.\n", NR, what, fn == "http_set_status" ? 398 : 412, fn > "/dev/stderr"
        aborted = 1; exit
    }
}
/^status [1-5][0-9][0-9]$/ { assert_unsent($0, "http_set_status"); status = $2 + 0; next }
/^header [A-Za-z-]+: [^ ]+$/ { assert_unsent($0, "http_add_header"); hdr[++nh] = substr($0, 8); next }
/^cookie [a-z]+=[a-z0-9]+$/ { assert_unsent($0, "http_add_header"); hdr[++nh] = "Set-Cookie: " $2 "; Path=/"; next }
/^write [a-z ]+$/ {
    if (!sent) {                           # first chunk: the head goes out
        out = "HTTP/1.1 " status " " reason[status] "\r\n"
        for (i = 1; i <= nh; i++) out = out hdr[i] "\r\n"
        out = out "Transfer-Encoding: chunked\r\n\r\n"
        sent = 1
    }
    t = substr($0, 7)
    out = out sprintf("%x\r\n%s\r\n", length(t), t)
    next
}
/^sleep [0-9]+$/ { waited += $2; next }
{ bad = 1; exit }
END {
    if (aborted) exit 134
    if (bad || NR == 0) exit 125
    if (!sent) {                           # no body: a plain head, no chunks
        out = "HTTP/1.1 " status " " reason[status] "\r\n"
        for (i = 1; i <= nh; i++) out = out hdr[i] "\r\n"
        out = out "Content-Length: 0\r\n\r\n"
    } else out = out "0\r\n\r\n"
    printf "%s", out
    printf "stub: replied in %d ms\n", waited > "/dev/stderr"
    exit 0
}' "$f"
rc=$?
[ $rc = 134 ] && kill -ABRT $$
exit $rc
