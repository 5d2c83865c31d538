#!/bin/sh
# the hardening check rejects a mount point under /tmp/ (not /tmp itself)
awk '{ exit (index($2, "/tmp/") == 1) }' "$1"
