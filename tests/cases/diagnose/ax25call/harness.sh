#!/bin/sh
# an APRS beacon daemon (its C logic, in awk for speed) building one AX.25
# UI frame per beacon: source = mycall, destination = the APRS tocall,
# then the digipeater path; the information field is an object report
# (";NAME_____*...", the name padded or cut to the 9 characters APRS
# gives it, with snprintf("%-9.9s")) or a status (">TEXT", cut at 62).
# Every address goes through the encoder, which splits off the SSID:
#
#   static int ax25_addr_encode(uint8_t out[7], const char *s)
#   {
#       char base[7];                       /* 6 characters + NUL */
#       const char *dash = strchr(s, '-');
#       size_t n = dash ? (size_t)(dash - s) : strlen(s);
#       memcpy(base, s, n);                 /* no n <= 6 check */
#       base[n] = '\0';
#       ...
#
# The config loader checks that a callsign is upper-case letters and
# digits but not its length, and AX.25 addresses hold 6 characters: a
# callsign of 7 or more (a special-event call such as GB100RSGB, or a
# tactical name) writes past base[] and AddressSanitizer stops the daemon
# (stack-buffer-overflow, exit 1), whether it is mycall or a digipeater in
# the path. The SSID is not part of it (N0CALL-15 is fine), and object
# names and status texts of any length are cut, not copied. A line out of
# the format is no configuration (125).
f=$1
for a in "$@"; do f=$a; done
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
exec awk '
function encode(s, what,   n, d) {
    d = index(s, "-")
    n = d ? d - 1 : length(s)
    if (n >= 7) {
        printf "==1==ERROR: AddressSanitizer: stack-buffer-overflow: WRITE of size %d in %s (char base[7]) for %s \"%s\"\n", (n == 7 ? 1 : n), (n == 7 ? "ax25_addr_encode" : "__asan_memcpy"), what, s > "/dev/stderr"
        exit 1
    }
    return substr(s, 1, n) (d ? substr(s, d) : "")
}
NR == 1 && /^mycall [A-Z0-9]+(-([1-9]|1[0-5]))?$/ { mycall = $2; next }
NR == 2 && /^path [A-Z0-9]+(-([1-9]|1[0-5]))?(,[A-Z0-9]+(-([1-9]|1[0-5]))?)*$/ { nh = split($2, hop, ","); next }
NR > 2 && /^object [A-Z0-9]+$/ { info[++nb] = sprintf(";%-9.9s*111111z4903.50N/07201.75W-", $2); next }
NR > 2 && /^status [A-Za-z0-9]+$/ { info[++nb] = sprintf(">%.62s", $2); next }
{ bad = 1; exit }
END {
    if (bad || nb == 0) exit 125
    for (b = 1; b <= nb; b++) {
        frame = encode(mycall, "mycall") ">" encode("APRS", "tocall")
        for (i = 1; i <= nh; i++) frame = frame "," encode(hop[i], "path entry")
        printf "%s:%s\n", frame, info[b]
    }
    exit 0
}' "$f"
