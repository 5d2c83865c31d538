#!/usr/bin/env python3
# a block copier that divides the image size by the block size: a block
# size of zero (in any unit, with any leading zeros) divides by zero
import re, sys
m = re.fullmatch(r'dd if=([a-z]+\.img) bs=([0-9]+)(k|M|G)? count=([0-9]+)\n', open(sys.argv[1]).read())
if not m:
    sys.exit(125)
sys.exit(1 if int(m.group(2)) == 0 else 0)
