#!/bin/sh
# a SIP user agent's message parser (its C logic, in awk for speed), fed one
# UDP datagram by its test, which replays captured requests and checks that
# the agent answers them. The datagram is received into a buffer of exactly
# its size; the parser splits off the header fields at the blank line and
# then takes the body, trusting the Content-Length header field:
#
#     blen = msg->clen >= 0 ? msg->clen : n - (p - buf);  /* absent: the rest */
#     msg->body = malloc(blen + 1);
#     memcpy(msg->body, p, blen);          /* no check against n - (p - buf) */
#
# RFC 3261 (18.3) says that over UDP the bytes past Content-Length are
# discarded (this parser does) and that a datagram ending before the
# declared end of the body is an error (400); this one copies past the end
# of the datagram instead: AddressSanitizer's heap-buffer-overflow (exit 1).
# Content-Length in its compact form ("l: N") is the same field. A short
# declared length truncates the SDP offer, which the agent then rejects
# cleanly with 488 (a pass); Max-Forwards, CSeq, Call-ID and the SDP's
# contents play no part in the crash. A datagram the parser cannot split
# into a request line and header fields is not a SIP request (125).
f=$1
for a in "$@"; do f=$a; done
exec awk '
BEGIN { RS = "\001"; CRLF = "\r\n" }
{ buf = buf $0 }
END {
    n = length(buf)
    e = index(buf, CRLF CRLF)
    if (e == 0) exit 125
    head = substr(buf, 1, e - 1)
    p = e + 4                              # first byte of the body
    avail = n - p + 1
    nl = split(head, line, CRLF)
    if (line[1] !~ /^(INVITE|OPTIONS|MESSAGE) sip:[a-z]+@[a-z.]+ SIP\/2\.0$/) exit 125
    split(line[1], rq, " "); method = rq[1]
    clen = -1; maxfwd = 70; seen["via"] = seen["callid"] = seen["cseq"] = 0
    for (i = 2; i <= nl; i++) {
        if (line[i] ~ /^Via: SIP\/2\.0\/UDP [0-9.]+;branch=z9hG4bK[a-z0-9]+$/) seen["via"]++
        else if (line[i] ~ /^Max-Forwards: [0-9]+$/) maxfwd = substr(line[i], 15) + 0
        else if (line[i] ~ /^Call-ID: [a-z0-9]+@[0-9.]+$/) seen["callid"]++
        else if (line[i] ~ /^CSeq: [0-9]+ (INVITE|OPTIONS|MESSAGE)$/) seen["cseq"]++
        else if (line[i] ~ /^(Content-Length|l): [0-9]+$/) { sub(/^[^:]*: /, "", line[i]); clen = line[i] + 0 }
        else exit 125
    }
    if (!seen["via"] || !seen["callid"] || !seen["cseq"]) exit 125
    blen = clen >= 0 ? clen : avail
    if (blen > avail) {
        printf "==ERROR: AddressSanitizer: heap-buffer-overflow: READ of size %d at offset %d of a %d-byte datagram\n    #0 __asan_memcpy\n    #1 sip_parse_datagram sip_parse.c:214\n", blen, p - 1, n > "/dev/stderr"
        exit 1
    }
    body = substr(buf, p, blen)            # the excess, if any, is discarded
    if (maxfwd == 0) { print "SIP/2.0 483 Too Many Hops"; exit 0 }
    if (method != "INVITE") { print "SIP/2.0 200 OK"; exit 0 }
    if (body == "") { print "SIP/2.0 200 OK (offer in the answer)"; exit 0 }
    # the SDP offer: v=, o=, s=, c=, t= and optionally one audio stream
    ok = body ~ /^v=0\r\no=[a-z]+ [0-9]+ 1 IN IP4 [0-9.]+\r\ns=-\r\nc=IN IP4 [0-9.]+\r\nt=0 0\r\n(m=audio [0-9]+ RTP\/AVP 0( 8\r\na=sendrecv)?\r\n)?$/
    print ok ? "SIP/2.0 200 OK" : "SIP/2.0 488 Not Acceptable Here"
    exit 0
}' "$f"
