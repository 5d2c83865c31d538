#!/usr/bin/env python3
# the allocator computes a volume's free space as 100 - used - reserved in an
# unsigned byte: above 100 together it wraps and the allocator asserts
import re, sys
for line in open(sys.argv[1]).read().splitlines():
    m = re.fullmatch(r'volume (home|var|srv|tmp) used ([0-9]+) reserved ([0-9]+)', line)
    if not m:
        sys.exit(125)
    if int(m.group(2)) + int(m.group(3)) > 100:
        print("assertion failed: free <= 100", file=sys.stderr); sys.exit(134)
sys.exit(0)
