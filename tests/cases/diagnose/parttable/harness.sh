#!/bin/sh
# the image builder writes each partition at start and for size MiB into a
# 512 MiB image file; a partition whose end (start + size) lies past 512
# writes past the image and the builder aborts (exit 1). Overlaps and
# numbering are not checked.
awk -F'[ =]' '
  $0 !~ /^part[1-4] start=[0-9]+ size=[0-9]+$/ { exit 125 }
  $3 + $5 > 512 { print "mkimage: partition past end of image" > "/dev/stderr"; exit 1 }
' "$1"
