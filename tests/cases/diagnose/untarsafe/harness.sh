#!/bin/sh
# an unprivileged extractor with two unrelated ways to die with exit 2: it
# refuses a path with a ".." component (it would escape the target
# directory), and its chmod of a set-user-ID mode (special digit 4) fails
# without root. Sticky (1) and set-group-ID (2) are dropped silently.
awk '
  NF != 3 { exit 125 }
  substr($1, 1, 1) == "4" { print "untar: cannot set setuid bit" > "/dev/stderr"; exit 2 }
  { n = split($3, seg, "/"); for (i = 1; i <= n; i++) if (seg[i] == "..") { print "untar: path escapes" > "/dev/stderr"; exit 2 } }
' "$1"
