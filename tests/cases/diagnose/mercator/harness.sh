#!/usr/bin/env python3
# a slippy-map renderer: each fix is projected to Web Mercator and its tile
# row looked up in the zoom level's row table. Nothing clamps
# the latitude to the projection's limit (+-85.0511287798 degrees); the
# row is clamped afterwards, but only from below: north of the limit the row
# comes out negative and is clamped to row 0, south of it the row is 2^zoom
# or more, past the end of the table (IndexError, exit 1).
import math, re, sys

def tile(lat, lon, zoom):
    n = 2 ** zoom
    x = int((lon + 180.0) / 360.0 * n)
    phi = math.radians(lat)
    y = int(math.floor((1.0 - math.asinh(math.tan(phi)) / math.pi) / 2.0 * n))
    if y < 0:                           # bug: no "if y >= n: y = n - 1"
        y = 0
    return x, y

rows_cache = {}
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    m = re.fullmatch(r'(-?[0-9]+(?:\.[0-9]{1,4})?),(-?[0-9]+(?:\.[0-9]{1,4})?) z([0-9]+)', line)
    if not m:
        sys.exit(125)
    lat, lon, zoom = float(m.group(1)), float(m.group(2)), int(m.group(3))
    if not (-90 < lat < 90 and -180 < lon < 180 and zoom <= 15):
        sys.exit(125)
    x, y = tile(lat, lon, zoom)
    rows = rows_cache.setdefault(zoom, [None] * (2 ** zoom))
    if rows[y] is None:
        rows[y] = {}
    rows[y][x % (2 ** zoom)] = True
sys.exit(0)
