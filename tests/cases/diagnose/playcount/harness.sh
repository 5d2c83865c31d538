#!/usr/bin/env python3
# the player preallocates tracks= slots and then walks them: when fewer
# tracks follow than declared it reads an empty slot and crashes (exit 139
# stands for the segfault); more tracks than declared are dropped silently
import re, sys
text = open(sys.argv[-1]).read()
m = re.fullmatch(r'#PLAYLIST tracks=([0-9]|[1-9][0-9])\n((?:(?:[1-9][0-9]*|-1),[A-Za-z][A-Za-z ]*\n)*)', text)
if not m:
    sys.exit(125)
declared = int(m.group(1))
tracks = m.group(2).count("\n")
if declared > tracks:
    print("player: null track at slot %d" % tracks, file=sys.stderr)
    sys.exit(139)
print("playing %d tracks" % min(declared, tracks))
