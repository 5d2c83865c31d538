#!/bin/sh
# The slice filter copies len bytes from text + off with no bounds check: a
# slice that ends past the end of its text (off + len above the text's
# length) reads out of bounds and ASan aborts (exit 134). A slice ending
# exactly at the end of its text is fine.
[ -s "$1" ] && [ -z "$(tail -c 1 "$1")" ] || exit 125
awk '
$0 !~ /^slice "[a-z]+( [a-z]+)*" (0|[1-9]|[1-3][0-9]) (0|[1-9]|[1-3][0-9])( [|] (upper|lower|trim))?$/ { rc = 125; exit }
{
  rest = substr($0, 8); i = index(rest, "\"")
  text = substr(rest, 1, i - 1)
  split(substr(rest, i + 2), f, " ")
  if (f[1] + f[2] > length(text)) { print "AddressSanitizer: heap-buffer-overflow READ of size " f[2] > "/dev/stderr"; rc = 134; exit }
}
END { exit rc }' "$1"
