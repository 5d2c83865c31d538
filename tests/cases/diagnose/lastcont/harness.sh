#!/usr/bin/env python3
# the script runner joins a line ending in a backslash with the next line
# before splitting it into words; it fetches that next line with lines[i + 1]
# and never checks that there is one, so a backslash on the LAST line reads
# past the end of the script (IndexError, exit 1). A backslash on any other
# line is joined correctly and passes.
import re, sys
t = open(sys.argv[-1]).read()
line = r'(?:echo|cp|rm|ls|mkdir)(?: [a-z0-9.]+)*(?: \\)?\n'
if not re.fullmatch('(?:' + line + ')+', t):
    sys.exit(125)
lines = t.split("\n")[:-1]
i = 0
while i < len(lines):
    cur = lines[i]
    while cur.endswith("\\"):
        i += 1
        cur = cur[:-1] + lines[i]
    print("run:", cur.split())
    i += 1
sys.exit(0)
