#!/usr/bin/env python3
# the image builder writes each region at origin..origin+length into a
# buffer of the flash size without checking the end: a region that ends
# past the flash writes out of bounds (crash)
import re, sys
text = open(sys.argv[-1]).read()
m = re.fullmatch(r'flash size=([1-9][0-9]*)\n((?:region (?:boot|app|config|log|ota) origin=(?:0|[1-9][0-9]*) length=[1-9][0-9]*\n)+)', text)
if not m:
    sys.exit(125)
size = int(m.group(1))
for o, l in re.findall(r'origin=([0-9]+) length=([0-9]+)', m.group(2)):
    if int(o) + int(l) > size:
        sys.exit(139)
print("image built")
