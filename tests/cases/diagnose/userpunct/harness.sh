#!/usr/bin/env python3
# the delivery agent looks target users up in a passwd-style table by
# hashing [a-z0-9] only; a dot, dash or underscore in a target user name
# hashes to a bucket that was never allocated (crash). Alias names may hold them.
import sys
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    local, sep, user = line.partition(": ")
    if not sep:
        sys.exit(125)
    if any(ch in "._-" for ch in user):
        sys.exit(139)
sys.exit(0)
