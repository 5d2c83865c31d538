#!/usr/bin/env python3
# an order importer: each quantity is read with int(text, 0), so "0x1f" is
# hexadecimal; a decimal with a leading zero that is not all zeros ("012",
# "0007") raises ValueError (no implicit octal) and the import aborts (exit 2)
import sys
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    sku, qty = line.split(",")
    try:
        int(qty, 0)
    except ValueError:
        sys.exit(2)
sys.exit(0)
