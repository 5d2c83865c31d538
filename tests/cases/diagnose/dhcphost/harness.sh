#!/bin/sh
# leased, a DHCP server's configuration loader (its C logic in Python). Every
# host line becomes a struct host_decl linked onto the subnet's host list
# and added to a hash table by hardware address, in the order given:
#     old = host_hash_lookup(host_hw_addr_hash, hw, hlen);
#     if (old) {                        /* "replace" the older declaration */
#         host_hash_delete(host_hash, old);
#         host_dereference(&old);       /* refcount 1 -> 0: freed */
#     }
#     host_hash_add(host_hw_addr_hash, hw, hlen, h);
# but the older declaration is never unlinked from the subnet's host list,
# and the pass that then reserves every fixed address walks that list
# through the freed one: SIGSEGV. So two host lines with the same MAC
# crash the server, whatever their names, addresses and lease times. Host
# names are labels for the log only (two hosts may share one), two hosts
# may share a fixed address (one machine with two network cards is the
# usual case, the address goes to whichever asks), and deny lines go to a
# list of their own: a MAC denied twice, or denied and reserved, is fine
# (deny wins, logged).
exec python3 - "$@" <<'PY'
import re, sys

text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
MAC = r'(52:54:00:3c:(?:0a|1b|2c|3d))'
IP = r'(192\.168\.1\.[1-9][0-9]?)'
hosts, denied = [], []
for line in lines[:-1]:
    m = re.fullmatch(r'host (printer|nas|camera|tv|laptop) hw=' + MAC + r' ip=' + IP + r'(?: lease=(600|3600|86400))?', line)
    if m:
        hosts.append((m.group(1), m.group(2), m.group(3)))
        continue
    m = re.fullmatch(r'deny hw=' + MAC, line)
    if m:
        denied.append(m.group(1))
        continue
    sys.exit(125)
by_hw, subnet_list = {}, []
for name, hw, ip in hosts:
    subnet_list.append([name, hw, ip, True])
    if hw in by_hw:
        by_hw[hw][3] = False                    # freed, still on the list
    by_hw[hw] = subnet_list[-1]
for name, hw, ip, alive in subnet_list:
    if not alive:
        print("leased: reserving fixed addresses", file=sys.stderr)
        print("leased[902]: segfault at 8 ip 0000563a1f0b27c1 sp 00007ffe1c3d8e70 error 4 in leased (host %s, hw %s)" % (name, hw), file=sys.stderr)
        sys.exit(139)
print("leased: %d reservations, %d denied" % (len(subnet_list), len(denied)))
sys.exit(0)
PY
