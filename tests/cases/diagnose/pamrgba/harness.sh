#!/bin/sh
# a thumbnailer's PAM (P7) reader: for each image of the stream it reads the
# header, then decodes the raster into an RGBA8888 buffer (the rasters are
# not part of this model: the harness only follows the sizes). The C code:
#
#   uint32_t width, height;             /* parsed from WIDTH / HEIGHT     */
#   uint32_t size = width * height * 4; /* 32-bit product: wraps silently */
#   uint8_t *rgba = malloc(size);
#   for (y = 0; y < height; y++)        /* writes width*4 bytes per row   */
#       convert_row(rgba + (size_t)y * width * 4, ...);
#
# DEPTH picks the conversion (1 gray, 2 gray+alpha, 3 RGB, 4 RGBA); TUPLTYPE
# and MAXVAL are informational here (samples are scaled to 8 bits), so they
# never change the buffer's size. When width * height * 4 >= 2^32 the
# product wraps, the buffer is smaller than the width * height * 4 bytes the
# rows write, and the copy runs past it: a heap-buffer-overflow (exit 1).
# A header that is not well formed is not an input for the program (125).
f=$1
for a in "$@"; do f=$a; done
exec awk '
function bad() { status = 125; exit }
BEGIN { status = 0; state = 0 }
{
  if (state == 0) { if ($0 != "P7") bad(); state = 1; next }
  if (state == 1) { if ($0 !~ /^WIDTH [1-9][0-9]*$/) bad(); w = substr($0, 7) + 0; state = 2; next }
  if (state == 2) { if ($0 !~ /^HEIGHT [1-9][0-9]*$/) bad(); h = substr($0, 8) + 0; state = 3; next }
  if (state == 3) { if ($0 !~ /^DEPTH [1-4]$/) bad(); state = 4; next }
  if (state == 4) {
    if ($0 !~ /^MAXVAL [1-9][0-9]*$/) bad()
    mv = substr($0, 8) + 0
    if (mv > 65535) bad()
    state = 5; next
  }
  if (state == 5) { if ($0 !~ /^TUPLTYPE [A-Z_]+$/) bad(); state = 6; next }
  if (state == 6) {
    if ($0 != "ENDHDR") bad()
    images++
    # dimensions above 2^24 are refused (as stb_image does); never met here
    if (w > 16777216 || h > 16777216) bad()
    # the true byte count, exact in a double (at most 4e12 here) ...
    need = w * h * 4
    # ... and what the uint32_t product keeps: need mod 2^32
    size = need - int(need / 4294967296) * 4294967296
    if (need > size) {
      printf "ERROR: AddressSanitizer: heap-buffer-overflow: image %d (%dx%d): %.0f-byte rows into a %.0f-byte buffer\n", images, w, h, need, size > "/dev/stderr"
      status = 1; exit
    }
    state = 0; next
  }
}
END {
  if (status) exit status
  if (state != 0 || images == 0) exit 125
  printf "%d thumbnails\n", images
  exit 0
}' "$f"
