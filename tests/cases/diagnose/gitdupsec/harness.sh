#!/usr/bin/env python3
# a config loader that keys its sections by (kind, name) and refuses to
# open a section that already exists (it should merge them, as git does):
# [remote "origin"] twice fails (exit 3); [remote "main"] and [branch "main"]
# are different sections and pass
import re, sys

sections = {}
current = None
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    m = re.fullmatch(r'\[(remote|branch) "([a-z][a-z0-9]*)"\]', line)
    if m:
        key = (m.group(1), m.group(2))
        if key in sections:
            print('fatal: duplicate section [%s "%s"]' % key, file=sys.stderr)
            sys.exit(3)
        current = sections[key] = {}
        continue
    m = re.fullmatch(r'\t(url|fetch|merge|remote) = ([a-z0-9/:.]+)', line)
    if m and current is not None:
        current.setdefault(m.group(1), []).append(m.group(2))
        continue
    sys.exit(125)
sys.exit(0)
