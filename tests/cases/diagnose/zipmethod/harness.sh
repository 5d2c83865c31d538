#!/usr/bin/env python3
# the archiver indexes a per-method table of level settings without checking
# the level against the method's range: store has one level (0), deflate ten
# (0-9), zstd twenty (0-19); a level past its method's table aborts (exit 134).
import re, sys
t = open(sys.argv[-1]).read()
rec = r"add ([a-z]+)\.(txt|bin|log) method=(store|deflate|zstd) level=([0-9]|[1-2][0-9])\n"
if not re.fullmatch("(?:" + rec + ")+", t):
    sys.exit(125)
LEVELS = {"store": 1, "deflate": 10, "zstd": 20}
for name, ext, method, level in re.findall(rec, t):
    if int(level) >= LEVELS[method]:
        print("archiver: level table overrun", file=sys.stderr)
        sys.exit(134)
sys.exit(0)
