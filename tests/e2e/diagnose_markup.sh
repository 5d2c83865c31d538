#!/usr/bin/env bash
# End-to-end: diagnose examples/markup and judge the diagnosis on fresh inputs.
exec bash "$(dirname "$0")/lib/diagnose.sh" "$1" "$2" markup markup 1 1 2 3
