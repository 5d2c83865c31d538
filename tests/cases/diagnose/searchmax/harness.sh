#!/usr/bin/env python3
# the resolver appends the domains of every search line to one fixed list of
# 6 (MAXDNSRCH) without a bound check: a seventh domain in the whole file
# overflows it, however the domains are spread over lines
import sys, re
text = open(sys.argv[-1]).read()
if not text.endswith("\n"):
    sys.exit(125)
n = 0
for line in text[:-1].split("\n"):
    if re.fullmatch(r"nameserver 10\.0\.0\.[1-9]", line):
        continue
    m = re.fullmatch(r"search((?: [a-z]{1,2}\.(?:com|org|lan))+)", line)
    if not m:
        sys.exit(125)
    n += len(m.group(1).split())
    if n > 6:
        sys.exit(139)
sys.exit(0)
