#!/bin/sh
# a ninja-compatible build tool (its C logic in awk) loading a build file.
# Its state starts with two built-in entries that are static objects: the
# rule "phony" and the pool "console". Redefining a rule or a pool is
# allowed (the last definition wins, a warning) and frees the old entry;
# for a built-in one that is free() of a static object: glibc aborts with
# "free(): invalid pointer" (SIGABRT). So "rule phony" and "pool console"
# crash; "phony" as a build statement's rule, "console" as a rule's pool,
# either name as an output, input or default target, a rule named
# "console", a pool named "phony" and user rules or pools defined twice are
# fine. Build statements are not resolved against the rules while loading.
exec awk '
BEGIN { rules["phony"] = "static"; pools["console"] = "static" }
function define(tab, kind, name) {
    if (name in tab) {
        if (tab[name] == "static") {
            printf "free(): invalid pointer (%s %s)\n", kind, name > "/dev/stderr"
            abrt = 1; exit
        }
        printf "warning: %s %s redefined\n", kind, name > "/dev/stderr"
    }
    tab[name] = "heap"
}
$1 == "rule" { define(rules, "rule", $2); next }
$1 == "pool" { define(pools, "pool", $2); next }
$1 == "build" { sub(":", "", $2); outs[$2] = $3; next }
$1 == "default" { defs[$2] = 1; next }
END { if (abrt) { system("kill -ABRT $PPID"); exit 134 } exit 0 }' "$1"
