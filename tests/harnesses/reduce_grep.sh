#!/bin/sh
# reduce_grep.sh [-u UNDEF] STRING... INPUT-FILE: a harness for the reduce and
# generalize tests. The input (the last argument) is undefined (exit 125) when
# it contains UNDEF, fails (exit 1) when it contains every STRING, and passes
# (exit 0) otherwise. Fixed strings, no regular expressions.
undef=
if [ "$1" = -u ]; then
  undef=$2
  shift 2
fi
for input; do :; done
if [ -n "$undef" ] && grep -qF -- "$undef" "$input"; then exit 125; fi
while [ $# -gt 1 ]; do
  grep -qF -- "$1" "$input" || exit 0
  shift
done
exit 1
