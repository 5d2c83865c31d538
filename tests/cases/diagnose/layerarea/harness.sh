#!/usr/bin/env python3
# each layer's tiles go in a fixed pool of 4096 entries: a layer with more
# tiles than that overruns it (several small layers are fine)
import re, sys
t = open(sys.argv[1]).read()
lines = t.split("\n")
if lines[-1] != "" or len(lines) < 3 or not re.fullmatch(r'map [a-z]+', lines[0]):
    sys.exit(125)
for line in lines[1:-1]:
    m = re.fullmatch(r'layer [a-z]+ cols=([1-9][0-9]{0,2}) rows=([1-9][0-9]{0,2})', line)
    if not m:
        sys.exit(125)
    if int(m.group(1)) * int(m.group(2)) > 4096:
        print("tile pool overrun", file=sys.stderr)
        sys.exit(1)
sys.exit(0)
