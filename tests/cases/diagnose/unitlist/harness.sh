#!/usr/bin/env python3
# a shipping-label printer converts each weight to grams with a table
# that knows kg, g and lb; any other unit indexes past the table (crash)
import sys
GRAMS = {"kg": 1000, "g": 1, "lb": 454}
text = open(sys.argv[-1]).read()
if not text.endswith(";"):
    sys.exit(125)
for item in text[:-1].split(";"):
    parts = item.split(" ")
    if len(parts) != 2 or not parts[0].isdigit():
        sys.exit(125)
    if parts[1] not in GRAMS:
        sys.exit(139)
sys.exit(0)
