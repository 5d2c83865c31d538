#!/bin/sh
# a network printer's PJL interpreter (its firmware's C logic, in awk for
# speed), fed one job's PJL commands by its test, which replays captured
# driver output and checks that the printer stays up. The JOB command gives
# the job an environment, a copy of the defaults that SET commands change;
# EOJ ends the job, prints its summary and frees that environment, but
# leaves the job's pointer to it:
#
#     case PJL_EOJ:
#         if (!job->open) { pjl_warn("EOJ without JOB"); break; }
#         job_account(job);
#         env_free(job->env);              /* job->env not reset to NULL */
#         job->open = 0;
#         break;
#     case PJL_SET:
#         env_set(job->env, var, value);   /* no job->open check */
#
# so a SET after an EOJ writes into the freed environment (the firmware's
# AddressSanitizer build reports heap-use-after-free, exit 1) where it
# should change the printer's defaults (the PJL reference: SET outside a
# job acts on the current environment). SETs before the EOJ, COMMENT, INFO
# (which reads the printer's state, not the job's environment) and RDYMSG
# anywhere, a second EOJ ("EOJ without JOB", a warning) and the job names
# (an EOJ's name need not match its JOB's) play no part. A line the
# interpreter does not know ends the job as garbage (125).
f=$1
for a in "$@"; do f=$a; done
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
exec awk '
BEGIN {
    dflt["COPIES"] = 1; dflt["DUPLEX"] = "OFF"; dflt["RESOLUTION"] = 1200; dflt["ECONOMODE"] = "OFF"
    nenv = 0; pages = 48211
}
NR == 1 && /^@PJL JOB NAME="[^"]*"$/ {
    open = 1; jname = substr($0, 15); nenv++; env = nenv
    for (k in dflt) val[env, k] = dflt[k]
    next
}
NR == 1 { bad = 1; exit }
/^@PJL SET [A-Z]+=[A-Z0-9]+$/ {
    split(substr($0, 10), kv, "=")
    if (!(kv[1] in dflt)) { printf "pjl: line %d: unknown variable %s ignored\n", NR, kv[1] > "/dev/stderr"; next }
    if (freed[env]) {                        # env_set(job->env, ...) on a freed env
        printf "==ERROR: AddressSanitizer: heap-use-after-free WRITE of size 8 (PJL line %d: SET %s)\n    #0 env_set pjl_env.c:141\n    #1 pjl_exec pjl.c:388\nfreed by thread T0 here:\n    #0 free\n    #1 env_free pjl_env.c:77\n", NR, kv[1] > "/dev/stderr"
        uaf = 1; exit
    }
    val[env, kv[1]] = kv[2]
    next
}
/^@PJL COMMENT / { next }
/^@PJL INFO (STATUS|PAGECOUNT|ID)$/ {
    if ($3 == "STATUS") print "@PJL INFO STATUS\nCODE=10001\nDISPLAY=\"READY\"\nONLINE=TRUE"
    else if ($3 == "PAGECOUNT") print "@PJL INFO PAGECOUNT\n" pages
    else print "@PJL INFO ID\n\"LaserJet-ish M400\""
    next
}
/^@PJL RDYMSG DISPLAY="[^"]*"$/ { panel = substr($0, 21); next }
/^@PJL EOJ NAME="[^"]*"$/ {
    if (!open) { printf "pjl: line %d: EOJ without JOB\n", NR > "/dev/stderr"; next }
    copies = val[env, "COPIES"]
    printf "job %s done: %d copies, duplex %s, %d dpi\n", jname, copies, val[env, "DUPLEX"], val[env, "RESOLUTION"]
    pages += copies
    freed[env] = 1; open = 0                 # env_free(job->env), pointer kept
    next
}
{ bad = 1; exit }
END {
    if (uaf) exit 1
    if (bad || NR < 2) exit 125
    if (open) printf "job %s done at end of stream (no EOJ)\n", jname
    exit 0
}' "$f"
