#!/bin/sh
# a log merger that assumes the kernel log is in time order: a timestamp
# earlier than the one of a previous line aborts it
exec python3 - "$1" <<'PY'
import re, sys
from decimal import Decimal
last = None
for line in open(sys.argv[1]).read().splitlines():
    m = re.match(r"\[ *(\d+\.\d{6})\] ", line)
    if not m:
        sys.exit(125)
    t = Decimal(m.group(1))
    if last is not None and t < last:
        print("time went backwards: %s < %s" % (t, last), file=sys.stderr)
        sys.exit(1)
    last = t
sys.exit(0)
PY
