#!/usr/bin/env python3
# a UART driver's configuration loader. The baud table has seven entries
# (indices 0-6) but the parser accepts a digit 0-7; and the parity switch has
# no case for space parity, leaving the line-control register pointer unset.
import sys
RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600]
LCR = {"n": 0x00, "e": 0x18, "o": 0x08, "m": 0x28}
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    w = line.split(" ")
    if len(w) != 8 or w[0] != "port":
        sys.exit(125)
    baud, parity = int(w[3]), w[5]
    if baud > 7:
        sys.exit(125)
    try:
        rate = RATES[baud]
    except IndexError:
        sys.exit(139)          # read past the table
    if parity not in LCR:
        sys.exit(139)          # NULL register pointer
sys.exit(0)
