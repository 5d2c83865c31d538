#!/usr/bin/env python3
# the flash driver writes 32-bit words: it rounds nothing and asserts that
# each offset is word aligned (a multiple of 4); an unaligned offset aborts
# the patch (exit 134). Values are not checked.
import re, sys
t = open(sys.argv[-1]).read()
lines = t.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'poke (0|[1-9][0-9]{0,2}) 0x[0-9a-f]{2}', line)
    if not m:
        sys.exit(125)
for line in lines[:-1]:
    off = int(line.split(" ")[1])
    if off & 3:
        print("flash: unaligned write at", off, file=sys.stderr)
        sys.exit(134)
sys.exit(0)
