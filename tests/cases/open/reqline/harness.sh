#!/usr/bin/env python3
# a small server's request-line handler: it decodes the path into a 48-byte
# buffer without a bounds check (a path of more than 48 bytes, as written,
# overflows it), stops at a decoded NUL and then reads past the string's
# end ("%00"), and asserts on an encoded "..": "%2e%2e" decoded in one
# segment (both escapes, lowercase as the grammar writes them)
import re, sys
t = open(sys.argv[1]).read()
m = re.fullmatch(r'GET ((?:/(?:[a-z]|%[0-9a-f]{2})+)+) HTTP/1\.1\n', t)
if not m:
    sys.exit(125)
path = m.group(1)
if len(path) > 48:
    print("buffer overflow", file=sys.stderr)
    sys.exit(139)
if "%00" in path:
    print("read past the end", file=sys.stderr)
    sys.exit(139)
for seg in path.split("/")[1:]:
    if "%2e%2e" in seg:
        print("read past the end", file=sys.stderr)
        sys.exit(139)
sys.exit(0)
