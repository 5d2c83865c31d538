#!/usr/bin/python3 -S
# the server normalises the request path on a stack of directory names
# below the document root: a name is pushed, "." is skipped, ".." pops.
# A ".." when the stack is empty (the path has climbed back to the root and
# goes one above it) pops an empty list: IndexError, the worker dies (exit 1).
# "a/.." passes (back at the root), "a/../.." fails, "a/b/../.." passes:
# the failure is the running depth going below zero, a computed value over
# the whole sequence of segments, not any one segment.
import re, sys
t = open(sys.argv[-1], "rb").read().decode("latin-1")
seg = r'(?:\.\.|\.|[a-z]+)'
m = re.fullmatch(r'GET /(' + seg + r'(?:/' + seg + r')*)\n', t)
if not m:
    sys.exit(125)
stack = []
for s in m.group(1).split("/"):
    if s == "..":
        stack.pop()
    elif s != ".":
        stack.append(s)
print("/" + "/".join(stack))
sys.exit(0)
