#!/usr/bin/env python3
# the exporter slices each page out of its table and asserts that the page
# is full (AssertionError, exit 1): a page that runs past the table's end
# (first row plus rows asked for above the rows it holds) trips it. The
# caller's name plays no part.
import re, sys
t = open(sys.argv[-1]).read()
rec = r'page from=([0-9]|[1-9][0-9]{1,2}) rows=([1-9][0-9]?) of=([0-9]|[1-9][0-9]{1,2}) by=([a-z]+)\n'
if not re.fullmatch('(?:' + rec + ')+', t):
    sys.exit(125)
for first, rows, total, who in re.findall(rec, t):
    table = list(range(int(total)))
    page = table[int(first):int(first) + int(rows)]
    assert len(page) == int(rows), "short page for %s" % who
    print("%s: %d rows" % (who, len(page)))
sys.exit(0)
