/* semdbg/reduce.h: shrinking and abstracting a failing input with its grammar.
 *
 * sd_reduce() is grammar-based delta debugging (after HDD and Perses): it
 * replaces subtrees of the derivation tree by smaller ones of the same
 * nonterminal while the input keeps failing, until no single operation
 * applies (1-minimal with respect to them). sd_generalize() is DDSET
 * (Gopinath et al., ISSTA 2020): it turns every subtree whose random
 * replacements all still fail into a placeholder, giving an abstract input
 * such as `<opening-tag>"<plain-text>`. Both judge candidates through an
 * SdOracle (parallel batches, verdicts cached by content), so the diagnosis
 * can share its oracle, cache and run budget with them. */
#ifndef SEMDBG_REDUCE_H
#define SEMDBG_REDUCE_H

#include "semdbg/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "semdbg/grammar.h"
#include "semdbg/oracle.h"
#include "semdbg/tree.h"

struct cJSON;

/* Why sd_reduce / sd_generalize gave up (SD_REDUCE_OK when they did not). */
typedef enum SdReduceStatus {
  SD_REDUCE_OK,            /* done (possibly cut short by the run budget: see `minimal`) */
  SD_REDUCE_NOT_FAILING,   /* the given input passed or was undefined: nothing to reduce */
  SD_REDUCE_HARNESS_ERROR, /* sd_oracle_run failed (the test command cannot run) */
} SdReduceStatus;

/* Run one input and check that it fails. SD_REDUCE_OK when it does;
 * otherwise *error (malloc'd) says why, e.g. "does not fail: the test command
 * passed it (exit 0)" or the oracle's harness error. status (if not NULL)
 * gets the run's status text ("signal 6 (ABRT)"). */
SD_API SdReduceStatus sd_reduce_check_failing(SdOracle *oracle, const char *text, size_t length,
                                              char *status, size_t status_size, char **error);
/* The same, where only a failure of `kind` counts (any failure when NULL):
 * "does not fail with kind exit:2: it fails with signal:SIGABRT (...)". */
SD_API SdReduceStatus sd_reduce_check_failing_as(SdOracle *oracle, const char *text, size_t length,
                                                 const char *kind, char *status, size_t status_size,
                                                 char **error);

/* ---------- reduction ---------- */

typedef struct SdReduceOptions {
  uint64_t seed;     /* for the cheapest derivations of character classes (default 1) */
  uint32_t max_runs; /* test command runs allowed (0 = no limit); the initial run counts */
  uint32_t batch;    /* candidates per sd_oracle_run call (0 = number of CPUs, at most 64);
                      * give the oracle's -j for the fewest wasted runs */
  const char *kind;  /* keep this failure kind (NULL = any failure); borrowed */
  /* When set, a candidate must also satisfy keep(keep_data, text, length) (e.g.
   * "the cause still holds"): the others are judged not failing without a run. */
  bool (*keep)(void *keep_data, const char *text, size_t length);
  void *keep_data;
} SdReduceOptions;

SD_API void sd_reduce_options_init(SdReduceOptions *self);

typedef struct SdReduceResult {
  SdTree *tree;          /* the reduced input (a run of it failed); the caller frees it */
  uint64_t runs;         /* test command runs made (cache hits not counted) */
  uint64_t candidates;   /* candidate inputs judged (runs plus cache hits) */
  uint32_t original_length, reduced_length; /* bytes */
  uint32_t original_nodes, reduced_nodes;   /* derivation tree nodes */
  uint32_t steps;        /* accepted reductions */
  bool minimal;          /* 1-minimal; false when the run budget ran out first */
  SdReduceStatus status; /* why sd_reduce returned false (SD_REDUCE_OK when it did not) */
  char verdict[64];      /* status of the reduced input's failing run, e.g. "signal 6 (ABRT)" */
} SdReduceResult;

/* Reduce the failing input `self` (a derivation tree of its grammar). The
 * operations on a node, tried smallest result first: replace it by a proper
 * descendant of the same nonterminal (hoisting: every nearest one; while they
 * pay off also farther ones, in ddmin-like chunks of 2, 4, 8, ... list
 * items), by another alternative keeping the children it shares (missing
 * symbols get their cheapest derivation; this drops optional and repeated
 * parts), by the cheapest derivation of its nonterminal, or delete its text
 * (alone, or with the terminal just before or after it) when the rest still
 * parses (then the tree is re-parsed). A candidate is kept only when smaller:
 * fewer bytes, or as many bytes and fewer nodes. Nodes are visited
 * breadth-first from the root; a node is worked on until nothing applies,
 * then its children are queued; passes repeat until one changes nothing, so
 * the result is 1-minimal with respect to these operations. Candidates of a
 * node go to the oracle in batches (options->batch); the first failing one in
 * submission order wins, so the result does not depend on -j. Texts known
 * not to fail are never submitted again. Returns false with *error
 * (malloc'd) and out->status set when the input does not fail or the harness
 * breaks; out->tree is then NULL. */
SD_API bool sd_reduce_with(const SdTree *self, SdOracle *oracle, const SdReduceOptions *options,
                           SdReduceResult *out, char **error);
/* The same with default options (batch: number of CPUs); g must be the tree's grammar. */
SD_API bool sd_reduce(const SdGrammar *g, SdOracle *oracle, const SdTree *failing, uint64_t seed,
                      uint32_t max_runs, SdReduceResult *out, char **error);

/* ---------- generalisation (DDSET) ---------- */

typedef struct SdGeneralizeOptions {
  uint32_t tries;    /* distinct replacements tested per node (default 10) */
  uint64_t seed;     /* random derivations (default 1) */
  uint32_t max_runs; /* test command runs allowed (0 = no limit) */
  uint32_t batch;    /* replacements per sd_oracle_run call (0 = number of CPUs, at most 64) */
  const char *kind;  /* only a failure of this kind counts as failing (NULL = any); a
                        failure of another kind counts neither way, like undefined */
} SdGeneralizeOptions;

SD_API void sd_generalize_options_init(SdGeneralizeOptions *self);

/* An input with placeholders: the nodes listed in `placeholders` stand for
 * any derivation of their nonterminal. */
typedef struct SdAbstractInput {
  SdTree *tree;            /* the failing input it was made from (owned) */
  uint32_t *placeholders;  /* preorder ids of the placeholder nodes, in document order */
  uint32_t placeholder_count;
  bool *is_placeholder;    /* by preorder id (tree->node_count entries) */
  uint64_t runs;           /* test command runs sd_generalize made */
  uint32_t nodes_tested;   /* nodes whose replacements were tested */
  bool complete;           /* false when the run budget ran out (untested nodes stay concrete) */
} SdAbstractInput;

/* DDSET on the failing input `self`: checks that it fails, then walks the
 * tree top-down (preorder). At each nonterminal node it tests up to `tries`
 * distinct variants: first the cheapest derivation of each alternative of the
 * node's nonterminal (up to half of the tries: boundary cases such as 0 or the
 * empty list) with the placeholders found so far at their cheapest, then
 * random derivations (sd_fuzz_node) with the placeholders random too (DDSET's
 * check). When no variant passes and
 * at least one fails (undefined runs count neither way), the node becomes a
 * placeholder and its subtree is skipped; otherwise its children are visited.
 * Terminals are never placeholders. Variants of a node go to the oracle in
 * batches; a batch with a pass ends the node. NULL with *error (and *status,
 * if not NULL) on a harness error or an input that does not fail. The
 * abstraction is isolated best on a reduced input: reduce first. */
SD_API SdAbstractInput *sd_generalize_with(const SdTree *self, SdOracle *oracle,
                                           const SdGeneralizeOptions *options, SdReduceStatus *status,
                                           char **error);
/* The same with default options but for tries, seed and max_runs. */
SD_API SdAbstractInput *sd_generalize(const SdGrammar *g, SdOracle *oracle, const SdTree *failing,
                                      uint32_t tries, uint64_t seed, uint32_t max_runs, char **error);
SD_API void sd_abstract_free(SdAbstractInput *self);

/* The abstract input as text: placeholders as their nonterminal's name
 * ("<opening-tag>"), everything else as its text, e.g. `<opening-tag>"<plain-text>`.
 * (Placeholder names and literal '<' cannot be told apart here: see the JSON.) */
SD_API char *sd_abstract_to_string(const SdAbstractInput *self);
/* {"pattern": text as above, "placeholders": n, "segments": [{"text": ".."} |
 * {"placeholder": "<name>", "original": ".."}, ...]}. */
SD_API struct cJSON *sd_abstract_to_json(const SdAbstractInput *self);

/* Instantiations: the input with every placeholder filled by a random
 * derivation of its nonterminal, all run in one oracle batch. */
typedef struct SdInstances {
  uint32_t count;
  char **texts;          /* count malloc'd texts (NUL-terminated) */
  uint32_t *lengths;
  SdVerdictKind *kinds;  /* verdict of each */
  char (*status)[64];    /* status text of each run, e.g. "exit 1" */
  char **failure_kinds;  /* the failure kind of each ("exit:1"; "" when it did not fail) */
  uint32_t failed, passed, undefined;
  uint64_t runs;         /* test command runs made (cache hits not counted) */
} SdInstances;

/* n instantiations (deterministic for a seed). False on a harness error
 * (*error malloc'd); out is then cleared. */
SD_API bool sd_abstract_instantiate(const SdAbstractInput *self, SdOracle *oracle, uint32_t n,
                                    uint64_t seed, SdInstances *out, char **error);
SD_API void sd_instances_clear(SdInstances *self);
/* Instances that failed with this kind (any failure when kind is NULL). */
SD_API uint32_t sd_instances_failed_as(const SdInstances *self, const char *kind);
/* Counts only: *runs = instantiations judged (n), *failed = how many failed.
 * False on a harness error. */
SD_API bool sd_abstract_instantiate_check(const SdAbstractInput *self, SdOracle *oracle, uint32_t n,
                                          uint64_t seed, uint32_t *runs, uint32_t *failed);
/* The same, counting only failures of this kind (any failure when NULL). */
SD_API bool sd_abstract_instantiate_check_as(const SdAbstractInput *self, SdOracle *oracle, uint32_t n,
                                             uint64_t seed, const char *kind, uint32_t *runs,
                                             uint32_t *failed);

#endif
