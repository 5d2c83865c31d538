#!/usr/bin/env python3
# the decoder treats ADC codes 850-899 as the converter's fault band and
# aborts the frame (codes above 4095 are no 12-bit reading: undefined)
import re, sys
text = open(sys.argv[1]).read()
m = re.fullmatch(r'frame [0-9]{1,2}: (ch[0-7]=(?:0|[1-9][0-9]{0,3})(?:,ch[0-7]=(?:0|[1-9][0-9]{0,3}))*)\n', text)
if not m:
    sys.exit(125)
codes = [int(r.split("=")[1]) for r in m.group(1).split(",")]
if any(c > 4095 for c in codes):
    sys.exit(125)
if any(850 <= c <= 899 for c in codes):
    print("fault band", file=sys.stderr)
    sys.exit(1)
sys.exit(0)
