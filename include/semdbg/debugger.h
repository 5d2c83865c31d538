/* semdbg/debugger.h: the semantic debugger's refinement loop (Avicenna's
 * scientific method): label inputs with the oracle, rank the relevant
 * nonterminals, learn candidate constraints, generate inputs that satisfy
 * each candidate and its negation, run them, repeat until one candidate
 * explains every failure and nothing else, or a budget ends. */
#ifndef SEMDBG_DEBUGGER_H
#define SEMDBG_DEBUGGER_H

#include "semdbg/export.h"

#include <stdbool.h>
#include <stdint.h>

#include "semdbg/grammar.h"
#include "semdbg/oracle.h"
#include "semdbg/report.h"

typedef struct SdDebugOptions {
  SdOracleOptions oracle;
  SdOracle *shared_oracle;  /* when set (borrowed), runs go through it instead of a new oracle
                               made from `oracle`: its cache serves several diagnoses (triage);
                               the report still counts this diagnosis's runs only */
  const char *kind;         /* the failure kind to explain (NULL = that of the first failing
                               given input); failures of other kinds are "other failures",
                               learned neither as failing nor as passing */
  uint64_t seed;            /* default 1 */
  uint32_t max_iterations;  /* refinement iterations (default 10) */
  uint64_t max_runs;        /* harness runs in all (default 2000) */
  double time_limit;        /* seconds of wall time, 0 = none */
  uint32_t min_failing;     /* inputs of each class wanted before learning (default 10) */
  uint32_t min_passing;
  uint32_t per_candidate;   /* inputs generated per candidate and per negation (default 8) */
  uint32_t refine_top;      /* candidates attacked per iteration (default 3) */
  uint32_t hunt;            /* inputs outside the diagnosis per hunt for failures it misses,
                               and a third as many inside it for passes it covers (default 16);
                               a hunt stops at the first chunk that finds one */
  uint32_t max_relevant;    /* nonterminals kept by the relevance ranking (default 5) */
  double min_precision;     /* thresholds for exit status 0 (default 0.9 each) */
  double min_recall;
  const char *patterns;     /* catalog file, NULL = sd_catalog_default_path() */
  const char *out_dir;      /* keep inputs and the report here (NULL = nowhere) */
  bool reduce;              /* add the reduced failing input to the report (default true) */
  bool generalize;          /* add the DDSET abstract input (default true) */
  int verbosity;            /* 0 quiet, 1 progress on a terminal, 2 always progress */
} SdDebugOptions;

SD_API void sd_debug_options_init(SdDebugOptions *self);

typedef enum SdDebugStatus {
  SD_DEBUG_OK,             /* a diagnosis (see the report's status for how good) */
  SD_DEBUG_INPUT_ERROR,    /* bad input file, nothing fails, ... (exit 2) */
  SD_DEBUG_HARNESS_ERROR,  /* the test command cannot run (exit 3) */
  SD_DEBUG_WRITE_ERROR,    /* --out could not be written (a full disk): *report is made all
                              the same (what was found until then), *error says why (exit 4) */
} SdDebugStatus;

/* Diagnose the failure of the given input files (at least one must fail).
 * *report receives the result (free with sd_report_free); *error a malloc'd
 * message for the error statuses. Stops early (semdbg/stop.h) at
 * opts->time_limit, at a signal caught by sd_stop_catch_signals() (the
 * report's `signal` says which), or when --out cannot be written; the report
 * then says what was found until the stop. Resets the stop state before
 * returning. */
SD_API SdDebugStatus sd_debug(const SdGrammar *g, char *const *input_paths, uint32_t input_count,
                              const SdDebugOptions *opts, SdReport **report, char **error);

#endif
