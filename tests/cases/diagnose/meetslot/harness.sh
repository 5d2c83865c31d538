#!/usr/bin/env python3
# the calendar computes a booking's end as hh:(mm + dur) without carrying into
# the hour, then builds a time from it and asserts the minute is below 60:
# a booking that reaches the next hour (mm + dur >= 60) aborts
import sys, re
text = open(sys.argv[-1]).read()
if not text.endswith("\n"):
    sys.exit(125)
for line in text[:-1].split("\n"):
    m = re.fullmatch(r"book [A-D] at ([0-9]{2}):([0-9]{2}) for ([1-9][0-9]?)", line)
    if not m:
        sys.exit(125)
    hh, mm, dur = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if hh > 23 or mm > 59:
        sys.exit(125)
    end_min = mm + dur
    if end_min >= 60:
        sys.exit(134)
sys.exit(0)
