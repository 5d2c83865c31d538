#!/usr/bin/env python3
# a report renderer for 80-column terminals: each column is laid out in
# its own 80-cell line buffer, its text then its padding; a column whose
# width plus padding exceeds 80 cells writes past the buffer, which the
# renderer's bounds check turns into an abort (exit 3). Columns are
# checked one by one: their total over the line is wrapped, not checked.
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:column [a-z][a-z_]* width=(?:[0-9]|[1-9][0-9]) pad=(?:[0-9]|[1-9][0-9])\n)+', text):
    sys.exit(125)
for name, width, pad in re.findall(r'column (\S+) width=([0-9]+) pad=([0-9]+)\n', text):
    cells = int(width) + int(pad)
    if cells > 80:
        print("render: column %s needs %d cells, line buffer holds 80" % (name, cells), file=sys.stderr)
        sys.exit(3)
print("layout ok")
sys.exit(0)
