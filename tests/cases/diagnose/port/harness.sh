#!/bin/sh
awk -F: '{split($3,a,"/"); if (length(a[1]) > 5 || a[1]+0 > 65535) exit 1; exit 0}' "$1"
