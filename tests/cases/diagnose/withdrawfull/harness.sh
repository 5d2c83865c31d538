#!/usr/bin/env python3
# the ledger stores balances as unsigned with an overdraft floor: a
# withdrawal that takes the account to minus its overdraft limit or below trips
# the invariant check (assert balance - amount > -overdraft)
import re, sys
t = open(sys.argv[1]).read()
lines = t.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'acct [A-Z][0-9][0-9] balance=(0|[1-9][0-9]{0,2}) withdraw=([1-9][0-9]{0,2}) overdraft=(0|[1-9][0-9]?)', line)
    if not m:
        sys.exit(125)
    bal, amt, od = (int(m.group(k)) for k in (1, 2, 3))
    if amt - bal >= od:
        print("ledger: assertion `balance - amount > -overdraft' failed", file=sys.stderr)
        sys.exit(134)
sys.exit(0)
