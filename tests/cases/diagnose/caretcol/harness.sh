#!/usr/bin/env python3
# an editor plugin's diagnostics renderer: under each source line it draws
# a caret at the message's column, blanking the line's first col-1
# characters into the gutter and marking the next cell. A
# column one past the end of the line is allowed (the "expected ';'" kind
# of message points there); a column further out makes the renderer index
# past the source text (IndexError, exit 1). The line number and the level
# do not matter.
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:[a-z][a-z0-9_]*\.c:[1-9][0-9]{0,2}:(?:[1-9]|[1-3][0-9]): (?:error|warning|note) \|[a-z0-9_(){};=+*,]+(?: [a-z0-9_(){};=+*,]+)*\n)+', text):
    sys.exit(125)
for path, line, col, level, src in re.findall(r'(\S+):([0-9]+):([0-9]+): (\S+) \|(.*)\n', text):
    c = int(col)
    padded = src + "\n"           # the caret may sit on the line's end
    try:
        gutter = " " * len(padded[:c - 1])
        marked = padded[c - 1]
    except IndexError:
        print("render: %s:%s: column %d past the end of a %d-character line"
              % (path, line, c, len(src)), file=sys.stderr)
        sys.exit(1)
    caret = gutter + "^"
print("rendered")
sys.exit(0)
