#!/usr/bin/env python3
# a headline normaliser: it finds the first lower-case letter of a title to
# decide the casing style and indexes with it; a title in capitals only
# (no lower-case letter) leaves the index at -1 and the table read fails
import sys
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    ident, _, title = line.partition(": ")
    first = next((i for i, ch in enumerate(title) if ch.islower()), -1)
    if first < 0:
        sys.exit(134)
sys.exit(0)
