#!/bin/sh
# a history replayer that refuses to replay a line that starts with
# "sudo rm -rf" (exit 3); "echo sudo rm -rf" is only printed, fine
awk '/^sudo rm -rf/ { bad = 1 } END { exit bad ? 3 : 0 }' "$1"
