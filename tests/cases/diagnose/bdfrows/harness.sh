#!/bin/sh
# a font rasterizer unpacking a bitmap font's glyphs. Each glyph's bitmap is
# allocated as rowbytes * height bytes, and the unpacker writes width bits
# per row, one bit per pixel: a glyph wider than 8 * rowbytes pixels writes
# past the end of its bitmap on the last row (heap overflow, SIGSEGV). The
# code point, the height and the advance width (which may exceed the box)
# play no part.
exec awk '
$1 == "glyph" {
    bbx = substr($3, 5); split(bbx, b, "x"); w = b[1] + 0; h = b[2] + 0
    split($4, r, "="); rb = r[2] + 0
    if (w > 8 * rb) crash = 1
}
END { if (crash) { system("kill -SEGV $PPID"); exit 139 } exit 0 }' "$1"
