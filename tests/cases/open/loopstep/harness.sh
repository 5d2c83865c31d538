#!/usr/bin/env python3
# a tiny loop interpreter: "for i in A..B step S: ACTION" runs over the
# inclusive range from A to B in steps of S (default 1), like Python's
# range(A, B + 1, S), and reports the sum, count, first or last value of i.
# A step of 0 (0, 000, -(0 + 00), ...) makes range() raise "ValueError:
# range() arg 3 must not be zero": the interpreter fails (exit 1). Zero
# bounds (0..0, -(0)..5) are fine; an empty range reports "none".
import re, sys

text = open(sys.argv[-1]).read()

class Bad(Exception):
    pass

class Parser:
    def __init__(self, s):
        self.s, self.i = s, 0
    def take(self, lit):
        if self.s.startswith(lit, self.i):
            self.i += len(lit)
            return True
        return False
    def expect(self, lit):
        if not self.take(lit):
            raise Bad()
    def bound(self):
        if self.take('-'):
            return -self.bound()
        if self.take('+'):
            return self.bound()
        return self.atom()
    def atom(self):
        if self.take('('):
            v = self.atom()
            while self.take(' + '):
                v += self.atom()
            self.expect(')')
            return v
        m = re.compile(r'0+(?![0-9])|[1-9][0-9]*').match(self.s, self.i)
        if not m:
            raise Bad()
        self.i = m.end()
        return int(m.group(0))

def run(a, b, s, action):
    r = range(a, b + (1 if s > 0 else -1), s)   # ValueError when s == 0
    # len(r) overflows on huge bounds: count the steps exactly instead
    n = max(0, (r.stop - r.start + r.step - (1 if s > 0 else -1)) // r.step)
    if action == 'count':
        return n
    last = r.start + (n - 1) * r.step
    if action == 'sum':
        return n * (r.start + last) // 2 if n else 0
    if not n:
        return 'none'
    return r.start if action == 'first' else last

loops = re.findall(r'for ([a-z]) in (.*): (sum|count|first|last)\n', text)
if not loops or ''.join('for %s in %s: %s\n' % l for l in loops) != text:
    sys.exit(125)
for var, rng, action in loops:
    try:
        p = Parser(rng)
        a = p.bound()
        p.expect('..')
        b = p.bound()
        s = p.bound() if p.take(' step ') else 1
        if p.i != len(rng):
            raise Bad()
    except Bad:
        sys.exit(125)
    try:
        v = run(a, b, s, action)
    except ValueError as e:
        print("for %s in %s: ValueError: %s" % (var, rng, e), file=sys.stderr)
        sys.exit(1)
    print("%s of %s in %s = %s" % (action, var, rng, v))
sys.exit(0)
