#!/usr/bin/env python3
# an unpacker that refuses archives whose member inflates more than 30 times
# its packed size (a zip bomb guard gone wrong: it aborts); 125 when malformed
import re, sys
m = re.fullmatch(r'member [a-z]+\.txt packed=([1-9][0-9]{0,3}) unpacked=([1-9][0-9]{0,5})\n', open(sys.argv[1]).read())
if not m:
    sys.exit(125)
sys.exit(1 if int(m.group(2)) > 30 * int(m.group(1)) else 0)
