#!/bin/sh
# a lighting console's patch loader (its C logic in sh/awk). Each universe
# is a 512-byte frame buffer, malloc(512). A fixture line is checked for a
# start address in range and then its park level is written over its
# footprint:
#     if (addr < 1 || addr > 512) {          /* "not patched" warning */
#         warnx("fixture %d: address %d out of range", fid, addr);
#         continue;
#     }
#     memset(&u->frame[addr - 1], park, chans);   /* footprint unchecked */
# The footprint is never checked against the end of the universe: a fixture
# with addr - 1 + chans > 512 (addr + chans > 513) writes past the frame
# into the next heap chunk's header, and the console aborts when it frees
# the patch ("free(): invalid next size", SIGABRT). Ending exactly on
# channel 512 is fine. Fixtures that overlap each other just overwrite
# channels (harmless); an address above 512 is skipped with a warning; the
# fixture number, the model, the universe, the park level and the fade time
# take similar values without effect.
awk '
$1 != "patch" { bad = 1; exit }
{
    split($4, ua, ".")
    addr = ua[2] + 0
    chans = $5; sub(/ch$/, "", chans); chans += 0
    if (addr < 1 || addr > 512) next            # warning, not patched
    if (addr - 1 + chans > 512) { smash = 1 }   # heap overflow
    n++
}
END {
    if (bad) exit 125
    if (smash) exit 134
    exit 0
}' "$1"
rc=$?
[ $rc = 125 ] && exit 125
[ $rc = 134 ] && kill -ABRT $$
exit 0
