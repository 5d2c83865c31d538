#!/usr/bin/env python3
# the proxy refuses (421 Misdirected Request) a request whose Host, without
# its port, differs from the TLS SNI name
import re, sys
m = re.fullmatch(r'sni ([a-z.]+)\n(GET|POST|HEAD) /[a-z/]* HTTP/1\.1\nHost: ([a-z.]+)(:[0-9]+)?\n', open(sys.argv[1]).read())
if not m:
    sys.exit(125)
if m.group(1) != m.group(3):
    print("421 Misdirected Request", file=sys.stderr); sys.exit(1)
sys.exit(0)
