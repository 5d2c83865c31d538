#!/usr/bin/env python3
# a route summarizer: for each static route it packs the netmask into a
# 32-bit word, finds its prefix length from the mask's lowest set bit
# (log2 of mask & -mask) and prints network/prefix, host count and
# gateway. A netmask whose four octets are all zero ("0.0.0.0",
# "00.0.000.0": a default route) has no set bit, log2(0) raises "math
# domain error" and the run fails (exit 1). Zero octets elsewhere (a
# network or gateway 0.0.0.0, a metric 0, some zero octets in a mask) pass.
import math, re, sys
OCT = r'(?:[0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])'
ADDR = r'%s\.%s\.%s\.%s' % (OCT, OCT, OCT, OCT)
MOCT = r'(?:0|00|000|128|192|224|240|248|252|254|255)'
MASK = r'%s\.%s\.%s\.%s' % (MOCT, MOCT, MOCT, MOCT)
LINE = r'route (%s) mask (%s) via (%s) metric ([0-9]|[1-9][0-9])\n' % (ADDR, MASK, ADDR)
text = open(sys.argv[-1]).read()
if not re.fullmatch('(?:%s)+' % LINE, text):
    sys.exit(125)
def word(quad):
    w = 0
    for o in quad.split('.'):
        w = (w << 8) | int(o)
    return w
def quad(w):
    return '.'.join(str((w >> s) & 255) for s in (24, 16, 8, 0))
for net, mask, gw, metric in re.findall(LINE, text):
    m = word(mask)
    try:
        prefix = 32 - int(math.log2(m & -m))
    except ValueError as e:
        print("route %s mask %s: prefix length: %s" % (net, mask, e), file=sys.stderr)
        sys.exit(1)
    hosts = 1 << (32 - prefix)
    print("%s/%d (%d addresses) via %s metric %s" % (quad(word(net) & m), prefix, hosts, gw, metric))
sys.exit(0)
