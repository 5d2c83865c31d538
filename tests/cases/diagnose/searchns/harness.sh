#!/usr/bin/env python3
# a name server is looked up by name; when its name ends with the search
# domain (as text), the lookup goes through the search list, which needs the
# name servers, and the resolver recurses until its stack runs out
import re, sys
text = open(sys.argv[-1]).read()
name = r"[a-d]+(?:\.[a-d]+)*"
m = re.fullmatch(r"search (%s)\n((?:nameserver %s port (?:53|853|5353)\n)+)" % (name, name), text)
if not m:
    sys.exit(125)
domain = m.group(1)
for line in m.group(2).splitlines():
    host = line.split()[1]
    if host.endswith(domain):
        sys.exit(139)
print("ok")
