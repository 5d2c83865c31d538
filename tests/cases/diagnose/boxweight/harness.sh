#!/usr/bin/env python3
# a parcel carrier's manifest check: a box heavier than 31 kg cannot be
# handled by one person and is refused (exit 5); pallets go by forklift at
# any weight
import sys
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    if line.startswith("  box ") and int(line[6:]) > 31:
        sys.exit(5)
sys.exit(0)
