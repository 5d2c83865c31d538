#!/usr/bin/env python3
# the paginator computes pages = rows // per + 1 and writes a footer on the
# last page's first row; when the rows fill the pages exactly (rows a
# multiple of per-page) the last page is empty and the footer indexes past
# the rows (IndexError, exit 1). Another report's page size does not matter.
import re, sys
t = open(sys.argv[-1]).read()
rec = r"report ([a-z]+) rows=([1-9][0-9]{0,2}) per-page=([1-9][0-9]?)\n"
if not re.fullmatch("(?:" + rec + ")+", t):
    sys.exit(125)
for title, rows, per in re.findall(rec, t):
    rows, per = int(rows), int(per)
    data = list(range(rows))
    pages = rows // per + 1
    last = data[(pages - 1) * per:]
    footer = last[0]
sys.exit(0)
