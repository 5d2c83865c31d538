#!/bin/sh
# fails when the subject line holds more than 60 characters (a fixed buffer)
awk 'NR == 2 { s = substr($0, 10); exit (length(s) > 60) }' "$1"
