#!/bin/sh
# The loader validates the default entry (counted from 0) with
# "if (def > n) def = 0;" where it means ">=": a default equal to the number
# of entries indexes one past the end of the entry table and the boot menu
# crashes (exit 139). A default above the count is caught and falls back to
# entry 0 (a warning, no failure).
[ -s "$1" ] && [ -z "$(tail -c 1 "$1")" ] || exit 125
awk '
NR == 1 { if ($0 !~ /^default=[0-9]$/) bad = 1; d = substr($0, 9) + 0; next }
NR == 2 { if ($0 !~ /^timeout=([0-9]|[1-9][0-9])$/) bad = 1; next }
!open { if ($0 ~ /^menuentry '\''[A-Za-z0-9][A-Za-z0-9 .]*'\'' [{]$/) { open = 1; n++ } else bad = 1; next }
$0 == "}" { open = 0; next }
$0 !~ /^  (linux|initrd|chainloader) (\/[a-z0-9.]+)+$/ { bad = 1 }
END {
  if (bad || open || n == 0) exit 125
  if (d > n) { print "warning: default entry " d " out of range, using 0" > "/dev/stderr"; d = 0 }
  if (d == n) { print "Segmentation fault (entries[" d "] of " n ")" > "/dev/stderr"; exit 139 }
  exit 0
}' "$1"
