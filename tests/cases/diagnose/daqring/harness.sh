#!/bin/sh
# a data logger (its C acquisition loop, in awk) keeps each channel's rolling
# window in a ring of rate * window samples whose slot count is stored in a
# uint16_t: a channel with rate * window above 65535 gets a ring of (product
# mod 65536) slots and the writer, filling rate * window samples, runs past
# it (SIGSEGV). Exactly 65535 fits. The name and the range play no part.
exec awk '
BEGIN { crash = 0 }
{
    rate = 0; win = 0
    for (i = 1; i <= NF; i++) {
        if ($i ~ /^rate=/)   rate = substr($i, 6, length($i) - 7) + 0
        if ($i ~ /^window=/) win = substr($i, 8, length($i) - 8) + 0
    }
    need = rate * win
    slots = need % 65536          # uint16_t slots = rate * window;
    if (need > slots) crash = 1   # writes need samples into slots
}
END { if (crash) { system("kill -SEGV $PPID"); exit 139 } exit 0 }' "$1"
