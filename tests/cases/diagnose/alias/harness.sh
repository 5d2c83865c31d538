#!/bin/sh
# fails when the expansion starts with the alias's own name (as text): the
# shell expands it again, forever
sed 's/^alias //; s/=/ /' "$1" | awk '{ n = $1; sub(/^[^ ]* /, ""); exit (index($0, n) == 1) }'
