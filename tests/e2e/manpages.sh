#!/usr/bin/env bash
# manpages.sh: the man pages (man/*.1, written by hand) are in step with the
# help. For every command `semdbg --help` lists, man/semdbg-COMMAND.1 exists,
# semdbg(1) lists the command and refers to its page, and the page documents
# exactly the options `semdbg COMMAND --help` lists (each ".TP" tag such as
# "\fB\-g\fR, \fB\-\-grammar\fR \fIFILE\fR" read as "-g, --grammar FILE"
# against the help's "  -g, --grammar FILE   text" rows). No page describes a
# command that does not exist, and groff renders every page without a warning.
# $1 = semdbg binary, $2 = build directory; runs from the project root.
set -u
semdbg=$(realpath "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0 passed=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

commands=$("$semdbg" --help | sed -n '/^commands:/,/^$/p' | awk 'NF >= 2 {print $1}')
[[ $(wc -w <<<"$commands") -ge 10 ]] || fail "semdbg --help lists too few commands: $commands"

# The option specs of a help text, one per line: "-g, --grammar FILE".
help_specs() {
  awk '/^  (-[A-Za-z0-9], )?--?[A-Za-z0-9][A-Za-z0-9-]*( |$)/ {
         spec = substr($0, 3); gap = index(spec, "  ")
         if (gap) spec = substr(spec, 1, gap - 1)
         print spec
       }' "$1" | sort
}

# The option specs of a man page: the tags of .TP paragraphs that are options.
man_specs() {
  awk 'tag { print; tag = 0; next } /^\.TP/ { tag = 1 }' "$1" |
    sed -e 's/\\f[BIRP]//g' -e 's/\\-/-/g' | grep -E '^-' | sort
}

page=man/semdbg.1
[[ -f $page ]] || fail "$page is missing"
for cmd in $commands; do
  man="man/semdbg-$cmd.1"
  if [[ ! -f $man ]]; then
    fail "$man is missing: every command in semdbg --help needs its page (man/semdbg-$cmd.1, listed in man/semdbg.1)"
    continue
  fi
  grep -q "^\\.TH SEMDBG-${cmd^^} 1 " "$man" || fail "$man: no '.TH SEMDBG-${cmd^^} 1' header"
  grep -q "^semdbg\\\\-$cmd \\\\- " "$man" || fail "$man: NAME is not 'semdbg\\-$cmd \\- ...'"
  awk '/^\.SH COMMANDS/,/^\.SH OPTIONS/' "$page" | grep -q "^\\\\fB$cmd\\\\fR$" ||
    fail "$page does not list the command $cmd under COMMANDS"
  grep -q "semdbg\\\\-$cmd\\\\fR(1)" "$page" || fail "$page does not refer to semdbg-$cmd(1)"
  "$semdbg" "$cmd" --help >"$tmp/help" 2>/dev/null || { fail "$cmd --help failed"; continue; }
  help_specs "$tmp/help" >"$tmp/help-specs"
  man_specs "$man" >"$tmp/man-specs"
  if ! diff -u --label "semdbg $cmd --help" --label "$man" "$tmp/help-specs" "$tmp/man-specs" >"$tmp/diff"; then
    fail "$man and semdbg $cmd --help document different options:"$'\n'"$(cat "$tmp/diff")"
    continue
  fi
  (($(wc -l <"$tmp/help-specs") >= 3)) || fail "$cmd: only $(wc -l <"$tmp/help-specs") options found"
  passed=$((passed + 1))
done

# no page for a command that does not exist
for man in man/semdbg-*.1; do
  cmd=${man#man/semdbg-} cmd=${cmd%.1}
  grep -qx "$cmd" <<<"$commands" || fail "$man describes '$cmd', which semdbg --help does not list"
done

# every page renders without a warning
if command -v groff >/dev/null; then
  for man in man/*.1; do
    LC_ALL=C.UTF-8 groff -t -man -Tutf8 -ww -z "$man" 2>"$tmp/groff"
    [[ -s $tmp/groff ]] && fail "$man: groff: $(head -c 300 "$tmp/groff")"
  done
else
  echo "manpages: groff not found, pages not rendered"
fi

echo "manpages: $passed commands' pages match their help, $failures failed"
[[ $failures == 0 ]]
