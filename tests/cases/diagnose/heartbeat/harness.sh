#!/usr/bin/env python3
# a heartbeat responder replayed on a capture: for each request it copies
# "len" bytes out of the record's payload buffer into the response, the
# way OpenSSL 1.0.1 did (CVE-2014-0160), trusting the declared length. The
# buffer holds only the bytes received (half as many as hex digits), so a
# declared length above them reads past the record: the replay runs under
# a bounds checker, which aborts (exit 1).
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:hb seq=(?:[0-9]|[1-9][0-9]) len=(?:[0-9]|[1-9][0-9]) data=(?:[0-9a-f][0-9a-f])*\n)+', text):
    sys.exit(125)
for seq, plen, data in re.findall(r'hb seq=([0-9]+) len=([0-9]+) data=([0-9a-f]*)\n', text):
    record = bytes.fromhex(data)
    n = int(plen)
    if n > len(record):
        print("heap-buffer-overflow: read of %d bytes from a %d-byte record (seq %s)"
              % (n, len(record), seq), file=sys.stderr)
        sys.exit(1)
    response = record[:n]
print("replayed")
sys.exit(0)
