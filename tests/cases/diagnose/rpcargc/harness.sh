#!/bin/sh
# an RPC server (its C dispatch logic in awk) replays a request trace. For each
# call it allocates the argument vector from the declared count,
#   argv = calloc(argc, sizeof *argv)
# rejects a call with more arguments than declared ("too many arguments"),
# copies the arguments and NUL-terminates the vector, argv[nargs] = NULL, as
# the handlers expect: with exactly argc arguments that terminator lands one
# slot past the allocation (off by one: calloc(argc + 1) was meant), and the
# hardened allocator's canary check aborts (SIGABRT). Fewer arguments than
# declared leave room and pass. The metadata vector is allocated with
# metac + 1 slots and is fine whatever the counts.
exec awk '
$1 == "CALL" {
    split($4, d, "="); argc = d[2] + 0
    s = $5; gsub(/^\(|\)$/, "", s); nargs = split(s, args, ",")
    split($6, d, "="); metac = d[2] + 0
    s = $7; gsub(/^\{|\}$/, "", s); nmeta = split(s, metas, ",")

    # metadata: metac + 1 slots, the extra one for the terminator
    if (nmeta > metac) printf "call %s: %d metadata entries, %d declared: ignored\n", $2, nmeta, metac > "/dev/stderr"
    else { mslots = metac + 1; for (i = 1; i <= nmeta; i++) meta[i - 1] = metas[i]; meta[nmeta] = "" }

    # arguments: argc slots, and the terminator written at argv[nargs]
    if (nargs > argc) { printf "call %s: too many arguments (%d > %d)\n", $2, nargs, argc > "/dev/stderr"; next }
    aslots = argc
    if (nargs >= aslots) {
        printf "malloc(): corrupted top chunk (call %s %s)\n", $2, $3 > "/dev/stderr"
        bad = 1; exit
    }
    printf "dispatch %s %s/%d\n", $2, $3, nargs
}
END { if (bad) { system("kill -ABRT $PPID"); exit 134 } exit 0 }' "$1"
