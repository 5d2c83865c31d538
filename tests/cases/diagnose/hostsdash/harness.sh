#!/usr/bin/env python3
# a hosts-file importer with two bugs: it stores each octet in an unsigned
# char after an assert (an octet above 255 aborts), and it passes each host
# name to a helper on its command line, where a name starting with "-" is
# taken for an option and the helper exits with status 2
import sys, re
text = open(sys.argv[-1]).read()
if not text.endswith("\n"):
    sys.exit(125)
for line in text[:-1].split("\n"):
    w = line.split(" ")
    if len(w) < 2 or not re.fullmatch(r"[0-9]+(\.[0-9]+){3}", w[0]):
        sys.exit(125)
    for o in w[0].split("."):
        if int(o) > 255:
            sys.exit(134)
    for h in w[1:]:
        if not re.fullmatch(r"[a-z0-9-][a-z0-9.-]*", h):
            sys.exit(125)
        if h.startswith("-"):
            sys.exit(134)
sys.exit(0)
