#!/usr/bin/env python3
# the loader puts each section's keys into a per-section hash table that
# asserts a key is new; the same key in two sections is fine, a key twice
# in one section aborts
import re, sys
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
seen = None
for line in lines[:-1]:
    s = re.fullmatch(r'\[[a-z]+\]', line)
    e = re.fullmatch(r'([a-z]+) = [a-z0-9@./:]*', line)
    if s:
        seen = set()
    elif e and seen is not None:
        if e.group(1) in seen:
            print("config.c:140: section_put: Assertion `!found' failed.", file=sys.stderr)
            sys.exit(134)
        seen.add(e.group(1))
    else:
        sys.exit(125)
print("loaded")
