#!/usr/bin/env python3
# a UTF-16 field decoder: an odd byte count leaves half a code unit and the
# decoder fails
import re, sys
for line in open(sys.argv[1]).read().splitlines():
    m = re.fullmatch(r'field [a-z][a-z_]* (utf16|utf16le|utf16be) ([0-9]{1,4})', line)
    if not m:
        sys.exit(125)
    if int(m.group(2)) % 2 == 1:
        print("truncated code unit", file=sys.stderr); sys.exit(1)
sys.exit(0)
