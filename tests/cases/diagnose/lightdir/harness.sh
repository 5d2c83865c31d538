#!/usr/bin/env python3
# a renderer's light setup: each light's direction vector is normalized
# (divided by its Euclidean length) before shading. A direction whose three
# components are all zero ("0,0,0", "-0,0.0,+00.00") has length zero, the
# normalization divides by zero and the render fails (exit 1). A position
# at the origin, a power of 0 and directions with one or two zero
# components pass.
import math, re, sys
COMP = r'[-+]?[0-9]{1,2}(?:\.[0-9]{1,2})?'
VEC = r'(%s),(%s),(%s)' % (COMP, COMP, COMP)
LINE = r'light ([a-z][a-z0-9]*) pos=%s dir=%s power=([0-9]|[1-9][0-9]|[1-9][0-9][0-9])\n' % (VEC, VEC)
text = open(sys.argv[-1]).read()
if not re.fullmatch('(?:%s)+' % LINE, text):
    sys.exit(125)
for m in re.findall(LINE, text):
    name, pos, d, power = m[0], [float(v) for v in m[1:4]], [float(v) for v in m[4:7]], int(m[7])
    length = math.sqrt(sum(c * c for c in d))
    try:
        unit = [c / length for c in d]
    except ZeroDivisionError:
        print("light %s: dir=%s,%s,%s: cannot normalize: float division by zero" % ((name,) + m[4:7]), file=sys.stderr)
        sys.exit(1)
    # how far the origin lies along the light's axis, for the log
    depth = -sum(p * u for p, u in zip(pos, unit))
    print("light %s: dir (%.3f, %.3f, %.3f), %d W, origin at depth %.2f" % (name, unit[0], unit[1], unit[2], power, depth))
sys.exit(0)
