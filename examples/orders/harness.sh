#!/bin/sh
# harness.sh for examples/orders: checks the receipt of the order in the file
# given as the last argument (orders --check: the buggy receipt against the
# fixed one). With --bug4 first, the build with a fourth bug (orders-bug4).
# Verdicts: 0 pass; 125 undefined (not an order); fail: SIGABRT (a quantity
# of 0), SIGSEGV (a name longer than 15 letters), exit 1 (wrong receipt:
# a price above 90000 or a coupon), and with --bug4 exit 3 (an empty note).
. "$(dirname "$0")/../subject.sh"
subject_find orders
if [ "$1" = --bug4 ]; then
  subject_bin=$subject_bin-bug4
  [ -x "$subject_bin" ] || { echo "$0: $subject_bin: example binary not found" >&2; exit 127; }
fi
subject_input "$@"
exec "$subject_bin" --check "$subject_input"
