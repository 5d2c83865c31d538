#!/usr/bin/env bash
# Data-driven tests of grammar loading and parsing.
#  tests/cases/grammar/NAME.bnf [+ NAME.expect]: the grammar must load (no .expect), or
#    `semdbg fuzz` must print the .expect line on stderr (exit 2 for errors, 0 for warnings).
#  tests/cases/parse/NAME.case: lines "grammar: PATH", "input: TEXT" (printf %b escapes),
#    optional "start: <symbol>", "expect: ok" or "expect: MESSAGE" (a substring of the error).
#    With expect ok, the leaves of the printed tree must spell the input again.
set -u
semdbg=$(realpath "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0 total=0
fail() { echo "FAIL $1: $2"; fails=$((fails + 1)); }

for g in tests/cases/grammar/*.bnf; do
  total=$((total + 1))
  name=$(basename "$g" .bnf)
  exp="${g%.bnf}.expect"
  (cd tests/cases/grammar && "$semdbg" fuzz --grammar "$name.bnf" -n 1 >/dev/null 2>"$tmp/err"); rc=$?
  if [ -f "$exp" ]; then
    want=$(cat "$exp")
    case "$want" in *": error:"*) wantrc=2 ;; *) wantrc=0 ;; esac
    [ "$rc" = "$wantrc" ] || fail "$name" "exit $rc, expected $wantrc"
    grep -qF -- "$want" "$tmp/err" || fail "$name" "stderr: $(cat "$tmp/err") -- expected: $want"
  else
    [ "$rc" = 0 ] || fail "$name" "exit $rc: $(cat "$tmp/err")"
  fi
done

for c in tests/cases/parse/*.case; do
  total=$((total + 1))
  name=$(basename "$c" .case)
  grammar=$(sed -n 's/^grammar: //p' "$c")
  input=$(sed -n 's/^input: //p' "$c")
  start=$(sed -n 's/^start: //p' "$c")
  expect=$(sed -n 's/^expect: //p' "$c")
  printf '%b' "$input" > "$tmp/input"
  args=(parse --grammar "$grammar")
  [ -n "$start" ] && args+=(--start "$start")
  "$semdbg" "${args[@]}" --json "$tmp/input" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ "$expect" = ok ]; then
    [ "$rc" = 0 ] || { fail "$name" "exit $rc: $(cat "$tmp/err")"; continue; }
    # the leaves of the JSON tree, concatenated, must give the input back (compare bytes)
    python3 - "$tmp/out" "$tmp/input" <<'PY' || fail "$name" "tree text differs from input"
import json, sys
tree = json.load(open(sys.argv[1]))[0]["tree"]
def leaves(n):
    if "text" in n:
        return "".join("\0" if ch == "\u2400" else ch for ch in n["text"])
    return "".join(leaves(c) for c in n["children"])
data = open(sys.argv[2], "rb").read()
sys.exit(0 if leaves(tree).encode("latin-1") == data else 1)
PY
  else
    [ "$rc" = 2 ] || fail "$name" "exit $rc, expected 2"
    grep -qF -- "$expect" "$tmp/err" || fail "$name" "stderr: $(cat "$tmp/err") -- expected: $expect"
  fi
done
echo "$((total - fails)) of $total grammar/parse cases passed"
[ "$fails" = 0 ]
