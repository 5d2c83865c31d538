#!/usr/bin/env python3
# a video transcoder: for each clip it converts the frame rate fraction
# num/den to frames per second and the clip's duration to a frame count,
# then seeks to the start frame. A denominator that is zero ("0", "00",
# "+0", "0.0", "000.00") divides by zero and the job fails (exit 1). A
# frame rate of zero (numerator 0), a start of 0 or a duration of 0 is a
# clip of no frames and passes.
import re, sys
DEC = r'\+?(?:[0-9]{1,4})(?:\.[0-9]{1,3})?'
text = open(sys.argv[-1]).read()
LINE = r'encode ([a-z][a-z0-9]*) fps=(%s)/(%s) start=(%s) dur=(%s)\n' % (DEC, DEC, DEC, DEC)
if not re.fullmatch('(?:%s)+' % LINE, text):
    sys.exit(125)
total = 0
for name, num, den, start, dur in re.findall(LINE, text):
    try:
        fps = float(num) / float(den)
    except ZeroDivisionError:
        print("%s: fps=%s/%s: float division by zero" % (name, num, den), file=sys.stderr)
        sys.exit(1)
    first = int(float(start) * fps)
    frames = int(round(float(dur) * fps))
    total += frames
    print("%s: %.3f fps, frames %d..%d" % (name, fps, first, first + frames))
print("%d frames encoded" % total)
sys.exit(0)
