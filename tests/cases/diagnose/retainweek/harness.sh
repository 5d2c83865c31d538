#!/bin/sh
# a backup tool (written in Go; its logic here in awk) plans a prune from its
# retention policy, rule by rule as it reads them. Two bugs, both a Go
# runtime panic (exit status 2):
# - "compression" looks the codec up in the table of registered encoders; the
#   parser accepts "lzma" but this build registers no lzma encoder, and the
#   nil encoder is used without a check (nil pointer dereference).
# - keep-weekly spreads its survivors evenly over the year of weekly
#   snapshots, one every span / (n - 1) days (a fencepost): keeping a single
#   weekly snapshot divides by zero. keep-last and keep-daily take the newest
#   n, keep-monthly the last of each of n months: any count is fine there.
exec awk '
BEGIN { enc["none"] = "store"; enc["lz4"] = "lz4.Writer"; enc["zstd"] = "zstd.Encoder"; SPAN = 364 }
function panic(msg) { print "panic: runtime error: " msg > "/dev/stderr"; print "goroutine 1 [running]:" > "/dev/stderr"; failed = 1; exit 2 }
$1 == "repository" { repo = $2 }
$1 == "compression" {
    w = ($2 in enc) ? enc[$2] : ""
    if (w == "") panic("invalid memory address or nil pointer dereference")
    codec = w
}
$1 == "keep-last" { last = $2 + 0 }
$1 == "keep-daily" { daily = $2 + 0 }
$1 == "keep-monthly" { monthly = $2 + 0 }
$1 == "keep-weekly" {
    n = $2 + 0
    if (n - 1 == 0) panic("integer divide by zero")
    step = int(SPAN / (n - 1)); kept = 0
    for (d = 0; d <= SPAN && kept < n; d += step) kept++
}
END { if (failed) exit 2; exit 0 }' "$1"
