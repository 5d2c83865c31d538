#!/bin/sh
# A ferry booking tool looks the departure up in its timetable and uses it
# without checking: on Sundays there is no 06:00 or 21:00 crossing, and
# routes C and E never run at 21:00; a missing departure is a NULL
# dereference (SIGSEGV). The ticket count does not matter.
read -r verb route day slot count < "$1" || exit 125
[ "$verb" = book ] || exit 125
missing=0
if [ "$day" = sun ] && { [ "$slot" = 06 ] || [ "$slot" = 21 ]; }; then missing=1; fi
if { [ "$route" = C ] || [ "$route" = E ]; } && [ "$slot" = 21 ]; then missing=1; fi
[ $missing = 1 ] && kill -SEGV $$
exit 0
