#!/bin/sh
# a drum sampler loads its kit file: for each pad it joins the sample's
# directory and file name as dir "/" file into a 20-byte path buffer with
# strcpy/strcat, unchecked. A directory and a file name longer than 18
# characters together overflow the buffer and crash it (SIGSEGV); exactly 18
# fits. The note and the gain play no part.
exec awk '
BEGIN { crash = 0 }
{
    d = ""; f = ""
    for (i = 1; i <= NF; i++) {
        if ($i ~ /^dir=/)  d = substr($i, 5)
        if ($i ~ /^file=/) f = substr($i, 6)
    }
    path = d "/" f
    if (length(path) + 1 > 20) crash = 1
}
END { if (crash) { system("kill -SEGV $PPID"); exit 139 } exit 0 }' "$1"
