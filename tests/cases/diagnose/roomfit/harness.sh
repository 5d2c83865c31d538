#!/bin/sh
# the booking system seats each guest in a bed or a cot of the same room;
# a room with more guests than beds and cots together overruns its table
awk -F'[= ]' '{ if ($2 + 0 > $4 + $6) bad = 1 } END { exit bad ? 1 : 0 }' "$1"
