#!/usr/bin/env python3
# the spooler jams (exit 2) when a job needs more sheets than its tray holds
import re, sys
t = open(sys.argv[1]).read()
job = r'job [a-z]{1,2}: ([1-9][0-9]?)x([1-9][0-9]{0,2}) pages, tray (0|[1-9][0-9]{0,3});'
if not re.fullmatch('(?:' + job + ')+', t):
    sys.exit(125)
jobs = re.findall(job, t)
for c, p, s in jobs:
    if int(c) * int(p) > int(s):
        print("spooler: paper jam", file=sys.stderr); sys.exit(2)
sys.exit(0)
