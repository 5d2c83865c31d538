#!/usr/bin/env python3
# the script runs under `set -u`: expanding a variable that has not been
# assigned on an earlier line aborts with "unbound variable" (exit 1); a
# variable assigned later does not help
import re, sys
text = open(sys.argv[-1]).read()
name = r'(?:HOME|USER|PATH|TMP)'
use = r'(?:\$' + name + r'|[a-z]+)'
cmd = r'(?:' + name + r'=[a-z]+|echo ' + use + r'(?: ' + use + r')*)\n'
if not re.fullmatch(r'(?:' + cmd + r')+', text):
    sys.exit(125)
assigned = set()
for line in text.split("\n")[:-1]:
    m = re.fullmatch(r'(' + name + r')=[a-z]+', line)
    if m:
        assigned.add(m.group(1))
        continue
    for v in re.findall(r'\$(' + name + r')', line):
        if v not in assigned:
            print("sh: %s: unbound variable" % v, file=sys.stderr)
            sys.exit(1)
print("done")
