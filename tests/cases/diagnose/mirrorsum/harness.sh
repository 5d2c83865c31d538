#!/usr/bin/env python3
# the verifier re-downloads a file whose digests differ, into a buffer it
# freed on the first pass: any mismatch crashes it
import re, sys
t = open(sys.argv[1]).read()
if not t.endswith("\n"):
    sys.exit(125)
for line in t[:-1].split("\n"):
    m = re.fullmatch(r'/[a-z]+\.tgz origin:([0-9a-f]{6}) mirror:([0-9a-f]{6})', line)
    if not m:
        sys.exit(125)
    if m.group(1) != m.group(2):
        print("use after free in refetch", file=sys.stderr); sys.exit(139)
sys.exit(0)
