#!/usr/bin/env python3
# a loader that keys a dict by column name and asserts every name is new:
# a header naming a column twice fails; 125 for a malformed file
import re, sys
lines = open(sys.argv[1]).read().split("\n")
if lines[-1] != "" or not re.fullmatch(r'[a-z]+(,[a-z]+)*', lines[0]):
    sys.exit(125)
names = lines[0].split(",")
for row in lines[1:-1]:
    if not re.fullmatch(r'[0-9]+(,[0-9]+)*', row):
        sys.exit(125)
sys.exit(1 if len(set(names)) != len(names) else 0)
