# bash completion for semdbg(1). Installed as
# share/bash-completion/completions/semdbg. Nothing here lists commands or
# options: the commands come from `semdbg --help` and each command's options
# (and whether they take a value) from `semdbg COMMAND --help`, the help the
# option tables of src/cli/ generate, so completion is always in step with the
# semdbg being completed.

# The options of a help text, one per line: "NAME ARG" (ARG empty for a flag).
_semdbg_options() {
  "$1" "$2" --help 2>/dev/null | awk '
    /^  (-[A-Za-z0-9], )?--?[A-Za-z0-9][A-Za-z0-9-]*( |$)/ {
      spec = substr($0, 3); gap = index(spec, "  ")
      if (gap) spec = substr(spec, 1, gap - 1)
      n = split(spec, w, " "); arg = (w[n] !~ /^-/) ? w[n] : ""
      for (i = 1; i <= n; i++) if (w[i] ~ /^-/) { o = w[i]; sub(/,$/, "", o); print o, arg }
    }'
}

_semdbg() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
  local semdbg=${COMP_WORDS[0]} commands cmd=diagnose line name arg=""
  COMPREPLY=()
  commands=$("$semdbg" --help 2>/dev/null | sed -n '/^commands:/,/^$/p' | awk 'NF >= 2 {print $1}')
  # only the first argument names a command; anything else runs the diagnosis
  if ((COMP_CWORD > 1)) && [[ " $(echo $commands) " == *" ${COMP_WORDS[1]} "* ]]; then
    cmd=${COMP_WORDS[1]}
  fi
  local options
  options=$(_semdbg_options "$semdbg" "$cmd")

  # the value of the option before the cursor
  if [[ $prev == -* ]]; then
    while read -r name arg; do
      [[ $name == "$prev" ]] && break
      arg=""
    done <<<"$options"
    case $arg in
      "") ;;
      V) COMPREPLY=($(compgen -W "pass fail undefined" -- "$cur")); return ;;
      WHAT) COMPREPLY=($(compgen -W "status stdout both" -- "$cur")); return ;;
      DIR) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return ;;
      FILE | PATH | F | LIST)
        compopt -o filenames 2>/dev/null
        if [[ $prev == --grammar || $prev == -g ]]; then
          COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.bnf' -- "$cur"))
        else
          COMPREPLY=($(compgen -f -- "$cur"))
        fi
        return ;;
      CMD) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -c -- "$cur") $(compgen -f -- "$cur")); return ;;
      *) return ;; # a number, a regex, a constraint: nothing to offer
    esac
  fi

  if [[ $cur == -* ]]; then
    local names=""
    [[ $COMP_CWORD == 1 ]] && names="--help --version"
    names+=" $(awk '{print $1}' <<<"$options")"
    COMPREPLY=($(compgen -W "$names" -- "$cur"))
    return
  fi
  compopt -o filenames 2>/dev/null
  if ((COMP_CWORD == 1)); then
    COMPREPLY=($(compgen -W "$commands" -- "$cur") $(compgen -f -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -F _semdbg semdbg
