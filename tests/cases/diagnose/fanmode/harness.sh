#!/usr/bin/env python3
# only the turbo mode may spin the fan above 3000 rpm: any other profile
# above that trips the controller's watchdog
import re, sys
for line in open(sys.argv[1]).read().splitlines():
    m = re.fullmatch(r'profile [a-z][a-z0-9]* mode=(quiet|eco|normal|turbo) rpm=(0|[1-9][0-9]*)( duty=[0-9]{1,2}%)?', line)
    if not m:
        sys.exit(125)
    if m.group(1) != "turbo" and int(m.group(2)) > 3000:
        sys.exit(1)
sys.exit(0)
