#!/usr/bin/env python3
# the renderer closes elements from a stack without checking the tag: a
# closing tag other than its opening one corrupts the stack and it aborts
import re, sys
t = open(sys.argv[1]).read()
if not t.endswith("\n"):
    sys.exit(125)
stack = []
for m in re.finditer(r'<(/?)([a-z]+)>|[a-z ]+', t[:-1]):
    if m.group(0).startswith("<"):
        if m.group(1):
            if not stack:
                sys.exit(125)
            if stack.pop() != m.group(2):
                print("render stack corrupted", file=sys.stderr); sys.exit(134)
        else:
            stack.append(m.group(2))
sys.exit(0 if not stack else 125)
