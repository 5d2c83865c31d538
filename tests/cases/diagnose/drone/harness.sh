#!/bin/sh
# the drone can lift 5 kg: dispatch fails on a drone delivery heavier than that
awk '$4 == "drone" && $3 + 0 > 5 { bad = 1 } END { exit bad }' "$1"
