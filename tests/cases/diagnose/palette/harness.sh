#!/usr/bin/env python3
# a plotter driver has pens for red, green, blue and black; a shape in any
# other color selects a pen slot that does not exist (crash)
import sys
PENS = {"red", "green", "blue", "black"}
text = open(sys.argv[-1]).read()
for shape in text.split(";"):
    parts = shape.split(" ")
    if len(parts) != 3 or not parts[2].isdigit():
        sys.exit(125)
    if parts[1] not in PENS:
        sys.exit(139)
sys.exit(0)
