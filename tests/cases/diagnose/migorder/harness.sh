#!/usr/bin/env python3
# the migration tool requires each version to be strictly greater than the
# one before it (a repeated or a lower version aborts the run, exit 1)
import re, sys
lines = open(sys.argv[-1]).read().split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
prev = None
vers = []
for line in lines[:-1]:
    m = re.fullmatch(r'([0-9]{4})_[a-z]+(?:_[a-z]+)*\.sql', line)
    if not m:
        sys.exit(125)
    vers.append(int(m.group(1)))
for i in range(1, len(vers)):
    if vers[i] <= vers[i - 1]:
        print("migrate: version %04d after %04d: out of order" % (vers[i], vers[i - 1]), file=sys.stderr)
        sys.exit(1)
print("migrated")
