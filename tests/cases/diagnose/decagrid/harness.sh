#!/usr/bin/env python3
# the plotter draws a grid line every 10 points; when the point count is a
# positive multiple of 10 the last grid line falls on the frame and the
# renderer divides by the (zero) width of the remaining cell
import re, sys
m = re.fullmatch(r'plot [A-Za-z]+ points=(0|[1-9][0-9]*)\n', open(sys.argv[-1]).read())
if not m:
    sys.exit(125)
n = int(m.group(1))
rest = n - 10 * (n // 10) if n else 10
print(1 / rest if n else "empty chart")
