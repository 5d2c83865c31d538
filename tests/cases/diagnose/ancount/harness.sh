#!/usr/bin/env python3
# the cache loader reads exactly an= answer lines after each header: with
# fewer, it takes "end" for an answer; with more, it takes an answer for the
# next header. Either way it raises a parse error (exit 1)
import re, sys
text = open(sys.argv[-1]).read()
name = r'[a-z]+\.(?:com|org|net)'
oct_ = r'(?:[0-9]|[1-9][0-9])'
ans = r'  ' + name + r' A ' + oct_ + r'\.' + oct_ + r'\.' + oct_ + r'\.' + oct_ + r'\n'
msg = r'id=[1-9][0-9]* q=' + name + r' an=[0-9]\n(?:' + ans + r')*end\n'
if not re.fullmatch('(?:' + msg + ')+', text):
    sys.exit(125)
lines = text.split("\n")[:-1]
i = 0
while i < len(lines):
    m = re.fullmatch(r'id=[0-9]+ q=\S+ an=([0-9])', lines[i])
    if not m:
        print("cache.c: expected a header at line %d" % (i + 1), file=sys.stderr)
        sys.exit(1)
    n = int(m.group(1))
    for k in range(n):
        if i + 1 + k >= len(lines) or not lines[i + 1 + k].startswith("  "):
            print("cache.c: short answer section at line %d" % (i + 2 + k), file=sys.stderr)
            sys.exit(1)
    i += 1 + n
    if i >= len(lines) or lines[i] != "end":
        print("cache.c: expected end at line %d" % (i + 1), file=sys.stderr)
        sys.exit(1)
    i += 1
print("cache loaded")
