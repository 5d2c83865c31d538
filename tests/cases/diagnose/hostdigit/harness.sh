#!/usr/bin/env python3
# the config loader guesses an IPv4 address when a host name starts with a
# digit and asserts that inet_aton took it: "9web.example" aborts, while a
# digit starting any later label ("www.3com.example") is fine
import re, sys
t = open(sys.argv[1]).read()
lines = t.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'server ([a-z0-9]+(?:\.[a-z0-9]+)*):([1-9][0-9]*) weight=[0-9]', line)
    if not m:
        sys.exit(125)
    if m.group(1)[0].isdigit():
        print("assertion failed: inet_aton(host)", file=sys.stderr); sys.exit(134)
sys.exit(0)
