#!/usr/bin/env python3
# the receipt printer's singular form crashes (exit 3) on a quantity of one
import re, sys
for q in re.findall(r'qty (\d+)', open(sys.argv[1]).read()):
    if int(q) == 1:
        sys.exit(3)
sys.exit(0)
