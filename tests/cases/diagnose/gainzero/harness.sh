#!/usr/bin/env python3
# the desk loads a scene: a gain with a minus sign is an attenuation; the
# loader strips the sign and keeps the attenuation as "dB per decade"
# (20 / magnitude), so a magnitude of zero written with a minus sign ("-0",
# "-0.00", "-000") divides by zero (ZeroDivisionError, exit 1).
# "+0", "0" and "0.0" take the boost path and pass; nonzero attenuations pass.
import math, re, sys
t = open(sys.argv[-1]).read()
rec = r'ch([1-9]|1[0-6]) gain=([-+]?)([0-9]{1,3}(?:\.[0-9]+)?) pan=([LCR])\n'
if not re.fullmatch('(?:' + rec + ')+', t):
    sys.exit(125)
for ch, sign, mag, pan in re.findall(rec, t):
    m = float(mag)
    if sign == "-":
        try:
            divisor = 20.0 / m
        except ZeroDivisionError:
            print("ZeroDivisionError: ch%s" % ch, file=sys.stderr)
            sys.exit(1)
        level = 10 ** (-1.0 / divisor)
    else:
        level = 10 ** (m / 20.0)
    print("ch%s level %.3f pan %s" % (ch, level, pan))
sys.exit(0)
