#!/usr/bin/env python3
# the translation table is built as table[set1[i]] = set2[i] for every i of
# set1; POSIX says a shorter set2 is padded with its last character, but that
# was never written, so a set2 shorter than its own set1 raises IndexError
# (exit 1). A longer set2 is cut, which is right.
import re, sys
t = open(sys.argv[-1]).read()
cmd = r'tr ([a-z]+) ([a-z]+)\n'
if not re.fullmatch('(?:' + cmd + ')+', t):
    sys.exit(125)
for s1, s2 in re.findall(cmd, t):
    table = {}
    for i in range(len(s1)):
        table[s1[i]] = s2[i]
    print(table)
sys.exit(0)
