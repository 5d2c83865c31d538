#!/bin/sh
# a timestamp parser that accepts ISO 8601's end-of-day 24:00:00 but no
# other time with hour 24
exec python3 - "$1" <<'PY'
import re, sys
from decimal import Decimal
s = open(sys.argv[1]).read()
m = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d(?:\.\d+)?)(Z|[+-]\d\d:\d\d)", s)
if not m:
    sys.exit(125)
hour, minute, second = int(m.group(4)), int(m.group(5)), Decimal(m.group(6))
if hour == 24 and (minute != 0 or second != 0):
    print("hour 24 only allowed as 24:00:00", file=sys.stderr)
    sys.exit(1)
sys.exit(0)
PY
