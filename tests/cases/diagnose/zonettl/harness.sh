#!/usr/bin/env python3
# a managed DNS provider's zone import (its API follows Cloudflare's): a
# TTL of 1 means "automatic" (the provider picks it); any other TTL must
# be at least the plan's minimum of 60 seconds, and a record with a TTL
# below it (0 included: it is no "default" here) is refused, which rolls
# the whole import back (exit 1). The plan's maximum, 86400, is above
# anything a 4-digit TTL can reach; record types and names do not matter.
import re, sys
text = open(sys.argv[-1]).read()
O = r'(?:[0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])'
if not re.fullmatch(r'(?:(?:@|[a-z][a-z0-9-]*) (?:[0-9]|[1-9][0-9]{1,3}) IN '
                    r'(?:A %s\.%s\.%s\.%s|CNAME [a-z][a-z0-9-]*\.[a-z]+\.)\n)+' % (O, O, O, O), text):
    sys.exit(125)
AUTOMATIC, MINIMUM = 1, 60
for owner, ttl in re.findall(r'(\S+) ([0-9]+) IN .*\n', text):
    t = int(ttl)
    if t != AUTOMATIC and t < MINIMUM:
        print("import: record %s: TTL %d is below the minimum of %d seconds "
              "(use 1 for automatic)" % (owner, t, MINIMUM), file=sys.stderr)
        sys.exit(1)
print("zone imported")
sys.exit(0)
