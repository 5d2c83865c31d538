#!/usr/bin/env bash
# generate_cases.sh: data-driven tests of `semdbg fuzz --constraint`. Runs
# every case in tests/cases/generate/*.cases (format:
# tests/cases/generate/README.md): asks for inputs, checks the exit status
# and the count, and checks every input made with `semdbg check` (the
# evaluator) and `semdbg parse`. $1 = semdbg binary, $2 = build directory.
set -u
BIN=$1
BUILD=$2
tmp=$(mktemp -d "$BUILD/e2e-gencases.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

passed=0
failed=0
fail() {
  echo "FAIL: $*" >&2
  failed=$((failed + 1))
}

# run_case WHERE GRAMMAR CONSTRAINT COUNT SEED EXPECT
run_case() {
  local where=$1 grammar=$2 constraint=$3 count=$4 seed=$5 expect=$6 rc made
  local out="$tmp/out"
  rm -rf "$out"
  "$BIN" fuzz --grammar "$grammar" --constraint "$constraint" -n "$count" --seed "$seed" \
    --out "$out" >"$tmp/stdout" 2>"$tmp/err"
  rc=$?
  made=0
  [ -d "$out" ] && made=$(find "$out" -type f | wc -l)
  case $expect in
    all)
      if [[ $rc != 0 || $made != "$count" ]]; then
        fail "$where: expected $count inputs, got $made (exit $rc): $(head -c 300 "$tmp/err")"
        return
      fi
      local distinct
      distinct=$(for f in "$out"/*; do md5sum <"$f"; done | sort -u | wc -l)
      [[ $distinct == "$count" ]] || { fail "$where: only $distinct distinct inputs"; return; }
      ;;
    some)
      if ((made == 0)) || { ((made < count)) && [[ $rc != 1 ]]; }; then
        fail "$where: expected some inputs, got $made (exit $rc): $(head -c 300 "$tmp/err")"
        return
      fi
      ;;
    none)
      if [[ $rc != 1 || $made != 0 ]] || ! grep -qE "unsatisfiable|gave up" "$tmp/err"; then
        fail "$where: expected no input and a reason, got $made (exit $rc): $(head -c 300 "$tmp/err")"
        return
      fi
      ;;
    unsat)
      if [[ $rc != 1 || $made != 0 ]] || ! grep -q "unsatisfiable" "$tmp/err"; then
        fail "$where: expected a proof that no input exists, got $made (exit $rc): $(head -c 300 "$tmp/err")"
        return
      fi
      ;;
    *) fail "$where: bad expectation '$expect'"; return ;;
  esac
  if ((made > 0)); then
    if ! "$BIN" parse --grammar "$grammar" "$out"/* >/dev/null 2>"$tmp/perr"; then
      fail "$where: an input does not parse: $(head -c 300 "$tmp/perr")"
      return
    fi
    if ! "$BIN" check -q --grammar "$grammar" --constraint "$constraint" "$out"/* >"$tmp/check" 2>&1; then
      fail "$where: an input does not satisfy the constraint: $(grep -m3 'not satisfied' "$tmp/check")"
      return
    fi
  fi
  passed=$((passed + 1))
}

ncase=0
for file in tests/cases/generate/*.cases; do
  grammar="" bnf="" constraint="" lineno=0 count=5 seed=1
  fresh_constraint=1 fresh_bnf=1
  while IFS= read -r line || [[ -n $line ]]; do
    lineno=$((lineno + 1))
    [[ -z ${line//[[:space:]]/} || $line == \#* ]] && continue
    key=${line%%:*}
    value=${line#*:}
    value=${value# }
    case $key in
      grammar) grammar=$value fresh_bnf=1 ;;
      bnf)
        if ((fresh_bnf)); then bnf=$value; else bnf+=$'\n'$value; fi
        fresh_bnf=0
        ncase=$((ncase + 1))
        grammar="$tmp/inline$ncase.bnf"
        printf '%s\n' "$bnf" >"$grammar"
        ;;
      constraint)
        if ((fresh_constraint)); then constraint=$value; else constraint+=$'\n'$value; fi
        fresh_constraint=0
        ;;
      count) count=$value ;;
      seed) seed=$value ;;
      expect)
        run_case "$file:$lineno" "$grammar" "$constraint" "$count" "$seed" "$value"
        fresh_constraint=1 fresh_bnf=1
        ;;
      *) fail "$file:$lineno: unknown key '$key'" ;;
    esac
  done <"$file"
done

echo "generate: $passed cases passed, $failed failed"
((failed == 0))
