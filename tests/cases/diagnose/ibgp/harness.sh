#!/usr/bin/env python3
# a peer whose local AS equals its remote AS is an iBGP session; the daemon
# then looks up the peer's update-source, which this configuration format
# never sets, and asserts it is non-NULL (abort)
import re, sys
lines = open(sys.argv[-1]).read().split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
o = r'(?:[0-9]|[1-9][0-9]|1[0-9][0-9])'
for line in lines[:-1]:
    m = re.fullmatch(r'neighbor ' + o + r'\.' + o + r'\.' + o + r'\.' + o + r' local-as ([1-9][0-9]*) remote-as ([1-9][0-9]*)(?: passive| shutdown)?', line)
    if not m:
        sys.exit(125)
for line in lines[:-1]:
    m = re.search(r'local-as ([0-9]+) remote-as ([0-9]+)', line)
    if int(m.group(1)) == int(m.group(2)):
        print("bgpd: peer.c:418: peer_ibgp_init: Assertion `peer->update_source' failed.", file=sys.stderr)
        sys.exit(134)
print("sessions up")
