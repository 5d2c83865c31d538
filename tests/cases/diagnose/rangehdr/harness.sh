#!/usr/bin/env python3
# a caching proxy with two bugs: the "items" unit has no handler in its
# unit table (null call), and an inverted range (first > last) gives a
# negative length passed to memcpy; both crash
import re, sys
text = open(sys.argv[-1], "rb").read().decode("latin-1")
req = r'GET /[a-z0-9/._]* HTTP/1\.1\r\nHost: [a-z]+\.example\r\nRange: (bytes|items)=(0|[1-9][0-9]*)-(0|[1-9][0-9]*)\r\n\r\n'
if not re.fullmatch('(?:' + req + ')+', text):
    sys.exit(125)
for unit, first, last in re.findall(req, text):
    if unit == "items":
        sys.exit(139)
    length = int(last) - int(first) + 1
    if length <= 0:
        sys.exit(139)
print("206 Partial Content")
