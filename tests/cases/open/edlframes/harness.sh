#!/usr/bin/env python3
# the conform tool counts each event's frames, (out - in) * fps, into a
# 4-digit frame field of its tape header; a clip of more than 9999 frames
# overflows it (exit 3). A reversed event (out before in) gives a negative
# count, which the tool treats as an empty clip and passes. The reel plays
# no part.
import re, sys
t = open(sys.argv[-1]).read()
rec = r'event (A|B|C|AX) in=([0-9]{1,3}) out=([0-9]{1,3}) fps=(24|25|30|50|60|120)\n'
if not re.fullmatch('(?:' + rec + ')+', t):
    sys.exit(125)
for reel, a, b, fps in re.findall(rec, t):
    frames = (int(b) - int(a)) * int(fps)
    if frames > 9999:
        print("frame field overflow: %d" % frames, file=sys.stderr)
        sys.exit(3)
    print("%-2s %04d" % (reel, max(frames, 0)))
sys.exit(0)
