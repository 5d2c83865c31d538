#!/bin/sh
# a Postfix-like mail server (C; its logic here in awk) applies its main.cf
# limits line by line as it reads them. Two bugs, both SIGABRT:
# - default_process_limit: the master holds descriptors 0-23 for its
#   listeners and internal pipes and gives process i a status pipe at
#   descriptor 23 + i, watched with select(): above 1000 processes the
#   last descriptor reaches FD_SETSIZE (1024) and FD_SET aborts under
#   _FORTIFY_SOURCE ("*** bit out of range 0 - FD_SETSIZE on fd_set ***").
# - smtpd_hard_error_limit: the SMTP server's tarpit escalates in steps of
#   hard_limit / 3 errors and allocates its delay ladder with
#   mymalloc(hard_limit / 3 * sizeof(int)); below 3 that is mymalloc(0),
#   which panics ("mymalloc: requested length 0") and aborts.
# The recipient, soft error, client connection and destination concurrency
# limits take the very same numbers (1 and 2, and above 1000) harmlessly.
exec awk '
BEGIN { FD_SETSIZE = 1024; RESERVED = 24 }
function abort(msg) { print msg > "/dev/stderr"; bad = 1; exit }
$1 == "default_process_limit" {
    maxfd = RESERVED - 1 + $3
    if (maxfd >= FD_SETSIZE) abort("*** bit out of range 0 - FD_SETSIZE on fd_set ***: terminated")
}
$1 == "smtpd_hard_error_limit" {
    nsteps = int($3 / 3)
    if (nsteps * 4 < 1) abort("postfix/smtpd[4711]: panic: mymalloc: requested length " nsteps * 4)
    hard = $3 + 0
}
$1 == "smtpd_soft_error_limit" { soft = $3 + 0 }
$1 == "smtpd_recipient_limit" { rcpt = $3 + 0 }
$1 == "smtpd_client_connection_count_limit" { conn = $3 + 0 }
$1 == "default_destination_concurrency_limit" { destconc = $3 + 0 }
END { if (bad) { system("kill -ABRT $PPID"); exit 134 } exit 0 }' "$1"
