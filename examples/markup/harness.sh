#!/bin/sh
# harness.sh for examples/markup: strips the tags from the input file (the last
# argument) with the buggy and with the fixed remove_html_markup() and compares
# the texts. Verdicts: 0 pass (same text); 1 fail (they differ); 125 undefined
# (not text with tags).
. "$(dirname "$0")/../subject.sh"
subject_find markup
subject_input "$@"
got=$("$subject_bin" "$subject_input") || exit $?
want=$("$subject_bin" --fixed "$subject_input") || exit $?
if [ "$got" != "$want" ]; then
  echo "markup: wrong output: got '$got', expected '$want'" >&2
  exit 1
fi
printf '%s\n' "$got"
