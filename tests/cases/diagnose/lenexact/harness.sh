#!/usr/bin/env python3
# a strict reader: every record's declared length must match its data
# exactly, too long or too short is a framing error
import re, sys
text = open(sys.argv[1]).read()
recs = re.findall(r'([0-9]{1,3}):([a-z0-9]*);', text)
if ''.join('%s:%s;' % r for r in recs) != text or not recs:
    sys.exit(125)
for n, d in recs:
    if int(n) != len(d):
        sys.exit(1)
sys.exit(0)
