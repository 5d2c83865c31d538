#!/usr/bin/env python3
# the batch mover unlinks the destination before renaming: moving a file
# onto itself deletes it, and the check afterwards aborts
import re, sys
t = open(sys.argv[1]).read()
if not t.endswith("\n"):
    sys.exit(125)
seg = r'[a-z][a-z0-9_]*'
path = r'/?' + seg + r'(?:/' + seg + r')*'
for line in t[:-1].split("\n"):
    m = re.fullmatch(r'mv (' + path + r')((?: -[fnvi])*) (' + path + r')', line)
    if not m:
        sys.exit(125)
    if m.group(1) == m.group(3):
        print("mv: lost %s" % m.group(1), file=sys.stderr)
        sys.exit(1)
sys.exit(0)
