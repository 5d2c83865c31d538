#!/usr/bin/env python3
# the supervisor rejects (exit 2) a strict service that waits more than 30 s
import re, sys
text = open(sys.argv[1]).read()
for sec in re.split(r'(?m)^\[', text)[1:]:
    mode = re.search(r'mode = (\w+)', sec).group(1)
    t = re.search(r'timeout = (\d+)', sec)
    if mode == "strict" and t and int(t.group(1)) > 30:
        sys.exit(2)
sys.exit(0)
