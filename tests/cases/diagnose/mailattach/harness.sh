#!/bin/sh
# the mail filter bounces a mail with an executable attachment (a name
# ending in ".exe")
awk '{ sub(/^attach:/, ""); n = split($0, fs, ";");
       for (i = 1; i <= n; i++) { split(fs[i], w, " "); if (w[1] ~ /\.exe$/) bad = 1 }
       exit bad }' "$1"
