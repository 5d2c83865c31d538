#!/usr/bin/env python3
# the stacker allocates a slot table of 1500 entries per stack and fills
# one slot per carton: a stack of more than 1500 cartons overruns it
import sys
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    w = line.split(" ")
    if len(w) != 6 or w[0] != "stack":
        sys.exit(125)
    cartons = int(w[3]) * int(w[5])
    if cartons > 1500:
        sys.exit(139)
sys.exit(0)
