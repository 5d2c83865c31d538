#!/usr/bin/env python3
# the daemon keeps a table of 54 pins (0..53) but checks "pin > 54" instead of
# "pin >= 54": pin 54 and above write past the table (an abort)
import sys
lines = open(sys.argv[-1]).read().split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    w = line.split(" ")
    if len(w) != 3 or w[0] != "pin" or not w[1].isdigit():
        sys.exit(125)
    if int(w[1]) >= 54:
        sys.exit(134)
sys.exit(0)
