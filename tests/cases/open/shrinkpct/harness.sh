#!/usr/bin/env python3
# a thumbnailer that only ever shrinks: a pixel width larger than the
# source is clamped to the source's width, but a percentage is turned into
# a scale factor handed straight to the downsampling filter, which asserts
# a factor of at most 1; a percentage above 100 (an upscale) trips the
# assertion and the batch aborts (exit 134, as on SIGABRT). 100% is a copy.
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:thumb [a-z][a-z0-9_-]*\.(?:jpg|png|webp) width=[1-9][0-9]{0,3}(?:px|%)\n)+', text):
    sys.exit(125)
SOURCE_WIDTH = 1024
for image, num, unit in re.findall(r'thumb (\S+) width=([0-9]+)(px|%)\n', text):
    if unit == "px":
        width = min(int(num), SOURCE_WIDTH)
        factor = width / SOURCE_WIDTH
    else:
        factor = int(num) / 100
    if factor > 1:
        print("downsample: Assertion `factor <= 1.0' failed (%s, width=%s%s)"
              % (image, num, unit), file=sys.stderr)
        sys.exit(134)
print("thumbnails written")
sys.exit(0)
