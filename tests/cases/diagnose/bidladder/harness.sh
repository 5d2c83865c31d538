#!/bin/sh
# the auction engine requires every bid to be strictly above the previous
# one: a bid at or below it aborts it
exec python3 - "$1" <<'PY'
import re, sys
from decimal import Decimal
last = None
for line in open(sys.argv[1]).read().splitlines():
    m = re.fullmatch(r"(ann|bob|cy|dee) bids (\d+\.\d\d)", line)
    if not m:
        sys.exit(125)
    v = Decimal(m.group(2))
    if last is not None and v <= last:
        sys.exit(1)
    last = v
sys.exit(0)
PY
