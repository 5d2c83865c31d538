#!/usr/bin/env python3
# the label printer driver prints on sheets of 6 labels (3 rows of 2); full
# sheets go out as they are, and the last, partly used sheet is centred by
# sharing its spare rows among the labels on it. The labels on the last sheet
# are counted as labels % 6, which is 0 when the count fills whole sheets, and
# the centring divides by it (ZeroDivisionError, exit 1).
import re, sys
t = open(sys.argv[-1]).read()
rec = r'print sku=([A-Z]{2}[0-9]{3}) labels=(\d+) stock=(paper|thermal|vinyl)\n'
if not re.fullmatch('(?:' + rec + ')+', t):
    sys.exit(125)
PER_SHEET, ROW_MM = 6, 90
sheets = 0
for sku, labels, stock in re.findall(rec, t):
    labels = int(labels)
    full = labels // PER_SHEET
    last = labels - full * PER_SHEET
    spare_mm = ROW_MM * 3 - ROW_MM * ((last + 1) // 2)
    offset = spare_mm // last                 # centre the last sheet's labels
    sheets += full + 1
    print("%s: %d sheets, offset %d mm" % (sku, full + 1, offset))
sys.exit(0)
