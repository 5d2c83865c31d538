#!/usr/bin/env python3
# the theme loader stores each channel in a uint8_t after an assert(v < 256):
# any channel above 255 aborts
import re, sys
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
chan = r'(0|[1-9][0-9]{0,2})'
for line in lines[:-1]:
    m = re.fullmatch(r'(foreground|background|cursor|selection|color[0-9]) = ' + chan + ',' + chan + ',' + chan, line)
    if not m:
        sys.exit(125)
    for v in m.groups()[1:]:
        if int(v) > 255:
            print("theme.c:88: assertion `v < 256' failed", file=sys.stderr)
            sys.exit(134)
print("theme ok")
