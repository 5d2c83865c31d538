#!/usr/bin/env python3
# the wiki renderer expands templates with an explicit frame stack instead of
# recursion; the stack was sized for "never more than 3 levels" (MAX_FRAMES
# = 3) and pushing is unchecked: a template nested 4 deep (a template inside
# a template inside a template inside a template) indexes past the stack
# (IndexError, exit 1). Any number of templates side by side is fine.
import sys
t = open(sys.argv[-1]).read()
NAMES = ("cite", "lang", "nowrap", "small")
MAX_FRAMES = 3
frames = [None] * MAX_FRAMES
depth = 0
out = []
i = 0
if not t.endswith("\n") or "\n" in t[:-1]:
    sys.exit(125)
body = t[:-1]
expect_piece = True
while i < len(body):
    if body.startswith("{{", i):
        if not expect_piece:
            sys.exit(125)
        j = body.find("|", i)
        if j < 0 or body[i + 2:j] not in NAMES:
            sys.exit(125)
        frames[depth] = {"name": body[i + 2:j], "start": len(out)}  # push
        depth += 1
        i = j + 1
        expect_piece = True
    elif body.startswith("}}", i):
        if depth == 0 or expect_piece:
            sys.exit(125)
        depth -= 1
        f = frames[depth]
        inner = "".join(out[f["start"]:])
        del out[f["start"]:]
        out.append("<span class=%s>%s</span>" % (f["name"], inner))
        i += 2
        expect_piece = False
    elif body[i] == " ":
        if expect_piece:
            sys.exit(125)
        out.append(" ")
        expect_piece = True
        i += 1
    elif "a" <= body[i] <= "z":
        if not expect_piece:
            sys.exit(125)
        while i < len(body) and "a" <= body[i] <= "z":
            out.append(body[i]); i += 1
        expect_piece = False
    else:
        sys.exit(125)
if depth != 0 or expect_piece:
    sys.exit(125)
print("".join(out))
sys.exit(0)
