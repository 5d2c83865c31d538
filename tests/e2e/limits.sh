#!/usr/bin/env bash
# limits.sh: the stated limits hold (README, "Guarantees"): deep inputs,
# constraints and grammars end with a result or a clear message, never a
# stack overflow, and memory and output stay linear in the input. Each
# blow-up is made to fail deterministically: the stack is cut to 1 MiB
# (ulimit -s) and the address space to 1 GiB (ulimit -v); a binary with
# AddressSanitizer (which reserves terabytes of address space and has bigger
# frames) gets an 8 MiB stack and no address space limit.
#  - a 100,000-deep input: `parse` prints its tree (indentation stops at 32
#    levels, deeper lines carry their depth), `check` and `features` work;
#  - a 100,000-deep constraint: an error naming line:column;
#  - a grammar of 100,000 nonterminals in a chain loads and parses (the
#    components and the fixpoints of the grammar analysis have no recursion
#    and no pass per link), and an error on its last line names that line;
#  - a 1 MB input of the expression grammar parses within the limits;
#  - a file of more than 16 MiB (and /dev/zero) is refused with a message.
# $1 = semdbg binary, $2 = build directory; run from the project root.
set -u
semdbg=$(realpath "$1")
work=$(mktemp -d "$2/e2e-limits.XXXXXX")
trap 'rm -rf "$work"' EXIT
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
sanitized=0
grep -q __asan_init "$semdbg" && sanitized=1
# limited CMD...: run with a 1 MiB stack and 1 GiB of address space; under
# ASan (bigger frames, a shadow of the address space) with an 8 MiB stack:
# still far too little for a recursion per level of a 100,000-deep input
limited() {
  (
    if [ "$sanitized" = 1 ]; then
      ulimit -s 8192
    else
      ulimit -s 1024
      ulimit -v 1048576
    fi
    "$@"
  )
}

# a 100,000-deep input
python3 -c "import sys; sys.stdout.write('(' * 100000 + 'x' + ')' * 100000)" > "$work/deep.txt"
nested=tests/cases/parse/nested.bnf
limited "$semdbg" parse --grammar "$nested" "$work/deep.txt" > "$work/deep.out" 2> "$work/err"
rc=$?
[ "$rc" = 0 ] || fail "parse of a 100,000-deep input: exit $rc: $(head -c 300 "$work/err")"
lines=$(wc -l < "$work/deep.out")
[ "$lines" = 300002 ] || fail "parse of a 100,000-deep input: $lines lines, expected 300002"
size=$(wc -c < "$work/deep.out")
[ "$size" -lt 30000000 ] || fail "parse of a 100,000-deep input: $size bytes of text (quadratic?)"
grep -qxF '                                                                [100001] "x"' "$work/deep.out" ||
  fail "parse of a 100,000-deep input: no line for the innermost \"x\" at depth 100001"
sed -n 4p "$work/deep.out" | grep -qxF '    "("' || fail "parse: the first levels are not indented two spaces a level"
limited "$semdbg" check --grammar "$nested" --constraint 'exists <start> s: str.len(s) > 5' \
  "$work/deep.txt" > /dev/null 2> "$work/err"
rc=$?
[ "$rc" = 0 ] || fail "check on a 100,000-deep input: exit $rc: $(head -c 300 "$work/err")"
limited "$semdbg" features --grammar "$nested" "$work/deep.txt" > "$work/features.csv" 2> "$work/err"
rc=$?
[ "$rc" = 0 ] || fail "features of a 100,000-deep input: exit $rc: $(head -c 300 "$work/err")"

# a 100,000-deep constraint: parentheses, and a chain of not
python3 -c "print('(' * 100000 + 'true' + ')' * 100000)" > "$work/parens.isla"
python3 -c "print('not ' * 100000 + 'true')" > "$work/not.isla"
for c in parens not; do
  limited "$semdbg" check --grammar "$nested" --constraint-file "$work/$c.isla" "$work/deep.txt" \
    > /dev/null 2> "$work/err"
  rc=$?
  [ "$rc" = 2 ] || fail "a 100,000-deep constraint ($c): exit $rc, expected 2"
  grep -q '1:[0-9]*: .*deep' "$work/err" ||
    fail "a 100,000-deep constraint ($c): message $(head -c 300 "$work/err")"
done

# 30,000 conjuncts, each quantifying over the same nonterminal with its own
# variable: naming the variables was cubic (minutes); checked within 60 s
# (a second without sanitizers), and printed with distinct names
python3 -c "print(' and '.join(['exists <start> d: str.len(d) > 1'] * 30000))" > "$work/chain.isla"
printf '(x)' > "$work/x.txt"
timeout 60 "$semdbg" check --print --grammar "$nested" --constraint-file "$work/chain.isla" "$work/x.txt" \
  > "$work/chain.out" 2> "$work/err"
rc=$?
[ "$rc" = 0 ] || [ "$rc" = 1 ] || fail "30,000 conjuncts: exit $rc: $(head -c 300 "$work/err")"
grep -q 'd_29998' "$work/chain.out" || fail "30,000 conjuncts: no variable d_29998 in the printed constraint"

# a grammar of 100,000 nonterminals in a chain, then an error on its last line
python3 - "$work/chain.bnf" <<'PY'
import sys
n = 100000
with open(sys.argv[1], "w") as f:
    f.write("<start> ::= <n0>\n")
    for i in range(n - 1):
        f.write('<n%d> ::= "a" <n%d>\n' % (i, i + 1))
    f.write('<n%d> ::= "b"\n' % (n - 1))
PY
printf 'aaab' > "$work/aaab.txt"
limited "$semdbg" parse --grammar "$work/chain.bnf" "$work/aaab.txt" > /dev/null 2> "$work/err"
rc=$?
[ "$rc" = 2 ] || fail "a 100,000-rule chain: exit $rc, expected 2 (aaab is too short)"
grep -qF 'aaab.txt:1:4: unexpected' "$work/err" || fail "a 100,000-rule chain: $(head -c 300 "$work/err")"
python3 -c "import sys; sys.stdout.write('a' * 99999 + 'b')" > "$work/chain.txt"
limited "$semdbg" parse --grammar "$work/chain.bnf" "$work/chain.txt" > /dev/null 2> "$work/err"
rc=$?
[ "$rc" = 0 ] || fail "a 100,000-rule chain on its one input: exit $rc: $(head -c 300 "$work/err")"
printf '<n99999> ::= <undefined>\n' >> "$work/chain.bnf"
limited "$semdbg" parse --grammar "$work/chain.bnf" "$work/chain.txt" > /dev/null 2> "$work/err"
rc=$?
[ "$rc" = 2 ] || fail "a 100,000-rule chain with an undefined nonterminal: exit $rc"
grep -qF 'chain.bnf:100002:14: error: undefined nonterminal <undefined>' "$work/err" ||
  fail "a 100,000-rule chain with an undefined nonterminal: $(head -c 300 "$work/err")"

# a 1 MB input of the expression grammar
python3 - "$work/big.txt" <<'PY'
import random, sys
random.seed(1)
parts, n = [], 0
while n < 1000000:
    t = str(random.randint(0, 999)) if random.random() < 0.9 else "(1 - 2)"
    parts.append(t)
    n += len(t) + 3
sys.stdout = open(sys.argv[1], "w")
sys.stdout.write(random.choice([" + ", " * "]).join(parts))
PY
limited "$semdbg" parse --grammar grammars/expression.bnf "$work/big.txt" > /dev/null 2> "$work/err"
rc=$?
[ "$rc" = 0 ] || fail "parse of a 1 MB input: exit $rc: $(head -c 300 "$work/err")"

# files beyond 16 MiB are refused, /dev/zero too
limited "$semdbg" parse --grammar grammars/expression.bnf /dev/zero > /dev/null 2> "$work/err"
rc=$?
[ "$rc" = 2 ] || fail "parse /dev/zero: exit $rc, expected 2"
grep -qF '/dev/zero: larger than 16 MiB' "$work/err" || fail "parse /dev/zero: $(head -c 300 "$work/err")"
head -c 16777217 /dev/zero | tr '\0' 1 > "$work/huge.txt"
limited "$semdbg" parse --grammar grammars/expression.bnf "$work/huge.txt" > /dev/null 2> "$work/err"
rc=$?
[ "$rc" = 2 ] || fail "parse of 16 MiB + 1 byte: exit $rc, expected 2"
grep -qF 'huge.txt: larger than 16 MiB' "$work/err" || fail "parse of 16 MiB + 1 byte: $(head -c 300 "$work/err")"
limited "$semdbg" check --grammar grammars/expression.bnf --constraint-file /dev/zero "$work/big.txt" \
  > /dev/null 2> "$work/err"
rc=$?
[ "$rc" = 2 ] || fail "check --constraint-file /dev/zero: exit $rc, expected 2"
grep -qF 'larger than 16 MiB' "$work/err" || fail "check --constraint-file /dev/zero: $(head -c 300 "$work/err")"

echo "limits: $fails failure(s)"
[ "$fails" = 0 ]
