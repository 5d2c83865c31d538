#!/bin/sh
# a websocket/http client that connects to the URL's port: port 0 is not
# connectable and urllib rejects ports above 65535
exec python3 - "$1" <<'PY'
import sys, urllib.parse
url = open(sys.argv[1]).read()
try:
    port = urllib.parse.urlsplit(url).port
except ValueError as e:
    print("bad port:", e, file=sys.stderr); sys.exit(1)
if port is None:
    sys.exit(125)
if port == 0:
    print("cannot connect to port 0", file=sys.stderr); sys.exit(1)
sys.exit(0)
PY
