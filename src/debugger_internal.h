/* debugger_internal.h: what the parts of the debugger share.
 *
 *   debugger.c          the entry point and the loop over causes
 *   debugger_evidence.c running inputs, the evidence, making more inputs
 *   debugger_cause.c    learning one cause: rank, learn, attack, settle ties
 *   debugger_boundary.c pinning a cause's thresholds by experiment
 *   debugger_hunt.c     hunting failures that no cause explains
 *   debugger_report.c   the report: causes, boundaries, hunt, caveats */
#ifndef SEMDBG_DEBUGGER_INTERNAL_H
#define SEMDBG_DEBUGGER_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "array.h"
#include "constraint_internal.h" /* SdInt, SdDec */
#include "semdbg/constraint.h"
#include "semdbg/debugger.h"
#include "semdbg/fuzzer.h"
#include "semdbg/learner.h"
#include "semdbg/parser.h"
#include "semdbg/relevance.h"
#include "semdbg/solver.h"
#include "util.h"

typedef enum DbgOrigin { ORIGIN_GIVEN, ORIGIN_GATHER, ORIGIN_ATTACK, ORIGIN_BOUNDARY, ORIGIN_HUNT } DbgOrigin;

typedef struct Evidence {
  SdTree *tree;
  SdVerdictKind verdict;  /* UNDEFINED also for a failure of another kind (other) */
  uint32_t iteration;
  DbgOrigin origin;
  bool other;             /* failed with a kind other than the one explained */
} Evidence;

/* Inputs that failed with a kind other than the one explained: kept as
 * evidence with verdict UNDEFINED (learned neither way), counted here. */
typedef struct DbgOtherKind {
  char *kind;
  uint32_t count;
} DbgOtherKind;

typedef Array(uint32_t) IndexList;
typedef struct DbgRunTag { const SdTree *tree; const char *tag; } DbgRunTag;
typedef Array(SdTree *) TreeList;

/* A threshold of a cause, as settled by experiment (values are decimal text). */
typedef struct DbgBoundary {
  SdSymbol symbol;
  bool length;            /* str.len (else str.to.int) */
  bool computed;          /* arith.value: the element's value as an expression computes it */
  char *pass_value, *fail_value;
  uint32_t pass_input, fail_input; /* evidence indices, UINT32_MAX if none */
  bool pinned;
  bool unvaried;          /* not pinned: no failing input could be varied across it */
  bool texts_tried;       /* unvaried, and every text of its element was tried (dbg_pin_every_text) */
  bool relative;          /* the threshold moves with other elements' values (no literal,
                             or a sum's): `len(<payload>) < <length>`, `a + b > 9` */
  bool product;           /* the values are of the product of the element and partner */
  SdSymbol partner;
  char *note;
} DbgBoundary;

typedef struct DbgFraction {
  uint64_t hash;
  uint32_t cause;
} DbgFraction;

typedef struct DbgSighting {
  uint64_t hash; /* of the diagnosis's canonical form, whatever its operands' order */
  uint64_t runs; /* runs of the program so far when it was first put forward */
} DbgSighting;

typedef struct DbgCause {
  SdConstraint *constraint;
  Array(DbgBoundary) boundaries;
  bool pinned;            /* every boundary pinned */
  bool settled;           /* its pins ended without moving it (dbg_pin_boundaries) */
} DbgCause;

typedef struct Debugger {
  const SdGrammar *grammar;
  const SdDebugOptions *opts;
  SdOracle *oracle;
  SdFuzzer *fuzzer;
  TreeList pool;              /* unlabelled inputs the learner tells candidates apart on
                                 (dbg_learning_pool), made once */
  SdSolver *solver;
  struct SdLengths *lengths;  /* words of exact lengths, made on first need (debugger_boundary.c) */
  SdCatalog *catalog;
  SdParser *parser;
  SdRng rng;
  Array(Evidence) evidence;
  IndexList failing, passing; /* evidence indices by verdict */
  uint32_t undefined;
  char *kind;                 /* the failure kind explained (set by the first failing given
                                 input, or --kind) */
  Array(DbgOtherKind) others; /* other failures by kind, in order of appearance */
  uint32_t other_failures;
  SdHashSet seen;             /* hashes of the texts run (or about to be) */
  SdHashSet unsplit;          /* tie splits proven to have no input (dbg_split_tie) */
  SdHashSet asked_in_vain;    /* tie splits that found no input, with the evidence's size then */
  SdHashSet attacked;         /* candidates a round of experiments attacked, over all cause
                                 searches (their text, numbers kept: debugger_cause.c) */
  SdHashSet tabled;           /* record tables tried before acceptance (dbg_complete_table) */
  uint32_t iteration;         /* learning iterations, over all causes */
  double started;
  char *error;
  bool harness_error;
  bool progress;
  bool trace_runs;            /* SEMDBG_RUN_TRACE: each run on stderr, with its phase */
  DbgOrigin origin;           /* of the inputs run next */
  /* with trace_runs: which maker made each tree about to run ("near",
     "wrap", ...), printed after the phase (dbg_tag_runs) */
  Array(DbgRunTag) run_tags;
  /* causes found so far; the diagnosis is their disjunction */
  Array(DbgCause) causes;
  /* the loop stopped at two causes of one pattern (causes_repeat_pattern):
     the two, as short texts, for the report (malloc'd; NULL otherwise) */
  char *repeated_pattern;
  /* while a disjunctive cause is settled part by part: copies of its parts,
     and which of them is being settled */
  SdConstraint **siblings;
  uint32_t sibling_count, sibling_self;
  SdLearner *first_learner;   /* the first cause's learner: its ranking is reported */
  SdLearner *active_learner;  /* the learner of the cause being searched (until first_learner
                                 is set, a report made meanwhile ranks with it) */
  SdRelevance *first_relevance;
  SdLearnerMemo *learner_memo; /* atoms' truths on the evidence, shared by the learners */
  /* the last hunt */
  bool hunted;
  SdConstraint *hunted_diagnosis;     /* what it hunted around */
  uint32_t hunt_inputs, hunt_failures; /* outside the diagnosis, and failing */
  uint32_t hunt_inside, hunt_passes;   /* inside it, and passing */
  uint32_t hunt_pinned;                /* boundaries pinned when it ran (dbg_pinned_count) */
  /* the hunt's inputs with a pinned boundary's element written with
     decimals (boundary_fractions): text hashes, and whose boundary */
  Array(DbgFraction) fractions;
  uint32_t misread;           /* causes (bits) whose fraction inputs failed outside the diagnosis */
  uint32_t misread_drops;     /* causes dropped for that so far (at most MAX_MISREAD_DROPS) */
  uint32_t contradicted;      /* causes dropped at the end: passing inputs labelled after them hold them */
  bool best_shown;            /* no cause was found: the one in causes is the best candidate */
  Array(DbgSighting) sightings; /* diagnoses put forward, with the runs made before each first was */
  uint64_t language_size;     /* inputs the grammar derives, when at most MAX_ENUMERABLE (else 0) */
  uint64_t boundary_runs, hunt_runs;
  char *write_error;          /* the first file of --out that could not be written */
  uint32_t rechecked;         /* inputs run twice to check that the harness is deterministic */
  Array(SdReportFlaky) flaky; /* those whose verdict changed */
} Debugger;

/* debugger_evidence.c */
double dbg_now(void);
void dbg_progress(Debugger *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
uint64_t dbg_runs_so_far(const Debugger *d);
uint64_t dbg_runs_left(const Debugger *d);
bool dbg_out_of_time(const Debugger *d);
bool dbg_seen(const Debugger *d, const SdTree *t);
/* Run new inputs (trees are taken over). Drops texts run before and what
 * exceeds the budget. Returns the inputs added, -1 on a harness error. */
int dbg_run_trees(Debugger *d, SdTree **trees, uint32_t n);
/* Run one input; returns its evidence index (the existing one when it was
 * run before), UINT32_MAX when it could not run (budget, harness error). */
uint32_t dbg_run_one(Debugger *d, SdTree *tree);
SdTree *dbg_mutate(Debugger *d, const SdTree *tree);
/* With SEMDBG_RUN_TRACE: trees[from, n) were made by `tag` (a static string). */
void dbg_tag_runs(Debugger *d, SdTree *const *trees, uint32_t from, uint32_t n, const char *tag);
const Evidence *dbg_random_evidence(Debugger *d, const IndexList *pool);
/* The trees of the newest inputs of `from` (at most DBG_SEEDS), newest
 * first: the seeds the solver starts from. Returns how many. */
enum { DBG_SEEDS = 16 };
uint32_t dbg_newest_trees(const Debugger *d, const IndexList *from, SdTree **out);
/* sd_solver_generate with the newest failing inputs as donors (parts of
 * failures, such as a literal's witness, grafted where the seeds lack them). */
uint32_t dbg_generate(Debugger *d, const SdConstraint *c, SdTree *const *seeds, uint32_t seed_count, uint32_t n,
                      SdTree **out, SdSolveStatus *status);
int dbg_gather_initial(Debugger *d);
/* Does a cause found so far hold on t? */
bool dbg_cause_holds(const Debugger *d, const SdTree *t);
/* Does c hold on some labelled passing input? */
bool dbg_holds_on_passing(const Debugger *d, const SdConstraint *c);
/* Is evidence i explained by some cause found so far? */
bool dbg_explained(const Debugger *d, uint32_t i);
/* Failing inputs no cause explains. */
void dbg_unexplained(const Debugger *d, IndexList *out);

/* debugger_cause.c */
typedef enum DbgCauseResult { CAUSE_FOUND, CAUSE_APPROXIMATE, CAUSE_NONE, CAUSE_ERROR } DbgCauseResult;
/* Learn one cause of the failing inputs no earlier cause explains, attack it
 * until its precision is 1 after a round made to refute it. *out receives a
 * constraint (the best candidate, also when only approximate). */
DbgCauseResult dbg_find_cause(Debugger *d, SdConstraint **out);
/* While failures no cause explains remain: one cause, learned
 * without runs from every failure, that holds on each and on no passing
 * input (it may stand for the causes so far); NULL when none does. */
SdConstraint *dbg_widened_cause(Debugger *d);
/* The fewest failing inputs a cause learned from `target` failures explains. */
uint32_t dbg_min_cause_failures(uint32_t target);
/* Inputs on which a and b disagree (a and not b, b and not a) into batch,
 * made with the tie-splitting effort; none when they are shown to agree on
 * every text of the one element they are about. The effort: Z3's while
 * no candidate fits the evidence, more once the best does, or the solver's
 * search without Z3 (which proves most such pairs unsplittable at up to a
 * second each: the sumover example spent 60% of its CPU there). */
/* The unlabelled inputs of sd_learner_set_pool, made on first need. */
const TreeList *dbg_learning_pool(Debugger *d);
typedef enum DbgTieEffort { TIE_OPEN_EFFORT, TIE_SETTLED, TIE_SEARCH_ONLY } DbgTieEffort;
/* Returns whether no input splits them, as shown (the same constraint in
 * the grammar's terms, the same on every text, or no input by Z3). */
bool dbg_split_tie(Debugger *d, const SdConstraint *a, const SdConstraint *b, DbgTieEffort effort, TreeList *batch);

/* debugger_boundary.c: pin the thresholds of cause c by experiment. Returns
 * false when an experiment disagreed with the cause (the evidence now shows
 * it: learn it again), true otherwise (pinned or not pinnable: see c). */
bool dbg_pin_boundaries(Debugger *d, DbgCause *c, bool *harness_error);
/* Every boundary of c that no failing input could be varied across, of an
 * element of at most DBG_MEMBERS_MAX texts, tried through every text (once
 * per boundary): the boundaries pinned so, -1 on a harness error;
 * *disagreed when the program disagreed with the cause on a text (the
 * variant is evidence). */
int dbg_pin_every_text(Debugger *d, DbgCause *c, bool *disagreed);
/* Does c have a boundary like b (one element, or a product's either way,
 * one measure, the same witnesses' values and note)? */
bool dbg_has_boundary(const DbgCause *c, const DbgBoundary *b);
/* Does c compare a length or value (a measure whose boundary pinning seeks)? */
bool dbg_states_measures(const SdConstraint *c);
/* A property of an input (with its context). */
typedef bool (*DbgHolds)(void *ctx, const SdTree *t);
void dbg_extremes(Debugger *d, const SdTree *t, const SdNode *node, DbgHolds holds, void *ctx, SdTree **out);
/* Does node span its parent's whole text and vary as the parent does (the
 * same kind of measure)? Then its extremes are the parent's. */
bool dbg_extremes_as_parent(const Debugger *d, const SdTree *t, const SdNode *node);
void dbg_boundary_free(DbgBoundary *b);
bool dbg_between_witnesses(const DbgBoundary *b, const SdTree *t);
char *dbg_fixed_text(SdInt v, int digits);

/* debugger_hunt.c: run inputs outside the diagnosis near failing inputs and
 * under its negation, and inputs inside it near passing inputs. Returns the
 * failures outside plus the passes inside, -1 on a harness error. */
/* targeted_only: the targeted inputs alone, counted with the last hunt's
 * (which found nothing, around a diagnosis that agrees with every input
 * labelled, as this one does: last_hunt_stands in debugger_cause.c). */
int dbg_hunt(Debugger *d, const SdConstraint *diagnosis, bool targeted_only);
/* Whether every nonterminal that c states the texts of under a `not` (the
 * values outside which it fails) has few enough texts for the hunt to try
 * them all; else false with that nonterminal in *symbol. */
bool dbg_outside_complete(const Debugger *d, const SdConstraint *c, SdSymbol *symbol);
/* A nonterminal with at most this many texts has every one tried where a
 * cause names some of them (dbg_complete_members, debugger_members.c); more,
 * and texts listed as failing stay a list (dbg_lists_texts). */
enum { DBG_MEMBERS_MAX = 16 };
/* A cause with every place about one element of a small nonterminal
 * completed by experiment (debugger_members.c): the texts that fail there
 * join it, written as a set; NULL when none did (or none fits), *error on
 * a harness error. */
SdConstraint *dbg_complete_members(Debugger *d, const SdConstraint *cause, bool *error);
/* The table of a candidate's record of two small places, tried before the
 * candidate is accepted (once per record and pair of nonterminals): the
 * candidate with the table in place of that disjunct, NULL when it has
 * none, it was tried, or the table does not fit; *ran says whether it ran
 * inputs, *error on a harness error (debugger_members.c). */
SdConstraint *dbg_complete_table(Debugger *d, const SdConstraint *cause, bool *ran, bool *error);
/* base with the texts of two of its elements (na of symbol sa, nb of sb)
 * replaced by ta and tb; NULL when they do not derive (debugger_members.c). */
SdTree *dbg_with_pair(Debugger *d, const SdTree *base, const SdNode *na, const SdNode *nb, SdSymbol sa, SdSymbol sb,
                      const char *ta, const char *tb);
/* The verdict an input of this text got: 1 failed (of this kind), 0
 * passed, -1 neither or not run (debugger_members.c). */
int dbg_label_of(const Debugger *d, const SdTree *t);
/* A threshold's siblings (debugger_siblings.c): for a cause that joins one
 * text of a small element to a threshold on a number in the same record,
 * the cause with each other text of that element whose input, the number
 * at its extreme on the cause's side, failed outside every cause found
 * (each run first: `siblings` in the run trace); their number, into out
 * (at most max), -1 on a harness error. */
int dbg_sibling_causes(Debugger *d, const SdConstraint *cause, SdConstraint **out, uint32_t max);
/* The numeral of symbol's greatest (or least) value among the lengths up
 * to 18 digits it derives, or NULL (debugger_boundary.c). */
char *dbg_extreme_numeral(Debugger *d, SdSymbol symbol, bool greatest);
/* `var = "t"` for the one text given, `var = t1 or var = t2 ...` for more:
 * a new formula in c's arena (debugger_members.c). */
SdFormula *dbg_text_equality(SdConstraint *c, int32_t var, const char *const *texts, const uint32_t *lengths,
                             uint32_t n);
/* Runs batch (freed) as an attack round's inputs made by `tag`; -1 on a
 * harness error. */
int dbg_run_tagged(Debugger *d, TreeList *batch, const char *tag);
/* Texts of one element listed as failing, more than one, where it has more
 * than DBG_MEMBERS_MAX texts (debugger_hunt.c). */
enum { LISTED_MAX = 64 };
bool dbg_lists_texts(const Debugger *d, const SdConstraint *diagnosis, SdSymbol *symbol, uint32_t *count);
/* For each nonterminal c states the texts of under a `not`: a passing
 * input with one element of it given another text, inside c, into out
 * (the members' neighbours first; every text where it has few), until out
 * holds max. */
void dbg_outside_probes(Debugger *d, const SdConstraint *c, TreeList *out, uint32_t max);
/* After boundaries were pinned since the last hunt around the same
 * diagnosis: its passing inputs with a pinned boundary's failing element
 * copied in, another context first (the part of the hunt that needs the
 * pins). Returns the passes among them, -1 on a harness error. */
int dbg_hunt_transplants(Debugger *d, const SdConstraint *diagnosis);
int dbg_hunt_rivals(Debugger *d, const SdConstraint *diagnosis);
/* The boundaries pinned over all causes. */
uint32_t dbg_pinned_count(const Debugger *d);

/* debugger.c: do a and b have the same truth value on every labelled input? */
bool dbg_same_on_evidence(const Debugger *d, const SdConstraint *a, const SdConstraint *b);

/* debugger_report.c */
/* The disjunct (or conjunct) f of src as a constraint of its own. */
/* Every variable of src added to dst, in order: the map from src's
 * variables to dst's (the caller frees it). */
int32_t *dbg_copy_variables(SdConstraint *dst, const SdConstraint *src);
SdConstraint *dbg_sub_constraint(const SdConstraint *src, const SdFormula *f);
/* Equal, or the same but for the order of operands of and/or (at the top, and
 * of conjuncts under a top-level or) and variable names. */
bool dbg_same_diagnosis(const SdConstraint *a, const SdConstraint *b);
/* The same but for numbers too (thresholds): one shape. */
bool dbg_same_shape(const SdConstraint *a, const SdConstraint *b);
/* The same shape but for the texts of substring atoms (contains, prefixof,
   suffixof), each differing text of one the other's with more written in it;
   a quantified nonterminal may differ where each derives the other. */
bool dbg_same_substring_pattern(const SdConstraint *a, const SdConstraint *b);
void dbg_note_sighting(Debugger *d, const SdConstraint *c);
/* Does every labelled input of the kind explained agree with c (it holds
 * on the failing ones, not on the passing ones)? */
bool dbg_agrees_with_evidence(const Debugger *d, const SdConstraint *c);
uint64_t dbg_first_sighting(const Debugger *d, const SdConstraint *c);
SdConstraint *dbg_diagnosis(const Debugger *d); /* or of the causes; NULL if none */
SdReport *dbg_snapshot(Debugger *d, const char *reason, bool final);
void dbg_write_report_files(Debugger *d, const SdReport *rep);
void dbg_add_reduction(Debugger *d, SdReport *rep);
/* A file of --out could not be written: remember why (errno) and stop. */
void dbg_write_error(Debugger *d, const char *path);

#endif
