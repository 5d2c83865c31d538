#!/usr/bin/env python3
# a column picker: reads the header's field names and for each "take"
# command slices the field list with Python slice semantics, printing the
# fields picked. Start and stop may be empty, negative, zero or out of
# range (they clip); an omitted step is 1. A step whose value is zero
# ("0", "-0", "+0", "00", "-000") makes slicing raise "slice step cannot
# be zero" and the script fails (exit 1).
import re, sys
INT = r'[-+]?[0-9]{1,3}'
TAKE = r'take \[(%s)?:(%s)?(?::(%s)?)?\]\n' % (INT, INT, INT)
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'fields [a-z][a-z0-9]*(?:,[a-z][a-z0-9]*)*\n(?:%s)+' % TAKE, text):
    sys.exit(125)
header, _, body = text.partition('\n')
fields = header[len('fields '):].split(',')
for n, (a, b, c) in enumerate(re.findall(TAKE, body), 1):
    s = slice(int(a) if a else None, int(b) if b else None, int(c) if c else None)
    try:
        picked = fields[s]
    except ValueError as e:
        print("take %d: [%s:%s:%s]: %s" % (n, a, b, c, e), file=sys.stderr)
        sys.exit(1)
    print("take %d: %s" % (n, ",".join(picked)))
sys.exit(0)
