#!/usr/bin/env python3
# the table builder asserts that keys arrive in strictly increasing byte
# order (a duplicate key or a key below the previous one aborts)
import re, sys
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
keys = []
for line in lines[:-1]:
    m = re.fullmatch(r'([a-z]+) => ([0-9]+)', line)
    if not m:
        sys.exit(125)
    keys.append(m.group(1))
for i in range(1, len(keys)):
    if keys[i] <= keys[i - 1]:
        print("sstable_builder.cc:88: Add: Assertion `key > last_key' failed (%s after %s)" % (keys[i], keys[i - 1]), file=sys.stderr)
        sys.exit(134)
print("wrote %d entries" % len(keys))
