#!/usr/bin/env python3
# a sandboxed service launcher: the sandbox profile grants bind() on the
# privileged ports (up to 1024, through CAP_NET_BIND_SERVICE) and on the
# one whitelisted alternate HTTP port 8080; a bind on any other port is
# refused with EACCES and the launcher gives up (exit 1). Port 0 means "no
# listener" and is skipped.
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:listen (?:0\.0\.0\.0|127\.0\.0\.1|\[::\]):(?:0|[1-9][0-9]*)\n)+', text):
    sys.exit(125)
for addr, port in re.findall(r'listen (\S+):([0-9]+)\n', text):
    p = int(port)
    if p == 0:
        continue
    if p > 1024 and p != 8080:
        print("bind %s:%d: Permission denied (sandbox profile)" % (addr, p), file=sys.stderr)
        sys.exit(1)
print("listening")
sys.exit(0)
