#!/bin/sh
# fails when the temperature lies outside the sensor's range, -40 to 85
awk '{ exit ($4 + 0 < -40 || $4 + 0 > 85) }' "$1"
