#!/usr/bin/env python3
# the merge step streams rows and asserts that names never go backwards in
# byte order (equal names are merged, so repeats are fine); a row whose
# name sorts before an earlier row's trips the assertion (SIGABRT)
import re, sys, os, signal
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:[a-z]+\t(?:[0-9]|[1-9][0-9]+)\n)+', text):
    sys.exit(125)
prev = None
for name in re.findall(r'^([a-z]+)\t', text, re.M):
    if prev is not None and name < prev:
        print("merge: assertion failed: key >= last_key (%s after %s)" % (name, prev), file=sys.stderr)
        sys.stderr.flush()
        os.kill(os.getpid(), signal.SIGABRT)
    prev = name
print("merged")
