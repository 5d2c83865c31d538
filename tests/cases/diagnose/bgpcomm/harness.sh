#!/bin/sh
# a small BGP daemon (Quagga-like; its C logic, in awk for speed) started by
# its test with "-C" (check the configuration and exit). Each route-map
# entry's "set community" line is tokenised into a fixed slot: the parsed
# attribute lives in a 32-byte buffer on the stack, an 8-byte header and
# room for 6 communities (4 bytes each), and the parser appends without a
# bound check:
#
#     uint32_t val[6]; int n = 0;
#     for (tok = strtok(line, " "); tok; tok = strtok(NULL, " ")) {
#         if (community_str2val(tok, &v) < 0) { ret = -1; break; }
#         val[n++] = v;                  /* no check against 6 */
#     }
#     ...
#     return ret;                        /* canary checked here */
#
# A community is ASN:value (each part 0-65535) or a well-known name
# (no-export, no-advertise, local-AS; each takes a slot like any other). A
# value above 65535 is a clean configuration error, reported and exit 2
# ("% Malformed community-list value"): a failure of another kind, not the
# bug. A line with 7 or more communities writes past the array, over the
# stack canary, and the stack protector aborts when the parser returns,
# whether or not it then met a malformed token ("*** stack smashing
# detected ***", SIGABRT). Names, actions, sequence numbers and prefix lists
# are checked but play no part. A line the parser does not know is a syntax
# error (125).
eval f=\${$#}
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
awk '
BEGIN { SLOTS = 6; state = 0; ne = 0 }
state == 0 && /^route-map [A-Z][A-Z0-9_-]* (permit|deny) [1-9][0-9]*$/ { map[++ne] = $2 " " $3 " " $4; state = 1; next }
state == 1 && /^ match ip address prefix-list [A-Z][A-Z0-9_-]*$/ { plist[ne] = $5; state = 2; next }
state == 2 && /^ set community( [^ ]+)+$/ { comm[ne] = substr($0, 16); state = 0; next }
{ bad = 1 }
END {
    if (bad || state != 0 || ne == 0) exit 125
    for (i = 1; i <= ne; i++) {
        nt = split(comm[i], tok, " ")
        n = 0; ret = 0
        for (t = 1; t <= nt; t++) {
            if (tok[t] == "no-export" || tok[t] == "no-advertise" || tok[t] == "local-AS") {
                v = tok[t]
            } else if (tok[t] ~ /^[0-9]+:[0-9]+$/) {
                split(tok[t], p, ":")
                if (p[1] + 0 > 65535 || p[2] + 0 > 65535) { ret = -1; badtok = tok[t]; break }
                v = (p[1] + 0) * 65536 + p[2]
            } else { ret = -1; badtok = tok[t]; break }
            val[n++] = v                      # val[6], val[7], ... clobber the canary
        }
        if (n > SLOTS) {                      # __stack_chk_fail on return
            printf "route-map %s: set community: %d values in a slot of %d\n*** stack smashing detected ***: terminated\n", map[i], n, SLOTS > "/dev/stderr"
            exit 99
        }
        if (ret < 0) {
            printf "route-map %s: %% Malformed community-list value: %s\n", map[i], badtok > "/dev/stderr"
            exit 2
        }
        printf "route-map %s: match %s, set %d communities\n", map[i], plist[i], n
    }
    printf "configuration OK: %d route-map entries\n", ne
    exit 0
}
' "$f"
rc=$?
[ $rc = 99 ] && kill -ABRT $$
exit $rc
