#!/usr/bin/env python3
# the policy compiler loads the IRC conntrack helper for every port it allows
# in 6665-6669; the helper's table is not initialised and it aborts. A deny or
# log rule on those ports, or an allow rule elsewhere, is fine.
import re, sys
for line in open(sys.argv[1]).read().splitlines():
    m = re.fullmatch(r'(allow|deny|log) tcp ([0-9]+)', line)
    if not m:
        sys.exit(125)
    if m.group(1) == "allow" and 6665 <= int(m.group(2)) <= 6669:
        print("irc helper: NULL table", file=sys.stderr); sys.exit(134)
sys.exit(0)
