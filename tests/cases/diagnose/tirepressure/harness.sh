#!/bin/sh
# a monitor that aborts on any reading above 3.25 bar (an overpressure
# table indexed past its end)
awk '{ if ($2 + 0 > 3.25) bad = 1 } END { exit bad }' "$1"
