#!/bin/sh
# a mail server's SMTP front end (its C logic, in awk for speed), fed one
# client's command script by its integration test, which checks that the
# server answers every command and survives. Like Postfix by default it
# does not require a greeting (HELO/EHLO) before MAIL. On MAIL FROM it asks
# its SPF policy module about the sender, and builds the SPF request with
# the client's HELO identity, which RFC 7208 uses as well (alone, for the
# null sender "<>"):
#
#     case CMD_MAIL:
#         if (s->in_tx) { reply(s, 503, "5.5.1 Nested MAIL command"); break; }
#         req = spf_request_new(s->client_ip);
#         spf_request_set_helo(req, strdup(s->helo));   /* NULL before HELO */
#         spf_request_set_sender(req, s->mail_from);
#
# s->helo is NULL until the first HELO or EHLO, so a MAIL command with no
# greeting anywhere before it crashes the server in strdup (SIGSEGV) where
# it should use the client's address literal or answer 503. A greeting sets
# the identity for the rest of the session (a later MAIL passes, however far
# after); RCPT before MAIL (503), a second MAIL in a transaction (503),
# VRFY (252), HELP and the hosts, senders and recipients play no part. A
# line the server does not know is no command script (125).
ulimit -c 0
f=$1
for a in "$@"; do f=$a; done
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
awk '
BEGIN { helo = ""; in_tx = 0; nrcpt = 0; print "220 mx.example.com ESMTP" }
/^(HELO|EHLO) ([a-z0-9.-]+|\[[0-9.]+\])$/ {
    helo = $2; in_tx = 0; nrcpt = 0          # a greeting also resets the transaction
    if ($1 == "EHLO") { print "250-mx.example.com Hello " helo; print "250-PIPELINING"; print "250 8BITMIME" }
    else print "250 mx.example.com Hello " helo
    next
}
/^MAIL FROM:<([a-z0-9.]+@[a-z0-9.]+)?>$/ {
    if (in_tx) { print "503 5.5.1 Nested MAIL command"; next }
    sender = substr($0, 12, length($0) - 12)
    if (helo == "") {                        # strdup(s->helo) with s->helo == NULL
        printf "smtpd: line %d: %s: SPF request with no HELO identity\n", NR, $0 > "/dev/stderr"
        segv = 1; exit
    }
    spf = (sender == "") ? "none (helo " helo ")" : "neutral"
    in_tx = 1; print "250 2.1.0 Ok (spf=" spf ")"
    next
}
/^RCPT TO:<[a-z0-9.]+@[a-z0-9.]+>$/ {
    if (!in_tx) { print "503 5.5.1 Error: need MAIL command"; next }
    nrcpt++; print "250 2.1.5 Ok"
    next
}
/^VRFY [a-z0-9.]+$/ { print "252 2.0.0 " $2; next }
/^HELP [A-Z]+$/ { print "214 2.0.0 See RFC 5321 for " $2; next }
{ bad = 1; exit }
END {
    if (segv) exit 139
    if (bad || NR == 0) exit 125
    print "221 2.0.0 Bye"
    exit 0
}' "$f"
rc=$?
[ $rc = 139 ] && kill -SEGV $$
exit $rc
