#!/bin/sh
# A WAV converter with two bugs of two kinds. It keeps a table of 8 channel
# buffers and a resampler sized for 192 kHz: more channels or a higher rate
# overflow them (exit 3, an abort). After those checks it computes
# block_align = channels * (bits / 8) and divides the data size by it: a
# sample narrower than a byte, or no channels, make it 0 (exit 2, a
# floating point exception).
[ -s "$1" ] && [ -z "$(tail -c 1 "$1")" ] || exit 125
awk '
NR == 1 {
  if ($0 !~ /^fmt tag=(1|3|65534) channels=([0-9]|10|12|16) rate=[1-9][0-9]* bits=(0|4|8|12|16|20|24|32|64|[1-9])$/) { bad = 1; exit }
  split($3, c, "="); split($4, r, "="); split($5, b, "=")
  ch = c[2] + 0; rate = r[2] + 0; bits = b[2] + 0
  next
}
$0 !~ /^(data|LIST|fact|cue ) size=(0|[1-9][0-9]*)$/ { bad = 1; exit }
END {
  if (bad || NR == 0) exit 125
  if (ch > 8 || rate > 192000) { print "convert: buffer overflow detected: Aborted" > "/dev/stderr"; exit 3 }
  if (ch * int(bits / 8) == 0) { print "convert: Floating point exception" > "/dev/stderr"; exit 2 }
  exit 0
}' "$1"
