#!/usr/bin/env bash
# triage.sh: `semdbg triage` end to end on examples/orders (three bugs: an
# abort, a SIGSEGV, and a wrong receipt with two causes; orders-bug4 adds a
# fourth) and its 200 failing inputs, made by fuzzing it (make-crashes.sh,
# re-run here: the directory must be what it makes). For each seed of
# SEMDBG_E2E_SEEDS (default "1 2 3"):
#   1. triage the 200 inputs: exit 0; every input in exactly one group, of its
#      own kind (labelled apart with `semdbg run`); no input unexplained; each
#      cause's reduced input fails with the group's kind and satisfies the
#      cause; each share is what `semdbg fuzz --seed S` + `semdbg check` count,
#      inside its interval. Every cause is judged by meaning on fresh inputs
#      (random, and made near each true cause from examples/orders/CAUSES)
#      labelled by the program itself: its kind, and which bug decided it
#      (ORDERS_TRACE): each cause must have precision and recall 1.0 against
#      one bug (inputs that fail with another kind do not count), and every
#      bug must be found by exactly one cause;
#   2. again with another seed and the first's JSON as --baseline: exit 0,
#      every group known (--json-file);
#   3. with orders-bug4, on the 200 inputs plus the failures only orders-bug4
#      has (by fuzzing): exit 1, exactly one group new, and its cause is exact
#      (precision and recall 1.0) for the fourth bug on fresh inputs.
# The second run also prints --markdown (one row and section per cause) and
# progress (-v). Also: bad input (a file that does not parse, a bad baseline,
# no failing input). $1 = semdbg binary, $2 = build directory; project root.
set -u
SEMDBG=$1
BUILD=$2
export SEMDBG_BUILD_DIR=$BUILD
G=grammars/orders.bnf
BIN=$BUILD/examples/orders/orders
T="$BIN --check" T4="$BIN-bug4 --check"
CRASHES=examples/orders/crashes
work=$(mktemp -d "$BUILD/e2e-triage.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# --- the crash directory is what fuzzing the example makes ---
examples/orders/make-crashes.sh "$SEMDBG" "$work/crashes" > /dev/null 2> "$work/err" ||
  fail "make-crashes.sh: $(cat "$work/err")"
diff -r -q "$CRASHES" "$work/crashes" > /dev/null || fail "$CRASHES differs from what make-crashes.sh makes"

# --- labels: kind (and which bug decided it) of every input, by the program ---
# label OUT TEST DIR...: `semdbg run --json` with the program's trace on stderr
label() {
  local out=$1 test=$2
  shift 2
  ORDERS_TRACE=1 "$SEMDBG" run --json -j 2 --test "$test" "$@" > "$out" 2> /dev/null || fail "semdbg run on $*"
}
label "$work/crashes.json" "$T" "$CRASHES"
mkdir -p "$work/fresh"
"$SEMDBG" fuzz -q -g "$G" -n 300 --seed 90001 --out "$work/fresh/random" || fail "fuzz (fresh)"
n=0
while read -r truth; do
  n=$((n + 1))
  "$SEMDBG" fuzz -q -g "$G" -n 40 --seed $((90010 + n)) --constraint "$truth" --out "$work/fresh/near$n" ||
    fail "fuzz near '$truth'"
done < examples/orders/CAUSES
label "$work/fresh.json" "$T" "$work/fresh"/*
label "$work/fresh4.json" "$T4" "$work/fresh"/*

# judge REPORT LABELS [OLD-LABELS]: every cause against the bug it matches (see above);
# with OLD-LABELS only the new groups, each for a bug that OLD-LABELS lack
judge() {
  python3 - "$SEMDBG" "$G" "$@" <<'PY'
import json, re, subprocess, sys
semdbg, grammar, report, labels = sys.argv[1:5]
old = sys.argv[5] if len(sys.argv) > 5 else None
def load(path):
    out = {}
    for v in json.load(open(path)):
        if v["verdict"] != "undefined":
            out[v["input"]] = (v["kind"], set(re.findall(r"orders: bug: (\w+)", v["stderr"])))
    return out
lab = load(labels)
bugs = {}
for kind, bs in lab.values():
    for b in bs: bugs.setdefault(b, set()).add(kind)
old_bugs = set(b for _, bs in load(old).values() for b in bs) if old else set()
r = json.load(open(report))
groups = [g for g in r["groups"] if g["cause"] and (not old or g["baseline"] == "new")]
matched, bad = {}, 0
for g in groups:
    out = subprocess.run([semdbg, "check", "-q", "-g", grammar, "-c", g["cause"]["isla"], *lab],
                         capture_output=True, text=True)
    sat = set(l.rpartition(": ")[0] for l in out.stdout.splitlines() if l.endswith(": satisfied"))
    best = None
    for b, kinds in bugs.items():
        if kinds != {g["kind"]}: continue
        pos = set(p for p, (k, bs) in lab.items() if b in bs)
        counted = set(p for p, (k, bs) in lab.items() if k is None or k == g["kind"])  # other kinds: neither way
        tp, fp, fn = len(sat & pos), len((sat & counted) - pos), len(pos - sat)
        f1 = 2 * tp / (2 * tp + fp + fn) if tp else 0
        if not best or f1 > best[0]: best = (f1, b, tp, fp, fn)
    if not best:
        print("FAIL: %s '%s': no bug of that kind in the labels" % (g["kind"], g["cause"]["short"])); bad += 1; continue
    f1, b, tp, fp, fn = best
    p, rc = tp / (tp + fp) if tp + fp else 0, tp / (tp + fn) if tp + fn else 0
    print("  %-15s %-48s bug %-7s precision %.3f recall %.3f (tp %d fp %d fn %d)" % (g["kind"], g["cause"]["short"], b, p, rc, tp, fp, fn))
    if p < 1 or rc < 1 or tp < 5:
        print("FAIL: '%s' is not exact for bug %s" % (g["cause"]["short"], b)); bad += 1
    if old and b in old_bugs:
        print("FAIL: the new group '%s' is bug %s, which the program had before" % (g["cause"]["short"], b)); bad += 1
    matched.setdefault(b, []).append(g["id"])
want = set(bugs) - old_bugs if old else set(bugs)
for b in sorted(want):
    if len(matched.get(b, [])) != 1:
        print("FAIL: bug %s found by %d groups (%s)" % (b, len(matched.get(b, [])), matched.get(b))); bad += 1
sys.exit(1 if bad else 0)
PY
}

# field EXPR REPORT: a Python expression over the report r
field() { python3 -c 'import json, sys
r = json.load(open(sys.argv[2])); print(eval(sys.argv[1]))' "$1" "$2"; }
# input EXPR REPORT FILE: the input (a string) EXPR says, into FILE
input() { python3 -c 'import json, sys
r = json.load(open(sys.argv[2])); open(sys.argv[3], "w").write(eval(sys.argv[1]))' "$1" "$2" "$3"; }

# structure REPORT SEED: members, kinds, reduced inputs, shares (see above)
structure() {
  local report=$1 seed=$2 i isla kind
  python3 - "$report" "$work/crashes.json" <<'PY' || fail "seed $seed: groups and members"
import json, sys
r, labels = json.load(open(sys.argv[1])), {v["input"]: v["kind"] for v in json.load(open(sys.argv[2]))}
seen, bad = {}, 0
for g in r["groups"]:
    for m in g["members"]:
        seen[m] = seen.get(m, 0) + 1
        if labels.get(m) != g["kind"]: print("FAIL: %s (%s) in a %s group" % (m, labels.get(m), g["kind"])); bad += 1
    if g["count"] != len(g["members"]) or g["example"]["path"] not in g["members"]: print("FAIL: group %d: count or example" % g["id"]); bad += 1
    if not g["cause"]: print("FAIL: %d %s inputs unexplained" % (g["count"], g["kind"])); bad += 1
if sorted(seen) != sorted(labels) or set(seen.values()) != {1}: print("FAIL: not every input in exactly one group"); bad += 1
if r["failing"] != len(labels) or r["counts"]["unexplained"] != 0: print("FAIL: counts"); bad += 1
sys.exit(bad > 0)
PY
  rm -rf "$work/sample" && "$SEMDBG" fuzz -q -g "$G" -n "$(field 'r["groups"][0]["share"]["samples"]' "$report")" \
    --seed "$seed" --out "$work/sample" || fail "fuzz (sample)"
  for ((i = 0; i < $(field 'len(r["groups"])' "$report"); i++)); do
    [ "$(field "r['groups'][$i]['cause'] is None" "$report")" = True ] && continue
    isla=$(field "r['groups'][$i]['cause']['isla']" "$report")
    kind=$(field "r['groups'][$i]['kind']" "$report")
    input "r['groups'][$i]['reduced']['input']" "$report" "$work/reduced.txt" ||
      { fail "seed $seed: group $((i + 1)): no reduced input"; continue; }
    "$SEMDBG" run --test "$T" "$work/reduced.txt" 2> /dev/null | grep -qE " $kind +[0-9.]+s" ||
      fail "seed $seed: group $((i + 1)): the reduced input $(cat "$work/reduced.txt") does not fail with $kind"
    "$SEMDBG" check -q -g "$G" -c "$isla" "$work/reduced.txt" > /dev/null ||
      fail "seed $seed: group $((i + 1)): the reduced input does not satisfy its cause"
    n=$("$SEMDBG" check -q -g "$G" -c "$isla" "$work/sample" | grep -c ': satisfied$')
    [ "$n" = "$(field "r['groups'][$i]['share']['satisfied']" "$report")" ] ||
      fail "seed $seed: group $((i + 1)): $n of the fuzzed sample satisfy it, the share says otherwise"
    [ "$(field "(lambda s: s['low'] <= s['share'] <= s['high'] and s['low'] < s['high'])(r['groups'][$i]['share'])" "$report")" = True ] ||
      fail "seed $seed: group $((i + 1)): share outside its interval"
  done
}

# inputs only orders-bug4 fails: fuzzed, run by both
"$SEMDBG" fuzz -q -g "$G" -n 600 --seed 90077 --out "$work/fuzz4" || fail "fuzz (bug4)"
label "$work/fuzz4-old.json" "$T" "$work/fuzz4"
label "$work/fuzz4-new.json" "$T4" "$work/fuzz4"
mkdir -p "$work/bug4"
python3 -c 'import json, shutil, sys
old = {v["input"]: v["verdict"] for v in json.load(open(sys.argv[1]))}
for v in json.load(open(sys.argv[2])):
    if v["verdict"] == "fail" and old[v["input"]] != "fail": shutil.copy(v["input"], sys.argv[3])' \
  "$work/fuzz4-old.json" "$work/fuzz4-new.json" "$work/bug4"
[ "$(ls "$work/bug4" | wc -l)" -gt 0 ] || fail "fuzzing found no input that only orders-bug4 fails"

for seed in ${SEMDBG_E2E_SEEDS-1 2 3}; do
  r1=$work/t$seed.json
  "$SEMDBG" triage -g "$G" --test "$T" -j 2 -q --seed "$seed" --json "$CRASHES" > "$r1" 2> "$work/err"
  rc=$?
  [ $rc -eq 0 ] || { fail "seed $seed: triage exited $rc: $(head -c 300 "$work/err")"; continue; }
  echo "seed $seed: $(field '"%d groups, %d runs (%d cache hits), %.0f s" % (len(r["groups"]), r["counts"]["runs"], r["counts"]["cache_hits"], r["counts"]["total_seconds"])' "$r1")"
  structure "$r1" "$seed"
  judge "$r1" "$work/fresh.json" || fail "seed $seed: judged on fresh inputs"

  # the second run: another seed, the first as baseline; Markdown and progress on the way
  r2=$work/t$seed-again.json
  "$SEMDBG" triage -g "$G" --test "$T" -j 2 -v --seed $((seed + 10)) --reduce-runs 0 --baseline "$r1" --markdown \
    --json-file "$r2" "$CRASHES" > "$work/md" 2> "$work/progress"
  rc=$?
  [ $rc -eq 0 ] || fail "seed $seed: the second triage (seed $((seed + 10))) against the first exited $rc: $(tail -3 "$work/progress")"
  [ "$(field '[g["baseline"] for g in r["groups"]].count("known") == len(r["groups"]) and r["baseline"]["new"] == 0' "$r2")" = True ] ||
    fail "seed $seed: the second triage has new groups: $(field '[(g["kind"], g["cause"] and g["cause"]["short"], g["baseline"]) for g in r["groups"]]' "$r2")"
  grep -q '^### semdbg triage: [0-9]* causes of 200 failing inputs (0 new)$' "$work/md" || fail "--markdown: title: $(head -1 "$work/md")"
  [ "$(grep -c '^| [0-9]* | `.*| known |$' "$work/md")" = "$(field 'len(r["groups"])' "$r2")" ] ||
    fail "--markdown: not one known row per cause: $(grep '^|' "$work/md")"
  [ "$(grep -c '^#### [0-9]' "$work/md")" = "$(field 'len(r["groups"])' "$r2")" ] || fail "--markdown: one section per cause"
  grep -q '^semdbg: triage: kind 1 of [0-9]*: ' "$work/progress" || fail "-v: no progress: $(head -3 "$work/progress")"

  r3=$work/t$seed-bug4.json
  "$SEMDBG" triage -g "$G" --test "$T4" -j 2 -q --seed "$seed" --reduce-runs 0 --baseline "$r1" --json \
    "$CRASHES" "$work/bug4" > "$r3" 2> "$work/err"
  rc=$?
  [ $rc -eq 1 ] || fail "seed $seed: the triage of orders-bug4 exited $rc, not 1: $(head -c 300 "$work/err")"
  [ "$(field '[g["baseline"] for g in r["groups"]].count("new")' "$r3")" = 1 ] ||
    fail "seed $seed: orders-bug4: not exactly one new group: $(field '[(g["kind"], g["cause"] and g["cause"]["short"], g["baseline"]) for g in r["groups"]]' "$r3")"
  echo "seed $seed, orders-bug4 against seed $seed:"
  judge "$r3" "$work/fresh4.json" "$work/fresh.json" || fail "seed $seed: orders-bug4's new group judged on fresh inputs"
done

# --- bad input ---
printf 'item a x1 @01\n' > "$work/bad.txt"
"$SEMDBG" triage -g "$G" --test "$T" -q "$CRASHES/crash-001.txt" "$work/bad.txt" > /dev/null 2> "$work/err"
rc=$?
[ $rc -eq 2 ] && grep -q "^$work/bad.txt:1:13: " "$work/err" || fail "an input that does not parse: exit $rc, $(cat "$work/err")"
printf '{"report": "triage", "schema": 1, "groups": [{"kind": "exit:1", "cause": {"isla": "exists <nope> x: true"}}]}' > "$work/base.json"
"$SEMDBG" triage -g "$G" --test "$T" -q --baseline "$work/base.json" "$CRASHES" > /dev/null 2> "$work/err"
rc=$?
[ $rc -eq 2 ] && grep -q "^semdbg: $work/base.json: group 1 (exit:1): its cause does not parse with $G: 1:" "$work/err" ||
  fail "a bad baseline: exit $rc, $(cat "$work/err")"
printf 'item a x1 @1\n' > "$work/pass.txt"
"$SEMDBG" triage -g "$G" --test "$T" -q "$work/pass.txt" > /dev/null 2> "$work/err"
rc=$?
[ $rc -eq 2 ] && grep -q "none of the 1 inputs fails" "$work/err" || fail "no failing input: exit $rc, $(cat "$work/err")"

[ $failures -eq 0 ] && echo "triage: ok"
exit $((failures > 0))
