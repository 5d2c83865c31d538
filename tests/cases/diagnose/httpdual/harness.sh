#!/usr/bin/env python3
# an embedded web server with two bugs, both ending in an abort: TRACE has no
# handler in the dispatch table (a null call), and a header value is copied
# into a 31-byte buffer (more than 30 bytes overflow it)
import re, sys
t = open(sys.argv[1]).read()
m = re.fullmatch(r'(GET|HEAD|POST|PUT|TRACE|OPTIONS) /[a-z]* HTTP/1\.1\n((?:(?:Host|Accept|Cookie|User-Agent): [a-zA-Z0-9=;./]+\n)*)\n', t)
if not m:
    sys.exit(125)
bad = m.group(1) == "TRACE"
for h in m.group(2).splitlines():
    if len(h.split(": ", 1)[1]) > 30:
        bad = True
if bad:
    print("Aborted", file=sys.stderr); sys.exit(134)
sys.exit(0)
