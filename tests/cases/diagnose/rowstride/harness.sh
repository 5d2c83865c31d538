#!/usr/bin/env python3
# the blitter copies width * bpp bytes per row into a row of stride bytes:
# a row whose pixels take more bytes than its stride overflows into the
# next row's memory (ASan catches it)
import re, sys
t = open(sys.argv[1]).read()
lines = t.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'row width=([1-9][0-9]{0,2}) bpp=([1-4]) stride=([1-9][0-9]{0,3})', line)
    if not m:
        sys.exit(125)
    w, b, s = (int(m.group(k)) for k in (1, 2, 3))
    if w * b > s:
        print("AddressSanitizer: heap-buffer-overflow in blit_row", file=sys.stderr)
        sys.exit(134)
sys.exit(0)
