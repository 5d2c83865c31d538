#!/usr/bin/env bash
# End-to-end: diagnose examples/twocause and judge the diagnosis on fresh inputs.
exec bash "$(dirname "$0")/lib/diagnose.sh" "$1" "$2" twocause twocause 1 1 2 3
