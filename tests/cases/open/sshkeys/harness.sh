#!/usr/bin/env python3
# sshd's key loader, two independent bugs with one outcome (exit 255, the
# connection is dropped): DSA keys were removed and the "ssh-dss" lookup in
# the type table returns NULL; and the base64 decoder requires a multiple of
# 4 characters (padding included) and aborts on a short final quantum,
# whatever the key type.
import re, sys
t = open(sys.argv[-1]).read()
rec = r'(ssh-rsa|ssh-ed25519|ssh-dss|ecdsa-sha2-nistp256) ([A-Za-z0-9+/]+(?:=|==)?) ([a-z]+@[a-z]+)\n'
if not re.fullmatch('(?:' + rec + ')+', t):
    sys.exit(125)
TYPES = {"ssh-rsa": 1, "ssh-ed25519": 2, "ecdsa-sha2-nistp256": 3}
for typ, blob, comment in re.findall(rec, t):
    if len(blob) % 4 != 0:
        print("fatal: base64 decode: bad length", file=sys.stderr)
        sys.exit(255)
    if TYPES.get(typ) is None:
        print("fatal: NULL key type", file=sys.stderr)
        sys.exit(255)
print("ok")
sys.exit(0)
