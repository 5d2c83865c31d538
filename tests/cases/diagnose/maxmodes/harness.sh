#!/usr/bin/env python3
# the server copies a MODE command's parameters into an array of 3
# (MAXMODES=3) without a check: a fourth parameter in one command overflows;
# many parameters over several commands are fine
import re, sys
t = open(sys.argv[1]).read()
lines = t.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'MODE #(ops|dev|lobby) [+-][ovbk]+((?: [a-z][a-z0-9]*)*)', line)
    if not m:
        sys.exit(125)
    if len(m.group(2).split()) > 3:
        print("stack smashing detected", file=sys.stderr); sys.exit(134)
sys.exit(0)
