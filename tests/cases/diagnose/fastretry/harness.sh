#!/usr/bin/env python3
# the fast path has no retry loop: a fast job with any retries aborts
import re, sys
m = re.match(r'job \w+ mode=(\w+) retries=(\d+) backoff=(\d+)', open(sys.argv[1]).read())
sys.exit(1 if m.group(1) == "fast" and int(m.group(2)) > 0 else 0)
