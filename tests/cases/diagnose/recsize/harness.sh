#!/usr/bin/env python3
# the loader allocates `size` bytes and copies the value; a value of another
# length than declared corrupts the heap (too long) or leaves garbage that
# fails the checksum (too short)
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r"(set [a-z][a-z0-9_]* [0-9]+ [a-zA-Z0-9]*\n)+", text):
    sys.exit(125)
for line in text.split("\n")[:-1]:
    _, key, size, value = line.split(" ")
    if int(size) != len(value):
        sys.exit(134)
sys.exit(0)
