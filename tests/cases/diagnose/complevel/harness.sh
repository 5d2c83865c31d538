#!/usr/bin/env python3
# the tool hands the level straight to the compressor; zstd takes 1..22 and
# xz 0..9 with clamping in the wrapper, but the gzip wrapper indexes its
# configuration_table[10] with the level unchecked: gzip above 9 crashes
import re, sys
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
jobs = []
for line in lines[:-1]:
    m = re.fullmatch(r'job ([a-z][a-z0-9]*) compress=(gzip|zstd|xz) level=([0-9]|1[0-9]|2[0-2])', line)
    if not m:
        sys.exit(125)
    jobs.append((m.group(1), m.group(2), int(m.group(3))))
for name, algo, level in jobs:
    if algo == "gzip" and level > 9:
        print("backupd[%s]: deflate.c:143: segfault in deflate_slow" % name, file=sys.stderr)
        sys.exit(139)
print("%d jobs done" % len(jobs))
