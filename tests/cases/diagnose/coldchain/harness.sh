#!/usr/bin/env python3
# the logger's defrost controller switches its compressor off at -18.5 C
# inclusive ("<=" where "<" was meant) and asserts the compressor is on while
# any reading is logged: a reading of -18.5 or below, at any precision
# ("-18.50" too), aborts
import sys, re
from decimal import Decimal
text = open(sys.argv[-1]).read()
if not text.endswith("\n"):
    sys.exit(125)
for line in text[:-1].split("\n"):
    m = re.fullmatch(r"probe [A-F][0-9] (-?[0-9]{1,2}\.[0-9]+)", line)
    if not m:
        sys.exit(125)
    if Decimal(m.group(1)) <= Decimal("-18.5"):
        sys.exit(134)
sys.exit(0)
