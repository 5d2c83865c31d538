#!/usr/bin/env python3
# a mail relay's envelope check: each recipient's local part is copied into
# a 64-byte mailbox name (RFC 5321's limit) and one longer overflows it
# (exit 3); the sender's is only logged, at any length
import sys
lines = open(sys.argv[-1], newline="").read().split("\r\n")[:-1]
for line in lines[1:]:
    local = line[len("RCPT TO:<"):-1].split("@")[0]
    if len(local) > 64:
        sys.exit(3)
sys.exit(0)
