#!/usr/bin/env bash
# End-to-end: diagnose examples/decimal and judge the diagnosis on fresh inputs.
exec bash "$(dirname "$0")/lib/diagnose.sh" "$1" "$2" decimal decimal 1 1 2 3
