#!/usr/bin/env python3
# the scheduler's watchdog kills a job that ran longer than its budget, and
# the summary tool then finds no exit record and crashes (a job that ends
# before it starts is a clock step and is ignored)
import re, sys
t = open(sys.argv[1]).read()
lines = t.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
num = r'(0|[1-9][0-9]*)'
for line in lines[:-1]:
    m = re.fullmatch(r'job (build|test|lint|docs|deploy) start=' + num + ' end=' + num + r' budget=([1-9][0-9]*)', line)
    if not m:
        sys.exit(125)
    start, end, budget = int(m.group(2)), int(m.group(3)), int(m.group(4))
    if end - start > budget:
        print("KeyError: 'exit_status'", file=sys.stderr)
        sys.exit(1)
sys.exit(0)
