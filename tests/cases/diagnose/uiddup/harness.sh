#!/usr/bin/env python3
# the account importer parses each uid as a number and asserts it is new:
# "007" and "7" are the same uid, so the second fails
import re, sys
seen = set()
for line in open(sys.argv[1]).read().split("\n")[:-1]:
    m = re.fullmatch(r'[a-z][a-z0-9]*:x:([0-9]{1,3}):(/bin/sh|/bin/bash|/usr/sbin/nologin)', line)
    if not m:
        sys.exit(125)
    uid = int(m.group(1))
    if uid in seen:
        print("duplicate uid %d" % uid, file=sys.stderr); sys.exit(1)
    seen.add(uid)
sys.exit(0)
