#!/usr/bin/env bash
# End-to-end: diagnose examples/utf8 and judge the diagnosis on fresh inputs.
exec bash "$(dirname "$0")/lib/diagnose.sh" "$1" "$2" utf8 utf8 1 1 2 3
