#!/bin/sh
# the same rotator as rotcfg's (two bugs: keeping 0 copies, a ".." segment)
exec "$(dirname "$0")/../rotcfg/harness.sh" "$@"
