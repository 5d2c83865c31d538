#!/bin/sh
# a 2D game's level compiler (Python) turns a text level into the binary
# level file the engine loads: each tile is packed as struct "<BBBb" (kind,
# row, column as unsigned bytes, layer as a signed byte). Positions are
# Python expressions, evaluated with Python's own arithmetic: // floors and
# % takes the sign of the divisor. The author checks only row, col < 100,
# reasoning in C that "(n - m) // k" is at worst 0 and the result can't go
# below 0; in Python "(3 - 5) // 4" is -1, and struct.pack("B", -1) raises
# struct.error (an uncaught exception: exit 1). So a row or a column that
# EVALUATES negative fails: a difference a - b with a < b that no % brings
# back to >= 0 (// by a positive digit keeps a negative value negative, %
# by one gives 0 to k - 1). A negative layer is fine (signed), and so is
# "(3 - 5) % 4" (2, where C's -2 would not be).
PY=/usr/bin/python3; [ -x "$PY" ] || PY=python3
exec "$PY" -S - "$1" <<'EOF_PY'
import re, struct, sys
KINDS = {"wall": 1, "door": 2, "coin": 3, "spike": 4}
LINE = re.compile(r"place (\w+) row=(.+) col=(.+) layer=(.+)")
EXPR = re.compile(r"[0-9()/% -]+")
out = bytearray(b"LVL1")
for line in open(sys.argv[1]).read().splitlines():
    m = LINE.fullmatch(line)
    if not m or m.group(1) not in KINDS or not all(EXPR.fullmatch(g) for g in m.groups()[1:]):
        sys.exit(125)
    try:
        row, col, layer = (eval(g, {"__builtins__": {}}) for g in m.groups()[1:])
    except (SyntaxError, ZeroDivisionError):
        sys.exit(125)
    if row >= 100 or col >= 100:
        print("tile outside the grid:", line, file=sys.stderr)
        sys.exit(125)
    out += struct.pack("<BBBb", KINDS[m.group(1)], row, col, layer)
print(len(out), "bytes")
EOF_PY
