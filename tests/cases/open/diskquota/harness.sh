#!/usr/bin/env python3
# the server checks each upload against its plan's limit with an assertion
# meant for debugging (AssertionError, exit 1): free plans take up to 100
# MB, basic 750, pro 2000, team 5000. Retries play no part.
import re, sys
t = open(sys.argv[-1]).read()
rec = r'upload plan=(free|basic|pro|team) mb=([1-9][0-9]{0,3}) retries=([0-9])\n'
if not re.fullmatch('(?:' + rec + ')+', t):
    sys.exit(125)
LIMIT = {"free": 100, "basic": 750, "pro": 2000, "team": 5000}
used = 0
for plan, mb, retries in re.findall(rec, t):
    assert int(mb) <= LIMIT[plan], "over the %s plan's limit" % plan
    used += int(mb)
print("stored %d MB" % used)
sys.exit(0)
