#!/bin/sh
# an SMTP relay (its C logic, in awk for speed) and its test driver. The
# configuration is read line by line into a struct; "pipelining" is a flag
# the parser only ever clears:
#
#   else if (!strcmp(key, "pipelining")) {
#       if (!strcmp(val, "off")) cfg.no_pipelining = 1;   /* on/auto: default */
#   }
#
# so a single "pipelining off" anywhere in the file turns ESMTP PIPELINING
# off for every listener. The test driver then sends each listener one
# message with as many recipients as its max-rcpt allows. With pipelining
# the client sends all its RCPT TO commands in one burst, and the server
# collects the burst in a fixed array before answering it:
#
#   struct rcpt batch[RCPT_BATCH];        /* RCPT_BATCH = 100 */
#   while (n < listener->max_rcpt && read_rcpt(&batch[n])) n++;
#
# so a listener allowing more than 100 recipients overruns the array (the
# fortified build's bounds check aborts: exit 1). Without pipelining each
# RCPT TO is answered as it comes and no batch is kept (any max-rcpt works);
# exactly 100 fits. CHUNKING (BDAT) is another flag and "chunking off"
# changes nothing here. The host name, TLS and the log level are read and
# checked but play no part. A line the parser does not know is a
# configuration error (125).
eval f=\${$#}
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
exec awk '
BEGIN { RCPT_BATCH = 100; nl = 0; no_pipelining = 0; bad = 0 }
/^listen (25|465|587|2525) max-rcpt=[1-9][0-9]*$/ {
    split($0, w, /[ =]/)
    port[++nl] = w[2]; maxrcpt[nl] = w[4] + 0
    next
}
/^hostname [a-z][a-z0-9]*\.example\.org$/ { hostname = $2; next }
/^tls (off|optional|required)$/ { tls = $2; next }
/^pipelining (on|off|auto)$/ { if ($2 == "off") no_pipelining = 1; next }
/^chunking (on|off)$/ { chunking = ($2 == "on"); next }
/^loglevel [0-7]$/ { loglevel = $2 + 0; next }
{ bad = 1 }
END {
    if (bad) exit 125
    for (i = 1; i <= nl; i++) {
        # the test client: one message with max-rcpt recipients
        n = 0
        for (r = 1; r <= maxrcpt[i]; r++) {
            if (!no_pipelining) {
                # read_rcpt(&batch[n]) on the pipelined burst
                if (n >= RCPT_BATCH) {
                    printf "listener :%s: *** buffer overflow detected ***: batch[%d] of %d (max-rcpt=%d, pipelining on)\n", port[i], n, RCPT_BATCH, maxrcpt[i] > "/dev/stderr"
                    exit 1
                }
                batch[n++] = r
            } else
                accepted++
        }
        printf "listener :%s: %d recipients accepted\n", port[i], maxrcpt[i]
    }
    printf "%d listeners tested, pipelining %s\n", nl, no_pipelining ? "off" : "on"
    exit 0
}
' "$f"
