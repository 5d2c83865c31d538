#!/usr/bin/env python3
# a load balancer's config loader: backend host names go through a strict
# RFC 1123 check (letters, digits, hyphens and dots; an underscore, common
# in Docker service names, is rejected), and weights are percentages of the
# traffic share, 0 to 100; either error aborts the load (exit 2)
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:server [a-z][a-z0-9_-]*(?:\.[a-z][a-z0-9_-]*)*:(?:80|443|8080|8443) weight=(?:[0-9]|[1-9][0-9]{1,2})\n)+', text):
    sys.exit(125)
for host, port, weight in re.findall(r'server ([^:]+):([0-9]+) weight=([0-9]+)\n', text):
    if not re.fullmatch(r'[a-z0-9-]+(?:\.[a-z0-9-]+)*', host):
        print("backend %s: invalid host name" % host, file=sys.stderr)
        sys.exit(2)
    if int(weight) > 100:
        print("backend %s: weight %s out of range 0-100" % (host, weight), file=sys.stderr)
        sys.exit(2)
print("pool loaded")
sys.exit(0)
