#!/usr/bin/env bash
# fuzz_constraint.sh: end-to-end tests of `semdbg fuzz --constraint`: N
# distinct inputs that parse and satisfy the constraint (checked with
# `semdbg parse`, with an independent awk check of the heartbleed property,
# and with `semdbg check` once that command exists), the negation, numbers
# beyond 64 bits, same seed = same output, --json/--out/--constraint-file, an
# unsatisfiable constraint (status 1 and a clear message, quickly), a bad
# constraint (status 2 with its position), and plain fuzzing unchanged.
# $1 = semdbg binary, $2 = build directory; run from the project root.
set -u
SEMDBG=$1
BUILD=$2
work=$(mktemp -d "$BUILD/e2e-fuzzc.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

HB=grammars/heartbleed.bnf
HB_C='exists <payload-length> n: exists <payload> p: str.to.int(n) > str.len(p)'
HAVE_CHECK=0
"$SEMDBG" check --help >/dev/null 2>&1 && HAVE_CHECK=1

# gen NAME GRAMMAR CONSTRAINT N [extra options]: inputs into $work/NAME
gen() {
  local name=$1 grammar=$2 c=$3 n=$4
  shift 4
  "$SEMDBG" fuzz --grammar "$grammar" --constraint "$c" -n "$n" --out "$work/$name" "$@" \
    2>"$work/$name.err"
}

# valid NAME GRAMMAR CONSTRAINT N: N distinct files that parse (and satisfy, via check)
valid() {
  local name=$1 grammar=$2 c=$3 n=$4
  local count
  count=$(ls "$work/$name" | wc -l)
  [ "$count" -eq "$n" ] || fail "$name: $count inputs instead of $n"
  local distinct
  distinct=$(for f in "$work/$name"/*; do md5sum <"$f"; done | sort -u | wc -l)
  [ "$distinct" -eq "$n" ] || fail "$name: only $distinct distinct inputs"
  "$SEMDBG" parse --grammar "$grammar" "$work/$name"/* >/dev/null 2>&1 || fail "$name: some input does not parse"
  if [ $HAVE_CHECK = 1 ]; then
    "$SEMDBG" check --grammar "$grammar" --constraint "$c" "$work/$name"/* >/dev/null 2>&1 ||
      fail "$name: semdbg check says some input does not satisfy the constraint"
  fi
}

# heartbleed fields: "\x01 <length> <payload> <padding>"
# hb_property DIR MODE: MODE gt = every length > payload length, le = every length <= it
hb_property() {
  for f in "$1"/*; do
    awk -v mode="$2" -v file="$f" 'BEGIN { FS = "[ ]" } {
      n = $2; p = length($3)
      big = length(n) > 9
      gt = big || n + 0 > p
      if ((mode == "gt") != gt) { print "bad: " file ": " n " vs " p; exit 1 }
    }' "$f" || return 1
  done
}

# 1. heartbleed and its negation
gen hb $HB "$HB_C" 30 --seed 7 || fail "hb: exit status $?"
valid hb $HB "$HB_C" 30
hb_property "$work/hb" gt || fail "hb: some input has length <= payload length"
NOT_HB="not ($HB_C)"
gen hbneg $HB "$NOT_HB" 30 --seed 7 || fail "hbneg: exit status $?"
valid hbneg $HB "$NOT_HB" 30
hb_property "$work/hbneg" le || fail "hbneg: some input has length > payload length"

# 2. calculator, middle, json (recursive), via --constraint-file
gen calc grammars/calculator.bnf 'exists <number> x: str.prefixof("-", x)' 20 || fail "calc: exit status $?"
valid calc grammars/calculator.bnf 'exists <number> x: str.prefixof("-", x)' 20
grep -L -- '(-' "$work/calc"/* | grep -q . && fail "calc: an input without a negative number"
MID='exists <x> a: exists <y> b: exists <z> c: (str.to.int(b) < str.to.int(a) and str.to.int(a) < str.to.int(c))'
printf '%s\n' "$MID" >"$work/mid.isla"
"$SEMDBG" fuzz --grammar grammars/middle.bnf --constraint-file "$work/mid.isla" -n 20 --out "$work/mid" ||
  fail "middle: exit status $?"
valid mid grammars/middle.bnf "$MID" 20
JS='exists <string> s: str.len(s) > 10'
gen json grammars/json.bnf "$JS" 10 || fail "json: exit status $?"
valid json grammars/json.bnf "$JS" 10

# 3. numbers beyond 64 bits
BIG='exists <payload-length> n: str.to.int(n) > 100000000000000000000'
gen big $HB "$BIG" 10 || fail "big: exit status $?"
valid big $HB "$BIG" 10
for f in "$work/big"/*; do
  n=$(cut -d' ' -f2 "$f")
  [ ${#n} -gt 21 ] || { [ ${#n} -eq 21 ] && [[ "$n" > 100000000000000000000 ]]; } || fail "big: $n is not > 10^20"
done

# 4. same seed, same inputs; another seed, others; --json has N strings
a=$("$SEMDBG" fuzz --grammar $HB --constraint "$HB_C" -n 20 --seed 5 2>/dev/null)
b=$("$SEMDBG" fuzz --grammar $HB --constraint "$HB_C" -n 20 --seed 5 2>/dev/null)
c=$("$SEMDBG" fuzz --grammar $HB --constraint "$HB_C" -n 20 --seed 6 2>/dev/null)
[ "$a" = "$b" ] || fail "same seed gave different inputs"
[ "$a" != "$c" ] || fail "another seed gave the same inputs"
j=$("$SEMDBG" fuzz --grammar $HB --constraint "$HB_C" -n 5 --json 2>/dev/null)
[ "$(printf '%s' "$j" | grep -o 'u0001' | wc -l)" -eq 5 ] && [ "${j:0:1}" = "[" ] || fail "--json output: $j"

# 5. -v counts on stderr
"$SEMDBG" fuzz --grammar $HB --constraint "$HB_C" -n 5 -v >/dev/null 2>"$work/v.err" || fail "-v: exit status"
grep -q "Z3 queries" "$work/v.err" && grep -q attempts "$work/v.err" || fail "-v: no counts: $(cat "$work/v.err")"

# 6. unsatisfiable: status 1, a clear message, quickly
start=$(date +%s)
"$SEMDBG" fuzz --grammar $HB --constraint 'exists <digit> d: str.len(d) > 1' -n 5 >"$work/unsat.out" 2>"$work/unsat.err"
st=$?
[ $st -eq 1 ] || fail "unsat: exit status $st"
grep -q "constraint is unsatisfiable" "$work/unsat.err" || fail "unsat: message: $(cat "$work/unsat.err")"
[ ! -s "$work/unsat.out" ] || fail "unsat: printed inputs"
[ $(($(date +%s) - start)) -le 10 ] || fail "unsat: took more than 10 s"

# 7. cannot reach N (only "sqrt(4)" satisfies): what it got, the message, status 1
"$SEMDBG" fuzz --grammar grammars/calculator.bnf \
  --constraint 'exists <function> f: exists <number> x: (f = "sqrt" and x = "4")' -n 5 \
  >"$work/few.out" 2>"$work/few.err"
st=$?
[ $st -eq 1 ] || fail "few: exit status $st"
[ "$(cat "$work/few.out")" = "sqrt(4)" ] || fail "few: printed $(cat "$work/few.out")"
grep -q "gave up after [0-9]* attempts: only 1 of 5 inputs" "$work/few.err" || fail "few: $(cat "$work/few.err")"

# 8. a bad constraint is a usage error with its position
"$SEMDBG" fuzz --grammar $HB --constraint 'exists <nope> x: x = "1"' -n 2 >/dev/null 2>"$work/bad.err"
st=$?
[ $st -eq 2 ] || fail "bad constraint: exit status $st"
grep -q "constraint:1:" "$work/bad.err" || fail "bad constraint: message: $(cat "$work/bad.err")"
"$SEMDBG" fuzz --grammar $HB --constraint x --kpath 2 >/dev/null 2>&1
[ $? -eq 2 ] || fail "--kpath with --constraint accepted"

# 9. plain fuzzing still works as before
[ "$("$SEMDBG" fuzz --grammar $HB -n 4 --seed 3 | wc -l)" -eq 4 ] || fail "plain fuzz"

[ $failures -eq 0 ] && echo "fuzz_constraint: all passed" >&2
exit $((failures > 0))
