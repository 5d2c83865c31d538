#!/usr/bin/python3 -S
# the card reader replays the journal to rebuild the balance; the card holds
# it unsigned, so the replay checks every fare against the balance so far and
# aborts with "balance underflow" (exit 2) when a fare takes it below zero.
# Top-ups later in the journal do not help a fare before them, and a fare
# leaving exactly 0 is fine: the failure is the running sum
# load + topups - fares going negative at some point of the sequence.
import re, sys
t = open(sys.argv[-1], "rb").read().decode("latin-1")
amount = r'(?:0|[1-9][0-9]?)'
if not re.fullmatch(r'load ' + amount + r'\n(?:(?:topup|fare) ' + amount + r'\n)+', t):
    sys.exit(125)
balance = 0
for line in t.split("\n")[:-1]:
    op, n = line.split(" ")
    if op == "fare":
        if int(n) > balance:
            print("balance underflow: fare %s on %d" % (n, balance), file=sys.stderr)
            sys.exit(2)
        balance -= int(n)
    else:
        balance += int(n)
print("balance", balance)
sys.exit(0)
