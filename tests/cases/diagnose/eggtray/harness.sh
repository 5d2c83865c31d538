#!/usr/bin/env python3
# the packer fills trays of 20; when a lot fills its trays exactly it closes
# the last tray twice (double free); an empty lot packs nothing
import sys
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    w = line.split(" ")
    if len(w) != 4:
        sys.exit(125)
    eggs = int(w[3])
    trays, rest = divmod(eggs, 20)
    if eggs > 0 and rest == 0:
        sys.exit(134)
sys.exit(0)
