#!/usr/bin/env python3
# the server reads exactly Content-Length bytes of body: fewer left over are
# parsed as the next request and crash it; more make it read past the end
import re, sys
data = open(sys.argv[-1], "rb").read().decode("latin-1")
m = re.fullmatch(r"POST /[a-z]* HTTP/1\.0\r\n((?:(?:Host|Accept|User-Agent): [a-z0-9./]+\r\n)*)Content-Length: ([0-9]+)\r\n\r\n([a-z0-9=&]*)", data)
if not m:
    sys.exit(125)
if int(m.group(2)) != len(m.group(3)):
    sys.exit(1)
sys.exit(0)
