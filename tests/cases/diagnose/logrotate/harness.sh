#!/usr/bin/env python3
# the pruner walks archives in order and expects each generation to be the
# one before plus one; a gap or a repeat corrupts its bookkeeping (exit 3)
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:log\.(?:[0-9]|[1-9][0-9])\.gz size=[1-9][0-9]*k\n)+', text):
    sys.exit(125)
gens = [int(g) for g in re.findall(r'log\.([0-9]+)\.gz', text)]
for a, b in zip(gens, gens[1:]):
    if b != a + 1:
        print("prune: generation %d after %d" % (b, a), file=sys.stderr)
        sys.exit(3)
print("ok")
