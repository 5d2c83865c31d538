#!/usr/bin/env python3
# a canonicaliser that looks attribute names up in a table of lower-case
# names by perfect hashing (c - 'a'); element names are folded to lower case
# first, attribute names are not: an upper-case letter in an attribute name
# hashes outside the table (crash). Values are copied as they are.
import re, sys
text = open(sys.argv[-1]).read()
for line in text.split("\n")[:-1]:
    m = re.fullmatch(r'<([A-Za-z]+)((?: [A-Za-z]+="[A-Za-z0-9 ]*")*)>', line)
    if not m:
        sys.exit(125)
    for aname in re.findall(r' ([A-Za-z]+)="', m.group(2)):
        for ch in aname:
            if ord(ch) - ord('a') < 0:
                sys.exit(139)
sys.exit(0)
