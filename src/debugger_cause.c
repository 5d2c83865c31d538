/* debugger_cause.c: learning one cause, Avicenna's loop on a part of the
 * evidence. The failing inputs that no earlier cause explains are learned
 * against every passing input: rank the relevant nonterminals (XGBoost +
 * SHAP), instantiate and score the catalog, then attack the best candidates
 * with inputs that satisfy them and inputs that satisfy their negations, and
 * settle ties by experiment: when candidates agree on every input seen so
 * far, inputs on which they disagree (A and not B, B and not A) decide.
 *
 * Two rankings: "standard" (recall first: one cause explaining every
 * failure) for the first cause, and "precise" (precision 1 first, then
 * recall: sequential covering) when one constraint cannot explain every
 * failure and for every further cause. A cause is found when the best
 * candidate has precision 1 on all evidence after a round of inputs made to
 * refute it. */
#include <stdlib.h>
#include <string.h>

#include "debugger_internal.h"

/* Iterations without the best F1 gaining PLATEAU_GAIN before giving up. */
enum { PLATEAU_ITERATIONS = 3, MAX_TESTED = 64, MAX_EQUIVALENTS_ATTACKED = 4, TIE_INPUTS = 2 };
/* Ties split by experiment: candidates of at most this many atoms, no
 * disjunctions (their inputs cost the solver most, and disjunctions split
 * into causes anyway). */
enum { MAX_TIE_ATOMS = 5 };
/* Learning iterations over all causes: --max-iterations and this many more. */
enum { MAX_EXTRA_ITERATIONS = 5 };
#define PLATEAU_GAIN 0.02

typedef struct CauseSearch {
  Debugger *d;
  SdLearner *learner;
  SdRelevance *relevance;
  bool precise;
  uint32_t fed;               /* evidence entries handed to the learner so far */
  uint64_t tested[MAX_TESTED];/* candidates attacked (hashes) */
  uint32_t tested_count;
} CauseSearch;

static bool in_target(const Debugger *d, uint32_t i) {
  const Evidence *e = &d->evidence.items[i];
  if (e->verdict == SD_VERDICT_PASS) return true;
  return e->verdict == SD_VERDICT_FAIL && !dbg_explained(d, i);
}

static void feed_learner(CauseSearch *s) {
  Debugger *d = s->d;
  for (; s->fed < d->evidence.size; s->fed++) {
    if (!in_target(d, s->fed)) continue;
    Evidence *e = &d->evidence.items[s->fed];
    bool fail = e->verdict == SD_VERDICT_FAIL;
    sd_learner_add(s->learner, &e->tree, &fail, 1);
  }
}

static void rank(CauseSearch *s, SdSymbol *relevant, uint32_t *relevant_count) {
  Debugger *d = s->d;
  uint32_t n = 0;
  SdTree **trees = sd_xmalloc((d->evidence.size + 1) * sizeof(SdTree *));
  bool *labels = sd_xmalloc((d->evidence.size + 1) * sizeof(bool));
  for (uint32_t i = 0; i < d->evidence.size; i++) {
    if (!in_target(d, i)) continue;
    trees[n] = d->evidence.items[i].tree;
    labels[n++] = d->evidence.items[i].verdict == SD_VERDICT_FAIL;
  }
  SdRelevanceOptions ro;
  sd_relevance_options_init(&ro);
  ro.seed = d->opts->seed;
  ro.max_k = d->opts->max_relevant;
  char *error = NULL;
  sd_relevance_free(s->relevance);
  SdRelevance *rel = s->relevance = sd_relevance_compute(d->grammar, trees, labels, n, &ro, &error);
  free(trees);
  free(labels);
  *relevant_count = 0;
  if (rel && rel->status == SD_RELEVANCE_MODEL)
    for (uint32_t i = 0; i < rel->count; i++)
      if (rel->ranked[i].kept) relevant[(*relevant_count)++] = rel->ranked[i].symbol;
  if (!*relevant_count) {
    /* no model (one class) or nothing kept: fall back to the best-scored symbols */
    if (error) dbg_progress(d, "relevance: %s", error);
    for (uint32_t i = 0; rel && i < rel->count && *relevant_count < d->opts->max_relevant; i++)
      relevant[(*relevant_count)++] = rel->ranked[i].symbol;
  }
  if (!*relevant_count) {
    /* nothing ranked at all (e.g. the start symbol is the only nonterminal):
       let the catalog try the grammar's own nonterminals, the start included */
    for (uint32_t sym = 0; sym < d->grammar->symbol_count && *relevant_count < d->opts->max_relevant; sym++) {
      const SdSymbolInfo *si = &d->grammar->symbols[sym];
      if (si->kind == SD_SYM_NONTERMINAL && !si->generated && si->reachable)
        relevant[(*relevant_count)++] = (SdSymbol)sym;
    }
  }
  free(error);
}

/* ---------- experiments ---------- */

static uint32_t generate(Debugger *d, const SdConstraint *c, const IndexList *seeds_from, uint32_t n,
                         SdTree **out) {
  SdTree *seeds[16];
  uint32_t ns = 0;
  for (uint32_t i = 0; i < seeds_from->size && ns < 16; i++)
    seeds[ns++] = d->evidence.items[seeds_from->items[seeds_from->size - 1 - i]].tree;
  return sd_solver_generate(d->solver, c, seeds, ns, n, out, NULL);
}

static void push_generated(Debugger *d, const SdConstraint *c, const IndexList *seeds, uint32_t n,
                           TreeList *batch) {
  if (!c || !n) return;
  SdTree **out = sd_xmalloc(n * sizeof(SdTree *));
  uint32_t got = generate(d, c, seeds, n, out);
  for (uint32_t i = 0; i < got; i++) array_push(batch, out[i]);
  free(out);
}

/* Inputs that could refute c: inputs that satisfy c made from passing
 * inputs (if they still pass, c is not a cause) and inputs that satisfy its
 * negation made from failing inputs (if they still fail, c misses a
 * failure); with variety, a few of each from the other kind too. */
static void attack(Debugger *d, const SdConstraint *c, uint32_t n, bool variety, TreeList *batch) {
  uint32_t few = variety ? (n + 2) / 3 : 0;
  push_generated(d, c, &d->passing, n, batch);
  push_generated(d, c, &d->failing, few, batch);
  SdConstraint *neg = sd_constraint_negate(c);
  push_generated(d, neg, &d->failing, n, batch);
  push_generated(d, neg, &d->passing, few, batch);
  sd_constraint_free(neg);
}

/* Inputs on which a and b disagree: a and not b, b and not a. */
static void split_tie(Debugger *d, const SdConstraint *a, const SdConstraint *b, TreeList *batch) {
  for (int side = 0; side < 2; side++) {
    const SdConstraint *yes = side ? b : a, *no = side ? a : b;
    SdConstraint *not_no = sd_constraint_negate(no);
    if (!not_no) continue;
    const SdConstraint *parts[2] = {yes, not_no};
    SdConstraint *both = sd_constraint_and(parts, 2);
    push_generated(d, both, &d->failing, TIE_INPUTS, batch);
    sd_constraint_free(both);
    sd_constraint_free(not_no);
  }
}

/* A hash of the candidate's shape: its ISLa with every number outside string
 * literals blanked, so that candidates differing only in a threshold count
 * as attacked together (the threshold itself is settled by experiment, see
 * debugger_boundary.c). */
static uint64_t shape_hash(const SdConstraint *c) {
  char *isla = sd_constraint_to_isla(c);
  size_t n = 0;
  bool quoted = false;
  for (size_t i = 0; isla[i]; i++) {
    if (isla[i] == '"') quoted = !quoted;
    else if (quoted && isla[i] == '\\' && isla[i + 1]) { /* an escape: keep both bytes */
      isla[n++] = isla[i++];
      isla[n++] = isla[i];
      continue;
    }
    bool digit = !quoted && isla[i] >= '0' && isla[i] <= '9';
    if (digit && n && isla[n - 1] == '#') continue;
    isla[n++] = digit ? '#' : isla[i];
  }
  uint64_t h = sd_hash_bytes(isla, n, 0x5ca1e);
  free(isla);
  return h;
}

static bool same_scores(const SdCandidate *a, const SdCandidate *b) {
  return a->tp == b->tp && a->fp == b->fp;
}

/* Attack the top candidates: one member of each of the best groups, and
 * every member of the best group, and split the best candidate's ties
 * (members of its group, and other groups with the same scores) by inputs on
 * which they disagree. Returns the inputs added, -1 on a harness error. */
static int refute(CauseSearch *s) {
  Debugger *d = s->d;
  uint32_t per = d->opts->per_candidate;
  TreeList batch = {0};
  uint32_t groups_done = 0, last_group = UINT32_MAX, best_members = 0, ties = 0;
  const SdCandidate *best = sd_learner_candidate(s->learner, 0);
  uint64_t best_shape = shape_hash(best->constraint);
  for (uint32_t r = 0; r < sd_learner_candidate_count(s->learner) && s->tested_count < MAX_TESTED; r++) {
    const SdCandidate *c = sd_learner_candidate(s->learner, r);
    bool best_group = c->equivalent_group == best->equivalent_group;
    /* a tie that differs only in a threshold is settled by pinning it */
    if (r > 0 && (best_group || same_scores(c, best)) && ties < 3 && !dbg_out_of_time(d) &&
        !c->disjunction && c->size <= MAX_TIE_ATOMS && shape_hash(c->constraint) != best_shape) {
      split_tie(d, best->constraint, c->constraint, &batch);
      ties++;
    }
    if (best_group) {
      if (best_members++ >= MAX_EQUIVALENTS_ATTACKED) continue;
    } else if (c->equivalent_group == last_group || groups_done >= d->opts->refine_top) {
      continue; /* one member per other group */
    }
    if (c->equivalent_group != last_group) groups_done++;
    last_group = c->equivalent_group;
    if (dbg_out_of_time(d)) break; /* what was made so far still runs */
    s->tested[s->tested_count++] = shape_hash(c->constraint);
    attack(d, c->constraint, best_group && r > 0 ? (per + 1) / 2 : per, r == 0, &batch);
  }
  /* a few mutations of failing inputs keep the search honest when the
   * generator cannot reach a region */
  for (uint32_t i = 0; i < per / 2 && d->failing.size; i++)
    array_push(&batch, dbg_mutate(d, dbg_random_evidence(d, &d->failing)->tree));
  d->origin = ORIGIN_ATTACK;
  SdSolverStats ss;
  sd_solver_stats(d->solver, &ss);
  dbg_progress(d, "attacks: %u inputs, %u ties split, %llu Z3 queries so far", batch.size, ties,
               (unsigned long long)ss.z3_queries);
  int added = dbg_run_trees(d, batch.items, batch.size);
  array_free(&batch);
  return added;
}

/* A cause explains at least two failing inputs and a quarter of those it
 * is learned from: fewer is a memorised input, not a cause. */
uint32_t dbg_min_cause_failures(uint32_t target) {
  uint32_t quarter = (target + 3) / 4;
  return quarter > 2 ? quarter : 2;
}

static bool was_tested(const CauseSearch *s, const SdCandidate *c) {
  uint64_t h = shape_hash(c->constraint);
  for (uint32_t i = 0; i < s->tested_count; i++)
    if (s->tested[i] == h) return true;
  return false;
}

static void learn(CauseSearch *s) {
  SdSymbol relevant[64];
  uint32_t relevant_count;
  rank(s, relevant, &relevant_count);
  feed_learner(s);
  sd_learner_learn(s->learner, relevant, relevant_count);
}

static void report_progress(CauseSearch *s, const SdCandidate *best) {
  Debugger *d = s->d;
  if (!best) {
    dbg_progress(d, "iteration %u: no candidate yet", d->iteration);
    return;
  }
  char *text = sd_constraint_to_short(best->constraint);
  dbg_progress(d, "iteration %u%s: best: %s (precision %.3f, recall %.3f)", d->iteration,
               s->precise ? " (precise)" : "", text, best->precision, best->recall);
  free(text);
}

/* The loop; returns how it ended and leaves the best candidate ranked first. */
static DbgCauseResult search(CauseSearch *s) {
  Debugger *d = s->d;
  uint32_t flat = 0, stale = 0;
  double best_f1 = -1;
  for (uint32_t round = 1;; round++) {
    if (d->iteration >= (uint64_t)d->opts->max_iterations + MAX_EXTRA_ITERATIONS) break;
    d->iteration++;
    learn(s);
    const SdCandidate *best = sd_learner_candidate_count(s->learner) ? sd_learner_candidate(s->learner, 0) : NULL;
    report_progress(s, best);
    if (!best) return CAUSE_NONE;
    if (best->precision == 1.0 && best->tp >= dbg_min_cause_failures(sd_learner_failing_count(s->learner)) &&
        was_tested(s, best) &&
        (!s->precise || best->recall == 1.0 || round > 2))
      return CAUSE_FOUND;
    if (best->f1 >= best_f1 + PLATEAU_GAIN) best_f1 = best->f1, flat = 0;
    else if (++flat >= PLATEAU_ITERATIONS) break;
    if (round > d->opts->max_iterations || dbg_runs_left(d) == 0 || dbg_out_of_time(d)) break;
    SdReport *snap = dbg_snapshot(d, "running", false);
    dbg_write_report_files(d, snap);
    sd_report_free(snap);
    int added = refute(s);
    if (added < 0) return CAUSE_ERROR;
    stale = added ? 0 : stale + 1;
    if (stale >= 2) {
      d->iteration++;
      learn(s);
      break;
    }
  }
  const SdCandidate *best = sd_learner_candidate_count(s->learner) ? sd_learner_candidate(s->learner, 0) : NULL;
  if (!best) return CAUSE_NONE;
  if (best->precision == 1.0 && best->tp >= dbg_min_cause_failures(sd_learner_failing_count(s->learner)))
    return CAUSE_FOUND;
  return CAUSE_APPROXIMATE;
}

static SdLearner *new_learner(Debugger *d, bool precise) {
  SdLearnerOptions lo;
  sd_learner_options_init(&lo);
  if (precise) {
    lo.cause_mode = true;
    lo.min_precision = 1.0;
    lo.min_recall = 0.05;
    /* later causes are learned from few failing inputs against many
       passing ones: a smaller search keeps each learn cheap */
    lo.max_values = 6;
    lo.combination_pool = 24;
    lo.max_conjunction = 5;
  }
  return sd_learner_new(d->grammar, d->catalog, &lo);
}

static void keep_first(Debugger *d, CauseSearch *s) {
  if (d->first_learner) {
    sd_learner_free(s->learner);
    sd_relevance_free(s->relevance);
  } else {
    d->first_learner = s->learner;
    d->first_relevance = s->relevance;
  }
  s->learner = NULL;
  s->relevance = NULL;
}

DbgCauseResult dbg_find_cause(Debugger *d, SdConstraint **out) {
  *out = NULL;
  SdConstraint *approximate = NULL;
  DbgCauseResult result = CAUSE_NONE;
  /* the first cause: one constraint for every failure, if there is one;
     then (and for later causes) a precise part of the failures */
  for (int precise = d->causes.size > 0; precise <= 1; precise++) {
    CauseSearch s = {.d = d, .precise = precise};
    s.learner = new_learner(d, precise);
    result = search(&s);
    const SdCandidate *best = sd_learner_candidate_count(s.learner) ? sd_learner_candidate(s.learner, 0) : NULL;
    if (result == CAUSE_FOUND) {
      *out = sd_constraint_clone(best->constraint);
      sd_constraint_free(approximate);
      keep_first(d, &s);
      return CAUSE_FOUND;
    }
    if (best && !approximate) approximate = sd_constraint_clone(best->constraint);
    keep_first(d, &s);
    if (result == CAUSE_ERROR) break;
    if (dbg_runs_left(d) == 0 || dbg_out_of_time(d)) break;
  }
  *out = approximate;
  return result == CAUSE_ERROR ? CAUSE_ERROR : approximate ? CAUSE_APPROXIMATE : CAUSE_NONE;
}
