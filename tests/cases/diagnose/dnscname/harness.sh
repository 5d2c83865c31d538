#!/usr/bin/env python3
# the zone loader resolves every CNAME against the zone's A records after
# reading it all; a dangling alias (its target has no A record anywhere in
# the zone) makes it exit 3 with "CNAME points nowhere"
import re, sys
text = open(sys.argv[-1]).read()
name = r'(?:www|mail|db|api|cdn)'
rr = r'(?:' + name + r' A 10\.0\.0\.(?:[1-9]|[1-9][0-9])|(?:web|smtp|sql|edge) CNAME ' + name + r')\n'
if not re.fullmatch(r'(?:' + rr + r')+', text):
    sys.exit(125)
owners = set(re.findall(r'^(\S+) A ', text, re.M))
for alias, target in re.findall(r'^(\S+) CNAME (\S+)$', text, re.M):
    if target not in owners:
        print("zone: %s CNAME %s points nowhere" % (alias, target), file=sys.stderr)
        sys.exit(3)
print("zone loaded")
