#!/usr/bin/env python3
# the amplifier's stereo link trips its protection when the two channels of
# one zone differ by more than 6 dB either way (exit 2); a difference of
# exactly 6 passes. Levels of different zones are never compared.
import re, sys
t = open(sys.argv[-1]).read()
rec = r'zone (hall|foyer|bar|stage): L=([0-9]|[1-5][0-9]) R=([0-9]|[1-5][0-9])\n'
if not re.fullmatch('(?:' + rec + ')+', t):
    sys.exit(125)
for z, l, r in re.findall(rec, t):
    if abs(int(l) - int(r)) > 6:
        print("zone %s: stereo link fault" % z, file=sys.stderr)
        sys.exit(2)
sys.exit(0)
