#!/usr/bin/env python3
# upper-deck seats start at 200; an upper-deck seat at the end of a row of 8
# (its number a multiple of 8) has no window map entry: the booker crashes
import re, sys
text = open(sys.argv[-1]).read().rstrip("\n")
if not re.fullmatch(r'[A-Z][a-z]+,[1-9][0-9]*(?:;[A-Z][a-z]+,[1-9][0-9]*)*', text):
    sys.exit(125)
for seat in re.findall(r',([0-9]+)', text):
    s = int(seat)
    if s >= 200 and s % 8 == 0:
        sys.exit(134)
sys.exit(0)
