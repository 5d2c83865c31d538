#!/bin/sh
# a NAS appliance's report mailer (its C logic, in awk for speed), run by its
# test on one queued message: it checks each attached file against the
# mailer's per-file limit of 60 KB and copies it into one static body buffer
# of 200 KB, and nobody checks the total:
#
#     static char body[200 * 1024]; static size_t used;
#     for (a = msg->attach; a; a = a->next) {
#         if (a->kb > 60) { log_warn("%s: too large, skipped", a->name); continue; }
#         memcpy(body + used, a->data, a->kb * 1024);   /* no check against sizeof body */
#         used += a->kb * 1024;
#     }
#
# The bug: attachments adding up to more than 200 KB (every one of them
# within its own limit) are copied past the buffer, over the mailer's static
# state, and it crashes (SIGSEGV); exactly 200 KB fits. Addresses, subject,
# file names and types play no part. A message it cannot read is 125.
eval f=\${$#}
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
awk '
BEGIN { BUFKB = 128; PERFILE = 60; used = 0; n = 0 }
NR == 1 && /^From: [a-z]+@[a-z]+\.net$/ { next }
NR == 2 && /^To: [a-z]+@[a-z]+\.net$/ { next }
NR == 3 && /^Subject: [a-z]+( [a-z]+)?$/ { next }
NR > 3 && /^Attach: [a-z]+\.(log|txt|pdf|gz) [1-9][0-9]*K$/ {
    kb = substr($3, 1, length($3) - 1) + 0; n++
    if (kb > PERFILE) { printf "%s: too large, skipped\n", $2 > "/dev/stderr"; next }
    used += kb                                  # memcpy(body + used, ...)
    if (used > BUFKB) {
        printf "%s: copied at %d KB of a %d KB body\nSegmentation fault\n", $2, used - kb, BUFKB > "/dev/stderr"
        crashed = 1; exit 99
    }
    printf "attached %s (%d KB, %d KB in all)\n", $2, kb, used
    next
}
{ bad = 1; exit 125 }
END {
    if (crashed) exit 99
    if (bad || NR < 4 || n == 0) exit 125
    printf "queued: %d attachments, %d KB\n", n, used
    exit 0
}
' "$f"
rc=$?
[ $rc = 99 ] && kill -SEGV $$
exit $rc
