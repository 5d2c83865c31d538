#!/usr/bin/env python3
# useradd-like importer: it hashes names into a table indexed by
# (c - 'a') for each character of the name, so an upper-case letter in a
# name indexes before the table (crash); groups and homes are copied as text
import sys
for line in open(sys.argv[-1]).read().splitlines():
    parts = line.split(":")
    if len(parts) != 3:
        sys.exit(125)
    name = parts[0]
    for ch in name:
        if ord(ch) - ord('a') < 0:
            sys.exit(11)
sys.exit(0)
