#!/usr/bin/env python3
# the gateway allocates the user-data buffer from the declared length (udl)
# and copies the whole text into it: a text longer than udl overflows the
# buffer (exit 139, as the crash). A shorter text is padded: fine.
import re, sys
t = open(sys.argv[-1]).read()
sms = r'to=\+([1-9][0-9]{3,}) udl=(\d+) ud=([a-zA-Z0-9 .,]*)\n'
if not re.fullmatch('(?:' + sms + ')+', t):
    sys.exit(125)
for dest, udl, text in re.findall(sms, t):
    if len(text) > int(udl):
        print("Segmentation fault", file=sys.stderr)
        sys.exit(139)
sys.exit(0)
