#!/usr/bin/env python3
# the interpreter builds its line table first, then resolves every jump
# target through it; a GOTO or THEN to a line number the program does not
# have returns a NULL line and is dereferenced (SIGSEGV, exit 139). Order
# does not matter: jumps forward and back both resolve.
import re, sys
text = open(sys.argv[-1]).read()
stmt = r'(?:PRINT (?:[0-9]|[1-9][0-9])|GOTO [1-9]0|IF X>(?:[0-9]|[1-9][0-9]) THEN [1-9]0|END)'
if not re.fullmatch(r'(?:[1-9]0 ' + stmt + r'\n)+', text):
    sys.exit(125)
lines = set(re.findall(r'^([1-9]0) ', text, re.M))
for t in re.findall(r'(?:GOTO|THEN) ([1-9]0)', text):
    if t not in lines:
        print("basic: segmentation fault resolving line %s" % t, file=sys.stderr)
        sys.exit(139)
print("ran")
