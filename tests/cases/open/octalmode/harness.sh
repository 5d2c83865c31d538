#!/usr/bin/env python3
# the installer reads numbers with strtol(s, &end, 0) and asserts *end == 0:
# a leading 0 makes a number octal, and an 8 or a 9 in it then stops the
# parse early ("0644" and "755" pass, "0648" aborts; "89" is decimal, fine)
import re, sys
t = open(sys.argv[1]).read()
lines = t.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'install (/etc/app\.conf|/usr/bin/app|/var/lib/app) mode=([0-9]{1,4}) umask=([0-9]{1,4})', line)
    if not m:
        sys.exit(125)
    for s in (m.group(2), m.group(3)):
        if s.startswith("0") and re.search(r'[89]', s):
            print("assertion failed: *end == 0", file=sys.stderr); sys.exit(134)
sys.exit(0)
