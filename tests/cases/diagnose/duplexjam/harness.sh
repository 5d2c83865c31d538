#!/usr/bin/env python3
# the duplex unit's buffer jams on a duplex job of 101-199 pages (larger
# jobs are split in two passes, smaller ones fit)
import re, sys
lines = open(sys.argv[1]).read().split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'job [a-z][a-z0-9]? pages=([1-9][0-9]{0,2}) (simplex|duplex|draft)', line)
    if not m:
        sys.exit(125)
    if m.group(2) == "duplex" and 100 < int(m.group(1)) < 200:
        print("paper jam in duplex unit", file=sys.stderr)
        sys.exit(1)
sys.exit(0)
