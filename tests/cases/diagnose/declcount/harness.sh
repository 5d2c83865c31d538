#!/usr/bin/env python3
# the loader allocates n slots per block and writes every sample it reads:
# more samples than declared overflow the buffer (SIGSEGV, as 139)
import re, sys
for n, rest in re.findall(r'n=(\d+):([^\n]*)', open(sys.argv[1]).read()):
    if len(rest.split()) > int(n):
        sys.exit(139)
sys.exit(0)
