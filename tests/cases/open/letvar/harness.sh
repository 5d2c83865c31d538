#!/usr/bin/env python3
# printing a variable that no earlier let bound raises NameError (exit 1)
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:let [a-d] = [0-9]+\n|print [a-d]\n)+', text):
    sys.exit(125)
env = {}
for line in text.split("\n")[:-1]:
    p = line.split()
    if p[0] == "let":
        env[p[1]] = int(p[3])
    elif p[1] not in env:
        print("NameError: name '%s' is not defined" % p[1], file=sys.stderr)
        sys.exit(1)
print("ok")
