#!/usr/bin/env python3
# the renderer loads the track's font table by the script's language and
# indexes it with the track's: another language reads past the table
import re, sys
t = open(sys.argv[1]).read()
m = re.fullmatch(r'\[Script Info\]\nLanguage: (en|de|fr|es|it)\nTitle: [A-Za-z ]+\n'
                 r'\[Track\]\nTrackLanguage: (en|de|fr|es|it)\nFrames: [1-9][0-9]*\n', t)
if not m:
    sys.exit(125)
if m.group(1) != m.group(2):
    print("font table overrun", file=sys.stderr)
    sys.exit(1)
sys.exit(0)
