#!/usr/bin/env python3
# a car stereo's playlist loader: it parses the entries into a list, then
# builds the play queue by trusting the header's track count and reading that
# many entries: a header declaring more tracks than there are reads past the
# list (IndexError, exit 1). Fewer declared than present: the rest is ignored.
import re, sys
t = open(sys.argv[-1]).read()
m = re.fullmatch(r'#EXTM3U tracks=([0-9])\n((?:#EXTINF:[1-9][0-9]*,[A-Za-z][A-Za-z ]*\n[a-z0-9]+\.mp3\n)*)', t)
if not m:
    sys.exit(125)
entries = re.findall(r'#EXTINF:(\d+),([^\n]*)\n([^\n]*)\n', m.group(2))
queue = []
for i in range(int(m.group(1))):
    secs, title, path = entries[i]
    queue.append((path, title, int(secs)))
print("queued %d tracks, %d s" % (len(queue), sum(q[2] for q in queue)))
sys.exit(0)
