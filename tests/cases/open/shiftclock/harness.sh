#!/bin/sh
# The payroll export computes a shift's length as end minus start in
# minutes into a size_t and allocates a slot per quarter hour: a shift that
# ends earlier in the day than it starts (a night shift, or a typo such as
# 09:45-09:15) wraps around to a huge size and the allocation aborts
# (exit 1). A shift that ends when it starts is empty and passes.
[ -s "$1" ] && [ -z "$(tail -c 1 "$1")" ] || exit 125
awk '
$0 !~ /^[A-Z][a-z]+ (Mon|Tue|Wed|Thu|Fri|Sat|Sun) ([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9]( # [a-z][a-z ]*)?$/ { rc = 125; exit }
{
  a = substr($3, 1, 2) * 60 + substr($3, 4, 2)
  b = substr($3, 7, 2) * 60 + substr($3, 10, 2)
  if (b < a) { print "payroll: cannot allocate " (b - a) " slots: Cannot allocate memory" > "/dev/stderr"; rc = 1; exit }
}
END { exit rc }' "$1"
