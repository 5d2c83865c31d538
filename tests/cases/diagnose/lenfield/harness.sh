#!/bin/sh
# fails when the declared length exceeds the payload's length by more than 2
awk -F: '{ if ($1 + 0 > length($2) + 2) exit 1; exit 0 }' "$1"
