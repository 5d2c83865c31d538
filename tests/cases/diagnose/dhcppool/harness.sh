#!/bin/sh
# a small DHCP server (its C pool setup in awk) loads a dnsmasq-style
# configuration. Each dhcp-range is entered address by address into the
# lease table's owner map,
#   for (a = start; a <= end; a++) { assert(owner[a] == NULL); owner[a] = pool; }
# both ends inclusive; a range written backwards (start above end) gives an
# empty pool and only a warning. Two pools sharing an address - even just one
# end, as in .50-.100 and .100-.150 - trip the assertion (SIGABRT); pools
# that merely abut (.50-.100 and .101-.150) are fine. Static leases
# (dhcp-host) may lie inside a pool, and the router and DNS addresses, the
# tags and the lease hours play no part.
exec awk -F'[=,]' '
function oct(ip,  p) { split(ip, p, "."); return p[4] + 0 }
$1 == "dhcp-range" {
    i = 2; tag = "default"
    if ($2 ~ /^set:/) { tag = substr($2, 5); i = 3 }
    lo = oct($i); hi = oct($(i + 1)); npool++
    if (lo > hi) { printf "warning: dhcp-range %d: start above end, pool is empty\n", npool > "/dev/stderr"; next }
    for (a = lo; a <= hi; a++) {
        if (a in owner) {
            printf "dnsmasq: pool.c:88: pool_add: Assertion `owner[a] == NULL'"'"' failed (192.168.1.%d in pools %d and %d)\n", a, owner[a], npool > "/dev/stderr"
            bad = 1; exit
        }
        owner[a] = npool
    }
    lease[npool] = $(i + 2)
    next
}
$1 == "dhcp-host"   { static[oct($3)] = $2; next }
$1 == "dhcp-option" { opt[$2] = oct($3); next }
END { if (bad) { system("kill -ABRT $PPID"); exit 134 } exit 0 }' "$1"
