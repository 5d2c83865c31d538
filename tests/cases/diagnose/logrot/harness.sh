#!/usr/bin/env python3
# a log rotator with two bugs: rotated files are named with a two-digit
# suffix in a fixed buffer, so keeping more than 99 overflows it; and the
# size unit table has no entry for "G" (a NULL multiplier). Both crash.
import re, sys
text = open(sys.argv[-1]).read()
d = r'  (?:rotate (?:[0-9]|[1-9][0-9]|[1-9][0-9][0-9])|size [1-9][0-9]?[kMG]|compress|missingok|daily|weekly|monthly)\n'
if not re.fullmatch(r'(?:/var/log/[a-z]+\.log \{\n(?:' + d + r')+\}\n)+', text):
    sys.exit(125)
for line in text.split("\n"):
    m = re.fullmatch(r'  rotate ([0-9]+)', line)
    if m and int(m.group(1)) > 99:
        print("Segmentation fault", file=sys.stderr); sys.exit(139)
    m = re.fullmatch(r'  size [0-9]+([kMG])', line)
    if m and m.group(1) == "G":
        print("Segmentation fault", file=sys.stderr); sys.exit(139)
print("rotated")
