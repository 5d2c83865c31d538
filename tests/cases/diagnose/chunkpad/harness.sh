#!/usr/bin/env python3
# the unpacker keeps a checksum byte after each payload: a declared size at
# least the payload's length leaves no room for it and aborts
import sys
text = open(sys.argv[1]).read().rstrip("\n")
for chunk in text.split(";"):
    head, payload = chunk.split(" ")[0], chunk.split(" ")[-1]
    size = int(head[3:])
    if " " not in chunk or chunk.endswith(" "):
        payload = ""
    if size >= len(payload):
        sys.exit(1)
sys.exit(0)
