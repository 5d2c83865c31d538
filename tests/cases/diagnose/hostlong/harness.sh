#!/usr/bin/env python3
# a hosts-file importer with two bugs: an octet above 255 trips an assert on
# the unsigned char it is stored in, and each label of a host name is copied
# into a 64-byte buffer with its terminating NUL (the DNS limit is 63, but
# the copy does not check it): a label of 64 bytes or more smashes the stack
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
        if not re.fullmatch(r"[a-z0-9]+(\.[a-z0-9]+)*", h):
            sys.exit(125)
        for label in h.split("."):
            if len(label) >= 64:
                sys.exit(134)
sys.exit(0)
