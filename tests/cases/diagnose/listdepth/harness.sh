#!/usr/bin/env python3
# the loader keeps open lists in a fixed table of three frames; a list opened
# four deep overflows it and the loader aborts (exit 134). Lists side by side
# reuse the frames, so any number of them is fine.
import re, sys
t = open(sys.argv[-1]).read()
atom = r"[a-z][a-z0-9]*"
if not t.endswith("\n") or "\n" in t[:-1]:
    sys.exit(125)
body = t[:-1]
# check the grammar: reduce innermost lists "(item item ...)" to a marker
s = body
while True:
    n = re.sub(r"\((?:%s|@)(?: (?:%s|@))*\)" % (atom, atom), "@", s)
    if n == s:
        break
    s = n
if s != "@":
    sys.exit(125)
depth = deepest = 0
for ch in body:
    if ch == "(":
        depth += 1
        deepest = max(deepest, depth)
    elif ch == ")":
        depth -= 1
if deepest >= 4:
    print("loader: frame table overflow", file=sys.stderr)
    sys.exit(134)
sys.exit(0)
