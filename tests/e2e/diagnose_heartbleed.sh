#!/usr/bin/env bash
# End-to-end: diagnose examples/heartbleed and judge the diagnosis on fresh inputs.
exec bash "$(dirname "$0")/lib/diagnose.sh" "$1" "$2" heartbleed heartbleed 1 1 2 3
