#!/bin/sh
# a CI runner's job loader (its C logic in sh: long arithmetic, $(( )) has
# C's rules, / truncates toward zero). Every field of a "job" line is an
# integer expression; the runner evaluates them all when it loads the file
# and then prepares each job's attempt history:
#     #define MAX_RETRIES 10
#     struct attempt hist[MAX_RETRIES + 1];     /* in struct job */
#     for (int i = 0; i <= job->retries; i++) hist_init(&job->hist[i]);
# retries is taken as written: a count that EVALUATES above 10 runs the
# loop past the 11 slots, over the job's next fields and the following
# heap chunk's header: SIGSEGV. 10 is fine, and a negative count is no
# retry (the loop does not run; the first attempt's slot is set up apart).
# The timeout (0 or less: none), the niceness (clamped to -20..19) and the
# parallel copies (clamped to 1..16) take the same values harmlessly.
jobs=0
while IFS= read -r line || [ -n "$line" ]; do
    case $line in
        "job "*) ;;
        "") continue ;;
        *) exit 125 ;;
    esac
    rest=${line#job }
    name=${rest%% *}; rest=${rest#"$name" }
    timeout=""; retries=2; nice=0; parallel=1
    while [ -n "$rest" ]; do
        kv=${rest%% [a-z]*=*}            # up to the next " key="
        rest=${rest#"$kv"}; rest=${rest# }
        key=${kv%%=*}; val=${kv#*=}
        case $key in
            timeout) timeout=$(($val)) ;;
            retries) retries=$(($val)) ;;
            nice) nice=$(($val)) ;;
            parallel) parallel=$(($val)) ;;
            *) exit 125 ;;
        esac
    done
    [ -n "$timeout" ] || exit 125
    [ "$timeout" -le 0 ] && timeout=0
    [ "$nice" -lt -20 ] && nice=-20
    [ "$nice" -gt 19 ] && nice=19
    [ "$parallel" -lt 1 ] && parallel=1
    [ "$parallel" -gt 16 ] && parallel=16
    # hist_init(&job->hist[i]) for i = 0 .. retries, hist[MAX_RETRIES + 1]
    if [ "$retries" -gt 10 ]; then
        echo "job $name: attempt history overrun (retries=$retries)" >&2
        kill -SEGV $$
    fi
    jobs=$((jobs + 1))
done < "$1"
[ "$jobs" -gt 0 ] || exit 125
exit 0
