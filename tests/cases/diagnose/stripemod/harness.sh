#!/usr/bin/env python3
# the striping code maps a volume as size // chunk whole chunks and asserts
# that this covers the volume; nobody thought of a size that is not a
# multiple of the chunk size (it should round down and warn), so such a
# volume trips the assertion (AssertionError, exit 1). The name plays no part.
import re, sys
t = open(sys.argv[-1]).read()
vol = r'volume ([a-z]+) size=([1-9][0-9]{0,3}) chunk=([1-9][0-9]?)\n'
if not re.fullmatch('(?:' + vol + ')+', t):
    sys.exit(125)
for name, size, chunk in re.findall(vol, t):
    size, chunk = int(size), int(chunk)
    stripes = size // chunk
    assert stripes * chunk == size, "volume %s: tail not mapped" % name
    print("%s: %d stripes of %d KiB" % (name, stripes, chunk))
sys.exit(0)
