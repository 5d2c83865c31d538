#!/usr/bin/env python3
# the reassembler allocates total bytes and copies the header, the
# payload and a terminating byte into it: header + payload at or above
# total overflows the buffer; below it the rest is padding and fine
import re, sys
t = open(sys.argv[1]).read()
lines = t.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'ipv4 total=([1-9][0-9]{0,2}) ihl=(20|24|28|32|40|60) payload=(0|[1-9][0-9]{0,2})', line)
    if not m:
        sys.exit(125)
    if int(m.group(2)) + int(m.group(3)) >= int(m.group(1)):
        print("AddressSanitizer: heap-buffer-overflow", file=sys.stderr); sys.exit(134)
sys.exit(0)
