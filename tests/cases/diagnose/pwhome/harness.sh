#!/usr/bin/env python3
# the account auditor stats each home directory and dereferences the
# result's path component: an empty home field gives a null pointer (crash)
import re, sys
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'[a-z_][a-z0-9_-]*:x:(?:0|[1-9][0-9]*):(?:0|[1-9][0-9]*):[A-Za-z0-9 ,]*:(|/|(?:/[a-z0-9_]+)+):(/bin/sh|/bin/bash|/usr/sbin/nologin|/bin/false)', line)
    if not m:
        sys.exit(125)
    if m.group(1) == "":
        sys.exit(139)
print("audited")
