#!/usr/bin/env python3
# the loader strdup()s each value and then reads value[len - 1] to strip a
# trailing newline: an empty value reads before the buffer (crash); empty
# sections are fine
import sys
for line in open(sys.argv[-1]).read().split("\n"):
    if not line or line.startswith("["):
        continue
    if "=" not in line:
        sys.exit(125)
    key, value = line.split("=", 1)
    if len(value) == 0:
        sys.exit(139)
sys.exit(0)
