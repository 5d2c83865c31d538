#!/bin/sh
# daemon.sh: a harness that leaves processes behind, for the tests of process
# cleanup and interruption (tests/e2e/processes.sh, interrupt.sh). Its input is
# a number, optionally followed by words; it fails (exit 1) when the number is
# above 50, passes otherwise. Words, from the input and from $DAEMON_WORDS:
# setsid (a daemon in a new session), double (a double fork), hold (a daemon
# that keeps stdout open), server (a double-forked daemon that must live for the
# whole run: exit 3 when it was killed meanwhile), hang (then sleeps forever
# itself), slow (sleeps 0.05 s first: a diagnosis that lasts a few seconds,
# long enough to be interrupted in its middle), flip (the verdict
# is the opposite of the last run's on the same input: flaky), random (a random
# verdict). The daemons are $SLEEPER (a link to sleep whose name holds the
# test's unique marker), so `pgrep -f MARKER` finds them.
read -r n words < "$1" || true
: "${SLEEPER:=sleep}"
for w in $words ${DAEMON_WORDS:-}; do
  case "$w" in
    setsid) setsid "$SLEEPER" 1000 < /dev/null > /dev/null 2>&1 & ;;
    double) ( ( "$SLEEPER" 1000 < /dev/null > /dev/null 2>&1 & ) & ) ;;
    hold) setsid "$SLEEPER" 1000 & ;;
    server)
      pidfile=$(mktemp)
      ( setsid sh -c 'echo $$ > "$1"; exec "$2" 1000' sh "$pidfile" "$SLEEPER" < /dev/null > /dev/null 2>&1 & )
      sleep 1
      alive=$(cat "$pidfile")
      rm -f "$pidfile"
      kill -0 "$alive" 2> /dev/null || exit 3 ;;
    hang) "$SLEEPER" 1000 ;;
    slow) sleep 0.05 ;;
    random) [ $(($(od -An -N1 -tu1 /dev/urandom) % 2)) -eq 0 ] && exit 1 || exit 0 ;;
    flip)
      state="${FLIP_DIR:-/tmp}/flip.$n"
      if [ -e "$state" ]; then rm -f "$state"; [ "$n" -gt 50 ] && exit 0; exit 1; fi
      : > "$state" ;;
  esac
done
case "$n" in
  '' | *[!0-9]*) exit 125 ;;
esac
[ "$n" -gt 50 ] && exit 1
exit 0
