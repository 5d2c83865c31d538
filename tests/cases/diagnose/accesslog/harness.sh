#!/usr/bin/env python3
# a log analyser that checks HTTP semantics while summing traffic: a
# "304 Not Modified" response carries no body, and the analyser asserts it
# (AssertionError, exit 1) when a 304 line reports a nonzero byte count. A
# 304 with 0 bytes, or bytes on another status line, pass.
import re, sys
t = open(sys.argv[-1]).read()
rec = r'(10\.0\.0\.[1-9]|192\.168\.1\.[1-9][0-9]?) (GET|HEAD|POST) (/[a-z]*) (200|204|301|304|404|500) (0|[1-9][0-9]*)\n'
if not re.fullmatch('(?:' + rec + ')+', t):
    sys.exit(125)
total = 0
for ip, method, path, status, nbytes in re.findall(rec, t):
    if status == "304":
        assert int(nbytes) == 0, "304 with a body"
    total += int(nbytes)
print(total)
