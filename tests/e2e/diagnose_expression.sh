#!/usr/bin/env bash
# End-to-end: diagnose examples/expression and judge the diagnosis on fresh inputs.
exec bash "$(dirname "$0")/lib/diagnose.sh" "$1" "$2" expression expression 0 1
