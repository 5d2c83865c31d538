#!/bin/sh
# a BGP route collector (its C decoder in awk) replays a dump of UPDATE
# messages into its RIB. Withdrawn prefixes are decoded by walking the list
# up to its end (the declared withdrawn= count is only logged when it
# differs). The announced prefixes are decoded with
#   for (i = 0; i < nlri_count; i++) { plen = buf[off]; ... }
# trusting the declared count: declaring more prefixes than the message
# holds reads the next prefix's length byte past the end of the message
# buffer (the last in its mapped page in the capture reader) and the decoder
# crashes (SIGSEGV). Declaring fewer than it holds leaves the rest undecoded
# and passes, as does an exact count.
exec awk '
$1 == "UPDATE" {
    split($4, d, "="); nwd = d[2] + 0
    s = $5; gsub(/^\[|\]$/, "", s); nw = split(s, wd, ",")
    split($6, d, "="); nnlri = d[2] + 0
    s = $7; gsub(/^\[|\]$/, "", s); nr = split(s, rt, ",")

    if (nw != nwd) printf "peer %s: withdrawn count %d, %d prefixes\n", $3, nwd, nw > "/dev/stderr"
    for (i = 1; i <= nw; i++) delete rib[$3 " " wd[i]]

    for (i = 1; i <= nnlri; i++) {
        if (i > nr) {
            printf "decode_nlri: read past end of message (peer %s, prefix %d of %d)\n", $3, i, nnlri > "/dev/stderr"
            bad = 1; exit
        }
        rib[$3 " " rt[i]] = 1
    }
}
END { if (bad) { system("kill -SEGV $PPID"); exit 139 } exit 0 }' "$1"
