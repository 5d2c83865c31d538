#!/usr/bin/env bash
# options.sh: data-driven tests of the option parser shared by the
# subcommands (src/cli/cli_options.c). First every case of
# tests/cases/options/*.cases (format: tests/cases/options/README.md): a
# command line, its exit status and substrings of its output. Then, for every
# subcommand `semdbg --help` lists: COMMAND --help and -h exit 0 with the same
# usage text on stdout, the help texts of the options section start in one
# column, and every option the help lists is known to the parser (given
# alone, it is never an "unknown option").
# $1 = semdbg binary, $2 = build directory; runs from the project root.
set -u
semdbg=$(realpath "$1")
export SEMDBG_BUILD_DIR=$(realpath "$2")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0 passed=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# ---- the cases ----
# The case being read: where it starts, its words and what is expected.
where="" words=() want_status="" contains=() lacks=()

run_case() {
  [[ -z $where ]] && return
  if [[ -z $want_status ]]; then fail "$where: no status: line"; return; fi
  timeout 60 "$semdbg" "${words[@]}" >"$tmp/stdout" 2>"$tmp/stderr" </dev/null
  local rc=$? ok=1 item stream text
  if [[ $rc != "$want_status" ]]; then
    fail "$where: semdbg ${words[*]}: exit $rc, expected $want_status; stderr: $(head -c 300 "$tmp/stderr")"
    return
  fi
  for item in "${contains[@]}"; do
    stream=${item%%:*} text=${item#*:}
    grep -qF -- "$text" "$tmp/$stream" || { fail "$where: $stream lacks '$text': $(head -c 300 "$tmp/$stream")"; ok=0; }
  done
  for item in "${lacks[@]}"; do
    stream=${item%%:*} text=${item#*:}
    grep -qF -- "$text" "$tmp/$stream" && { fail "$where: $stream has '$text': $(head -c 300 "$tmp/$stream")"; ok=0; }
  done
  ((ok)) && passed=$((passed + 1))
}

ncases=0
for file in tests/cases/options/*.cases; do
  lineno=0
  while IFS= read -r line || [[ -n $line ]]; do
    lineno=$((lineno + 1))
    [[ -z ${line//[[:space:]]/} || $line == \#* ]] && continue
    key=${line%%:*} value=${line#*:}
    value=${value# }
    case $key in
      args)
        run_case
        where="$file:$lineno" want_status="" contains=() lacks=()
        ncases=$((ncases + 1))
        # words split like xargs does: quotes group, nothing is expanded (the
        # '.' at the end, dropped after, keeps a last empty word '')
        if printf '%s .' "$value" | xargs printf '%s\0' >"$tmp/words" 2>"$tmp/err"; then
          mapfile -d '' -t words <"$tmp/words"
          unset 'words[-1]'
        else
          fail "$where: cannot split '$value': $(cat "$tmp/err")"
          where=""
        fi ;;
      status) want_status=$value ;;
      stdout | stderr) contains+=("$key:$value") ;;
      stdout-lacks | stderr-lacks) lacks+=("${key%-lacks}:$value") ;;
      *) fail "$file:$lineno: unknown key '$key'" ;;
    esac
  done <"$file"
  run_case
  where=""
done
((ncases >= 50)) || fail "only $ncases cases in tests/cases/options"

# ---- the help of every subcommand ----
commands=$("$semdbg" --help | sed -n '/^commands:/,/^$/p' | awk 'NF >= 2 {print $1}')
[[ $(wc -w <<<"$commands") -ge 10 ]] || fail "semdbg --help lists too few commands: $commands"

# Option rows of a help text: "  -x, --name ARG  text" or "  --name ARG  text";
# prints the option's name (long if any) and the column its text starts at.
option_rows() {
  awk '/^  (-[A-Za-z0-9], )?--?[A-Za-z0-9][A-Za-z0-9-]*( |$)/ {
         name = $1; sub(/,$/, "", name); if ($2 ~ /^--/) name = $2
         spec = substr($0, 3); gap = index(spec, "  "); start = 0
         if (gap) { match(substr(spec, gap), /^ +/); start = 2 + gap - 1 + RLENGTH }
         print name, start
       }' "$1"
}

for cmd in $commands; do
  "$semdbg" "$cmd" --help >"$tmp/help" 2>"$tmp/err"
  rc=$?
  [[ $rc == 0 ]] || { fail "$cmd --help: exit $rc"; continue; }
  [[ -s $tmp/err ]] && fail "$cmd --help wrote on stderr: $(head -c 200 "$tmp/err")"
  head -1 "$tmp/help" | grep -q '^usage: semdbg' || fail "$cmd --help does not start with a usage line"
  "$semdbg" "$cmd" -h >"$tmp/help-h" 2>&1
  cmp -s "$tmp/help" "$tmp/help-h" || fail "$cmd: -h and --help differ"
  grep -qE '^  -h, --help +show this help$' "$tmp/help" || fail "$cmd --help lacks -h, --help"
  grep -qi 'exit status' "$tmp/help" || fail "$cmd --help does not tell the exit status"
  # the command's own options: one column for their texts
  sed -n '/^options:$/,/^$/p' "$tmp/help" >"$tmp/own"
  columns=$(option_rows "$tmp/own" | awk '{print $2}' | sort -u | wc -l)
  [[ $columns == 1 ]] || fail "$cmd --help: the options' texts start in $columns columns"
  # every option listed is one the parser knows
  nopt=0
  while read -r name _; do
    nopt=$((nopt + 1))
    timeout 20 "$semdbg" "$cmd" "$name" >/dev/null 2>"$tmp/err" </dev/null
    grep -q 'unknown option' "$tmp/err" && fail "$cmd --help lists $name, which the parser does not know"
  done < <(option_rows "$tmp/help")
  ((nopt >= 3)) || fail "$cmd --help lists only $nopt options"
  passed=$((passed + 1))
done

echo "options: $passed passed ($ncases cases, $(wc -w <<<"$commands") commands' help), $failures failed"
[[ $failures == 0 ]]
