#!/usr/bin/env python3
# a login accounting tool: a uid above 65535 is rejected (exit 2); a user
# name is copied into a 32-byte utmp field: 32 bytes or more overflow (exit 2)
import sys
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    name, uid, shell = line.split(":")
    if int(uid) > 65535 or len(name) >= 32:
        sys.exit(2)
sys.exit(0)
