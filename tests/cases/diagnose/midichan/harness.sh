#!/usr/bin/env python3
# the player keeps one state block per MIDI channel (16 of them) and indexes it
# with ch - 1 unchecked: a channel above 16 reads past the table (exit 3).
# Notes and velocities up to 127 are all valid.
import re, sys
t = open(sys.argv[-1]).read()
ev = r'note=(\d+) vel=(\d+) ch=(\d+)\n'
if not re.fullmatch('(?:' + ev + ')+', t):
    sys.exit(125)
for note, vel, ch in re.findall(ev, t):
    if int(ch) > 16:
        print("player: channel table overrun", file=sys.stderr)
        sys.exit(3)
sys.exit(0)
