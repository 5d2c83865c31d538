#!/bin/sh
# tests/e2e/kinds.sh: fails in two ways. A depth above 50 aborts (signal:SIGABRT);
# otherwise a size above 100 exits 2 (exit:2); anything else passes.
ulimit -c 0 2>/dev/null
what=$(awk '{ split($1, s, "="); split($2, d, "=");
              if (d[2] + 0 > 50) print "abort"; else if (s[2] + 0 > 100) print "big"; else print "ok" }' "$1")
case $what in
  abort) kill -ABRT $$ ;;
  big) exit 2 ;;
esac
exit 0
