/* semdbg/oracle.h: runs the test command (the harness) on inputs and turns each
 * run into a verdict (pass / fail / undefined, after `git bisect run`). A pool
 * of up to N processes runs at once from one poll()-based loop; timeouts kill
 * the run's whole process group; verdicts are cached by input content; output
 * can be matched with PCRE2 regexes or compared with a golden reference. */
#ifndef SEMDBG_ORACLE_H
#define SEMDBG_ORACLE_H

#include "semdbg/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { SD_VERDICT_PASS, SD_VERDICT_FAIL, SD_VERDICT_UNDEFINED } SdVerdictKind;

/* What --reference compares. */
typedef enum { SD_COMPARE_BOTH, SD_COMPARE_STATUS, SD_COMPARE_STDOUT } SdCompare;

/* Why a verdict is what it is. */
typedef enum {
  SD_REASON_STATUS,           /* the exit status decided (0 pass, 125 undefined, else fail) */
  SD_REASON_SIGNAL,           /* died by a signal */
  SD_REASON_TIMEOUT,          /* killed after --timeout; kind is --timeout-verdict */
  SD_REASON_FAIL_ON,          /* --fail-on matched stdout or stderr */
  SD_REASON_PASS_ON,          /* --pass-on matched stdout or stderr */
  SD_REASON_REFERENCE_SAME,   /* same status/stdout as --reference: pass */
  SD_REASON_REFERENCE_STATUS, /* exit status (or signal) differs from --reference */
  SD_REASON_REFERENCE_STDOUT, /* stdout differs from --reference */
  SD_REASON_REFERENCE_BROKEN, /* the reference timed out or exited 125: undefined */
  SD_REASON_REGEX_ERROR,      /* --fail-on/--pass-on could not decide (PCRE2's match limit):
                                 undefined, and sd_oracle_run fails with a message */
  SD_REASON_NOT_RUN,          /* not run (or killed unjudged): the batch stopped on a harness
                                 error or a stop (semdbg/stop.h); kind UNDEFINED */
} SdVerdictReason;

/* Options. Strings are borrowed (e.g. from argv); sd_oracle_new copies them. */
typedef struct SdOracleOptions {
  const char *test;              /* shell command line (run with /bin/sh -c); required */
  bool use_stdin;                /* feed the input on stdin instead of a path argument */
  double timeout;                /* seconds per run; 0 = no limit (default 10) */
  SdVerdictKind timeout_verdict; /* verdict of a run that times out (default fail) */
  const char *fail_on;           /* PCRE2 regex on stdout/stderr: match = fail (or NULL) */
  const char *pass_on;           /* PCRE2 regex on stdout/stderr: match = pass (or NULL) */
  const char *kind_regex;        /* PCRE2 regex whose first capture group on stdout/stderr
                                    names a failing run's kind (or NULL) */
  const char *reference;         /* golden reference command (or NULL) */
  SdCompare compare;             /* what to compare with the reference (default both) */
  unsigned jobs;                 /* runs at once; 0 = number of CPUs (default 0) */
  size_t capture_limit;          /* bytes kept of stdout and of stderr (default 64 KiB) */
  double kill_grace;             /* seconds between SIGTERM and SIGKILL (default 0.5) */
} SdOracleOptions;

SD_API void sd_oracle_options_init(SdOracleOptions *self);
/* Parse one command-line argument if it is an oracle option (--test, --stdin,
 * --timeout, --timeout-verdict, --fail-on, --pass-on, --kind-regex, --reference,
 * --compare, -j; "--opt VALUE", "--opt=VALUE" and "-jN" forms). argv[*i] is the argument
 * to look at. Sets *consumed and advances *i to the last argument used (its
 * value), so a caller's `for (i = 1; i < argc; i++)` loop just continues.
 * Returns false on a bad value (error: malloc'd message naming the option,
 * e.g. "--fail-on: bad regular expression at offset 3: missing closing
 * parenthesis"); *consumed is then true. */
SD_API bool sd_oracle_options_parse_arg(SdOracleOptions *self, int argc, char **argv, int *i,
                                        bool *consumed, char **error);
/* Check a complete option set (--test given, regexes compile). */
SD_API bool sd_oracle_options_validate(const SdOracleOptions *self, char **error);
/* Help text for the options above: lines of "  --option ARG   text\n". */
extern SD_API const char sd_oracle_options_help[];

typedef struct SdVerdict {
  SdVerdictKind kind;
  SdVerdictReason reason;
  int exit_status;      /* exit status, or -1 when killed by a signal */
  int signal;           /* signal that ended the run, or 0 */
  bool timed_out;       /* killed after the timeout (signal says which kill ended it) */
  double seconds;       /* wall time of the run (of the original run when cached) */
  bool cached;          /* taken from the cache (an identical input ran before) */
  char *out, *err;      /* first capture_limit bytes of stdout / stderr, NUL-terminated */
  size_t out_len, err_len;
  uint64_t out_total, err_total; /* bytes the run wrote in all (the rest was dropped) */
  int ref_exit_status, ref_signal; /* the reference run's status (with --reference) */
  char *failure_kind;   /* a failing run's signature (NULL unless kind is FAIL): the first
                           capture group of --kind-regex, else "exit:N", "signal:SIGNAME",
                           "timeout", or the reason ("fail-on", "reference-stdout") of a
                           failure that exited 0; see sd_verdict_failure_kind */
} SdVerdict;

typedef struct SdOracleStats {
  uint64_t runs;             /* test command runs (not counting cache hits) */
  uint64_t pass, fail, undefined; /* verdicts of those runs */
  uint64_t timeouts;         /* runs killed after the timeout */
  uint64_t truncated;        /* runs that wrote more than capture_limit to stdout or stderr */
  uint64_t reference_runs;   /* reference command runs */
  uint64_t cache_hits;       /* inputs answered from the cache */
  double harness_seconds;    /* wall time of all runs, summed over processes */
  double batch_seconds;      /* wall time spent inside sd_oracle_run */
} SdOracleStats;

typedef struct SdOracle SdOracle;

/* Validates the options and creates the private temporary directory
 * ($TMPDIR or /tmp, semdbg-XXXXXX). Installs SIGINT/SIGTERM/SIGHUP handlers
 * (while any oracle lives) that kill running process groups, remove the
 * directory and re-raise (unless semdbg/stop.h catches the signal for a
 * graceful stop: then the running batch ends, see sd_oracle_stopped). Makes
 * the process a child subreaper and starts a guardian process; no process a
 * harness starts outlives the run, or semdbg, however it ends (oracle.c says
 * how). NULL on error (*error: malloc'd message). */
SD_API SdOracle *sd_oracle_new(const SdOracleOptions *opts, char **error);
/* Run a batch; verdicts[k] gets the verdict of inputs[k] (lengths[k] bytes),
 * in submission order whatever the parallelism. Returns false on a harness
 * error or when --fail-on/--pass-on cannot tell whether they match (PCRE2's
 * match limit; that verdict is UNDEFINED, SD_REASON_REGEX_ERROR); the message
 * is in sd_oracle_error; verdicts are then still filled (runs not made are
 * UNDEFINED) and must be cleared. */
SD_API bool sd_oracle_run(SdOracle *self, const char *const *inputs, const size_t *lengths, size_t count,
                          SdVerdict *verdicts);
/* The same, but neither answered from the cache nor stored in it: every
 * input runs again (to see whether the harness is deterministic). */
SD_API bool sd_oracle_rerun(SdOracle *self, const char *const *inputs, const size_t *lengths, size_t count,
                            SdVerdict *verdicts);
/* Did the last batch end early because sd_stop_requested() (a signal, the
 * time limit)? Its runs in flight were killed; their verdicts say NOT_RUN. */
SD_API bool sd_oracle_stopped(const SdOracle *self);
/* Convenience: one input. */
SD_API bool sd_oracle_run1(SdOracle *self, const char *input, size_t length, SdVerdict *verdict);
SD_API const char *sd_oracle_error(const SdOracle *self);
SD_API void sd_oracle_stats(const SdOracle *self, SdOracleStats *stats);
/* The temporary directory (exists while the oracle lives). */
SD_API const char *sd_oracle_tmpdir(const SdOracle *self);
/* A view of self for one client (e.g. one diagnosis among several): runs go
 * through self, share its cache, options and temporary directory, and are
 * counted both in self's stats and in the view's own (which start at zero).
 * Free the view before self. */
SD_API SdOracle *sd_oracle_share(SdOracle *self);
/* Kills nothing (no run is active between calls); removes the temp directory
 * (a view made by sd_oracle_share: frees only the view). */
SD_API void sd_oracle_free(SdOracle *self);

SD_API void sd_verdict_clear(SdVerdict *self);
SD_API void sd_verdict_copy(SdVerdict *dst, const SdVerdict *src); /* deep copy */
SD_API const char *sd_verdict_kind_name(SdVerdictKind kind);       /* "pass", "fail", "undefined" */
SD_API const char *sd_verdict_reason_name(SdVerdictReason reason); /* e.g. "fail-on", "reference-stdout" */
/* The signature of a failing run from its status alone (--kind-regex aside):
 * "timeout", "signal:SIGSEGV", "exit:2", or the reason's name when it failed
 * with exit 0 ("fail-on", "reference-stdout"). A malloc'd string. */
SD_API char *sd_verdict_status_kind(const SdVerdict *self);
/* The failure kind of a verdict, or "" when it is not a failure. */
SD_API const char *sd_verdict_failure_kind(const SdVerdict *self);
/* Does the verdict fail, with this kind (any kind when kind is NULL)? */
SD_API bool sd_verdict_fails_as(const SdVerdict *self, const char *kind);
/* "exit 0", "signal 11 (SEGV)", "timeout (TERM)". */
SD_API void sd_verdict_status_text(const SdVerdict *self, char *buf, size_t size);

#endif
