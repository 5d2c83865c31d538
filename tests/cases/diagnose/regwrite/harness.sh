#!/bin/sh
exec python3 - "$1" <<'PY'
# the value is stored in a uint8 with an assertion: above 255 aborts
import re, sys
m = re.fullmatch(r'write r[0-7] (0x[0-9a-f]+|[0-9]+)\n', open(sys.argv[1]).read())
if not m: sys.exit(125)
v = int(m.group(1), 0) if m.group(1).startswith("0x") else int(m.group(1), 10)
sys.exit(1 if v > 255 else 0)
PY
