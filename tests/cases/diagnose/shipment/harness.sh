#!/bin/sh
# fails when a package weighs more than 40 kg, or the shipment is flagged
# as hazardous material
awk '$1 == "package" && $4 + 0 > 40 { bad = 1 }
     $1 == "flag" && $2 == "hazmat" { bad = 1 }
     END { exit bad }' "$1"
