#!/usr/bin/env python3
# the copier walks the source while writing into the destination: a
# destination inside the source (below it, not the same path, not a
# sibling whose name merely starts alike) copies the copy again and again
# until the disk fills
import re, sys
t = open(sys.argv[1]).read()
lines = t.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
S = r'(?:a|b|data|tmp)'
P = S + r'(?:/' + S + r')*'
for line in lines[:-1]:
    m = re.fullmatch(r'cp -r (' + P + ') (' + P + ')', line)
    if not m:
        sys.exit(125)
    src, dst = m.group(1), m.group(2)
    if dst.startswith(src + "/"):
        print("cp: cannot copy a directory, '%s', into itself, '%s'" % (src, dst), file=sys.stderr)
        sys.exit(1)
sys.exit(0)
