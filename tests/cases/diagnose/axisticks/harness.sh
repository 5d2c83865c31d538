#!/bin/sh
# harness.sh for axisticks: a plotting tool lays out each axis's ticks,
# spacing = range // ticks, without checking the tick count: a ticks
# expression that evaluates to 0 raises ZeroDivisionError, which the tool's
# C extension turns into SIGFPE. Ranges and offsets of 0 are harmless.
exec python3 - "$1" <<'PY'
import os, re, signal, sys
text = open(sys.argv[1]).read()
line_re = re.compile(r'axis [xyz] ticks=([-0-9 ()+*]+) range=([-0-9 ()+*]+) offset=([-0-9 ()+*]+)$')
def value(e):
    if not re.fullmatch(r'[-0-9 ()+*]+', e):
        sys.exit(125)
    return eval(e, {"__builtins__": {}})
for line in text.split("\n")[:-1]:
    m = line_re.match(line)
    if not m:
        sys.exit(125)
    ticks, rng, offset = (value(g) for g in m.groups())
    try:
        spacing = rng // ticks
    except ZeroDivisionError:
        os.kill(os.getpid(), signal.SIGFPE)
    print("axis spacing", spacing, "from", offset)
PY
