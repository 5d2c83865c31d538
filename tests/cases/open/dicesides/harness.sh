#!/usr/bin/env python3
# the bot renders each die from its sprite sheet, which has the polyhedral
# set only (d4 d6 d8 d10 d12 d20 d100): any other die is a KeyError
import re, sys
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
SPRITES = {4: "tetra.png", 6: "cube.png", 8: "octa.png", 10: "penta.png",
           12: "dodeca.png", 20: "icosa.png", 100: "zocchi.png"}
rolls = []
for line in lines[:-1]:
    m = re.fullmatch(r'roll ([1-9][0-9]?)d([1-9][0-9]{0,2})(|[+-][0-9]) for ([a-z]+)', line)
    if not m:
        sys.exit(125)
    rolls.append((int(m.group(1)), int(m.group(2)), m.group(4)))
for count, sides, user in rolls:
    if sides not in SPRITES:
        print("Traceback (most recent call last):\n  File \"bot/render.py\", line 41, in die_image\nKeyError: %d" % sides, file=sys.stderr)
        sys.exit(1)
print("rendered %d rolls" % len(rolls))
