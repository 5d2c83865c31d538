#!/usr/bin/env python3
# a small mail relay with two bugs: EXPN's slot in the command table is a
# null handler (crash), and a local part is copied into a 17-byte buffer
# with its terminator (more than 16 bytes overflow it, crash)
import re, sys
text = open(sys.argv[-1], "rb").read().decode("latin-1")
m = re.fullmatch(r'HELO [a-z]+\.[a-z]+\r\n((?:(?:(?:MAIL FROM:|RCPT TO:|VRFY|EXPN) [a-z][a-z0-9.]*@[a-z]+\.[a-z]+|RSET|NOOP)\r\n)+)QUIT\r\n', text)
if not m:
    sys.exit(125)
for line in m.group(1).split("\r\n")[:-1]:
    if line in ("RSET", "NOOP"):
        continue
    verb, addr = line.rsplit(" ", 1)
    if verb == "EXPN":
        sys.exit(139)
    if len(addr.split("@")[0]) > 16:
        sys.exit(139)
print("250 ok")
