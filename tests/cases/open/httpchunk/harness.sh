#!/usr/bin/env python3
# the decoder reads exactly the declared number of bytes and then expects
# the line's end: a chunk shorter or longer than its hex size is a protocol
# error
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:[1-9a-f][0-9a-f]? [a-zA-Z]+\n)+0\n', text):
    sys.exit(125)
pos = 0
n = 0
while True:
    eol = text.index(" ", pos) if not text.startswith("0\n", pos) else None
    if eol is None:
        break
    size = int(text[pos:eol], 16)
    start = eol + 1
    end = start + size
    if text[start:end].find("\n") >= 0 or end >= len(text) or text[end] != "\n":
        print("httpd: chunk %d: invalid chunk framing (declared %d bytes)" % (n, size), file=sys.stderr)
        sys.exit(1)
    pos = end + 1
    n += 1
print("body: %d chunks" % n)
