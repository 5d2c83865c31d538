#!/usr/bin/env python3
# the loader pops its block stack by name: an end naming another block than
# the open one leaves a dangling pointer and it crashes
import re, sys
t = open(sys.argv[1]).read()
if not t.endswith("\n"):
    sys.exit(125)
open_id = None
for line in t[:-1].split("\n"):
    m = re.fullmatch(r'begin ([a-z][a-z0-9]*)|end ([a-z][a-z0-9]*)|  [a-z]+=[0-9]+', line)
    if not m:
        sys.exit(125)
    if m.group(1):
        open_id = m.group(1)
    elif m.group(2):
        if m.group(2) != open_id:
            print("segfault in pop_block", file=sys.stderr); sys.exit(139)
sys.exit(0)
