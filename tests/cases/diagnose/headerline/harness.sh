#!/bin/sh
# fails when a header line, its newline included, is longer than 40 bytes
# (a fixed line buffer of 40); the blank line ending the headers is fine
awk 'length($0) + 1 > 40 { bad = 1 } END { exit bad }' "$1"
