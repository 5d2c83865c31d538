#!/bin/sh
# the store refuses a batch whose files take more kilobytes than the
# user's quota ("Disk quota exceeded", exit 3); any other input is
# stored (0); lines it cannot read: 125
f=$1
[ -s "$f" ] || exit 125
[ "$(tail -c 1 "$f" | od -An -c | tr -d ' ')" = '\n' ] || exit 125
while IFS= read -r line; do
  rest=${line#quota }
  [ "$rest" != "$line" ] || exit 125
  user=${rest%% *}; rest=${rest#* }
  limit=${rest%%K: *}; rest=${rest#*K: }
  files=${rest%% files of *}; rest=${rest#* files of }
  kb=${rest%K}
  case "$user" in alice|bob|carol|dave) ;; *) exit 125 ;; esac
  for n in "$limit" "$files" "$kb"; do
    case "$n" in ''|*[!0-9]*) exit 125 ;; esac
  done
  if [ $((files * kb)) -gt "$limit" ]; then
    echo "store: Disk quota exceeded for $user" >&2
    exit 3
  fi
done < "$f"
exit 0
