#!/usr/bin/env python3
# the map loader keeps one slot per tile in a fixed table of 5000
import re, sys
m = re.match(r'map \w+ grid (\d+)x(\d+) tile', open(sys.argv[1]).read())
sys.exit(3 if int(m.group(1)) * int(m.group(2)) > 5000 else 0)
