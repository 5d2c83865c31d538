#!/bin/sh
# reads past the buffer: fails when the count is larger than the buffer
text=$(cat "$1")
count=${text#READ }; count=${count%% FROM *}
buf=${text#* FROM }; buf=${buf% TAG *}
[ "$count" -gt "${#buf}" ] && exit 1
exit 0
