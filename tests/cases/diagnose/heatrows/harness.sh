#!/bin/sh
# a heat-map plotter's loader (its C logic in awk). The header's cols is
# trusted: each row's readings are parsed into a row buffer of as many
# cells as the row lists, then the plotter copies cols cells from it:
#     double *v = parse_cells(line, &n);       /* n cells, exactly */
#     for (int j = 0; j < cols; j++) grid[i][j] = v[j];
# a row with fewer cells than cols reads past its buffer (the build's
# AddressSanitizer: heap-buffer-overflow, exit 1); more cells than cols are
# ignored. Comment lines (with a number of their own), the scale and the
# readings' values play no part.
exec awk '
NR == 1 { split($2, h, "="); cols = h[2] + 0; next }
/^row / {
    n = split($2, v, ",")
    if (n < cols) { print "ERROR: AddressSanitizer: heap-buffer-overflow" > "/dev/stderr"; bad = 1; exit 1 }
}
END { if (bad) exit 1; exit 0 }' "$1"
