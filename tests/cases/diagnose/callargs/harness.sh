#!/usr/bin/env python3
# the interpreter's call frame holds ten arguments: a call with eleven or
# more overruns it (many calls with ten each are fine)
import re, sys
text = open(sys.argv[1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'(f|g|print)\(((?:[a-z]|[0-9][0-9]?)(?:, (?:[a-z]|[0-9][0-9]?))*)?\)', line)
    if not m:
        sys.exit(125)
    args = m.group(2).split(", ") if m.group(2) else []
    if len(args) > 10:
        print("frame overrun", file=sys.stderr)
        sys.exit(1)
sys.exit(0)
