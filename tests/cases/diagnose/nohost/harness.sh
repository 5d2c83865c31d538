#!/usr/bin/env python3
# the client reads its settings into a table and connects to table["host"]
# without a default: a configuration that never sets host crashes it
import sys
settings = {}
for line in open(sys.argv[-1]).read().splitlines():
    if "=" not in line:
        sys.exit(125)
    k, v = line.split("=", 1)
    settings[k] = v
host = settings.get("host")
if host is None:
    sys.exit(3)   # NULL dereference in connect()
sys.exit(0)
