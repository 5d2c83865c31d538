#!/usr/bin/env python3
# the dashboard indexes a 100-entry color ramp with the percentage: any
# column (cpu, mem or disk) at 100 or above reads past it (IndexError, a crash)
import re, sys
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if len(lines) < 3 or lines[0] != "host,cpu,mem,disk" or lines[-1] != "":
    sys.exit(125)
ramp = ["#%02x%02x00" % (int(2.55 * i), 255 - int(2.55 * i)) for i in range(100)]
pct = r'([0-9]|[1-9][0-9]|[1-9][0-9][0-9])'
for line in lines[1:-1]:
    m = re.fullmatch(r'[a-z][a-z0-9-]*\.(?:lan|internal|example\.com),' + pct + ',' + pct + ',' + pct, line)
    if not m:
        sys.exit(125)
    colors = [ramp[int(v)] for v in m.groups()]
print("rendered")
