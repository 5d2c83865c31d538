#!/usr/bin/env python3
# a rate calculator: each "<label>: <rate>" line chains decimal quantities
# left to right with exact fractions: "a per b" is a / b, "a times b" is
# a * b, "a plus b" is a + b. A rate per a quantity of 0 (0, 00, 0.00,
# -(0 + 0.0), ...) divides by zero: ZeroDivisionError, the calculator
# fails (exit 1). Multiplying or adding 0 is fine.
import re, sys
from fractions import Fraction

text = open(sys.argv[-1]).read()
NUM = r'(?:00|[0-9]|[1-9][0-9]+)(?:\.[0-9]{1,3})?'
TOK = re.compile(r' per | times | plus | \+ |\(|\)|-|[0-9]+(?:\.[0-9]+)?')

class Bad(Exception):
    pass

def tokens(s):
    out, i = [], 0
    while i < len(s):
        m = TOK.match(s, i)
        if not m:
            raise Bad()
        if m.group(0)[0].isdigit() and not re.fullmatch(NUM, m.group(0)):
            raise Bad()
        out.append(m.group(0))
        i = m.end()
    return out

class Parser:
    def __init__(self, toks):
        self.t, self.i = toks, 0
    def peek(self):
        return self.t[self.i] if self.i < len(self.t) else None
    def eat(self, tok=None):
        t = self.peek()
        if t is None or (tok is not None and t != tok):
            raise Bad()
        self.i += 1
        return t
    def rate(self):
        v = self.qty()
        while self.peek() in (' per ', ' times ', ' plus '):
            op = self.eat()
            w = self.qty()
            if op == ' per ':
                v = v / w            # ZeroDivisionError when w == 0
            elif op == ' times ':
                v = v * w
            else:
                v = v + w
        return v
    def qty(self):
        if self.peek() == '-':
            self.eat()
            return -self.qty()
        return self.amount()
    def amount(self):
        t = self.peek()
        if t == '(':
            self.eat()
            v = self.amount()
            while self.peek() == ' + ':
                self.eat()
                v += self.amount()
            self.eat(')')
            return v
        if t is not None and t[0].isdigit():
            self.eat()
            return Fraction(t)
        raise Bad()

lines = re.findall(r'([a-z][a-z_]*): (.*)\n', text)
if not lines or ''.join('%s: %s\n' % l for l in lines) != text:
    sys.exit(125)
for label, rate in lines:
    try:
        p = Parser(tokens(rate))
        v = p.rate()
        if p.peek() is not None:
            raise Bad()
    except Bad:
        sys.exit(125)
    except ZeroDivisionError:
        print("ratecalc: %s: %s: division by zero (a rate per nothing)" % (label, rate), file=sys.stderr)
        sys.exit(1)
    print("%s = %s" % (label, v))   # exact: a float would overflow on huge rates
sys.exit(0)
