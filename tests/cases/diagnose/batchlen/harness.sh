#!/bin/sh
# a radio link's queue loader (its C logic in awk). A group of 0 or 1
# frames is sent as it is; a batch of 2 or more is packed into one
# aggregate whose header stores the total length in a 12-bit field, and the
# packer trusts it:
#     if (g->count >= 2) {
#         uint16_t total = (g->count * g->size) & 0xfff;   /* 12 bits */
#         uint8_t *agg = malloc(total);
#         for (i = 0; i < g->count; i++) memcpy(agg + i * g->size, ...);
#     }
# a batch of more than 4095 bytes in all writes past the truncated buffer
# (the build's AddressSanitizer: heap-buffer-overflow, exit 1); exactly
# 4095 fits. A single frame of any size, the id and the priority play no part.
exec awk '
/^frame / {
    split($3, c, "="); split($4, s, "=")
    n = c[2] + 0; z = s[2] + 0
    if (n >= 2 && n * z > 4095) { print "ERROR: AddressSanitizer: heap-buffer-overflow" > "/dev/stderr"; bad = 1; exit 1 }
}
END { exit bad ? 1 : 0 }' "$1"
