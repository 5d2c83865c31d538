#!/usr/bin/env python3
# the linker builds a map of 1-KiB pages and asserts that no page is claimed
# by two regions; two overlapping regions should be a diagnostic, but they
# trip the assertion (AssertionError, exit 1). Regions that only touch
# (one ends where the other begins) are fine, whatever their order.
import re, sys
t = open(sys.argv[-1]).read()
reg = r'(rom|ram|flash|ccm|sram[0-9]) : ORIGIN = (0|[1-9][0-9]{0,2}), LENGTH = ([1-9][0-9]?)\n'
if not re.fullmatch('(?:' + reg + ')+', t):
    sys.exit(125)
owner = {}
for name, origin, length in re.findall(reg, t):
    for page in range(int(origin), int(origin) + int(length)):
        assert page not in owner, "page %d in %s and %s" % (page, owner.get(page), name)
        owner[page] = name
print(len(owner), "pages mapped")
sys.exit(0)
