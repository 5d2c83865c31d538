#!/usr/bin/env python3
# the resolver follows an alias without a loop guard: a CNAME that names its
# own owner sends it round forever, and the watchdog kills it
import re, sys
t = open(sys.argv[1]).read()
if not t.endswith("\n"):
    sys.exit(125)
for line in t[:-1].split("\n"):
    m = re.fullmatch(r'([a-z][a-z0-9]*\.example\.) IN (A 10\.0\.0\.[1-9]|CNAME ([a-z][a-z0-9]*\.example\.))', line)
    if not m:
        sys.exit(125)
    if m.group(3) is not None and m.group(3) == m.group(1):
        print("watchdog: resolution loop", file=sys.stderr); sys.exit(137)
sys.exit(0)
