#!/usr/bin/env python3
# the settings loader strips comments with line.split("#")[0] BEFORE it
# unquotes the value, so a "#" inside a quoted value cuts the value off and
# leaves an unterminated quote; the unquoting then raises ValueError (exit 1).
# A "#" in a trailing comment, a ";" anywhere, and spaces in quotes are fine.
import re, sys
t = open(sys.argv[-1]).read()
entry = r'[a-z]+ = (?:[a-z0-9]+|"[a-z0-9 #;]*")(?: # [a-z #;]*)?\n'
if not re.fullmatch('(?:' + entry + ')+', t):
    sys.exit(125)
def unquote(v):
    if v.startswith('"'):
        if len(v) < 2 or not v.endswith('"'):
            raise ValueError("unterminated string: " + v)
        return v[1:-1]
    return v
settings = {}
for ln in t.split("\n")[:-1]:
    s = ln.split("#")[0].rstrip()
    key, val = s.split(" = ", 1)
    settings[key] = unquote(val)
print(settings)
sys.exit(0)
