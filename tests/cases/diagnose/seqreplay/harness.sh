#!/bin/sh
# the reassembly buffer requires strictly increasing sequence numbers: a
# packet whose number is not above every earlier one (a repeat or a step
# back) aborts it
exec python3 - "$1" <<'PY'
import re, sys
last = None
for line in open(sys.argv[1]).read().splitlines():
    m = re.fullmatch(r"seq=(\d+) len=(\d+) [a-f0-9]+", line)
    if not m:
        sys.exit(125)
    seq = int(m.group(1))
    if last is not None and seq <= last:
        print("sequence number %d after %d" % (seq, last), file=sys.stderr)
        sys.exit(1)
    last = seq
sys.exit(0)
PY
