#!/usr/bin/env python3
# a receipt printer driver: each line's total (quantity times unit price) is
# printed as euros with two decimals into a 6-character column of a fixed
# line buffer (it was laid out for "999.99"); a wider amount runs over the
# end of the buffer and the driver aborts (exit 134). The grand total has a
# wider column.
import re, sys

LINE_WIDTH = 32
AMOUNT_COL = 6

def render(qty, name, cents):
    buf = bytearray(b" " * LINE_WIDTH)
    label = ("%d x %s" % (qty, name))[:LINE_WIDTH - AMOUNT_COL - 1].encode()
    buf[0:len(label)] = label
    amount = ("%.2f" % ((qty * cents) / 100)).encode()
    start = LINE_WIDTH - AMOUNT_COL
    end = start + len(amount)
    if end > LINE_WIDTH:                # what the C driver's canary catches
        print("*** buffer overflow detected ***", file=sys.stderr)
        sys.exit(134)
    buf[start:end] = amount
    return bytes(buf)

total = 0
out = []
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    m = re.fullmatch(r'([1-9][0-9]?) x ([a-z]+) @ ([1-9][0-9]{0,3})', line)
    if not m:
        sys.exit(125)
    qty, cents = int(m.group(1)), int(m.group(3))
    out.append(render(qty, m.group(2), cents))
    total += qty * cents
out.append(("TOTAL %12.2f" % (total / 100)).encode())
sys.exit(0)
