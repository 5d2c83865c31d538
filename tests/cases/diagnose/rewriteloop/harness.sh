#!/usr/bin/env python3
# the rewriter applies a rule again as long as the path it produced still
# starts with the rule's own prefix (plain text, no "/" boundary): a rule
# whose replacement starts with its prefix loops until the watchdog kills it
# (exit 124); one rule's replacement starting with another rule's prefix is
# fine (each other rule is tried once)
import sys, re
text = open(sys.argv[-1]).read()
if not text.endswith("\n"):
    sys.exit(125)
for line in text[:-1].split("\n"):
    m = re.fullmatch(r"rewrite ((?:/[a-c]{1,2})+) ((?:/[a-c]{1,2})+)", line)
    if not m:
        sys.exit(125)
    src, dst = m.group(1), m.group(2)
    path, n = src, 0
    while path.startswith(src):
        path = dst + path[len(src):]
        n += 1
        if n > 100:
            sys.exit(124)
sys.exit(0)
