#!/usr/bin/env python3
# the chassis resonates when a fan runs at 1000 rpm or more on a multiple
# of 125 rpm: the controller's vibration guard trips (exit 4)
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:fan [a-z][a-z0-9]* rpm=(?:[0-9]|[1-9][0-9]+)\n)+', text):
    sys.exit(125)
for name, rpm in re.findall(r'fan ([a-z][a-z0-9]*) rpm=([0-9]+)\n', text):
    r = int(rpm)
    if r >= 1000 and r % 125 == 0:
        print("fanctl: vibration guard tripped by %s at %d rpm" % (name, r), file=sys.stderr)
        sys.exit(4)
print("profile applied")
