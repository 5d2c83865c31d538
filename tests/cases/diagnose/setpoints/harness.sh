#!/usr/bin/env python3
# a schedule loader: times are read as decimal (int(text, 10), so "07:05"
# is fine); temperatures with int(text, 0), which accepts "-5" and "0x1f"
# but rejects a decimal with a leading zero that is not all zeros ("07",
# "-012"; "00" and "-0" pass): the load aborts with exit 2
import sys
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    when, temp = line.split(" ")
    hour, minute = when.split(":")
    int(hour, 10), int(minute, 10)
    try:
        int(temp, 0)
    except ValueError:
        sys.exit(2)
sys.exit(0)
