#!/usr/bin/env python3
# the macro pad's firmware compiles each macro into a report with a 4-slot
# key buffer and writes the keys of the chord one after another without a
# bound check: a chord of five keys or more writes past the buffer into the
# next field and the firmware's consistency check fails (exit 2)
import re, sys

SLOTS = 4

class Report:
    def __init__(self, name):
        self.mem = bytearray(SLOTS + 1)   # 4 key slots, then the guard byte
        self.mem[SLOTS] = 0xA5

KEYCODES = {"ctrl": 0xE0, "shift": 0xE1, "alt": 0xE2, "gui": 0xE3}
for i, c in enumerate("abcdefghijklmnopqrstuvwxyz"):
    KEYCODES[c] = 4 + i
for i, c in enumerate("1234567890"):
    KEYCODES[c] = 30 + i
for i in range(1, 10):
    KEYCODES["f%d" % i] = 0x39 + i

reports = []
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    m = re.fullmatch(r'macro ([a-z][a-z0-9_]*) = (.+)', line)
    if not m:
        sys.exit(125)
    keys = m.group(2).split("+")
    if not all(k in KEYCODES for k in keys):
        sys.exit(125)
    r = Report(m.group(1))
    for i, k in enumerate(keys):
        if i < len(r.mem):
            r.mem[i] = KEYCODES[k]
        else:
            break                         # ran off the end of the struct
    if r.mem[SLOTS] != 0xA5:
        print("report guard overwritten", file=sys.stderr)
        sys.exit(2)
    reports.append(r)
sys.exit(0)
