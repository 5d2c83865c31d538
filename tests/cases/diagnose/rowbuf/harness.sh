#!/usr/bin/env python3
# a row blitter copies every row into one 4096-byte line buffer; a row
# takes width * bpp / 8 bytes and nothing checks that it fits, so an 8-bit
# row wider than 4096 pixels, a 16-bit one wider than 2048 or a 32-bit one
# wider than 1024 overruns it (IndexError, exit 1). Labels play no part.
import re, sys
t = open(sys.argv[-1]).read()
m = re.fullmatch(r'bpp (8|16|32)\n((?:row [1-9][0-9]{0,3} [a-z]{1,2}\n)+)', t)
if not m:
    sys.exit(125)
bpp = int(m.group(1))
line = bytearray(4096)
for w, label in re.findall(r'row ([0-9]+) ([a-z]+)\n', m.group(2)):
    need = int(w) * bpp // 8
    if need > len(line):
        raise IndexError("row %s: %d bytes" % (label, need))
    line[:need] = bytes(need)
sys.exit(0)
