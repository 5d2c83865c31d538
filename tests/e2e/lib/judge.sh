# judge.sh: sourced by tests/e2e/lib/diagnose.sh and bench/diagnose (bash).
# Judges a diagnosis by its meaning on fresh inputs made without it.
#   judge_label SEMDBG GRAMMAR EXAMPLE DIR
#     makes 200 fresh inputs in DIR/fresh (100 random, 50 satisfying
#     examples/EXAMPLE/TRUTH, 50 its negation; seeds 90001-90003, which no
#     diagnosis uses; or, where the example has a fresh.py for a failure too
#     rare for the generator, 100 random and 150 from fresh.py, seed 90004), labels them with the example's harness into DIR/labels
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
  if [ -f "examples/$example/fresh.py" ]; then
    # a rare failure that the generator cannot reach in time: the example's
    # own biased generator makes the inputs near the failure instead
    python3 "examples/$example/fresh.py" 150 90004 "$dir/fresh/biased" || return 1
  else
    "$semdbg" fuzz -q --grammar "$grammar" --constraint "$truth" -n 50 --seed 90002 \
      --out "$dir/fresh/truth" || return 1
    "$semdbg" fuzz -q --grammar "$grammar" --constraint "not ($truth)" -n 50 --seed 90003 \
      --out "$dir/fresh/negation" || return 1
  fi
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
  local semdbg=$1 grammar=$2 isla=$3 labels=$4 rc
  # one check over every input labelled pass or fail ("FILE: satisfied|not satisfied")
  grep -v ' undefined$' "$labels" > "$labels.defined"
  cut -d' ' -f1 "$labels.defined" | xargs "$semdbg" check -q --grammar "$grammar" --constraint "$isla" \
    > "$labels.sat" 2> "$labels.err"
  rc=$?
  # exit 123 from xargs: some input does not satisfy (status 1); anything else is an error
  if [ "$rc" != 0 ] && [ "$rc" != 123 ]; then
    echo "semdbg check error: $(head -1 "$labels.err")" >&2
    return 2
  fi
  python3 - "$labels.defined" "$labels.sat" <<'PY'
import sys
labels = dict(l.rsplit(" ", 1) for l in open(sys.argv[1]).read().split("\n") if l)
tp = fp = fn = seen = 0
for line in open(sys.argv[2]):
    path, sep, verdict = line.rstrip("\n").rpartition(": ")
    if not sep or verdict not in ("satisfied", "not satisfied"): continue
    seen += 1
    sat, label = verdict == "satisfied", labels.get(path)
    if label == "fail" and sat: tp += 1
    elif label == "pass" and sat: fp += 1
    elif label == "fail": fn += 1
if seen != len(labels): sys.exit("judge: %d verdicts for %d inputs" % (seen, len(labels)))
p = tp / (tp + fp) if tp + fp else 0.0
r = tp / (tp + fn) if tp + fn else 0.0
f1 = 2 * p * r / (p + r) if p + r else 0.0
print("%.3f %.3f %.3f" % (p, r, f1))
PY
}

# judge_imprecise_causes REPORT-JSON: prints the causes the report lists as
# found that hold on a passing input it saw ("short holds on N passing
# inputs; ..."), empty when none. The debugger drops such causes before it
# reports, so any is a bug; the best candidate a report shows when no cause
# reached precision 1 is no cause and is not checked.
judge_imprecise_causes() {
  python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
if not any(c.startswith("no cause reached precision 1") for c in r["caveats"]):
    print("; ".join("%s holds on %d passing inputs" % (c["short"], c["fp"]) for c in r["causes"] if c["fp"]))' "$1"
}

# judge_found_runs REPORT-JSON: prints what is wrong with counts.found_runs
# (the runs after which the reported causes were first put forward), empty
# when nothing: a report with causes put them forward after at least one
# run and no later than its diagnosis runs; one without has 0.
judge_found_runs() {
  python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
c = r["counts"]
found, runs = c["found_runs"], c["diagnosis_runs"]
has = bool(r["causes"]) and not any(c.startswith("no cause reached precision 1") for c in r["caveats"])
if has and not 0 < found <= runs: print("found_runs %d with %d diagnosis runs" % (found, runs))
if not has and found: print("found_runs %d without causes" % found)' "$1"
}
