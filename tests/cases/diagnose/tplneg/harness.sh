#!/bin/sh
# a static site generator's template engine (JavaScript; its logic in awk,
# whose numbers are IEEE doubles as JavaScript's are) renders a page whose
# list `items` has 8 entries (`count` is 8). "{{ expr }}" prints the value of
# an integer expression; "{{ items[expr] }}" prints an entry's title through
# the helper
#     function itemAt(i) { if (i >= items.length) return ""; return items[i].title; }
# which only checks the upper bound: an index that evaluates negative makes
# items[i] undefined and `.title` throws "TypeError: Cannot read properties
# of undefined" (uncaught: node exits 1). A negative value in a plain
# "{{ expr }}" tag is simply printed, and an index past the end renders "".
exec awk '
function factor(   v) {
    if (substr(s, p, 1) == "-") { p++; return -factor() }
    if (substr(s, p, 1) == "(") { p++; v = expr(); p++; return v }
    if (substr(s, p, 5) == "count") { p += 5; return 8 }
    v = 0
    while (substr(s, p, 1) ~ /[0-9]/) { v = v * 10 + substr(s, p, 1); p++ }
    return v
}
function term(   v) {
    v = factor()
    while (substr(s, p, 3) == " * ") { p += 3; v = v * factor() }
    return v
}
function expr(   v, op, t) {
    v = term()
    while (substr(s, p, 3) == " + " || substr(s, p, 3) == " - ") {
        op = substr(s, p + 1, 1); p += 3; t = term()
        v = (op == "+") ? v + t : v - t
    }
    return v
}
function eval(e) { s = e; p = 1; return expr() }
/^\{\{ items\[/ {
    e = $0; sub(/^\{\{ items\[/, "", e); sub(/\] \}\}$/, "", e)
    i = eval(e)
    if (i >= 8) { print ""; next }
    if (i >= 0) { print "item " i; next }
    print "TypeError: Cannot read properties of undefined (reading \"title\")" > "/dev/stderr"
    bad = 1; exit
}
/^\{\{ / {
    e = $0; sub(/^\{\{ /, "", e); sub(/ \}\}$/, "", e)
    printf "%.0f\n", eval(e); next
}
{ print }
END { exit bad ? 1 : 0 }' "$1"
