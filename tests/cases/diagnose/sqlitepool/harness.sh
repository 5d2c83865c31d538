#!/usr/bin/env python3
# an application's pool bootstrap: it opens every pool's connections and
# runs a write probe on each at once; SQLite takes one writer at a time, so
# a sqlite pool of more than one connection makes the probes collide
# ("database is locked") and the start-up fails (exit 1). Server databases
# take any size; size 0 means a lazily filled pool, 1 a single connection.
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:pool [a-z][a-z0-9_]* driver=(?:sqlite|postgres|mysql|mssql) size=(?:[0-9]|[1-9][0-9]{1,2})\n)+', text):
    sys.exit(125)
for name, driver, size in re.findall(r'pool (\S+) driver=(\S+) size=([0-9]+)\n', text):
    writers = int(size)
    if driver == "sqlite" and writers > 1:
        print("pool %s: write probe failed: database is locked" % name, file=sys.stderr)
        sys.exit(1)
print("pools ready")
sys.exit(0)
