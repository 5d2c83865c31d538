#!/bin/sh
# a dedicated game server (C; its logic here in awk) applies server.cfg cvar
# by cvar, sizing its buffers as it goes. Two bugs, both an integer division
# by zero (SIGFPE):
# - maxplayers: the pool of 64 delta-snapshot frames is shared among the
#   clients, frames = 64 / maxplayers, and client c's next frame is
#   tick % frames: above 64 players that is 0 frames.
# - sv_tickrate: lag compensation keeps 100 ms of history, window =
#   tickrate / 10 ticks, stored at tick % window: a tick rate below 10 Hz
#   gives an empty window. sv_mincmdrate, sv_maxupdaterate and fps_max take
#   the same numbers (any of them) harmlessly: they are only clamps.
# sv_visiblemaxplayers and bot_quota take the player counts harmlessly.
exec awk '
BEGIN { SNAPFRAMES = 64; tick = 1 }
$1 == "maxplayers" { frames = int(SNAPFRAMES / $2); if (frames == 0) fpe = 1; else next_frame = tick % frames }
$1 == "sv_tickrate" { window = int($2 / 10); if (window == 0) fpe = 1; else slot = tick % window }
$1 == "sv_visiblemaxplayers" { visible = $2 + 0 }
$1 == "bot_quota" { bots = $2 + 0 }
$1 == "sv_mincmdrate" { mincmd = $2 + 0 }
$1 == "sv_maxupdaterate" { maxupd = $2 + 0 }
$1 == "fps_max" { fpsmax = $2 + 0 }
$1 == "hostname" { sub(/^hostname /, ""); hostname = $0 }
END { if (fpe) { system("kill -FPE $PPID"); exit 136 } exit 0 }' "$1"
