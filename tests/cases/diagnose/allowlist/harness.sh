#!/usr/bin/env python3
# a tiny server's dispatcher: a table of handlers for GET, HEAD and POST;
# any other method looks up a NULL handler and calls it (crash)
import sys
HANDLERS = {"GET": 1, "HEAD": 2, "POST": 3}
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    parts = line.split(" ")
    if len(parts) != 3:
        sys.exit(125)
    if parts[0] not in HANDLERS:
        sys.exit(139)
sys.exit(0)
