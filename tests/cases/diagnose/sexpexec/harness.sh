#!/usr/bin/env python3
# the sandbox rejects (exit 2) any program that calls exec with a call as its
# first argument (a computed command); exec of a plain atom is allowed
import re, sys
text = open(sys.argv[1]).read()
sys.exit(2 if re.search(r'\(exec \(', text) else 0)
