#!/usr/bin/env python3
# a one-pass assembler: it resolves a jump's target from the labels defined
# so far and was meant to backpatch the others at the end, but the backpatch
# list was never written, so the lookup raises KeyError (exit 1) for a jump to
# a label that is defined only further down, or nowhere. A jump back to a
# label defined above it passes; labels that nothing jumps to do not matter.
import re, sys
t = open(sys.argv[-1]).read()
line = r'(?:l[0-3]:|  (?:nop|inc r[0-7]|jmp l[0-3]|jz l[0-3]))\n'
if not re.fullmatch('(?:' + line + ')+', t):
    sys.exit(125)
symbols, code = {}, []
for ln in t.split("\n")[:-1]:
    if ln.endswith(":"):
        symbols[ln[:-1]] = len(code)
        continue
    parts = ln.split()
    if parts[0] in ("jmp", "jz"):
        code.append((parts[0], symbols[parts[1]]))
    else:
        code.append(tuple(parts))
print(code)
sys.exit(0)
