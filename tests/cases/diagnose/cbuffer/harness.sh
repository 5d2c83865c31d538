#!/usr/bin/env python3
# a lint for C initialisers: fails when the string and its terminating NUL
# do not fit the array (strlen(text) >= size)
import re, sys
bad = False
for m in re.finditer(r'char ([a-z_]+)\[(\d+)\] = "([^"]*)";', open(sys.argv[1]).read()):
    if len(m.group(3)) >= int(m.group(2)):
        bad = True
sys.exit(1 if bad else 0)
