#!/usr/bin/env python3
# the importer turns the header into CREATE TABLE "<table>" (<col> TEXT, ...):
# it quotes the table name but not the column names, so a column name that
# starts with a digit is a syntax error in SQL (exit 1). Digits elsewhere,
# and a table name starting with a digit, are fine.
import re, sys
t = open(sys.argv[-1]).read()
m = re.fullmatch(r'([a-z0-9_]+):([a-z0-9_]+(?:,[a-z0-9_]+)*)\n', t)
if not m:
    sys.exit(125)
for col in m.group(2).split(","):
    if col[0].isdigit():
        print('sqlite: near "%s": syntax error' % col, file=sys.stderr)
        sys.exit(1)
sys.exit(0)
