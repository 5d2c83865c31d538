#!/usr/bin/env python3
# the reader keeps an element's attributes in a map and rejects a name given
# twice in one element ("duplicate attribute", exit 4); the same name in two
# elements is fine
import re, sys
text = open(sys.argv[-1]).read()
attr = r' (?:id|class|src|href|alt|type)="[a-z0-9]*"'
if not re.fullmatch(r'(?:<(?:img|a|div|input)(?:' + attr + r')*/>\n)+', text):
    sys.exit(125)
for line in text.split("\n")[:-1]:
    names = re.findall(r' ([a-z]+)="', line)
    if len(names) != len(set(names)):
        print("xml: duplicate attribute in %s" % line.split()[0], file=sys.stderr)
        sys.exit(4)
print("parsed")
