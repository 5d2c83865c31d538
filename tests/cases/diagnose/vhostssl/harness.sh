#!/usr/bin/env python3
# the server refuses to start when a vhost listens on 443 in plain text
# (exit 78, EX_CONFIG); 443 with TLS is fine, as is plain text elsewhere
import sys
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    _, name, port, tls = line.split(" ")
    if port == "port=443" and tls == "tls=off":
        sys.exit(78)
sys.exit(0)
