#!/usr/bin/env python3
# an HTTP/2 server: RFC 9113 requires field names in lowercase, and a name
# with an uppercase letter anywhere is a malformed request; the server
# resets the stream with PROTOCOL_ERROR (exit 1)
import re, sys
text = open(sys.argv[-1]).read()
m = re.fullmatch(r':method: (GET|POST|HEAD)\n:path: /[a-z0-9/._-]*\n:authority: [a-z]+\.(?:org|com|io)\n((?:[a-zA-Z][a-zA-Z0-9-]*: [a-zA-Z0-9 ./*;=-]*\n)*)\n', text)
if not m:
    sys.exit(125)
for line in m.group(2).split("\n")[:-1]:
    name = line.split(": ", 1)[0]
    if name != name.lower():
        print("RST_STREAM PROTOCOL_ERROR: uppercase field name %r" % name, file=sys.stderr)
        sys.exit(1)
print("200")
