#!/bin/sh
# canbt, a small tool that programs CAN controller bit timing from a setup
# file (one interface a line). For every line it computes, in unsigned long
# arithmetic, the nominal-phase timing the way its can_set_bittiming() does:
#     tq    = 1 + bt->tseg1 + bt->tseg2;            /* sync seg is 1 tq */
#     brp   = bt->clock / (bt->bitrate * tq);       /* bit-rate prescaler */
#     if (brp > 64) brp = 64;                       /* controller's limit */
#     real  = bt->clock / (brp * tq);               /* achieved bitrate */
#     err   = labs(real - bt->bitrate) * 1000 / bt->bitrate;
#     spt   = 1000 * (1 + bt->tseg1) / tq;          /* sample point, 1/1000 */
# The prescaler is never checked against 0: when bitrate * tq exceeds the
# clock (a fast bus with many quanta on a slow oscillator) brp truncates to
# 0 and the next line divides by zero: SIGFPE. brp == 64 (clamped) only
# gives a large error, which is printed as a warning.
# The CAN FD data phase was added later and does check: a data prescaler of
# 0 is raised to 1 with a warning. The sync jump width is clamped to tseg2,
# the restart delay is stored as given; neither enters a division.
n=0
while IFS= read -r line || [ -n "$line" ]; do
    [ -n "$line" ] || continue
    set -- $line
    name=$1; shift
    clock=""; bitrate=""; tseg1=""; tseg2=""; sjw=1
    dbitrate=""; dtseg1=""; dtseg2=""; restart=""
    while [ $# -ge 2 ]; do
        case $1 in
            clock) clock=$2 ;;
            bitrate) bitrate=$2 ;;
            tseg1) tseg1=$2 ;;
            tseg2) tseg2=$2 ;;
            sjw) sjw=$2 ;;
            dbitrate) dbitrate=$2 ;;
            dtseg1) dtseg1=$2 ;;
            dtseg2) dtseg2=$2 ;;
            restart-ms) restart=$2 ;;
            *) exit 125 ;;
        esac
        shift 2
    done
    [ $# -eq 0 ] || exit 125
    [ -n "$clock" ] && [ -n "$bitrate" ] && [ -n "$tseg1" ] && [ -n "$tseg2" ] || exit 125
    [ "$sjw" -gt "$tseg2" ] && sjw=$tseg2
    # nominal phase
    tq=$((1 + tseg1 + tseg2))
    brp=$((clock / (bitrate * tq)))
    [ "$brp" -gt 64 ] && brp=64
    if [ "$brp" -eq 0 ]; then
        echo "$name: real = clock / (brp * tq) with brp 0" >&2
        kill -FPE $$
    fi
    real=$((clock / (brp * tq)))
    diff=$((real - bitrate)); [ "$diff" -lt 0 ] && diff=$((-diff))
    err=$((diff * 1000 / bitrate))
    spt=$((1000 * (1 + tseg1) / tq))
    [ "$err" -gt 50 ] && echo "$name: bitrate error ${err}/1000" >&2
    # data phase (CAN FD), checked
    if [ -n "$dbitrate" ]; then
        dtq=$((1 + dtseg1 + dtseg2))
        dbrp=$((clock / (dbitrate * dtq)))
        if [ "$dbrp" -eq 0 ]; then
            echo "$name: data prescaler 0, using 1" >&2
            dbrp=1
        fi
        [ "$dbrp" -gt 32 ] && dbrp=32
        dreal=$((clock / (dbrp * dtq)))
        : "$dreal"
    fi
    : "$spt" "$restart"
    n=$((n + 1))
done < "$1"
[ "$n" -gt 0 ] || exit 125
exit 0
