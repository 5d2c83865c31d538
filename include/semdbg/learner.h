/* semdbg/learner.h: candidate failure constraints from labelled inputs.
 *
 * The learner instantiates the pattern catalog (catalog.h) with the relevant
 * nonterminals and with strings and bounds taken from the inputs, evaluates
 * every instance once per input (truth values cached as one bitset per
 * candidate, so adding inputs costs only the new ones), scores the instances
 * (precision, recall, specificity, F1), adds negations (absence) and sets of
 * values (`X in {...}`), combines good atoms into conjunctions (more precise
 * than their parts; as long as the evidence needs, grown greedily) and
 * disjunctions (failures with several causes), and ranks the result. Candidates with the same truth vector on all
 * inputs form one equivalence group.
 *
 * Ranking: candidates that meet both thresholds (min_recall, min_precision)
 * come first, by recall, then precision, then size (atoms, then text length);
 * the rest follow by F1. In invariant mode (ISLearn's mining: every input
 * labelled failing = "positive", optional passing inputs = random background)
 * only candidates with recall 1 are accepted, ranked by specificity (the
 * share of background inputs they reject: most specific first), then size. */
#ifndef SEMDBG_LEARNER_H
#define SEMDBG_LEARNER_H

#include "semdbg/export.h"

#include <stdbool.h>
#include <stdint.h>

#include "semdbg/catalog.h"
#include "semdbg/constraint.h"
#include "semdbg/grammar.h"
#include "semdbg/tree.h"

typedef struct SdLearnerOptions {
  uint32_t max_candidates;  /* equivalence groups in the ranking (default 50) */
  uint32_t max_equivalent;  /* members kept per group, the best first (default 4) */
  uint32_t max_conjunction; /* atoms per conjunction: 1 = no conjunctions (default 8, at most 12);
                               2 and 3 are searched exhaustively in the pool, more greedily */
  bool disjunctions;        /* look for disjunctions of two candidates (default true) */
  /* beyond the minimum: */
  double min_precision;     /* acceptance thresholds (default 0.6 and 0.9) */
  double min_recall;
  uint32_t max_values;      /* strings / integers tried per value placeholder (default 12) */
  uint32_t combination_pool;/* distinct atoms considered for combinations (default 40) */
  bool invariants;          /* invariant mining ranking (see above) */
  bool cause_mode;          /* precision first (sequential covering of several causes): only
                               candidates that hold on no passing input are accepted, ranked
                               by recall; min_recall still applies (set it low) */
  SdDiagnostics *diagnostics; /* warnings: patterns that do not parse; may be NULL */
  bool no_texts;            /* candidates get no short form (text NULL): for callers that print
                               their own (making one for every ranked candidate at every learn
                               was a tenth of the middle example's time in the debugger) */
} SdLearnerOptions;
SD_API void sd_learner_options_init(SdLearnerOptions *self);

typedef struct SdLearner SdLearner;

/* The learner keeps the grammar and catalog pointers: both must outlive it. */
SD_API SdLearner *sd_learner_new(const SdGrammar *g, const SdCatalog *catalog,
                                 const SdLearnerOptions *opts);
/* Add labelled inputs. The learner keeps the tree POINTERS: the trees must
 * outlive the learner (and not change). Candidates already evaluated are
 * evaluated on the new inputs only, at the next sd_learner_learn(). */
SD_API void sd_learner_add(SdLearner *self, SdTree *const *trees, const bool *failing, uint32_t n);
/* Unlabelled inputs (at most SD_LEARNER_POOL; pointers kept, as above) that
 * tell apart the members of an equivalence group: of the candidates that
 * agree on every labelled input, the ones ranked beside the group's best
 * (max_equivalent in all) are chosen to differ from one another on these
 * where they can. Two that agree here too are mostly one predicate in the
 * grammar's terms (`exists <attr>` and `exists <attr-name>`); one that
 * differs is a hypothesis of its own that an experiment can test (an
 * upper-case letter in the attribute's name). Without a pool, the first
 * members in ranking order are shown. */
/* Truths of atoms on inputs, shared by the learners of one diagnosis: a
 * later learner (for a later cause, or the precise search after the first)
 * instantiates many of the same atoms over the same trees, and looks them
 * up here instead of evaluating them again (the expression example: half
 * of 694,000 evaluations over four learners were repeats). Keyed by the
 * atom's text and the tree's address: every learner given a memo must be
 * given trees that stay alive and unchanged as long as the memo. */
typedef struct SdLearnerMemo SdLearnerMemo;
SD_API SdLearnerMemo *sd_learner_memo_new(void);
SD_API void sd_learner_memo_free(SdLearnerMemo *self);
SD_API void sd_learner_set_memo(SdLearner *self, SdLearnerMemo *memo);

#define SD_LEARNER_POOL 64
SD_API void sd_learner_set_pool(SdLearner *self, SdTree *const *trees, uint32_t n);
/* A pool into out (SD_LEARNER_POOL trees, the caller's to free): half drawn
 * from the grammar, half the n failing inputs with a part or two derived
 * anew (all drawn when n is 0); the same seed makes the same pool
 * (learner_pool.c). Returns how many. */
SD_API uint32_t sd_learner_draw_pool(const SdGrammar *g, SdTree *const *failing, uint32_t n, uint64_t seed,
                                     SdTree **out);
/* (Re)instantiate the catalog for these relevant nonterminals and rank the
 * candidates. Earlier candidates are dropped from the ranking but their
 * truth values stay cached. */
SD_API void sd_learner_learn(SdLearner *self, const SdSymbol *relevant, uint32_t relevant_count);

typedef struct SdCandidate {
  SdConstraint *constraint;  /* owned by the learner */
  double precision, recall, specificity, f1; /* 0 where the denominator is 0 */
  uint32_t tp, fp, tn, fn;
  uint32_t size;             /* number of atoms */
  uint32_t equivalent_group; /* 0 = the best group; members of a group are adjacent */
  /* beyond the minimum: */
  bool accepted;             /* meets min_recall and min_precision (invariants: recall 1) */
  const char *text;          /* short form (sd_constraint_to_short), owned; NULL with no_texts */
  const char *pattern;       /* pattern name(s), "A and B" for combinations, owned */
  uint32_t parts;            /* 1 for an atom, else the number of combined candidates */
  bool disjunction;          /* parts are or-ed (else and-ed) */
} SdCandidate;

SD_API uint32_t sd_learner_candidate_count(const SdLearner *self);
SD_API const SdCandidate *sd_learner_candidate(const SdLearner *self, uint32_t rank);
/* Inputs added so far, failing among them. */
SD_API uint32_t sd_learner_input_count(const SdLearner *self);
SD_API uint32_t sd_learner_failing_count(const SdLearner *self);
/* The truth value of ranked candidate `rank` on input i (cached). */
SD_API bool sd_learner_truth(const SdLearner *self, uint32_t rank, uint32_t input);

typedef struct SdLearnerStats {
  uint64_t templates;     /* patterns instantiated with nonterminals (that parse and nest) */
  uint64_t instantiated;  /* distinct candidate atoms (with their values) evaluated */
  uint64_t pruned;        /* atoms false on every failing input (or below min recall) */
  uint64_t evaluations;   /* sd_constraint_eval calls, threshold search included */
  uint64_t cached;        /* evaluations saved by the cache on re-learning */
  uint64_t combinations;  /* conjunctions and disjunctions scored */
} SdLearnerStats;
/* Totals since the learner was made. */
SD_API void sd_learner_stats(const SdLearner *self, SdLearnerStats *out);

SD_API void sd_learner_free(SdLearner *self);

#endif
