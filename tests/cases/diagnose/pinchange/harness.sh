#!/bin/sh
# fails when the new PIN is the same as the old one (compared as text: "0123"
# and "00123" differ)
awk '{ exit (($2 "") == ($4 "")) }' "$1"
