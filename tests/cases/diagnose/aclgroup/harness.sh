#!/bin/sh
# a file server loading its share access list ("/srv/docs allow group:eng rw"
# per line). Each rule resolves its principal; the C code, per kind:
#
#   user:   char user[33];                       /* UT_NAMESIZE + NUL */
#           snprintf(user, sizeof user, "%s", name);  /* truncates, safe */
#
#   group:  char grp[16];                        /* on the stack */
#           size_t n = strlen(name);
#           if (n > sizeof grp)                  /* should be sizeof grp - 1 */
#               n = sizeof grp;
#           memcpy(grp, name, n);
#           grp[n] = '\0';                       /* n == 16: grp[16] */
#
# A group name of 16 bytes or more is clamped to 16 and its terminator is
# written one byte past grp[]: AddressSanitizer reports a
# stack-buffer-overflow (exit 1). A user name of any length is safe (long
# ones are truncated); the share, the action and the mode play no part.
# A line that is not a rule is not an input for the program (125).
f=$1
for a in "$@"; do f=$a; done
exec awk '
BEGIN { status = 0; rules = 0 }
{
  if ($0 !~ /^\/srv\/[a-z]+ (allow|deny) (user|group):[a-z][a-z0-9]*(-[a-z][a-z0-9]*)* (ro|rw)$/) { status = 125; exit }
  rules++
  split($0, part, " ")
  colon = index(part[3], ":")
  kind = substr(part[3], 1, colon - 1)
  name = substr(part[3], colon + 1)
  n = length(name)
  if (kind == "group") {
    if (n > 16) n = 16               # the clamp to sizeof grp
    if (n >= 16) {                   # grp[n] = 0 with n == 16
      printf "ERROR: AddressSanitizer: stack-buffer-overflow: WRITE of size 1 at grp[%d] (16-byte grp) for group \"%s\" (line %d)\n", n, name, NR > "/dev/stderr"
      status = 1; exit
    }
  }
}
END {
  if (status) exit status
  if (rules == 0) exit 125
  printf "%d rules loaded\n", rules
  exit 0
}' "$f"
