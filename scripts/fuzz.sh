#!/usr/bin/env bash
# Build the libFuzzer targets (tests/fuzz/, clang, ASan + UBSan) into build-fuzz/
# and run each for SECONDS (default 60), one after the other:
#     scripts/fuzz.sh [SECONDS] [TARGET...]      targets: grammar parser constraint catalog
# Seed corpora come from the repository's own files (grammars, patterns, example
# inputs, the data-driven cases) and are made anew in build-fuzz/seeds/; what the
# fuzzer finds beyond them stays in build-fuzz/corpus/ for the next run. A crash,
# leak, timeout or sanitizer report ends that target's run and leaves the input
# in build-fuzz/crashes/. Prints each target's executions and crashes; exits 1
# when any target crashed. $FUZZ_JOBS (default 1) runs that many fuzzing jobs
# per target at once (libFuzzer's -fork); $FUZZ_BUILD_DIR builds in another
# directory (a clang build configured before keeps its options and gains the
# targets: scripts/test.sh fuzzes in its sanitized clang build); $FUZZ_TIMEOUT
# (default 20) is the seconds one input may take (more on a loaded machine).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} = 0 ] && targets=(grammar parser constraint catalog)
dir=${FUZZ_BUILD_DIR:-build-fuzz}
gen=()
command -v ninja >/dev/null && gen=(-G Ninja)
if [ -f "$dir/CMakeCache.txt" ]; then # a build made before (CI: the clang sanitizer build)
  cmake -S . -B "$dir" -DSEMDBG_FUZZ=ON >/dev/null
else
  CC=${FUZZ_CC:-clang} cmake -S . -B "$dir" "${gen[@]}" -DSEMDBG_FUZZ=ON -DSEMDBG_BUILD_TESTS=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$dir" -j "${FUZZ_BUILD_JOBS:-$(nproc)}" --target "${targets[@]/#/fuzz_}" >/dev/null

# Seeds: one file per grammar, input, constraint or catalog table.
rm -rf "$dir/seeds"
mkdir -p "$dir/seeds" "$dir/corpus" "$dir/crashes" "$dir/logs"
python3 - "$dir/seeds" <<'PY'
import glob, os, re, sys
out = sys.argv[1]
def put(target, name, data):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("latin-1", "backslashreplace")
    with open(os.path.join(d, re.sub(r"[^A-Za-z0-9_.-]", "_", name)), "wb") as f:
        f.write(data)
def read(path):
    with open(path, "rb") as f:
        return f.read()
def unescape(s):  # the escapes of tests/cases/check: \n \t \r \\ \xHH
    return re.sub(r"\\(x[0-9a-fA-F]{2}|.)", lambda m: {"n": "\n", "t": "\t", "r": "\r", "\\": "\\"}.get(
        m.group(1), chr(int(m.group(1)[1:], 16)) if m.group(1)[0] == "x" else m.group(0)), s)
# grammar: every grammar file, and the inline grammars of the check cases
for p in sorted(glob.glob("grammars/*.bnf") + glob.glob("tests/**/*.bnf", recursive=True)):
    put("grammar", p, read(p))
constraints, inline = [], []
for p in sorted(glob.glob("tests/cases/check/*.cases")):
    cur, bnf, last = [], [], None
    for line in open(p, encoding="latin-1"):
        line = line.rstrip("\n")
        m = re.match(r"(\w+): ?(.*)", line)
        if not m:
            continue
        key, val = m.groups()
        if key == "constraint":
            if last != "constraint": cur = []
            cur.append(val)
        elif key == "bnf":
            if last != "bnf": bnf = []
            bnf.append(val)
        elif key == "expect":
            if cur: constraints.append("\n".join(cur))
            if bnf: inline.append("\n".join(bnf) + "\n")
        last = key
for i, g in enumerate(sorted(set(inline))):
    put("grammar", "inline-%03d.bnf" % i, g)
# parser: inputs of the expression grammar
for p in sorted(glob.glob("examples/expression/*.txt")):
    put("parser", p, read(p))
for i, s in enumerate(["1", "-(2 * 3) / 4 - 5", "((((7))))", "10 + 20 * 30 - -4", "1 / 0"]):
    put("parser", "seed-%d" % i, s)
# constraint: the check cases' constraints and the catalog's templates
for i, c in enumerate(sorted(set(constraints))):
    put("constraint", "case-%03d" % i, c)
catalog = read("patterns/default.toml").decode("utf-8")
templates = re.findall(r"constraint = '''\n(.*?)'''", catalog, re.S)
values = {"<?NONTERMINAL>": "<payload>", "<?STRING>": '"7"', "<?INTEGER>": "3"}
for i, t in enumerate(templates):
    for k, v in values.items():
        t = t.replace(k, v)
    put("constraint", "pattern-%03d" % i, t)
# catalog: the whole catalog and each of its tables alone
put("catalog", "default.toml", catalog)
for i, table in enumerate(re.split(r"\n(?=\[\[)", catalog)):
    put("catalog", "table-%03d.toml" % i, table)
PY

status=0
for t in "${targets[@]}"; do
  mkdir -p "$dir/corpus/$t"
  log="$dir/logs/$t.log"
  # slow-unit-* files are inputs libFuzzer found slow, not findings
  findings() { find "$dir/crashes" -name "$t-*" ! -name "$t-slow-unit-*" | wc -l; }
  before=$(findings)
  started=$SECONDS
  set +e
  "$dir/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-20}" -rss_limit_mb=2560 \
    -print_final_stats=1 -artifact_prefix="$dir/crashes/$t-" \
    ${FUZZ_JOBS:+-fork=$FUZZ_JOBS -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1} \
    "$dir/corpus/$t" "$dir/seeds/$t" >"$log" 2>&1
  rc=$?
  set -e
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  [ -z "$execs" ] && execs=$(grep -o '#[0-9]*' "$log" | tail -1 | tr -d '#')
  crashes=$(( $(findings) - before ))
  echo "fuzz_$t: ${execs:-0} executions in $((SECONDS - started)) s (of ${seconds} asked), $crashes new crash(es), exit $rc (log: $log)"
  if [ "$rc" != 0 ] || [ "$crashes" != 0 ]; then
    status=1
    grep -m 5 -E 'ERROR|SUMMARY|runtime error|Test unit written' "$log" || true
  fi
done
exit $status
