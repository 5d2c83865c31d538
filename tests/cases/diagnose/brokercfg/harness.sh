#!/bin/sh
# an MQTT broker loading its config. Two bugs, both SIGSEGV: a listener with
# maxconn=0 gets a connection table of 0 slots, and registering its own
# socket in slot 0 writes past it; a bridge with an empty topic pattern gets
# NULL from strtok for the first level, and strcmp(NULL, "#") crashes. A
# user's quota=0 (unlimited) and an empty password (anonymous) are fine.
exec awk '
/^listener / {
    split($0, w, /[ =]/); maxconn = w[4] + 0
    if (maxconn == 0) { print "listener " w[2] ": conn[0] of 0 slots" > "/dev/stderr"; crash = 1 }
}
/^bridge / {
    if ($0 ~ /topic=""/) { print "bridge: first topic level NULL" > "/dev/stderr"; crash = 1 }
}
END { if (crash) { system("kill -SEGV $PPID"); exit 139 } exit 0 }' "$1"
