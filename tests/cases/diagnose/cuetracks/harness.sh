#!/usr/bin/env python3
# the burner numbers the disc's table of contents from the first track on and
# asserts that each TRACK line carries the next number (a gap or a repeat
# aborts the burn); the times are not checked against each other
import re, sys
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
nums = []
for line in lines[:-1]:
    m = re.fullmatch(r'TRACK ([0-9][0-9]) AUDIO TITLE "[A-Z][a-z ]*" INDEX [0-7][0-9]:[0-5][0-9]', line)
    if not m:
        sys.exit(125)
    nums.append(int(m.group(1)))
for i in range(1, len(nums)):
    if nums[i] != nums[i - 1] + 1:
        print("cdrburn: toc.c:77: toc_add: Assertion `n == toc->last + 1' failed.", file=sys.stderr)
        sys.exit(134)
print("toc: %d tracks" % len(nums))
