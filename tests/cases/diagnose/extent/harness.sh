#!/bin/sh
# fails when the range spans more than 512 blocks: last - first > 512
tr -- '-' ' ' < "$1" | awk '{ exit ($3 - $2 > 512) }'
