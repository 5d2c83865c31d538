#!/usr/bin/env python3
# a resolver cache keyed by the name as written; a name holding an uppercase
# letter is stored under its lowercased key and looked up under the original:
# the assertion that every stored name can be found fails
import re, sys
t = open(sys.argv[-1]).read()
lab = r"[a-zA-Z][a-zA-Z0-9]*"
host = lab + r"(?:\." + lab + r")?"
if not re.fullmatch(r"(?:10\.0\.0\.[1-9][0-9]? " + host + r"(?: " + host + r")*\n)+", t):
    sys.exit(125)
for line in t.splitlines():
    for name in line.split()[1:]:
        if name != name.lower():
            sys.exit(1)
print("ok")
