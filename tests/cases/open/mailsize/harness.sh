#!/usr/bin/env python3
# the relay rejects what it cannot take with a crash instead of a 5xx reply:
# a declared size above 20 MB (20971520 bytes), or a recipient whose domain
# is a single label (no dot: the resolver's lookup of a bare host aborts)
import re, sys
text = open(sys.argv[-1], newline="").read()
m = re.fullmatch(r"MAIL FROM:<([a-z0-9._]+@[a-z0-9.]+)> SIZE=([0-9]+)\r\n((?:RCPT TO:<[a-z0-9._]+@[a-z0-9.]+>\r\n)+)", text)
if not m:
    sys.exit(125)
if int(m.group(2)) > 20971520:
    sys.exit(1)
for dom in re.findall(r"RCPT TO:<[a-z0-9._]+@([a-z0-9.]+)>", m.group(3)):
    if "." not in dom:
        sys.exit(1)
sys.exit(0)
