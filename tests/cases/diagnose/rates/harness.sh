#!/bin/sh
# fails when the rate table has no entry: air or express to zone 5
awk '{ exit (($2 == "air" || $2 == "express") && $4 == "5") }' "$1"
