#!/bin/sh
# deployctl, a small C rollout agent, reads a deploy manifest and parses
# every service's image reference before it pulls anything, with the
# distribution reference grammar that docker uses:
#     reference := [domain "/"] path [":" tag]
#     domain    := label ("." label)* [":" port]  labels [a-zA-Z0-9-]
#     path      := component ("/" component)*
#     component := [a-z0-9]+ (([._]|__|[-]*) [a-z0-9]+)*
#     tag       := [\w][\w.-]{0,127}
# The first "/"-separated part is taken as the domain when it holds a "."
# or a ":" (docker also takes "localhost", and a first part with a capital
# letter, as a domain; deployctl does not: "acme-Q/web" is a path here).
# The C code:
#     if (!match_component(c)) {
#         if (match_component(lower(c)))
#             die("invalid reference format: repository name must be lowercase");
#         die("invalid reference format");
#     }
# die() prints and exit(1)s, aborting the whole rollout, even for the
# services before the bad one. So an uppercase letter anywhere in an
# image's path fails; the registry host (domain names are case-insensitive),
# the tag ("V1", "RC2"), the service name and the env values take the same
# letters harmlessly. A reference outside the grammar is an undefined
# input here (125): the grammar makes only well-formed ones.
r=$(awk '
    function comp_ok(c) { return c ~ /^[a-z0-9]+(([._]|__|-*)[a-z0-9]+)*$/ }
    /^service [A-Za-z0-9-]+$/ { svc++; next }
    /^  image / {
        if (!svc) { bad = 1; exit }
        ref = substr($0, 9)
        # the tag: after the last ":" that follows the last "/"
        tag = ""; name = ref
        if (match(ref, /:[^:/]*$/)) { tag = substr(ref, RSTART + 1); name = substr(ref, 1, RSTART - 1) }
        if (tag == "" || length(tag) > 128 || tag !~ /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/) { bad = 1; exit }
        path = name
        i = index(name, "/")
        if (i > 0) {
            first = substr(name, 1, i - 1)
            if (first ~ /[.:]/) {
                if (first !~ /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:[0-9]+)?$/) { bad = 1; exit }
                path = substr(name, i + 1)
            }
        }
        n = split(path, c, "/")
        for (k = 1; k <= n; k++) {
            if (comp_ok(c[k])) continue
            if (comp_ok(tolower(c[k]))) { upper = 1; exit }
            bad = 1; exit
        }
        next
    }
    /^  env [A-Z_]+=[A-Za-z0-9-]+$/ { next }
    /^  publish [0-9]+:[0-9]+$/ { next }
    /^$/ { next }
    { bad = 1; exit }
    END { print bad ? "invalid" : upper ? "upper" : svc ? "ok" : "invalid" }
' "$1")
case $r in
    ok) exit 0 ;;
    upper) echo "deployctl: invalid reference format: repository name must be lowercase" >&2
           exit 1 ;;
    *) exit 125 ;;
esac
