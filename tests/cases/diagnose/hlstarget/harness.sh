#!/bin/sh
# a packaging pipeline's playlist lint step (mediastreamvalidator-like, in
# awk) before a live origin publishes a media playlist. RFC 8216 4.3.3.1:
# "The EXTINF duration of each Media Segment in the Playlist file, when
# rounded to the nearest integer, MUST be less than or equal to the target
# duration"; players size their buffers and reload timers on it. A segment
# whose duration rounds (half up) above EXT-X-TARGETDURATION stops the
# publish: exit 3. Durations are read as whole seconds and milliseconds, so
# x.500 rounds up exactly. The media sequence number and the start offset
# (EXT-X-START may point anywhere) take the same values harmlessly.
exec awk '
/^#EXT-X-TARGETDURATION:/ { target = substr($0, 23) + 0; next }
/^#EXTINF:/ {
    d = substr($0, 9); sub(/,.*/, "", d)
    split(d, p, "."); whole = p[1] + 0; ms = p[2] + 0
    rounded = whole + (ms >= 500 ? 1 : 0)
    if (rounded > target) {
        printf "error: EXTINF %s (rounds to %d) exceeds EXT-X-TARGETDURATION %d (line %d)\n", d, rounded, target, NR > "/dev/stderr"
        bad = 1
    }
    next
}
END { exit bad ? 3 : 0 }' "$1"
