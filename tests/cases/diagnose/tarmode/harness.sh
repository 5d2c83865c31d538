#!/usr/bin/env python3
# an archiver with two failure kinds. Its first pass reserves the header
# blocks and refuses a member over 65535 bytes (its old 16-bit size field,
# exit 2, "member too large"); its second pass writes each header and
# parses the mode with an octal strtol that stops at an 8 or a 9, leaving a
# partial mode that the header checksum assertion catches (exit 3). An
# archive with both fails in the first pass with exit 2.
import re, sys
t = open(sys.argv[-1]).read()
rec = r'([0-9]{3}) (0|[1-9][0-9]*) ([a-z][a-z0-9._]*)\n'
if not re.fullmatch('(?:' + rec + ')+', t):
    sys.exit(125)
members = re.findall(rec, t)
for mode, size, name in members:
    if int(size) > 65535:
        print("%s: member too large" % name, file=sys.stderr)
        sys.exit(2)
for mode, size, name in members:
    if re.search(r'[89]', mode):
        print("%s: header checksum mismatch" % name, file=sys.stderr)
        sys.exit(3)
    print("%s %o %d" % (name, int(mode, 8), int(size)))
sys.exit(0)
