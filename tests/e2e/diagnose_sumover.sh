#!/usr/bin/env bash
# End-to-end: diagnose examples/sumover and judge the diagnosis on fresh inputs.
exec bash "$(dirname "$0")/lib/diagnose.sh" "$1" "$2" sumover sumover 1 1 2 3
