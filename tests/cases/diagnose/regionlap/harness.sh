#!/usr/bin/env python3
# the flasher checks each region (end above start) and then writes the
# regions in order, erasing each region's blocks first: a region that starts
# before the previous one ended erases what was just written, and the
# verify step fails
import re, sys
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
regs = []
for line in lines[:-1]:
    m = re.fullmatch(r'region (boot|kernel|rootfs|data|nvram) (0|[1-9][0-9]*)-([1-9][0-9]*)', line)
    if not m:
        sys.exit(125)
    lo, hi = int(m.group(2)), int(m.group(3))
    if hi <= lo:
        sys.exit(125)
    regs.append((m.group(1), lo, hi))
for i in range(1, len(regs)):
    if regs[i][1] < regs[i - 1][2]:
        print("flash: verify failed in region %s at %d KiB (erased by %s)" % (regs[i - 1][0], regs[i][1], regs[i][0]), file=sys.stderr)
        sys.exit(3)
print("flashed %d regions" % len(regs))
