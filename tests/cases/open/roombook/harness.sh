#!/usr/bin/env python3
# a calendar importer: each booking's length is its end minus its start in
# minutes since midnight, and the slot allocator reserves that many minute
# cells from the start on; a booking whose end lies before its start (an
# overnight or mistyped booking) gives a negative count, which the
# allocator's assertion rejects (exit 2). An end equal to the start is a
# zero-length hold, which is kept; the order of the bookings does not matter.
import re, sys
text = open(sys.argv[-1]).read()
T = r'(?:[01][0-9]|2[0-3]):[0-5][0-9]'
if not re.fullmatch(r'(?:book (?:atlas|birch|cedar|delta|echo) %s-%s [a-z]+\n)+' % (T, T), text):
    sys.exit(125)
def minutes(hhmm):
    hh, mm = hhmm.split(":")
    return int(hh) * 60 + int(mm)
for room, start, end, who in re.findall(r'book (\S+) (\S+)-(\S+) (\S+)\n', text):
    cells = minutes(end) - minutes(start)
    if cells < 0:
        print("import: booking of %s by %s: end %s before start %s" % (room, who, end, start),
              file=sys.stderr)
        sys.exit(2)
print("imported")
sys.exit(0)
