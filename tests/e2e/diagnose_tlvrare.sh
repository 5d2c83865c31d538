#!/usr/bin/env bash
# End-to-end: diagnose examples/tlvrare and judge the diagnosis on fresh inputs.
exec bash "$(dirname "$0")/lib/diagnose.sh" "$1" "$2" tlvrare tlvrare 0 1 2 3
