# judge.sh: sourced by tests/e2e/lib/diagnose.sh and bench/diagnose (bash).
# Judges a diagnosis by its meaning on fresh inputs made without it.
#   judge_label SEMDBG GRAMMAR EXAMPLE DIR
#     makes 200 fresh inputs in DIR/fresh (100 random, 50 satisfying
#     examples/EXAMPLE/TRUTH, 50 its negation; seeds 90001-90003, which no
#     diagnosis uses), labels them with the example's harness into DIR/labels
#     ("FILE pass|fail|undefined" lines) and sets judge_fails/judge_passes.
#     Returns 1 when semdbg fuzz fails (its message is on stderr).
#   judge_score SEMDBG GRAMMAR ISLA LABELS
#     checks ISLA on every labelled input and prints "PRECISION RECALL F1"
#     (three decimals); returns 2 when semdbg check fails on an input.
# The harness finds the example binaries through SEMDBG_BUILD_DIR.

judge_label() {
  local semdbg=$1 grammar=$2 example=$3 dir=$4 truth f rc
  truth=$(cat "examples/$example/TRUTH")
  rm -rf "$dir/fresh"
  mkdir -p "$dir/fresh"
  "$semdbg" fuzz -q --grammar "$grammar" -n 100 --seed 90001 --out "$dir/fresh/random" || return 1
  "$semdbg" fuzz -q --grammar "$grammar" --constraint "$truth" -n 50 --seed 90002 \
    --out "$dir/fresh/truth" || return 1
  "$semdbg" fuzz -q --grammar "$grammar" --constraint "not ($truth)" -n 50 --seed 90003 \
    --out "$dir/fresh/negation" || return 1
  find "$dir/fresh" -type f | sort > "$dir/files"
  while read -r f; do
    # (no "Aborted" job messages from bash for the failing runs)
    { "examples/$example/harness.sh" "$f" >/dev/null 2>&1; } 2>/dev/null
    rc=$?
    if [ "$rc" = 0 ]; then echo "$f pass"; elif [ "$rc" = 125 ]; then echo "$f undefined"; else echo "$f fail"; fi
  done < "$dir/files" > "$dir/labels"
  judge_fails=$(grep -c ' fail$' "$dir/labels")
  judge_passes=$(grep -c ' pass$' "$dir/labels")
  return 0
}

judge_score() {
  local semdbg=$1 grammar=$2 isla=$3 labels=$4 tp=0 fp=0 tn=0 fn=0 f label sat
  while read -r f label; do
    [ "$label" = undefined ] && continue
    "$semdbg" check -q --grammar "$grammar" --constraint "$isla" "$f" >/dev/null 2>&1
    sat=$?
    if [ "$sat" -gt 1 ]; then echo "semdbg check error on $f" >&2; return 2; fi
    case "$label,$sat" in
      fail,0) tp=$((tp + 1)) ;; pass,0) fp=$((fp + 1)) ;; pass,1) tn=$((tn + 1)) ;; fail,1) fn=$((fn + 1)) ;;
    esac
  done < "$labels"
  python3 -c '
import sys
tp, fp, fn = map(int, sys.argv[1:4])
p = tp / (tp + fp) if tp + fp else 0.0
r = tp / (tp + fn) if tp + fn else 0.0
f1 = 2 * p * r / (p + r) if p + r else 0.0
print("%.3f %.3f %.3f" % (p, r, f1))' $tp $fp $fn
}
