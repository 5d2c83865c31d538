#!/usr/bin/env python3
# a car stereo's track list reader: the display shows mm:ss with two minute
# digits, so a track longer than 5999 seconds overflows it (exit 3); a "#"
# in a title starts a comment in its parser, which then misses the "|" and
# reads past the line (exit 3)
import sys
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    title, secs = line.rsplit("|", 1)
    if int(secs) > 5999 or "#" in title:
        sys.exit(3)
sys.exit(0)
