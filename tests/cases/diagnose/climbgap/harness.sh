#!/usr/bin/env python3
# a track importer: each row is one track, its cells waypoint names or
# elevations in metres; it rejects a track whose climb from one elevation to
# any later one on the same row exceeds 250 m (an assertion in the grade
# computation), descents are fine
import re, sys
data = open(sys.argv[1]).read()
if not data.endswith("\n"):
    sys.exit(125)
for row in data[:-1].split("\n"):
    cells = row.split(",")
    for c in cells:
        if not re.fullmatch(r'0|[1-9][0-9]*|[a-z]+', c):
            sys.exit(125)
    heights = [int(c) for c in cells if c[0].isdigit()]
    for i in range(len(heights)):
        for j in range(i + 1, len(heights)):
            if heights[j] - heights[i] > 250:
                print("assertion failed: grade <= max_grade", file=sys.stderr)
                sys.exit(134)
sys.exit(0)
