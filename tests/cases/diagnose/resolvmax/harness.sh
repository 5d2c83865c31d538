#!/usr/bin/env python3
# a resolver keeping MAXNS = 3 servers: a fourth nameserver line overflows
# its table (fails); 125 for a line it does not know
import re, sys
n = 0
for line in open(sys.argv[1]).read().splitlines():
    if re.fullmatch(r'nameserver [0-9.]+', line):
        n += 1
    elif not re.fullmatch(r'(search [a-z]+\.[a-z]+|options (rotate|edns0|ndots:[0-9]))', line):
        sys.exit(125)
sys.exit(1 if n > 3 else 0)
