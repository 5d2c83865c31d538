#!/bin/sh
# the square root of a negative number fails (an unchecked domain error);
# the other functions take any number
awk -F'[()]' '{ if ($1 == "sqrt" && $2 + 0 < 0) exit 1; exit 0 }' "$1"
