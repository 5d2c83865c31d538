#!/usr/bin/env python3
# a log rotator's schedule reader: it indexes a table of twelve month names
# by month - 1 (month 13 reads past it), and computes the day of the year
# with days[day - 1] (day 00 reads before it)
import sys
MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    date, _, name = line.partition(" ")
    y, m, d = date.split("-")
    month, day = int(m), int(d)
    if month < 1 or month > 13 or day > 31:
        sys.exit(125)
    try:
        MONTHS[month - 1]
    except IndexError:
        sys.exit(134)
    if day == 0:
        sys.exit(134)
sys.exit(0)
