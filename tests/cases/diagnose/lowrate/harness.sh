#!/usr/bin/env python3
# the resampler indexes its filter table by rate / 8000 - 1: a rate below
# 8000 Hz gives index -1 and reads before the table (crash)
import re, sys
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'stream [a-z][a-z0-9]* rate=([1-9][0-9]*) channels=(1|2|4|6|8)', line)
    if not m:
        sys.exit(125)
    if int(m.group(1)) // 8000 - 1 < 0:
        sys.exit(139)
print("mixer ok")
