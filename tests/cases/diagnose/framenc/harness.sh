#!/usr/bin/env python3
# the radio driver encodes each payload and copies it into its fixed 256-byte
# transmit buffer; the length check was written for raw frames only and
# lives in the raw path's caller (which nobody calls any more), so the copy
# is unchecked: an encoded payload longer than 256 bytes does not fit
# (ValueError from the memoryview slice assignment, exit 1). Encoded sizes:
# raw len, hex 2*len, base64 4*ceil(len/3), so the longest payload that fits
# is 256 raw, 128 hex and 192 base64 bytes. The channel plays no part.
import base64, re, sys
t = open(sys.argv[-1]).read()
rec = r'frame enc=(raw|hex|base64) len=([1-9][0-9]{0,2}) ch=([0-9]|1[0-5])\n'
if not re.fullmatch('(?:' + rec + ')+', t):
    sys.exit(125)
ENC = {"raw": lambda b: b, "hex": lambda b: b.hex().encode(), "base64": base64.b64encode}
txbuf = memoryview(bytearray(256))
for enc, n, ch in re.findall(rec, t):
    payload = bytes(i & 0xff for i in range(int(n)))
    data = ENC[enc](payload)
    txbuf[:len(data)] = data
    print("ch %s: %d bytes on air" % (ch, len(data)))
sys.exit(0)
