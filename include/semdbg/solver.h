/* semdbg/solver.h: constraint-driven input generation. Produces inputs (derivation
 * trees) that satisfy a constraint: cheap fuzz-and-filter first, then tree
 * structures from the fuzzer or from seed trees whose bound nodes' texts are
 * solved for by Z3 (each restricted to its nonterminal's language as a regex).
 * Every input it returns parses from the grammar's start symbol and satisfies
 * the constraint (checked with sd_constraint_eval on the re-parsed tree). */
#ifndef SEMDBG_SOLVER_H
#define SEMDBG_SOLVER_H

#include "semdbg/export.h"

#include <stddef.h>
#include <stdint.h>

#include "semdbg/constraint.h"
#include "semdbg/grammar.h"
#include "semdbg/tree.h"

typedef struct SdSolver SdSolver;

typedef struct SdSolverOptions {
  uint64_t seed;          /* same seed and same calls: same inputs */
  uint32_t max_size;      /* tree nodes per random derivation (default 120) */
  uint64_t rlimit;        /* Z3 resource limit per query (default 4000000; 0 = default) */
  uint32_t max_attempts;  /* candidate inputs tried per generate call; 0 = 200 + 40 * n */
  uint32_t max_queries;   /* Z3 queries per generate call; 0 = 24 + 6 * n */
  uint64_t proof_rlimit;  /* Z3 resources for the proof that a constraint is unsatisfiable,
                             asked when nothing else made an input (0 = 60000) */
} SdSolverOptions;

SD_API void sd_solver_options_init(SdSolverOptions *self);

typedef enum SdSolveStatus {
  SD_SOLVE_OK,      /* all n inputs produced */
  SD_SOLVE_PARTIAL, /* some, but fewer than n (budget exhausted) */
  SD_SOLVE_UNSAT,   /* the constraint is unsatisfiable (proven) */
  SD_SOLVE_UNKNOWN, /* none found within the budget, and no proof of unsatisfiability */
} SdSolveStatus;

SD_API const char *sd_solve_status_name(SdSolveStatus status); /* "ok", "partial", "unsat", "unknown" */

/* The grammar must outlive the solver. opts may be NULL (defaults). */
SD_API SdSolver *sd_solver_new(const SdGrammar *g, const SdSolverOptions *opts);
SD_API void sd_solver_free(SdSolver *self);
/* The effort of later generate calls: Z3 resources per query and queries per
 * call (0 = the defaults of sd_solver_options_init; SD_SOLVER_NO_Z3: none,
 * only fuzzing and the local search); returns the previous values through
 * old_rlimit and old_max_queries when not NULL. */
#define SD_SOLVER_NO_Z3 UINT32_MAX
SD_API void sd_solver_set_effort(SdSolver *self, uint64_t rlimit, uint32_t max_queries, uint64_t *old_rlimit,
                                 uint32_t *old_max_queries);
/* When set, Z3 is asked only while a generate call has made no input at all
 * (fuzzing and the search make the rest): for callers to whom one input is
 * what counts and more are a bonus (a tie split). Returns the old setting. */
SD_API bool sd_solver_set_one_is_enough(SdSolver *self, bool on);

/* Trees whose parts later generate calls may graft into their inputs (a
 * node that satisfies one of the constraint's `exists` conjuncts, such as a
 * witness of a failure's literal in a failing input), besides the seeds of
 * each call; the caller keeps them alive until it sets others (NULL/0: none). */
SD_API void sd_solver_set_donors(SdSolver *self, SdTree *const *trees, uint32_t count);

/* Register a text already known (e.g. already run): generate never returns it. */
SD_API void sd_solver_avoid(SdSolver *self, const char *text, size_t length);

/* Up to n distinct new inputs satisfying c, written to out[0..result) (the
 * caller frees each tree). seeds: existing trees to start from (structure and
 * mutation material; may be NULL/0); their own texts are never returned.
 * Inputs produced are also added to the avoid set, so later calls return
 * other inputs. Returns the number produced; *status (may be NULL) says why
 * fewer than n came back. */
SD_API uint32_t sd_solver_generate(SdSolver *self, const SdConstraint *c, SdTree *const *seeds,
                                   uint32_t seed_count, uint32_t n, SdTree **out,
                                   SdSolveStatus *status);

typedef struct SdSolverStats {
  uint64_t z3_queries; /* Z3_solver_check calls */
  uint64_t attempts;   /* candidate inputs built (fuzzed, mutated or solved) */
  uint64_t fuzz_hits;  /* inputs produced by fuzz-and-filter */
  uint64_t z3_hits;    /* inputs produced from Z3 models */
} SdSolverStats;

/* Totals over all generate calls of this solver. */
SD_API void sd_solver_stats(const SdSolver *self, SdSolverStats *out);

#endif
