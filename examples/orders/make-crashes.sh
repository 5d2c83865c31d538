#!/bin/sh
# make-crashes.sh: makes examples/orders/crashes/, the 200 failing inputs that
# `semdbg triage` sorts in the example, the way a fuzzing campaign would: draw
# random orders from the grammar (semdbg fuzz, seed 1), run each through the
# harness (semdbg run) and keep the first 200 that fail, whatever the way.
# Deterministic: the same semdbg and orders give the same files.
# Usage: examples/orders/make-crashes.sh [SEMDBG [OUT-DIR]] (from the project root).
set -eu
semdbg=${1:-build/semdbg}
out=${2:-examples/orders/crashes}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$semdbg" fuzz -q --grammar grammars/orders.bnf -n 600 --seed 1 --out "$work/fuzz"
"$semdbg" run --json --test examples/orders/harness.sh "$work/fuzz" 2>/dev/null |
  python3 -c 'import json, sys
failing = [v["input"] for v in json.load(sys.stdin) if v["verdict"] == "fail"]
print("\n".join(failing[:200]))' > "$work/failing"
[ "$(wc -l < "$work/failing")" -eq 200 ] || { echo "make-crashes.sh: fewer than 200 failures" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out"
n=0
while read -r f; do
  n=$((n + 1))
  cp "$f" "$out/crash-$(printf %03d $n).txt"
done < "$work/failing"
echo "make-crashes.sh: $n failing inputs in $out"
