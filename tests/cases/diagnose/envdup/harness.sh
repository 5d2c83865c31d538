#!/usr/bin/env python3
# the env loader inserts keys into a map with an assertion that each key is
# new: a key defined twice fails, whatever the values (same or not)
import re, sys
seen = set()
for line in open(sys.argv[1]).read().splitlines():
    if re.fullmatch(r'# [a-z ]*', line):
        continue
    m = re.fullmatch(r'([A-Z][A-Z_]*)=([a-z0-9/:.]*)', line)
    if not m:
        sys.exit(125)
    if m.group(1) in seen:
        print("assertion failed: key not yet in map", file=sys.stderr); sys.exit(1)
    seen.add(m.group(1))
sys.exit(0)
