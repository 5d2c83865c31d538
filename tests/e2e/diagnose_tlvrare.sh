#!/usr/bin/env bash
# End-to-end: diagnose examples/tlvrare and judge the diagnosis on fresh inputs.
# (One seed: `semdbg fuzz --constraint TRUTH` cannot make fresh failing inputs for
# this rare failure yet, so the meaning is not judged and more seeds add only time.)
exec bash "$(dirname "$0")/lib/diagnose.sh" "$1" "$2" tlvrare tlvrare 0 1
