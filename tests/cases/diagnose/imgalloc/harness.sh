#!/usr/bin/env python3
# the decoder allocates width * height pixels: above 2^20 it aborts
import sys
f = open(sys.argv[1]).read().split()
sys.exit(1 if int(f[1]) * int(f[2]) > 1048576 else 0)
