#!/usr/bin/env python3
# the slab allocator serves requests above 1000 bytes from whole pages of 64
# bytes; a request that fills its pages exactly overruns the page guard
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:(?:alloc [a-z][a-z0-9]* (?:[0-9]|[1-9][0-9]+)|free [a-z][a-z0-9]*)\n)+', text):
    sys.exit(125)
for tag, size in re.findall(r'alloc (\S+) ([0-9]+)\n', text):
    n = int(size)
    if n > 1000 and n % 64 == 0:
        print("slab: guard overrun after %s (%d bytes)" % (tag, n), file=sys.stderr)
        sys.exit(3)
print("ok")
