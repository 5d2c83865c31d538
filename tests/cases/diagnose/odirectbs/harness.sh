#!/usr/bin/env python3
# a disk benchmark that opens the device with O_DIRECT: every transfer
# must be a whole number of 512-byte logical sectors, so a block size that
# is not a multiple of 512 gets EINVAL from the first read or write and
# the run fails (exit 1). bs=0 selects the device's default block size
# (4096) and passes; the queue depth is any.
import re, sys
SECTOR = 512
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:job [a-z][a-z0-9]* rw=(?:read|write|randread|randwrite) bs=(?:[0-9]|[1-9][0-9]{1,4}) depth=(?:[1-9]|[1-9][0-9])\n)+', text):
    sys.exit(125)
for name, rw, bs, depth in re.findall(r'job (\S+) rw=(\S+) bs=([0-9]+) depth=([0-9]+)\n', text):
    size = int(bs) or 4096
    if size % SECTOR != 0:
        print("%s: %s of %d bytes: Invalid argument (O_DIRECT)" % (name, rw, size), file=sys.stderr)
        sys.exit(1)
print("benchmark done")
sys.exit(0)
