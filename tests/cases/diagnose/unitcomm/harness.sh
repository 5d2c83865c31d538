#!/bin/sh
# a small service supervisor (its C logic in awk) starting a systemd-style
# unit. Two bugs:
# - it names the service's process after SyslogIdentifier= with
#   strcpy(comm, ident) into char comm[16] (TASK_COMM_LEN), built with
#   _FORTIFY_SOURCE: an identifier longer than 15 bytes makes __strcpy_chk
#   abort ("*** buffer overflow detected ***", SIGABRT). Without the setting
#   it takes the program's name with strncpy, which truncates.
# - it hands the service's runtime directory to User= by running the bundled
#   chown with the spec "<user>" (no group); that chown still reads the
#   legacy "user.group" form when the spec has no ":", so a user name with a
#   dot ("www.data") becomes user "www", group "data", which does not exist:
#   chown fails and the supervisor exits 233 (EXIT_RUNTIME_DIRECTORY).
# Group= (set with setgid by name), RuntimeDirectory= and the program's name
# take the same names, long or dotted, harmlessly; so does a long User=.
exec awk '
function fail_abrt(msg) { print msg > "/dev/stderr"; abrt = 1; exit }
function fail_rc(msg, rc) { print msg > "/dev/stderr"; code = rc; exit }
{ eq = index($0, "="); key = substr($0, 1, eq - 1); val = substr($0, eq + 1) }
key == "ExecStart" { prog = val; n = split(prog, p, "/"); comm = substr(p[n], 1, 15) }
key == "User" { user = val }
key == "Group" { group = val }
key == "SyslogIdentifier" {
    if (length(val) > 15) fail_abrt("*** buffer overflow detected ***: terminated")
    comm = val
}
key == "RuntimeDirectory" { rundir = "/run/" val }
END {
    if (abrt) { system("kill -ABRT $PPID"); exit 134 }
    if (code) exit code
    if (user != "") {
        spec = user
        if (index(spec, ":") == 0 && index(spec, ".") > 0) {
            grp = substr(spec, index(spec, ".") + 1)
            print "chown: invalid group: " grp > "/dev/stderr"
            exit 233
        }
    }
    exit 0
}' "$1"
