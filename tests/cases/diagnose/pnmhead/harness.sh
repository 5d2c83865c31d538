#!/usr/bin/env python3
# a thumbnailer's PGM reader with two unrelated bugs, both ending in the same
# "bad header" exit 1: its row buffer holds 512 pixels, so a wider image is
# rejected, and it stores samples in a byte array, so a maxval above 255
# (16-bit samples) is rejected. Heights are unbounded (rows are streamed).
import re, sys
t = open(sys.argv[-1]).read()
m = re.fullmatch(r'(P2|P5)\n(\d+) (\d+)\n(\d+)\n', t)
if not m:
    sys.exit(125)
magic, w, h, maxval = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))
if w > 512:
    print("pgm: bad header: row too wide", file=sys.stderr); sys.exit(1)
if maxval > 255:
    print("pgm: bad header: maxval", file=sys.stderr); sys.exit(1)
sys.exit(0)
