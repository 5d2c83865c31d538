#!/usr/bin/env python3
# an INI loader with two bugs of two kinds. Its first pass copies every
# value into a 32-byte buffer and its stack protector catches a longer one
# (exit 3, "stack smashing detected"); its second pass looks each section
# up by name, and an empty name "[]" is stored as NULL and dereferenced
# (SIGSEGV). A file with both fails in the first pass.
import os, re, signal, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r"(\[[a-z0-9]*\]\n([a-z][a-z_]*=[a-zA-Z0-9 ./]*\n)*)+", text) or not text.startswith("["):
    sys.exit(125)
lines = text[:-1].split("\n")
for line in lines:
    if not line.startswith("["):
        if len(line.split("=", 1)[1]) > 32:
            print("*** stack smashing detected ***", file=sys.stderr)
            sys.exit(3)
for line in lines:
    if line == "[]":
        sys.stdout.flush()
        os.kill(os.getpid(), signal.SIGSEGV)
sys.exit(0)
