#!/usr/bin/env python3
# the enrolment tool derives a check value by dividing by the number of
# digits in the PIN: a PIN without digits divides by zero
import sys
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    name, _, pin = line.partition(" ")
    digits = sum(1 for ch in pin if ch.isdigit())
    try:
        check = len(pin) // digits
    except ZeroDivisionError:
        sys.exit(136)
sys.exit(0)
