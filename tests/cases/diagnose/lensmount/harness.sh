#!/bin/sh
# a camera's lens-profile loader (its C logic in awk). For each lens it
# looks up the vignetting profile for its mount and image circle and
# dereferences it unchecked:
#     const struct profile *p = profiles[mount][circle];  /* NULL: none */
#     apply(p->falloff);
# there is no profile for an MFT circle on the EF, RF and Z mounts, nor
# for a full-frame circle on the X mount: those lenses dereference NULL
# (SIGSEGV). Filters use no profile; focal length and thread play no part.
exec awk '
/^lens / {
    split($2, m, "="); split($3, c, "=")
    if ((c[2] == "MFT" && (m[2] == "EF" || m[2] == "RF" || m[2] == "Z")) || (c[2] == "FF" && m[2] == "X")) { bad = 1; exit }
}
END { if (bad) { system("kill -SEGV $PPID"); exit 139 } }' "$1"
