#!/usr/bin/env python3
# the daemon scales sizes by a table of lower-case units k, m and g; any
# other letter (a byte count "b", upper case, larger units) is looked up
# in vain and aborts the parse (exit 2)
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:(?:cache|buffer|journal|spool)=[1-9][0-9]{0,2}[bkmgtpeKMG]\n)+', text):
    sys.exit(125)
SCALE = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30}
for key, size, unit in re.findall(r'(\w+)=([0-9]+)(.)', text):
    if unit not in SCALE:
        print("cached: %s: unknown unit '%s'" % (key, unit), file=sys.stderr)
        sys.exit(2)
print("configured")
