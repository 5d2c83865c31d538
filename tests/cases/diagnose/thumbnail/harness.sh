#!/bin/sh
# Two bugs: a width above 4000 overflows the row buffer (crash, exit 1); a
# quality of 0 makes the encoder's rate loop never converge (reported as
# exit 2, a hang). The width is checked first.
awk '{ split($2, wh, "x"); split($3, q, "="); w = wh[1] + 0;
       if (w > 4000) exit 1; if (q[2] + 0 == 0) exit 2; exit 0 }' "$1"
