#!/bin/sh
# a zone loader resolves each CNAME target within its own zone (the name is
# relative to the zone's origin); a target with no A record in that zone
# leaves a NULL rrset that the loader dereferences (SIGSEGV). An A record
# of that name in another zone does not count.
exec awk '
/^zone / { z++ }
/ A 10\./ { have[z, $1] = 1 }
/ CNAME / { want[++n] = z SUBSEP $3 }
END { for (i = 1; i <= n; i++) if (!(want[i] in have)) bad = 1
      if (bad) system("kill -SEGV $PPID"); exit 0 }' "$1"
