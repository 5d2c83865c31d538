#!/bin/sh
# fails when a parcel weighs more than 9000 grams, or goes to the islands
awk '{ exit ($2 + 0 > 9000 || $4 == "islands") }' "$1"
