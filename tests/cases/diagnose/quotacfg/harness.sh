#!/usr/bin/env python3
# a quota daemon's loader: a user's limits are stored in 16-bit fields of
# the kernel's quota record, so a number above 65535 in a [user] section
# is rejected (exit 4); the [defaults] section is kept in the daemon's own
# 64-bit settings and takes any number
import sys
section = None
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    if line.startswith("["):
        section = "defaults" if line == "[defaults]" else "user"
        continue
    key, value = line.split(" = ")
    if section == "user" and int(value) > 65535:
        sys.exit(4)
sys.exit(0)
