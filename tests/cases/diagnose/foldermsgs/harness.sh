#!/usr/bin/env python3
# the importer reads each folder's header, then exactly `count` lines as its
# messages; a folder declaring more messages than it has swallows the next
# folder's header as a message and dies parsing it (exit 2). A folder with
# fewer declared than present leaves stray "msg" lines: they are skipped.
import sys
lines = open(sys.argv[-1]).read().split("\n")
if lines[-1] != "":
    sys.exit(125)
lines = lines[:-1]
i = 0
while i < len(lines):
    head = lines[i].split(" ")
    if head[0] == "msg":
        i += 1
        continue
    if len(head) != 3 or head[0] != "folder" or not head[2].startswith("count="):
        sys.exit(125)
    n = int(head[2][6:])
    for k in range(n):
        i += 1
        if i >= len(lines) or not lines[i].startswith("msg "):
            print("import: bad message line in folder", head[1], file=sys.stderr)
            sys.exit(2)
    i += 1
sys.exit(0)
