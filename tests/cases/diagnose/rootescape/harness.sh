#!/usr/bin/env python3
# relative paths are resolved inside the snapshot's sandbox; absolute and
# home paths are resolved on the host, where a ".." escapes the backup root
# and the tool aborts on its own assertion
import re, sys
t = open(sys.argv[1]).read()
lines = t.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
seg = r'(?:\.\.|\.|[a-z]+)'
for line in lines[:-1]:
    m = re.fullmatch(r'include ((?:/|~/)?' + seg + r'(?:/' + seg + r')*)', line)
    if not m:
        sys.exit(125)
    p = m.group(1)
    if (p.startswith("/") or p.startswith("~")) and ".." in p:
        print("assertion failed: path inside backup root", file=sys.stderr)
        sys.exit(134)
sys.exit(0)
