#!/usr/bin/env python3
# the server copies a requested range (last - first bytes) into a 4096-byte
# buffer; a longer range overflows it (an inverted range is rejected with a
# 416 and is fine)
import re, sys
text = open(sys.argv[1]).read()
if not text.endswith("\n"):
    sys.exit(125)
for line in text[:-1].split("\n"):
    m = re.fullmatch(r'GET /(a\.iso|b\.tar|c\.zip) bytes=(0|[1-9][0-9]*)-(0|[1-9][0-9]*)', line)
    if not m:
        sys.exit(125)
    if int(m.group(3)) - int(m.group(2)) > 4096:
        print("buffer overflow in copy_range", file=sys.stderr)
        sys.exit(139)
sys.exit(0)
