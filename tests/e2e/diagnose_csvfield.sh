#!/usr/bin/env bash
# End-to-end: a rare failure (under 1% of random inputs fail) must be
# diagnosed as reliably as the others, on several seeds.
exec bash "$(dirname "$0")/lib/diagnose.sh" "$1" "$2" csvfield csv 1 1 2 3
