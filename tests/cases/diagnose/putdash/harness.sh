#!/usr/bin/env python3
# two bugs: a size of 0 blocks divides by zero when the progress bar is
# drawn, and a file named "-" is taken for standard input, which is closed
import re, sys
m = re.fullmatch(r'put ([a-z0-9_-]+) size ([0-9]{1,4})\n', open(sys.argv[1]).read())
if not m:
    sys.exit(125)
name, size = m.group(1), int(m.group(2))
if name == "-":
    raise OSError("standard input is closed")
print("progress", 100 // size)
