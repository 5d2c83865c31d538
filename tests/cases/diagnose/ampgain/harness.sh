#!/usr/bin/env python3
# the preamp model clips above 12.5 dB of gain: the loader asserts the
# headroom (AssertionError, exit 1). Channel and label play no part.
import re, sys
from decimal import Decimal
t = open(sys.argv[-1]).read()
rec = r'ch([1-8]) gain=([0-9][0-9](?:\.[0-9])?) ([a-z]+)\n'
if not re.fullmatch('(?:' + rec + ')+', t):
    sys.exit(125)
for ch, gain, label in re.findall(rec, t):
    assert Decimal(gain) <= Decimal("12.5"), "channel %s clips" % ch
sys.exit(0)
