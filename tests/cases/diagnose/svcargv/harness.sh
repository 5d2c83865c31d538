#!/bin/sh
# a process supervisor (its C logic in awk) builds each service's argv:
# argv = malloc(nargs * sizeof(char *)), it refuses a service listing more
# arguments than declared ("too many arguments", skipped, not fatal), copies
# the arguments and writes the NULL terminator at argv[count]. With exactly
# nargs arguments that terminator lands one slot past the allocation and
# glibc's heap check aborts ("malloc(): corrupted top size", SIGABRT). The
# environment list, checked and built after argv, is allocated with
# nenv + 1 slots and is fine (too many entries: refused, not fatal).
exec awk '
{
    nargs = 0; nenv = 0; args = ""; env = ""
    for (i = 2; i <= NF; i++) {
        split($i, kv, "=")
        if (kv[1] == "nargs") nargs = kv[2] + 0
        else if (kv[1] == "nenv") nenv = kv[2] + 0
        else if (kv[1] == "args") args = substr($i, 6)
        else if (kv[1] == "env") env = substr($i, 5)
    }
    na = split(args, av, ",")
    ne = split(env, ev, ",")
    # argv first
    if (na > nargs) { print "config: service " $2 ": too many arguments" > "/dev/stderr"; next }
    slots = nargs                   # BUG: no room for the NULL terminator
    if (na >= slots) { corrupt = 1; exit }
    # then the environment
    if (ne > nenv) { print "config: service " $2 ": too many environment entries" > "/dev/stderr"; next }
    eslots = nenv + 1
    if (ne >= eslots) { corrupt = 1; exit }
}
END {
    if (corrupt) { print "malloc(): corrupted top size" > "/dev/stderr"; system("kill -ABRT $PPID"); exit 134 }
    exit 0
}' "$1"
