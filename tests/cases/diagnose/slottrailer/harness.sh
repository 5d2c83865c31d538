#!/bin/sh
# a bootloader lays each image out in its flash slot: the header at offset 0,
# the image after it, and a 16-byte trailer (the magic and the swap state) in
# the slot's last 16 bytes. It never checks that header and image leave room
# for the trailer: when hdr + img > size - 16 the trailer write lands on the
# image's end and the hash check fails ("image hash mismatch", exit 1);
# exactly size - 16 fits. The name and the mode play no part.
exec awk '
BEGIN { bad = 0 }
{
    size = hdr = img = 0
    for (i = 1; i <= NF; i++) {
        if ($i ~ /^size=/) size = substr($i, 6) + 0
        if ($i ~ /^hdr=/)  hdr  = substr($i, 5) + 0
        if ($i ~ /^img=/)  img  = substr($i, 5) + 0
    }
    trailer = size - 16
    end = hdr + img
    if (end > trailer) {
        printf "%s: image ends at %d, trailer at %d: image hash mismatch\n", $2, end, trailer > "/dev/stderr"
        bad = 1
    }
}
END { if (bad) exit 1; exit 0 }' "$1"
