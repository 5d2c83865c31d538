#!/usr/bin/env python3
# the loader parses each number with int(text, 0) so that "0x1f" is read as
# hexadecimal; Python refuses a decimal with a leading zero ("010", "007")
# under base 0 (no implicit octal) and the ValueError escapes (exit 1).
# All-zero numbers ("0", "00", "000") are accepted by int(, 0) and pass.
import re, sys
t = open(sys.argv[-1]).read()
rec = r'(max_conns|timeout|buffer|backlog) = ([0-9]+|0x[0-9a-f]+)\n'
if not re.fullmatch('(?:' + rec + ')+', t):
    sys.exit(125)
limits = {}
for k, v in re.findall(rec, t):
    try:
        limits[k] = int(v, 0)
    except ValueError as e:
        print("ValueError:", e, file=sys.stderr)
        sys.exit(1)
print(limits)
sys.exit(0)
