/* semdbg/triage.h: many failing inputs (a fuzzer's crash directory) sorted by
 * failure kind and then by cause. Every input runs once; each kind gets one
 * diagnosis (sd_debug, sharing one oracle and its cache with the others), and
 * each of its causes becomes a group: the inputs it holds on, a reduced
 * representative, and the share of random inputs from the grammar that
 * satisfy it (a Wilson 95% interval, by sampling, without runs). Inputs no
 * cause explains are grouped as unexplained, per kind. A baseline (an earlier
 * triage's JSON) marks each group known or new: causes are compared by
 * meaning, on a shared sample of inputs. The JSON schema is in docs/triage.md. */
#ifndef SEMDBG_TRIAGE_H
#define SEMDBG_TRIAGE_H

#include <stdbool.h>

#include "semdbg/export.h"
#include <stddef.h>
#include <stdint.h>

#include "semdbg/constraint.h"
#include "semdbg/debugger.h"
#include "semdbg/grammar.h"
#include "semdbg/tree.h"

#define SD_TRIAGE_SCHEMA 1
#define SD_TRIAGE_NO_EXAMPLE UINT32_MAX

typedef struct SdTriageOptions {
  SdDebugOptions debug;   /* each kind's diagnosis: oracle options, seed, budgets (per
                             diagnosis), patterns, verbosity; its kind, shared oracle,
                             reduction and generalisation are set by the triage */
  uint32_t samples;       /* random inputs for the shares and the baseline (default 1000) */
  uint32_t reduce_runs;   /* runs allowed to reduce each representative (default 300; 0: none) */
} SdTriageOptions;

SD_API void sd_triage_options_init(SdTriageOptions *self);

/* A share estimated from `satisfied` of `samples` random inputs. */
typedef struct SdTriageShare {
  uint32_t samples, satisfied;
  double share, low, high;  /* satisfied / samples and its Wilson 95% interval */
} SdTriageShare;

typedef enum SdTriageNovelty {
  SD_TRIAGE_UNCOMPARED,   /* no baseline */
  SD_TRIAGE_KNOWN,        /* the baseline has a group of the same kind and meaning */
  SD_TRIAGE_NEW,
} SdTriageNovelty;

/* One input as given. */
typedef struct SdTriageInput {
  char *path;
  SdTree *tree;
  char *kind;             /* its failure kind, NULL when it did not fail */
  const char *verdict;    /* "fail", "pass" or "undefined" */
  int32_t group;          /* its group (index), -1 when it did not fail */
} SdTriageInput;

/* A group: the failing inputs of one kind that one cause explains, or
 * (cause NULL) those of one kind that no cause explains. A cause the
 * diagnosis found may hold on none of the given inputs: a group without
 * members (a failure none of them shows). */
typedef struct SdTriageGroup {
  char *kind;
  SdConstraint *cause;    /* NULL: unexplained */
  char *short_form, *isla;
  const char *diagnosis;  /* the kind's diagnosis status ("confirmed", ...) */
  bool pinned;            /* every boundary of the cause pinned by adjacent witnesses */
  uint32_t *members;      /* indices into the inputs, in input order */
  uint32_t member_count;
  uint32_t example;       /* the shortest member the cause alone explains (else the shortest);
                             SD_TRIAGE_NO_EXAMPLE for a cause that holds on no given input */
  char *reduced;          /* the example reduced while it fails so and the cause holds (or NULL) */
  size_t reduced_length;
  SdTriageShare share;    /* random inputs that satisfy the cause */
  SdTriageNovelty novelty;
  int32_t baseline;       /* the baseline group it matches, -1 if none */
} SdTriageGroup;

/* One failure kind. */
typedef struct SdTriageKind {
  char *kind;
  uint32_t inputs;        /* given inputs that fail so */
  const char *status;     /* its diagnosis's status */
  char *stop_reason;
  uint64_t runs;          /* runs of its diagnosis (cache hits not counted) */
  uint32_t causes, unexplained;
} SdTriageKind;

/* A baseline group (from an earlier triage's JSON). */
typedef struct SdTriageBaseGroup {
  char *kind, *short_form;
  SdConstraint *cause;    /* NULL: an unexplained group */
  SdTree *inputs[2];      /* its example and reduced input, where they parse */
  bool matched;           /* a group of this triage is the same */
} SdTriageBaseGroup;

typedef struct SdTriageBaseline {
  char *path;
  SdTriageBaseGroup *groups;
  uint32_t group_count;
} SdTriageBaseline;

typedef struct SdTriage {
  const SdGrammar *grammar;
  SdTriageInput *inputs;
  uint32_t input_count, failing;
  SdTriageKind *kinds;    /* most inputs first */
  uint32_t kind_count;
  SdTriageGroup *groups;  /* by kind (as kinds), causes in the diagnosis's order, then unexplained */
  uint32_t group_count;
  SdTree **sample;        /* the random inputs the shares are estimated on */
  uint32_t sample_count;
  const SdTriageBaseline *baseline; /* set by sd_triage_compare */
  uint32_t known, fresh;  /* groups known / new (after sd_triage_compare) */
  uint64_t seed;
  uint64_t runs, cache_hits;
  double harness_seconds, total_seconds;
} SdTriage;

/* Triage the given failing inputs (files). *out receives the result (free
 * with sd_triage_free); on an error status *error a malloc'd message naming
 * the file ("path:line:col: ..." for an input that does not parse). */
SD_API SdDebugStatus sd_triage(const SdGrammar *grammar, char *const *paths, uint32_t count,
                               const SdTriageOptions *opts, SdTriage **out, char **error);
SD_API void sd_triage_free(SdTriage *self);

/* The group of a failing input of kind `kind` among `groups`: the first
 * group of that kind whose cause holds on tree, else its unexplained group
 * (cause NULL), else -1. */
SD_API int32_t sd_triage_assign(const SdTriageGroup *groups, uint32_t count, const char *kind,
                                const SdTree *tree);

/* The Wilson score interval (95%: z = 1.96) of k successes in n trials. */
SD_API SdTriageShare sd_triage_wilson(uint32_t k, uint32_t n);

/* ---------- baselines ---------- */

/* Load an earlier triage's JSON: its groups' kinds, causes (their ISLa
 * parsed with this grammar) and inputs. NULL with *error ("PREVIOUS.json:3:7:
 * ..." for bad JSON; the group for an ISLa that does not parse). */
SD_API SdTriageBaseline *sd_triage_baseline_load(const SdGrammar *grammar, const char *path, char **error);
SD_API void sd_triage_baseline_free(SdTriageBaseline *self);

/* Do two causes mean the same on these inputs (the same truth value on each)? */
SD_API bool sd_triage_agree(const SdConstraint *a, const SdConstraint *b, SdTree *const *sample, uint32_t count);

/* Mark every group known or new against the baseline (kept by self, which
 * must not outlive it): a group is known when a baseline group has the same
 * kind and a cause that agrees with its own on the random sample, its members
 * and both groups' example and reduced inputs (unexplained groups: when the
 * baseline has unexplained inputs of the kind). */
SD_API void sd_triage_compare(SdTriage *self, SdTriageBaseline *baseline);

/* ---------- output ---------- */

SD_API char *sd_triage_to_text(const SdTriage *self);
SD_API char *sd_triage_to_json(const SdTriage *self);     /* schema SD_TRIAGE_SCHEMA, docs/triage.md */
SD_API char *sd_triage_to_markdown(const SdTriage *self); /* for a CI job page or a PR comment */
SD_API const char *sd_triage_novelty_name(SdTriageNovelty novelty); /* null, "known", "new" */

#endif
