#!/usr/bin/env python3
# a traffic shaper: each rule's rate is "A x B" or "A / B" kbit (integer
# division); a quotient by an amount of 0 (0, 00, -(0 + 00)) raises
# ZeroDivisionError and the configuration load fails (exit 1). A product by
# zero is a rate of 0, which is allowed; the burst may be 0.
import re, sys
text = open(sys.argv[-1]).read()
TOK = re.compile(r'\d+|[()+\-]| ')
def parse_amount(s, i):
    if s.startswith('-', i):
        v, i = parse_amount(s, i + 1)
        return -v, i
    return parse_plain(s, i)
def parse_plain(s, i):
    if s.startswith('(', i):
        v, i = parse_plain(s, i + 1)
        while s.startswith(' + ', i):
            w, i = parse_plain(s, i + 3)
            v += w
        if not s.startswith(')', i):
            raise ValueError
        return v, i + 1
    m = re.match(r'00|0|[1-9][0-9]*', s[i:])
    if not m:
        raise ValueError
    return int(m.group()), i + m.end()
lines = text.split('\n')
if not text.endswith('\n') or len(lines) < 2:
    sys.exit(125)
rates = []
for line in lines[:-1]:
    m = re.fullmatch(r'shape ([a-z][a-z0-9]*) rate (.*) burst (.*)', line)
    if not m:
        sys.exit(125)
    expr = m.group(2)
    try:
        a, i = parse_amount(expr, 0)
        if expr.startswith(' x ', i): op = 'x'
        elif expr.startswith(' / ', i): op = '/'
        else: sys.exit(125)
        b, j = parse_amount(expr, i + 3)
        if j != len(expr): sys.exit(125)
        burst, k = parse_plain(m.group(3), 0)
        if k != len(m.group(3)): sys.exit(125)
    except ValueError:
        sys.exit(125)
    try:
        rates.append(a * b if op == 'x' else a // b)
    except ZeroDivisionError:
        print("shape %s: rate: division by zero" % m.group(1), file=sys.stderr)
        sys.exit(1)
print("loaded %d classes" % len(rates))
