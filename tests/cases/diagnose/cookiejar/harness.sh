#!/usr/bin/env python3
# the server keeps a request's Cookie headers in a fixed array of 4 slots
# and does not check the count: a fifth Cookie header overflows it (abort)
import re, sys
text = open(sys.argv[-1], "rb").read().decode("latin-1")
m = re.fullmatch(r'GET /[a-z0-9/]* HTTP/1\.1\r\n((?:Cookie: [a-z]+=[a-zA-Z0-9]*\r\n|(?:Host|Accept|User-Agent|Referer): [a-z0-9./]+\r\n)*)\r\n', text)
if not m:
    sys.exit(125)
slots = []
for h in m.group(1).split("\r\n")[:-1]:
    if h.startswith("Cookie: "):
        if len(slots) == 4:
            print("*** stack smashing detected ***", file=sys.stderr)
            sys.exit(134)
        slots.append(h[8:])
print("200 OK")
