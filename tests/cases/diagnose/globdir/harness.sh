#!/usr/bin/env python3
# the filter compiler turns a leading "*" into a recursive walk and a
# trailing "/" into "directories only"; both in one pattern recurse without
# end (a pattern with just one of them, or each in another rule, is fine)
import re, sys
t = open(sys.argv[1]).read()
lines = t.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'(include|exclude) ([*/.a-z]+)', line)
    if not m:
        sys.exit(125)
    p = m.group(2)
    if p.startswith("*") and p.endswith("/"):
        print("RecursionError: maximum recursion depth exceeded", file=sys.stderr)
        sys.exit(1)
sys.exit(0)
