#!/bin/sh
# the option parser copies every option into a table sized by opts=; more
# options than announced corrupt the heap (abort, exit 134)
exec python3 - "$1" <<'PY'
import re, sys
for n, opts in re.findall(r'opts=(\d) (.*?) sum=', open(sys.argv[1]).read()):
    if opts.count('[') > int(n):
        sys.exit(134)
sys.exit(0)
PY
