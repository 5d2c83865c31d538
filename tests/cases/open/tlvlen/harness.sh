#!/usr/bin/env python3
# the decoder copies len bytes of the value: a declared length above the
# value's actual length reads past it (the sanitizer aborts); a shorter one
# truncates and is fine. The type is any number up to 99.
import re, sys
t = open(sys.argv[1]).read()
lines = t.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'type=(0|[1-9][0-9]?) len=(0|[1-9][0-9]?) value=([a-z]*)', line)
    if not m:
        sys.exit(125)
    if int(m.group(2)) > len(m.group(3)):
        print("AddressSanitizer: heap-buffer-overflow", file=sys.stderr); sys.exit(134)
sys.exit(0)
