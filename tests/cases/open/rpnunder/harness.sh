#!/usr/bin/python3 -S
# a dc-like stack calculator: a number pushes itself; + - * pop two and push
# the result, dup pops one and pushes it twice, swap pops two and pushes them
# crossed, drop pops one. At the end it prints the stack (empty is fine).
# An operator that finds fewer operands on the stack than it needs pops an
# empty list: IndexError, exit 1 (stack underflow). Whether that happens
# depends on the running stack height over the whole token list (numbers
# +1, binary operators -1, dup +1 after needing 1, drop -1), not on any one
# token: "1 +" fails, "1 dup +" passes, "1 2 + +" fails.
import re, sys
t = open(sys.argv[-1], "rb").read().decode("latin-1")
tok = r'(?:0|[1-9][0-9]?|\+|-|\*|dup|swap|drop)'
if not re.fullmatch(tok + r'(?: ' + tok + r')*\n', t):
    sys.exit(125)
st = []
for w in t.split():
    if w == "+":
        b = st.pop(); a = st.pop(); st.append(a + b)
    elif w == "-":
        b = st.pop(); a = st.pop(); st.append(a - b)
    elif w == "*":
        b = st.pop(); a = st.pop(); st.append(a * b)
    elif w == "dup":
        a = st.pop(); st.append(a); st.append(a)
    elif w == "swap":
        b = st.pop(); a = st.pop(); st.append(b); st.append(a)
    elif w == "drop":
        st.pop()
    else:
        st.append(int(w))
print(" ".join(map(str, st)))
sys.exit(0)
