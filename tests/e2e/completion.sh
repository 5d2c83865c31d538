#!/usr/bin/env bash
# completion.sh: the bash completion (completion/semdbg.bash) offers, from the
# help of the semdbg it completes, every command at the first word and every
# option of every command `semdbg --help` lists (the diagnosis's when no
# command is given), the values of --compare and --timeout-verdict, and files
# (grammars for --grammar).
# $1 = semdbg binary, $2 = build directory; runs from the project root.
set -u
semdbg=$(realpath "$1")
failures=0 passed=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
# compopt works only inside a completion that bash runs; here it is a no-op
compopt() { :; }
source completion/semdbg.bash

# complete WORD... : COMPREPLY for the command line, the cursor on the last word
complete_line() {
  COMP_WORDS=("$semdbg" "$@")
  COMP_CWORD=$#
  _semdbg
}
# offers WORD... : EXPECTED...: every EXPECTED is among the completions
offers() {
  local words=() want
  while [[ $1 != : ]]; do words+=("$1"); shift; done
  shift
  complete_line "${words[@]}"
  for want in "$@"; do
    printf '%s\n' "${COMPREPLY[@]}" | grep -qxF -- "$want" ||
      { fail "semdbg ${words[*]}<TAB> does not offer '$want' (offers: ${COMPREPLY[*]:0:20})"; return; }
  done
  passed=$((passed + 1))
}

commands=$("$semdbg" --help | sed -n '/^commands:/,/^$/p' | awk 'NF >= 2 {print $1}')
offers "" : $commands
offers "fu" : fuzz
offers "--" : --help --version --grammar --test --max-runs
offers fuzz --max : --max-size
offers run --compare "" : status stdout both
offers reduce --timeout-verdict u : undefined
offers check --grammar grammars/heart : grammars/heartbleed.bnf
complete_line check --grammar grammars/
printf '%s\n' "${COMPREPLY[@]}" | grep -q '\.bnf$' &&
  ! printf '%s\n' "${COMPREPLY[@]}" | grep -qv '\.bnf$' && passed=$((passed + 1)) ||
  fail "--grammar offers more than grammars: ${COMPREPLY[*]}"
complete_line fuzz --seed ""
((${#COMPREPLY[@]} == 0)) && passed=$((passed + 1)) || fail "--seed N offers ${COMPREPLY[*]}"

# every option of every command's help
for cmd in $commands; do
  options=$("$semdbg" "$cmd" --help | grep -oE '^  (-[A-Za-z0-9], )?--?[A-Za-z0-9][A-Za-z0-9-]*' |
            tr ', ' '\n\n' | grep .)
  offers "$cmd" - : $options
done

echo "completion: $passed passed, $failures failed"
[[ $failures == 0 ]]
