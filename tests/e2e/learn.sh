#!/bin/bash
# learn.sh: end-to-end tests of `semdbg learn`: heartbleed inputs from
# `semdbg fuzz`, labelled here with awk (failure: the declared length exceeds
# the payload); the top candidate must be exact on inputs it never saw
# (checked with `semdbg check`); --relevant, --json, determinism, invariant
# mining, and the errors (broken catalog with file:line:col, unknown
# nonterminal, missing passing inputs, unparsable input).
# $1 = semdbg binary, $2 = build directory; runs from the project root.
set -u
SEMDBG=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
failures=0
passed=0
check() { # check DESCRIPTION COMMAND...
  local what=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
  else
    echo "FAIL: $what" >&2
    failures=$((failures + 1))
  fi
}
G=grammars/heartbleed.bnf

# labelled heartbleed inputs: fuzz, then sort into failing/ and passing/
make_set() { # make_set DIR SEED N
  mkdir -p "$1"
  "$SEMDBG" fuzz --grammar $G -n "$3" --seed "$2" --max-size 200 --out "$1/all" >/dev/null
  mkdir -p "$1/failing" "$1/passing"
  for f in "$1"/all/*; do
    # fields are separated by single spaces; the payload may be empty
    if awk -F'[ ]' '{ exit !($2 + 0 > length($3)) }' "$f"; then mv "$f" "$1/failing/"
    else mv "$f" "$1/passing/"; fi
  done
}
make_set "$T/train" 7 250
make_set "$T/fresh" 8 250
check "both labels present" test "$(ls "$T/train/failing" | wc -l)" -gt 10 -a "$(ls "$T/train/passing" | wc -l)" -gt 10

# --- text output: relevance ranking + learner ---
"$SEMDBG" learn --grammar $G --failing "$T/train/failing" --passing "$T/train/passing" \
  --top 3 >"$T/out.txt" 2>"$T/err.txt"
check "learn exits 0" test $? -eq 0
check "relevant from the ranking" grep -q '^relevant (relevance):.*<payload-length>.*' "$T/out.txt"
check "top candidate is exact" grep -q '^ 1\. recall 1.000  precision 1.000' "$T/out.txt"
check "ISLa printed" grep -q '^    ISLa: ' "$T/out.txt"
check "top uses both nonterminals" bash -c "sed -n '/^ 1\\./,/^ 2\\./p' '$T/out.txt' | grep -q '<payload-length>.*<payload>\\|<payload>.*<payload-length>'"

# --- JSON, and the top candidate checked by meaning on fresh inputs ---
"$SEMDBG" learn --grammar $G --failing "$T/train/failing" --passing "$T/train/passing" \
  --relevant '<payload-length>, <payload>' --top 2 --json >"$T/out.json"
check "json exits 0" test $? -eq 0
check "json relevant given" grep -q '"relevant_from":[[:space:]]*"given"' "$T/out.json"
ISLA=$(grep -m1 '"isla":' "$T/out.json" | sed -e 's/^[[:space:]]*"isla":[[:space:]]*"//' -e 's/",\{0,1\}$//')
check "isla extracted" test -n "$ISLA"
"$SEMDBG" check --grammar $G --constraint "$ISLA" "$T/fresh/failing" >"$T/check_f.txt"
check "top holds on every fresh failing input" test $? -eq 0
"$SEMDBG" check --grammar $G --constraint "$ISLA" "$T/fresh/passing" >"$T/check_p.txt"
check "top holds on no fresh passing input" test "$(grep -c ': satisfied' "$T/check_p.txt")" -eq 0
check "fresh passing inputs checked" test "$(grep -c 'not satisfied' "$T/check_p.txt")" -eq "$(ls "$T/fresh/passing" | wc -l)"

# --- determinism ---
"$SEMDBG" learn --grammar $G --failing "$T/train/failing" --passing "$T/train/passing" --json >"$T/a.json"
"$SEMDBG" learn --grammar $G --failing "$T/train/failing" --passing "$T/train/passing" --json >"$T/b.json"
check "same inputs, same ranking" cmp -s "$T/a.json" "$T/b.json"

# --- invariants: the fresh failing inputs all declare more than they hold ---
"$SEMDBG" learn --invariants --grammar $G --relevant '<payload-length>,<payload>' \
  --background 200 --top 3 "$T/fresh/failing" >"$T/inv.txt"
check "invariants exit 0" test $? -eq 0
check "invariant recall 1" grep -q '^ 1\. recall 1.000' "$T/inv.txt"
check "invariant mode header" grep -q 'random background inputs' "$T/inv.txt"

# --- a custom catalog ---
cat >"$T/one.toml" <<'EOF'
# the only pattern
[[Lengths]]
name = "Declared beyond the payload"
constraint = '''
exists <?NONTERMINAL> a in start:
  exists <?NONTERMINAL> b in start:
    (> (str.to.int a) (str.len b))
'''
EOF
"$SEMDBG" learn --grammar $G --failing "$T/train/failing" --passing "$T/train/passing" \
  --patterns "$T/one.toml" --relevant '<payload-length>,<payload>' --top 1 >"$T/one.txt"
check "custom catalog exits 0" test $? -eq 0
check "custom pattern used" grep -q 'pattern: Declared beyond the payload' "$T/one.txt"

# --- errors ---
printf '[[G]]\nname = "x"\nconstraint = '"'''"'\nexists <?NONTERMINAL> e: true\n' >"$T/bad.toml"
"$SEMDBG" learn --grammar $G --failing "$T/train/failing" --passing "$T/train/passing" \
  --patterns "$T/bad.toml" >/dev/null 2>"$T/bad.err"
check "broken catalog exits 2" test $? -eq 2
check "broken catalog file:line:col" grep -q "bad.toml:3:14: error: unterminated ''' string" "$T/bad.err"
printf '[[G]]\nname = "Nth"\nconstraint = "exists <?NONTERMINAL> e: nth(<?STRING>, e)"\n' >"$T/nth.toml"
"$SEMDBG" learn --grammar $G --failing "$T/train/failing" --passing "$T/train/passing" \
  --patterns "$T/nth.toml" >/dev/null 2>"$T/nth.err"
check "unparsable pattern exits 2" test $? -eq 2
check "unparsable pattern named" grep -q "nth.toml:3:.*pattern 'Nth'" "$T/nth.err"
"$SEMDBG" learn --grammar $G --failing "$T/train/failing" --passing "$T/train/passing" \
  --relevant '<nope>' >/dev/null 2>"$T/rel.err"
check "unknown nonterminal exits 2" test $? -eq 2
check "unknown nonterminal message" grep -q "no nonterminal '<nope>'" "$T/rel.err"
mkdir -p "$T/empty"
"$SEMDBG" learn --grammar $G --failing "$T/train/failing" --passing "$T/empty" >/dev/null 2>"$T/np.err"
check "no passing input exits 2" test $? -eq 2
check "no passing input message" grep -q "no passing input" "$T/np.err"
mkdir -p "$T/junk" && printf 'not a heartbeat' >"$T/junk/x.txt"
"$SEMDBG" learn --grammar $G --failing "$T/junk" --passing "$T/train/passing" >/dev/null 2>"$T/junk.err"
check "unparsable input exits 2" test $? -eq 2
check "unparsable input file:line:col" grep -q "junk/x.txt:1:1:" "$T/junk.err"
"$SEMDBG" learn --help >"$T/help.txt"
check "help" grep -q -- '--invariants' "$T/help.txt"

echo "learn.sh: $passed passed, $failures failed"
[ $failures -eq 0 ]
