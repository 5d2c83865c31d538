#!/usr/bin/env python3
# the spooler prints 25 lines a page; when the line count is a positive
# multiple of 25 it opens an empty last page and reads past its buffer
import re, sys
m = re.fullmatch(r'job [a-z]+ lines=(0|[1-9][0-9]*) font=([1-9][0-9]?)\n', open(sys.argv[-1]).read())
if not m:
    sys.exit(125)
n = int(m.group(1))
pages = n // 25 + 1
on_last = n - 25 * (pages - 1)
if n and on_last == 0:
    sys.exit(1)
print(pages, "pages")
