#!/usr/bin/env python3
# the scaler's fast downscale path (factors strictly between 1/2 and 1) reads
# one row past its buffer: 0.5 and 1.0 take other paths and pass
import re, sys
for line in open(sys.argv[1]).read().split("\n")[:-1]:
    m = re.fullmatch(r'layer [a-z][a-z0-9]* scale=([0-3]\.[0-9]{1,2})( bilinear| nearest)?', line)
    if not m:
        sys.exit(125)
    s = float(m.group(1))
    if 0.5 < s < 1.0:
        print("heap-buffer-overflow in downscale_fast", file=sys.stderr); sys.exit(1)
sys.exit(0)
