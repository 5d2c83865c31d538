#!/usr/bin/env bash
# End-to-end: diagnose examples/tlvrare and judge the diagnosis on fresh inputs
# (random ones and, since the failure is too rare for them alone, inputs of
# the example's biased generator fresh.py), strictly, on three seeds.
exec bash "$(dirname "$0")/lib/diagnose.sh" "$1" "$2" tlvrare tlvrare 1 1 2 3
