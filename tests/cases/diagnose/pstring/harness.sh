#!/usr/bin/env python3
# the reader trusts each declared length: too short leaves the rest of the
# text to be read as the next length, too long runs past the closing quote;
# either way it crashes (a length that matches its text reads fine)
import re, sys
text = open(sys.argv[-1]).read()
items = re.findall(r"([0-9]+)'([A-Za-z ]*)'", text)
if " ".join(f"{n}'{t}'" for n, t in items) != text:
    sys.exit(125)
for n, t in items:
    if int(n) != len(t):
        sys.exit(139)
sys.exit(0)
