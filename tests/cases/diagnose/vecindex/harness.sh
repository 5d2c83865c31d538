#!/usr/bin/env python3
# the interpreter keeps the vector as bytes: an index at or past its length
# reads or writes out of bounds, and a value above 255 overflows its byte
import sys
lines = open(sys.argv[-1]).read().split("\n")
if not lines or not lines[0].startswith("vec ") or lines[-1] != "":
    sys.exit(125)
n = int(lines[0][4:])
for line in lines[1:-1]:
    w = line.split(" ")
    if w[0] not in ("get", "set"):
        sys.exit(125)
    if int(w[1]) >= n:
        sys.exit(139)
    if w[0] == "set" and int(w[2]) > 255:
        sys.exit(139)
sys.exit(0)
