#!/bin/sh
# a connection pooler (its C logic in awk) loads a .pgpass-style file to
# answer auth queries. Per entry it strips trailing blanks from the user name
# before hashing it:  char *e = user + strlen(user) - 1; while (isspace(*e))
# *e-- = 0;  with an empty user name e points before the buffer, into an
# unmapped guard page of the arena -> SIGSEGV. The host, port, database and
# password fields are empty-safe (defaults / no password), and comments are
# skipped.
exec awk -F: '
/^#/ { next }
{
    host = $1; port = $2; db = $3; user = $4; pw = $5
    if (host == "") host = "/var/run/postgresql"
    if (port == "") port = 5432
    if (db == "") db = "*"
    # trim trailing blanks of the user name
    e = length(user)
    if (e == 0) { segv = 1; exit }     # user + strlen(user) - 1 is user[-1]
    while (e > 0 && substr(user, e, 1) == " ") e--
    user = substr(user, 1, e)
    key[host ":" port ":" db ":" user] = pw
}
END { if (segv) { system("kill -SEGV $PPID"); exit 139 } exit 0 }' "$1"
