#!/usr/bin/env python3
# the renderer keeps a table of 8 column stops and indexes it with the width:
# a width of exactly 8 reads one past its end (any key, any way it is written)
import re, sys
m = re.fullmatch(r'(indent|tabstop|shiftwidth) = ([0-9]{1,3})\n', open(sys.argv[1]).read())
if not m:
    sys.exit(125)
stops = [0] * 8
width = int(m.group(2))
if width == 8:
    print(stops[width])
