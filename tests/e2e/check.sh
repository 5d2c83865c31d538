#!/usr/bin/env bash
# check.sh: end-to-end tests of `semdbg check`. Runs every case in
# tests/cases/check/*.cases (format: tests/cases/check/README.md) through the
# command line, then checks the CLI itself: output formats, --print, error
# reports with a caret, exit statuses. $1 = semdbg binary, $2 = build dir.
set -u
BIN=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

passed=0
failed=0
fail() {
  echo "FAIL: $*" >&2
  failed=$((failed + 1))
}

# run_case FILE LINE GRAMMAR CONSTRAINT INPUT EXPECT
run_case() {
  local where="$1:$2" grammar=$3 constraint=$4 input=$5 expect=$6 rc
  if [[ $expect == error:* ]]; then
    local frag=${expect#error: }
    [[ $frag =~ ^[0-9]+:[0-9]+: ]] && frag="constraint:$frag"
    "$BIN" check -q --grammar "$grammar" --constraint "$constraint" --print \
      >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [[ $rc != 2 ]] || ! grep -qF -- "$frag" "$tmp/err"; then
      fail "$where: expected exit 2 and '$frag', got exit $rc: $(head -c 300 "$tmp/err")"
      return
    fi
  else
    printf '%b' "$input" >"$tmp/input"
    "$BIN" check -q --grammar "$grammar" --constraint "$constraint" "$tmp/input" \
      >"$tmp/out" 2>"$tmp/err"
    rc=$?
    local want_rc want_out
    case $expect in
      true) want_rc=0 want_out=": satisfied" ;;
      false) want_rc=1 want_out=": not satisfied" ;;
      input-error) want_rc=2 want_out=": does not parse" ;;
      *) fail "$where: bad expectation '$expect'"; return ;;
    esac
    if [[ $rc != "$want_rc" ]] || ! grep -qF -- "$want_out" "$tmp/out"; then
      fail "$where: expected $expect, got exit $rc: $(head -c 300 "$tmp/out" "$tmp/err")"
      return
    fi
  fi
  passed=$((passed + 1))
}

ncase=0
for file in tests/cases/check/*.cases; do
  grammar="" bnf="" constraint="" input="" lineno=0
  fresh_constraint=1 fresh_bnf=1
  while IFS= read -r line || [[ -n $line ]]; do
    lineno=$((lineno + 1))
    [[ -z ${line//[[:space:]]/} || $line == \#* ]] && continue
    key=${line%%:*}
    value=${line#*:}
    value=${value# }
    case $key in
      grammar) grammar=$value fresh_bnf=1 ;;
      bnf)
        if ((fresh_bnf)); then bnf=$value; else bnf+=$'\n'$value; fi
        fresh_bnf=0
        ncase=$((ncase + 1))
        grammar="$tmp/inline$ncase.bnf"
        printf '%s\n' "$bnf" >"$grammar"
        ;;
      constraint)
        if ((fresh_constraint)); then constraint=$value; else constraint+=$'\n'$value; fi
        fresh_constraint=0
        ;;
      input) input=$value ;;
      expect)
        run_case "$file" "$lineno" "$grammar" "$constraint" "$input" "$value"
        fresh_constraint=1 fresh_bnf=1
        ;;
      *) fail "$file:$lineno: unknown key '$key'" ;;
    esac
  done <"$file"
done
echo "check cases: $passed passed, $failed failed"
cases_passed=$passed

# ---- the command line itself ----
G=grammars/heartbleed.bnf
HB='exists <payload-length> n: exists <payload> p: str.to.int(n) > str.len(p)'
printf '\x01 5 abc pad' >"$tmp/fail.txt"
printf '\x01 2 abc pad' >"$tmp/pass.txt"
printf '\x01 x abc pad' >"$tmp/bad.txt"

expect_rc() { # WANT DESCRIPTION CMD...
  local want=$1 what=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [[ $rc != "$want" ]]; then
    fail "$what: exit $rc, expected $want: $(head -c 300 "$tmp/err")"
    return 1
  fi
  passed=$((passed + 1))
}
expect_in() { # FILE TEXT DESCRIPTION
  if grep -qF -- "$2" "$1"; then passed=$((passed + 1)); else fail "$3: no '$2' in $(head -c 400 "$1")"; fi
}

expect_rc 0 "--print" "$BIN" check -g $G --print -c "$HB"
expect_in "$tmp/out" 'isla:  exists <payload-length> n in start: exists <payload> p in start: (> (str.to.int n) (str.len p))' "--print isla"
expect_in "$tmp/out" 'short: str.to.int(<payload-length>) > str.len(<payload>)' "--print short"
expect_rc 0 "--print free nonterminals" "$BIN" check -g $G --print -c '(> (str.to.int <payload-length>) (str.len <payload>))'
expect_in "$tmp/out" 'short: str.to.int(<payload-length>) > str.len(<payload>)' "short form with free nonterminals"
expect_in "$tmp/out" 'isla:  forall <payload> payload in start: forall <payload-length> payload-length in start: (> (str.to.int payload-length) (str.len payload))' "isla of free nonterminals"

expect_rc 0 "satisfied" "$BIN" check -g $G -c "$HB" "$tmp/fail.txt"
expect_in "$tmp/out" 'n = "5"  (<payload-length> at bytes 2..3, path 0 1)' "binding of n"
expect_in "$tmp/out" 'p = "abc"  (<payload> at bytes 4..7, path 0 3)' "binding of p"
expect_rc 1 "one input does not satisfy" "$BIN" check -g $G -c "$HB" "$tmp/fail.txt" "$tmp/pass.txt"
expect_in "$tmp/out" "pass.txt: not satisfied" "verdict per input"
expect_rc 2 "an input does not parse" "$BIN" check -g $G -c "$HB" "$tmp/fail.txt" "$tmp/bad.txt"
expect_in "$tmp/err" "bad.txt:1:3:" "parse error position"
mkdir "$tmp/dir" && cp "$tmp/fail.txt" "$tmp/dir/a.txt" && cp "$tmp/fail.txt" "$tmp/dir/b.txt"
expect_rc 0 "a directory of inputs" "$BIN" check -g $G -c "$HB" "$tmp/dir"
expect_in "$tmp/out" "b.txt: satisfied" "directory entries"

expect_rc 1 "--json" "$BIN" check -g $G -c "$HB" --json "$tmp/fail.txt" "$tmp/pass.txt"
expect_in "$tmp/out" '"constraint":	"exists <payload-length> n in start:' "json constraint"
expect_in "$tmp/out" '"satisfied":	true' "json verdict"
expect_in "$tmp/out" '"satisfied":	false' "json verdict false"
expect_in "$tmp/out" '"symbol":	"<payload-length>"' "json binding symbol"
expect_in "$tmp/out" '"text":	"abc"' "json binding text"
tr -d ' \t\n' <"$tmp/out" >"$tmp/flat"
expect_in "$tmp/flat" '"p":{"symbol":"<payload>","text":"abc","start":4,"end":7,"path":[0,3]}' "json binding of p"
expect_rc 2 "--json with a bad input" "$BIN" check -g $G -c "$HB" --json "$tmp/bad.txt"
tr -d ' \t\n' <"$tmp/out" >"$tmp/flat"
expect_in "$tmp/flat" '"error":{"line":1,"column":3' "json parse error"

printf 'exists <payload> p:\n  str.len(p) > str.len(q)\n' >"$tmp/c.isla"
expect_rc 2 "--constraint-file error" "$BIN" check -g $G --constraint-file "$tmp/c.isla" "$tmp/fail.txt"
expect_in "$tmp/err" "c.isla:2:24: unbound variable 'q'" "file:line:col"
expect_in "$tmp/err" "    str.len(p) > str.len(q)" "offending line"
if grep -qxF -- "$(printf '%25s^' '')" "$tmp/err"; then passed=$((passed + 1)); else fail "caret under column 24"; fi
printf 'exists <payload> p:\n  str.len(p) > 2 # long enough\n' >"$tmp/ok.isla"
expect_rc 0 "--constraint-file" "$BIN" check -g $G --constraint-file "$tmp/ok.isla" "$tmp/fail.txt"

expect_rc 0 "--help" "$BIN" check --help
expect_in "$tmp/out" "usage: semdbg check" "help text"
expect_rc 2 "no constraint" "$BIN" check -g $G "$tmp/fail.txt"
expect_rc 2 "two constraints" "$BIN" check -g $G -c true --constraint-file "$tmp/ok.isla" "$tmp/fail.txt"
expect_rc 2 "no inputs" "$BIN" check -g $G -c true
expect_rc 2 "unknown option" "$BIN" check -g $G -c true --frobnicate "$tmp/fail.txt"
expect_rc 2 "missing grammar" "$BIN" check -c true "$tmp/fail.txt"
expect_rc 2 "missing input file" "$BIN" check -g $G -c true "$tmp/nonexistent"
expect_rc 2 "missing constraint file" "$BIN" check -g $G --constraint-file "$tmp/none.isla" "$tmp/fail.txt"

echo "check: $cases_passed cases and $((passed - cases_passed)) CLI checks passed, $failed failed"
[[ $failed == 0 && $cases_passed -ge 150 ]]
