#!/usr/bin/env python3
# a config reader that splits each line at the first ": " and then rejects
# (yaml.scanner's "mapping values are not allowed here", exit 1) a plain
# value that itself holds ": " (a colon followed by a space). A colon alone
# ("http://x", "12:30") or a space alone pass.
import re, sys
t = open(sys.argv[-1]).read()
rec = r'([a-z][a-z_]*): ([a-z0-9 :/.]+)\n'
if not re.fullmatch('(?:' + rec + ')+', t):
    sys.exit(125)
cfg = {}
for k, v in re.findall(rec, t):
    if ": " in v:
        print("mapping values are not allowed here: %r" % v, file=sys.stderr)
        sys.exit(1)
    cfg[k] = v
print(cfg)
