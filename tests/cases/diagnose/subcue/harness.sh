#!/usr/bin/env python3
# a subtitle renderer: it builds, for each cue, a table with one byte per
# 40 ms video frame the cue is shown in; it never checks that a cue ends
# after it starts, and a cue whose end time is before its start time asks
# for a negative-sized table (ValueError, exit 1). A cue of zero length is
# shown in no frame and is fine.
import re, sys

FRAME_MS = 40

def parse(text):
    cues = []
    for block in text.split("\n\n")[:-1]:
        lines = block.split("\n")
        if len(lines) != 3:
            sys.exit(125)
        m = re.fullmatch(r'(0|[1-9][0-9]{0,6}) --> (0|[1-9][0-9]{0,6})', lines[1])
        if not re.fullmatch(r'[1-9][0-9]?', lines[0]) or not m:
            sys.exit(125)
        cues.append((int(m.group(1)), int(m.group(2)), lines[2]))
    return cues

data = open(sys.argv[-1]).read()
if not data.endswith("\n\n"):
    sys.exit(125)
timeline = []
for start, end, text in parse(data):
    frames = (end - start) // FRAME_MS
    visible = bytearray(frames)          # one slot per frame shown
    for i in range(len(visible)):
        visible[i] = 1
    timeline.append((start, visible, text))
sys.exit(0)
