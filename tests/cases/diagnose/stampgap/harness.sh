#!/usr/bin/env python3
# the accounting daemon keeps a session's duration (logout - login) in a
# signed 16-bit field: a session longer than 32767 s wraps negative and
# trips an assertion; a logout before the login is counted as 0 and is fine
import re, sys
for line in open(sys.argv[1]).read().splitlines():
    m = re.fullmatch(r'(root|ann|bob) in ([0-9]+) out ([0-9]+)', line)
    if not m:
        sys.exit(125)
    d = int(m.group(3)) - int(m.group(2))
    if d > 32767:
        print("assertion failed: duration >= 0", file=sys.stderr); sys.exit(134)
sys.exit(0)
