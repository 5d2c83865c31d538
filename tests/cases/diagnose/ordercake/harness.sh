#!/usr/bin/env python3
import re, sys
for item, q in re.findall(r'order (\w+) x(\d+)', open(sys.argv[1]).read()):
    if item == "pie" and int(q) > 12:
        sys.exit(1)
sys.exit(0)
