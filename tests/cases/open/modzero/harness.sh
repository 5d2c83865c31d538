#!/usr/bin/python3 -S
# evaluates the mod() calls (Python's %): a second argument that evaluates
# to 0, however it is written, raises ZeroDivisionError (exit 1)
import re, sys
t = open(sys.argv[1]).read()
if not t.endswith("\n"):
    sys.exit(125)
s = t[:-1]
pos = 0
def expr():
    global pos
    if s.startswith("mod(", pos):
        pos += 4
        a = expr()
        if not s.startswith(", ", pos): raise SyntaxError
        pos += 2
        b = expr()
        if not s.startswith(")", pos): raise SyntaxError
        pos += 1
        return a % b
    if s.startswith("-", pos):
        pos += 1
        return -expr()
    if s.startswith("(", pos):
        pos += 1
        a = expr()
        m = re.match(r" ([-+*]) ", s[pos:])
        if not m: raise SyntaxError
        pos += 3
        b = expr()
        if not s.startswith(")", pos): raise SyntaxError
        pos += 1
        return a + b if m.group(1) == "+" else a - b if m.group(1) == "-" else a * b
    m = re.match(r"0|[1-9][0-9]?", s[pos:])
    if not m: raise SyntaxError
    pos += m.end()
    return int(m.group(0))
try:
    expr()
    if pos != len(s) or not s.startswith("mod("): sys.exit(125)
except SyntaxError:
    sys.exit(125)
except ZeroDivisionError:
    print("ZeroDivisionError: integer division or modulo by zero", file=sys.stderr)
    sys.exit(1)
sys.exit(0)
