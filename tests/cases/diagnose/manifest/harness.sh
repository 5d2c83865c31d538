#!/usr/bin/env python3
# the loader reserves one slot per announced crate and fills a slot per
# crate line it reads: a pallet with more crate lines than it announced
# overruns (exit 5)
import sys
announced = None
seen = 0
for line in open(sys.argv[1]).read().split("\n"):
    if line.startswith("pallet "):
        announced, seen = int(line.split()[3]), 0
    elif line.startswith("  crate "):
        seen += 1
        if announced is not None and seen > announced:
            sys.exit(5)
sys.exit(0)
