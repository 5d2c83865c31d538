#!/bin/sh
# the thumbnailer rejects (fails on) panoramas wider than 4:1
awk '{ split($2, d, "x"); exit (d[1] + 0 > 4 * (d[2] + 0)) }' "$1"
