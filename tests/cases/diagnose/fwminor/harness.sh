#!/bin/sh
# a firmware image signing tool (Python, imgtool-like; its logic in awk)
# evaluates the version file's expressions (integers, + and *), pads the
# image to the slot (slot * 1024 bytes), records the build number in the
# manifest (JSON, any size) and packs the image header's version with
#     struct.pack("<BBH", major, minor, 0)
# a minor part that evaluates above 255 does not fit its byte: struct.error
# ("ubyte format requires 0 <= number <= 255") escapes and the tool dies
# with a traceback (exit 1). The build number and the slot size take the
# same large values harmlessly.
exec awk '
function factor(   v) {
    if (substr(s, p, 1) == "(") { p++; v = expr(); p++; return v }
    v = 0
    while (substr(s, p, 1) ~ /[0-9]/) { v = v * 10 + substr(s, p, 1); p++ }
    return v
}
function term(   v) {
    v = factor()
    while (substr(s, p, 3) == " * ") { p += 3; v = v * factor() }
    return v
}
function expr(   v) {
    v = term()
    while (substr(s, p, 3) == " + ") { p += 3; v = v + term() }
    return v
}
function eval(e) { s = e; p = 1; return expr() }
{ key = $1; e = $0; sub(/^[a-z]+ = /, "", e); val[key] = eval(e) }
END {
    printf "manifest: {\"build\": %.0f}\n", val["build"]
    printf "padding to %.0f bytes\n", val["slot"] * 1024
    if (val["minor"] > 255) {
        print "struct.error: ubyte format requires 0 <= number <= 255" > "/dev/stderr"
        exit 1
    }
    printf "header version %d.%d.0\n", val["major"], val["minor"]
    exit 0
}' "$1"
