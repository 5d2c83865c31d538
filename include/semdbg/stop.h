/* semdbg/stop.h: when to stop early. A diagnosis stops when a signal asks it
 * to (SIGINT, SIGTERM, SIGHUP, caught by sd_stop_catch_signals), when its
 * time limit passes (sd_stop_set_deadline), or when an error makes going on
 * pointless (sd_stop_request: the --out directory cannot be written). Long
 * loops (the oracle's event loop, the learner, the solver, the debugger) ask
 * sd_stop_requested() and wind down: the caller then reports what was found.
 * The state is process-wide (one diagnosis at a time). */
#ifndef SEMDBG_STOP_H
#define SEMDBG_STOP_H

#include <stdbool.h>

#include "semdbg/export.h"

typedef enum SdStopReason {
  SD_STOP_NONE,
  SD_STOP_SIGNAL,   /* SIGINT, SIGTERM or SIGHUP arrived (sd_stop_signal says which) */
  SD_STOP_DEADLINE, /* the deadline passed */
  SD_STOP_ERROR,    /* sd_stop_request was called */
} SdStopReason;

/* Catch SIGINT, SIGTERM and SIGHUP: the first one sets the flag that
 * sd_stop_requested() reports; a second one ends the process at once (its
 * running harnesses are killed and the temporary directories removed by the
 * oracle's handler). Signals ignored on entry stay ignored. */
SD_API void sd_stop_catch_signals(void);
/* Is a first signal being turned into a graceful stop? Used by the oracle's
 * signal handler (async-signal-safe): true means "set the flag and return". */
SD_API bool sd_stop_catching(int sig);
/* Stop when CLOCK_MONOTONIC reaches `at` seconds (sd_stop_now() + limit); 0: never. */
SD_API void sd_stop_set_deadline(double at);
SD_API double sd_stop_deadline(void);
/* Seconds left before the deadline (a large number when there is none, 0 when passed). */
SD_API double sd_stop_remaining(void);
SD_API double sd_stop_now(void); /* CLOCK_MONOTONIC in seconds */
SD_API void sd_stop_request(void);
/* Should long work stop now? Cheap: a flag and a clock read. */
SD_API bool sd_stop_requested(void);
/* Why (the first reason that applied); SD_STOP_NONE when nothing asked. */
SD_API SdStopReason sd_stop_reason(void);
SD_API int sd_stop_signal(void); /* the signal that asked, or 0 */
/* After a stop: give the caller `seconds` more to finish (write the report).
 * sd_stop_requested() turns false until then and true after; the reason
 * stays. A signal during the grace is not caught (it ends the process). */
SD_API void sd_stop_grace(double seconds);
/* Work cut short by a stop: between sd_stop_cut_begin() and _end() (they
 * nest), constraint evaluations return false at once after a stop, so that
 * no evaluation on a huge input outlasts the time limit. Only callers whose
 * results are thrown away after a stop open such a scope (the learner, the
 * input generator, the final report, which then says its figures are
 * partial); elsewhere evaluations stay exact. Cut evaluations are counted. */
SD_API void sd_stop_cut_begin(void);
SD_API void sd_stop_cut_end(void);
SD_API bool sd_stop_cutting(void); /* inside a scope, and a stop was requested */
SD_API void sd_stop_note_cut(void);
SD_API unsigned long sd_stop_cuts(void);
/* Forget the flag, the request and the deadline (tests; one diagnosis after another). */
SD_API void sd_stop_reset(void);

#endif
