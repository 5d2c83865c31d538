#!/bin/bash
# relevance.sh: end-to-end tests of `semdbg features` and `semdbg relevance`:
# the CSV table on a small grammar (exact cells, quoting, empty cells for
# missing values), the ranking on fuzzed calculator inputs labelled here
# (failure: sqrt of a negative number), determinism of the JSON output across
# runs, neighbours of a nonterminal kept alone, and the errors (unparsable
# input with file:line:col, missing inputs).
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

# --- features: exact table on a tiny grammar ---
mkdir -p "$T/tiny"
printf '<start> ::= <pair>\n<pair> ::= <num> <rest>\n<num> ::= [0-9]+\n<rest> ::= "" | " " <word>\n<word> ::= [a-z]+\n' >"$T/tiny/g.bnf"
mkdir -p "$T/tiny/in"
printf '42 abc' >"$T/tiny/in/a.txt"
printf '7' >"$T/tiny/in/b.txt"
"$SEMDBG" features --grammar "$T/tiny/g.bnf" "$T/tiny/in" >"$T/tiny.csv"
check "features exits 0" test $? -eq 0
cat >"$T/tiny.expected" <<EOF
file,exists(<pair>),count(<pair>),len(<pair>),num(<pair>),exists(<num>),count(<num>),len(<num>),num(<num>),exists(<rest>),"<rest> -> """"","<rest> -> "" "" <word>",count(<rest>),len(<rest>),exists(<word>),count(<word>),len(<word>)
$T/tiny/in/a.txt,1,1,6,,1,1,2,42,1,0,1,1,4,1,1,3
$T/tiny/in/b.txt,1,1,1,7,1,1,1,7,1,1,0,1,0,0,0,
EOF
check "features table" cmp -s "$T/tiny.csv" "$T/tiny.expected"
[ $failures -eq 0 ] || diff "$T/tiny.expected" "$T/tiny.csv" >&2

# a file name with a comma is quoted
printf '5' >"$T/tiny/in,x.txt"
"$SEMDBG" features --grammar "$T/tiny/g.bnf" "$T/tiny/in,x.txt" | tail -n 1 >"$T/comma.csv"
check "file name quoted" grep -qF "\"$T/tiny/in,x.txt\",1,1,1,5," "$T/comma.csv"

# --- labelled calculator inputs: failing iff sqrt of a negative number ---
"$SEMDBG" fuzz --grammar grammars/calculator.bnf -n 400 --seed 5 --max-size 60 --out "$T/all" >/dev/null
check "fuzz made inputs" test -n "$(ls "$T/all")"
mkdir -p "$T/fail" "$T/pass"
for f in "$T"/all/*; do
  if grep -qE '^sqrt\(-[0-9.]*[1-9]' "$f"; then mv "$f" "$T/fail/"; else mv "$f" "$T/pass/"; fi
done
nfail=$(ls "$T/fail" | wc -l)
npass=$(ls "$T/pass" | wc -l)
check "both classes present ($nfail failing, $npass passing)" test "$nfail" -gt 5 -a "$npass" -gt 5

"$SEMDBG" features --grammar grammars/calculator.bnf "$T/fail" "$T/pass" >"$T/calc.csv"
check "one CSV row per input" test "$(wc -l <"$T/calc.csv")" -eq $((nfail + npass + 1))
check "alternative names quoted" grep -qF '"<function> -> ""sqrt"""' "$T/calc.csv"

"$SEMDBG" relevance --grammar grammars/calculator.bnf --failing "$T/fail" --passing "$T/pass" >"$T/rank.txt"
check "relevance exits 0" test $? -eq 0
check "header names the inputs" grep -q "^$((nfail + npass)) inputs ($nfail failing, $npass passing)" "$T/rank.txt"
check "<function> kept" grep -qE '^kept:.* <function>( |$)' "$T/rank.txt"
check "the number's sign kept" grep -qE '^kept:.* <(number|maybe-minus)>( |$)' "$T/rank.txt"
check "<start> never ranked" bash -c "! grep -q '<start>' '$T/rank.txt'"
check "<function> ranks in the top two" bash -c "sed -n '3,4p' '$T/rank.txt' | grep -q '<function>'"

"$SEMDBG" relevance --grammar grammars/calculator.bnf --failing "$T/fail" --passing "$T/pass" --json --seed 9 >"$T/a.json"
"$SEMDBG" relevance --grammar grammars/calculator.bnf --failing "$T/fail" --passing "$T/pass" --json --seed 9 >"$T/b.json"
check "same seed, same JSON" cmp -s "$T/a.json" "$T/b.json"
check "JSON status" grep -q '"status":[[:space:]]*"model"' "$T/a.json"
check "JSON kept list" grep -q '"kept":[[:space:]]*\[.*"<function>"' "$T/a.json"

"$SEMDBG" relevance --grammar grammars/calculator.bnf --failing "$T/fail" --passing "$T/pass" --max-k 1 >"$T/k1.txt"
check "--max-k 1 keeps one" test "$(grep -c '^ *[0-9]* *yes ' "$T/k1.txt")" -eq 1

# a nonterminal kept alone by score is joined by its neighbour (<number>
# beside <function> in <arith-expr>), flagged in the table and the JSON
"$SEMDBG" relevance --grammar grammars/calculator.bnf --failing "$T/fail" --passing "$T/pass" --share 0.01 >"$T/n0.txt"
"$SEMDBG" relevance --grammar grammars/calculator.bnf --failing "$T/fail" --passing "$T/pass" --share 0.01 \
  --neighbours 2 >"$T/n2.txt"
check "--share 0.01 keeps <function> alone" grep -qx 'kept: <function>' "$T/n0.txt"
check "--neighbours 2: <number> joins beside it" grep -qE '^ *[0-9]+ +next +<number> .*\(beside <function>\)' "$T/n2.txt"
check "--neighbours 2: two kept" grep -qx 'kept: <function> <number>' "$T/n2.txt"
"$SEMDBG" relevance --grammar grammars/calculator.bnf --failing "$T/fail" --passing "$T/pass" --share 0.01 \
  --neighbours 2 --json >"$T/n2.json"
check "--neighbours 2: JSON names what it stands beside" grep -q '"beside":[[:space:]]*"<function>"' "$T/n2.json"

# --- errors ---
printf 'sqrt(-4\n' >"$T/pass/zz-bad.txt"
"$SEMDBG" relevance --grammar grammars/calculator.bnf --failing "$T/fail" --passing "$T/pass" \
  >/dev/null 2>"$T/err.txt"
check "unparsable input: exit 2" test $? -eq 2
check "unparsable input: file:line:col" grep -qF "$T/pass/zz-bad.txt:1:8: " "$T/err.txt"
"$SEMDBG" features --grammar grammars/calculator.bnf "$T/pass" >"$T/out.csv" 2>"$T/err2.txt"
check "features: exit 2 on bad input" test $? -eq 2
check "features: no table on error" test ! -s "$T/out.csv"
check "features: file:line:col" grep -qF "$T/pass/zz-bad.txt:1:8: " "$T/err2.txt"
rm "$T/pass/zz-bad.txt"
mkdir -p "$T/empty"
"$SEMDBG" relevance --grammar grammars/calculator.bnf --failing "$T/fail" --passing "$T/empty" \
  >/dev/null 2>"$T/err3.txt"
check "no passing input: exit 2" test $? -eq 2
check "no passing input: message" grep -q "no passing inputs" "$T/err3.txt"
"$SEMDBG" relevance --grammar grammars/calculator.bnf --failing "$T/fail" >/dev/null 2>&1
check "missing --passing: exit 2" test $? -eq 2
"$SEMDBG" relevance --grammar grammars/calculator.bnf --failing "$T/fail" --passing "$T/pass" \
  --min-k 3 --max-k 2 >/dev/null 2>&1
check "--min-k > --max-k: exit 2" test $? -eq 2
"$SEMDBG" relevance --help | grep -q '^usage: semdbg relevance'
check "relevance --help" test $? -eq 0
"$SEMDBG" features --help | grep -q '^usage: semdbg features'
check "features --help" test $? -eq 0

echo "relevance: $passed passed, $failures failed"
[ $failures -eq 0 ]
