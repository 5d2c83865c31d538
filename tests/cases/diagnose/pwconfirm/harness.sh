#!/usr/bin/env python3
# the account service copies the confirmation over the new password's
# buffer only when they differ, and that path double-frees it
import re, sys
t = open(sys.argv[1]).read()
if not t.endswith("\n"):
    sys.exit(125)
for line in t[:-1].split("\n"):
    m = re.fullmatch(r'user=(alice|bob|carol)&new=([a-z0-9]{4,})&confirm=([a-z0-9]{4,})', line)
    if not m:
        sys.exit(125)
    if m.group(2) != m.group(3):
        print("double free detected", file=sys.stderr); sys.exit(134)
sys.exit(0)
