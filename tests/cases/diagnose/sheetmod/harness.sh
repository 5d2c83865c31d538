#!/usr/bin/env python3
# a spreadsheet recalculation: each "<cell> = <formula>" line is evaluated
# with integer arithmetic, left to right, like a spreadsheet's MOD and
# QUOTIENT. Division follows the "x / 0 = 0" convention (as in Pony or
# Gleam), so a zero divisor is harmless; "x mod 0" has no such convention
# and raises ZeroDivisionError: the recalculation fails (exit 1).
import re, sys

text = open(sys.argv[-1]).read()
LINE = re.compile(r'([A-H][1-9][0-9]?) = (.*)\n')

class Bad(Exception):
    pass

def tokens(s):
    out = []
    i = 0
    while i < len(s):
        m = re.match(r' \+ | - | \* | / | mod |\(|\)|-|[0-9]+', s[i:])
        if not m:
            raise Bad()
        t = m.group(0)
        if t[0].isdigit() and not re.fullmatch(r'0|00|000|[1-9][0-9]*', t):
            raise Bad()          # zero is 0, 00 or 000; no other leading zeros
        out.append(t)
        i += len(t)
    return out

class Parser:
    def __init__(self, toks):
        self.t = toks
        self.i = 0
    def peek(self):
        return self.t[self.i] if self.i < len(self.t) else None
    def eat(self, tok=None):
        t = self.peek()
        if t is None or (tok is not None and t != tok):
            raise Bad()
        self.i += 1
        return t
    def expr(self):
        v = self.term()
        while self.peek() in (' + ', ' - '):
            op = self.eat()
            w = self.term()
            v = v + w if op == ' + ' else v - w
        return v
    def term(self):
        v = self.factor()
        while self.peek() in (' * ', ' / ', ' mod '):
            op = self.eat()
            w = self.factor()
            if op == ' * ':
                v = v * w
            elif op == ' / ':
                # truncating division; a zero divisor gives 0 by convention
                v = 0 if w == 0 else (abs(v) // abs(w)) * (1 if (v < 0) == (w < 0) else -1)
            else:
                v = v % w        # ZeroDivisionError when w == 0
        return v
    def factor(self):
        if self.peek() == '-':
            self.eat()
            return -self.factor()
        return self.atom()
    def atom(self):
        t = self.peek()
        if t == '(':
            self.eat()
            v = self.sum()
            self.eat(')')
            return v
        if t is not None and t.isdigit():
            self.eat()
            return int(t)
        raise Bad()
    def sum(self):
        v = self.atom()
        while self.peek() == ' + ':
            self.eat()
            v += self.atom()
        return v

lines = LINE.findall(text)
if not lines or ''.join('%s = %s\n' % l for l in lines) != text:
    sys.exit(125)
sheet = {}
for cell, formula in lines:
    try:
        p = Parser(tokens(formula))
        v = p.expr()
        if p.peek() is not None:
            raise Bad()
    except Bad:
        sys.exit(125)
    except ZeroDivisionError:
        print("#DIV/0! in %s: %s: integer modulo by zero" % (cell, formula), file=sys.stderr)
        sys.exit(1)
    sheet[cell] = v
for cell, v in sheet.items():
    print(cell, v)
sys.exit(0)
