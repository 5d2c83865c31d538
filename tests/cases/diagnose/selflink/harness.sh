#!/usr/bin/env python3
# the bridge daemon follows links to build its forwarding graph; a link
# from an interface to itself makes it forward a frame back onto its own
# port forever, and its watchdog aborts
import re, sys
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
iface = r'(?:eth|wlan|br)(?:[0-9]|[1-9][0-9])'
for line in lines[:-1]:
    up = re.fullmatch(r'up (' + iface + ')', line)
    link = re.fullmatch(r'link (' + iface + ') -> (' + iface + ')', line)
    if not up and not link:
        sys.exit(125)
    if link and link.group(1) == link.group(2):
        sys.exit(134)
print("ok")
