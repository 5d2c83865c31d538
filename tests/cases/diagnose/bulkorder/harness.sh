#!/usr/bin/env python3
# the picker packs hinges in boxes of 40; a hinge line above 40 needs a
# second box, which the packing code indexes past its end
import re, sys
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'item=(bolt|nut|washer|hinge) qty=([1-9][0-9]*)', line)
    if not m:
        sys.exit(125)
    boxes = [0]
    if m.group(1) == "hinge":
        for k in range(min(int(m.group(2)), 100)):
            if k and k % 40 == 0:
                boxes[k // 40] += 1  # no second box made
print("packed")
