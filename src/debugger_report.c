/* debugger_report.c: the debugger's findings as an SdReport. The diagnosis
 * is the disjunction of the causes found, scored on all evidence; the next
 * best candidates come from the first cause's learner (rescored on all
 * evidence too). The status is earned: "confirmed" needs precision and
 * recall 1 on all evidence, every boundary pinned by adjacent witnesses, and
 * a last hunt outside the diagnosis that found no failure; otherwise the
 * caveats say in plain words what is missing. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "debugger_internal.h"
#include "semdbg/reduce.h"
#include "semdbg/stop.h"

SdConstraint *dbg_diagnosis(const Debugger *d) {
  if (!d->causes.size) return NULL;
  if (d->causes.size == 1) return sd_constraint_clone(d->causes.items[0].constraint);
  const SdConstraint **parts = sd_xmalloc(d->causes.size * sizeof *parts);
  for (uint32_t i = 0; i < d->causes.size; i++) parts[i] = d->causes.items[i].constraint;
  SdConstraint *c = sd_constraint_or(parts, d->causes.size);
  free(parts);
  return c;
}

typedef struct Scores { uint32_t tp, fp, tn, fn; } Scores;

static Scores score(const Debugger *d, const SdConstraint *c, uint64_t *truth) {
  Scores s = {0};
  for (uint32_t i = 0; i < d->evidence.size; i++) {
    const Evidence *e = &d->evidence.items[i];
    if (e->verdict == SD_VERDICT_UNDEFINED) continue;
    bool t = sd_constraint_eval(c, e->tree, NULL);
    if (truth && t) truth[i / 64] |= (uint64_t)1 << (i % 64);
    bool f = e->verdict == SD_VERDICT_FAIL;
    if (t && f) s.tp++;
    else if (t) s.fp++;
    else if (f) s.fn++;
    else s.tn++;
  }
  return s;
}

static void fill_candidate(SdReportCandidate *rc, const SdConstraint *c, Scores s, const char *pattern,
                           uint32_t group) {
  rc->short_form = sd_constraint_to_short(c);
  rc->isla = sd_constraint_to_isla(c);
  rc->pattern = pattern ? sd_xstrdup(pattern) : NULL;
  rc->tp = s.tp, rc->fp = s.fp, rc->tn = s.tn, rc->fn = s.fn;
  rc->precision = s.tp + s.fp ? (double)s.tp / (s.tp + s.fp) : 0;
  rc->recall = s.tp + s.fn ? (double)s.tp / (s.tp + s.fn) : 0;
  rc->specificity = s.tn + s.fp ? (double)s.tn / (s.tn + s.fp) : 0;
  rc->f1 = rc->precision + rc->recall > 0 ? 2 * rc->precision * rc->recall / (rc->precision + rc->recall) : 0;
  rc->group = group;
}

static void fill_candidates(Debugger *d, SdReport *rep, const SdConstraint *diagnosis) {
  uint32_t words = d->evidence.size / 64 + 1;
  const SdLearner *learner = d->first_learner ? d->first_learner : d->active_learner;
  uint32_t learned = learner ? sd_learner_candidate_count(learner) : 0;
  if (learned > 20) learned = 20;
  rep->candidates = sd_xcalloc(learned + 1, sizeof(SdReportCandidate));
  uint64_t *dtruth = sd_xcalloc(words, sizeof(uint64_t)), *truth = sd_xcalloc(words, sizeof(uint64_t));
  uint32_t n = 0;
  if (diagnosis) fill_candidate(&rep->candidates[n++], diagnosis, score(d, diagnosis, dtruth), NULL, 0);
  for (uint32_t r = 0; r < learned; r++) {
    const SdCandidate *c = sd_learner_candidate(learner, r);
    if (diagnosis && sd_constraint_equal(c->constraint, diagnosis)) {
      if (n && !rep->candidates[0].pattern && c->pattern) rep->candidates[0].pattern = sd_xstrdup(c->pattern);
      continue;
    }
    memset(truth, 0, words * sizeof(uint64_t));
    Scores s = score(d, c->constraint, truth);
    bool same = diagnosis && !memcmp(truth, dtruth, words * sizeof(uint64_t));
    fill_candidate(&rep->candidates[n++], c->constraint, s, c->pattern, same ? 0 : c->equivalent_group + 1);
  }
  free(dtruth);
  free(truth);
  rep->candidate_count = n;
  /* the diagnosis first, then its equivalents, then the others by group */
  for (uint32_t i = 1; i < n; i++)
    for (uint32_t k = i; k > 1 && rep->candidates[k].group < rep->candidates[k - 1].group; k--) {
      SdReportCandidate t = rep->candidates[k];
      rep->candidates[k] = rep->candidates[k - 1];
      rep->candidates[k - 1] = t;
    }
}

/* The generated nonterminals (`<block-1>` for `<setting>*`) that a
 * candidate's text names, so that the report can say what they stand for. */
static void note_names(SdReport *rep, const SdGrammar *g, const char *text) {
  for (const char *p = strchr(text, '<'); p; p = strchr(p + 1, '<')) {
    const char *e = strchr(p, '>');
    if (!e) return;
    char *name = sd_xstrndup(p, (size_t)(e - p + 1));
    SdSymbol s = sd_grammar_find(g, name);
    bool known = s < 0 || !sd_grammar_symbol(g, s)->generated;
    for (uint32_t i = 0; !known && i < rep->name_count; i++) known = !strcmp(rep->names[i].name, name);
    if (known) {
      free(name);
      continue;
    }
    rep->names = sd_xrealloc(rep->names, (rep->name_count + 1) * sizeof *rep->names);
    rep->names[rep->name_count++] = (SdReportName){name, sd_grammar_display_name(g, s)};
  }
}

static void fill_names(SdReport *rep, const Debugger *d) {
  for (uint32_t i = 0; i < rep->candidate_count; i++) note_names(rep, d->grammar, rep->candidates[i].isla);
}

static void fill_relevant(SdReport *rep, const Debugger *d) {
  const SdRelevance *rel = d->first_relevance;
  if (!rel) return;
  uint32_t kept = 0;
  for (uint32_t i = 0; i < rel->count; i++) kept += rel->ranked[i].kept;
  rep->relevant = sd_xcalloc(kept ? kept : 1, sizeof(SdReportSymbol));
  for (uint32_t i = 0; i < rel->count; i++) {
    if (!rel->ranked[i].kept) continue;
    SdReportSymbol *s = &rep->relevant[rep->relevant_count++];
    s->name = sd_xstrdup(d->grammar->symbols[rel->ranked[i].symbol].name);
    s->top_feature = rel->ranked[i].top_feature ? sd_xstrdup(rel->ranked[i].top_feature) : NULL;
    s->score = rel->ranked[i].score;
    s->correlated_ancestor = rel->ranked[i].correlated_ancestor;
    s->correlated_descendant = rel->ranked[i].correlated_descendant;
  }
}

/* The shortest few of each kind. */
static void fill_examples(SdReport *rep, const Debugger *d) {
  for (int kind = 0; kind < 2; kind++) {
    const IndexList *pool = kind == 0 ? &d->failing : &d->passing;
    uint32_t want = pool->size < 3 ? pool->size : 3;
    SdReportInput *ex = sd_xcalloc(want ? want : 1, sizeof(SdReportInput));
    bool *used = sd_xcalloc(pool->size ? pool->size : 1, sizeof(bool));
    for (uint32_t k = 0; k < want; k++) {
      uint32_t best = UINT32_MAX;
      for (uint32_t i = 0; i < pool->size; i++) {
        if (used[i]) continue;
        if (best == UINT32_MAX ||
            d->evidence.items[pool->items[i]].tree->length < d->evidence.items[pool->items[best]].tree->length)
          best = i;
      }
      used[best] = true;
      const SdTree *t = d->evidence.items[pool->items[best]].tree;
      ex[k].text = sd_xstrndup(t->text, t->length);
      ex[k].length = t->length;
    }
    free(used);
    if (kind == 0) rep->failing_examples = ex, rep->failing_example_count = want;
    else rep->passing_examples = ex, rep->passing_example_count = want;
  }
}

static void set_input(char **text, size_t *len, const Debugger *d, uint32_t index) {
  if (index == UINT32_MAX || index >= d->evidence.size) return;
  const SdTree *t = d->evidence.items[index].tree;
  *text = sd_xstrndup(t->text, t->length);
  *len = t->length;
}

static void fill_boundary(SdReportBoundary *rb, const DbgBoundary *b, const Debugger *d) {
  rb->element = sd_grammar_display_name(d->grammar, b->symbol);
  if (b->product) {
    char *with = sd_grammar_display_name(d->grammar, b->partner);
    rb->measure = sd_format("product with %s", with); /* the values are the product's */
    free(with);
  } else {
    rb->measure = sd_xstrdup(b->length ? "length" : b->computed ? "computed value" : "value");
  }
  rb->passing_value = b->pass_value ? sd_xstrdup(b->pass_value) : NULL;
  rb->failing_value = b->fail_value ? sd_xstrdup(b->fail_value) : NULL;
  set_input(&rb->passing_input, &rb->passing_length, d, b->pass_input);
  set_input(&rb->failing_input, &rb->failing_length, d, b->fail_input);
  rb->pinned = b->pinned;
  rb->note = b->note ? sd_xstrdup(b->note) : NULL;
}

static void fill_causes(SdReport *rep, const Debugger *d) {
  rep->cause_count = d->causes.size;
  rep->causes = sd_xcalloc(d->causes.size ? d->causes.size : 1, sizeof(SdReportCause));
  for (uint32_t i = 0; i < d->causes.size; i++) {
    const DbgCause *c = &d->causes.items[i];
    SdReportCause *rc = &rep->causes[i];
    rc->short_form = sd_constraint_to_short(c->constraint);
    rc->isla = sd_constraint_to_isla(c->constraint);
    uint32_t shortest = UINT32_MAX;
    for (uint32_t k = 0; k < d->evidence.size; k++) {
      const Evidence *e = &d->evidence.items[k];
      if (e->verdict == SD_VERDICT_UNDEFINED || !sd_constraint_eval(c->constraint, e->tree, NULL)) continue;
      if (e->verdict == SD_VERDICT_PASS) {
        rc->fp++;
        continue;
      }
      rc->tp++;
      bool other = false;
      for (uint32_t j = 0; j < d->causes.size && !other; j++)
        other = j != i && sd_constraint_eval(d->causes.items[j].constraint, e->tree, NULL);
      if (!other) rc->only++;
      if (shortest == UINT32_MAX || e->tree->length < d->evidence.items[shortest].tree->length) shortest = k;
    }
    set_input(&rc->example.text, &rc->example.length, d, shortest);
    rc->boundary_count = c->boundaries.size;
    rc->boundaries = sd_xcalloc(c->boundaries.size ? c->boundaries.size : 1, sizeof(SdReportBoundary));
    for (uint32_t k = 0; k < c->boundaries.size; k++) fill_boundary(&rc->boundaries[k], &c->boundaries.items[k], d);
  }
}

static void caveat(SdReport *rep, char *text) {
  rep->caveats = sd_xrealloc(rep->caveats, (rep->caveat_count + 1) * sizeof(char *));
  rep->caveats[rep->caveat_count++] = text;
}

/* Failing texts of one element listed, not stated (dbg_lists_texts): the
 * texts not tried may fail too. */
static void listed_caveat(SdReport *rep, const Debugger *d) {
  SdConstraint *diagnosis = dbg_diagnosis(d);
  SdSymbol symbol;
  uint32_t count;
  uint64_t texts;
  if (diagnosis && dbg_lists_texts(d, diagnosis, &symbol, &count)) {
    const char *name = d->grammar->symbols[symbol].name;
    if (sd_grammar_count_derivations(d->grammar, symbol, UINT32_MAX, &texts))
      caveat(rep, sd_format("%u texts of %s are listed as failing, not stated as a property: of the %llu the "
                            "grammar gives it, those not tried may fail too",
                            count, name, (unsigned long long)texts));
    else
      caveat(rep, sd_format("%u texts of %s are listed as failing, not stated as a property: of the "
                            "(unboundedly many) the grammar gives it, those not tried may fail too",
                            count, name));
  }
  sd_constraint_free(diagnosis);
}

/* The status, earned; the caveats say what is missing. */
static void judge(SdReport *rep, const Debugger *d, bool final) {
  if (!rep->candidate_count || !d->causes.size) {
    rep->status = rep->candidate_count ? SD_REPORT_SHORT : SD_REPORT_NONE;
    if (rep->candidate_count) caveat(rep, sd_xstrdup("no cause reached precision 1"));
    return;
  }
  const SdReportCandidate *best = &rep->candidates[0];
  /* every input the grammar derives was run, and the diagnosis agrees with
     each: no hunt or boundary can add to that (distinct texts never
     outnumber derivations; inputs with undefined verdicts or other kinds of
     failure would be left unjudged, so none may be among them) */
  if (d->language_size && d->evidence.size >= d->language_size && !best->fn && !best->fp && !d->undefined &&
      !d->other_failures) {
    rep->exhaustive = d->language_size;
    rep->status = SD_REPORT_CONFIRMED;
    return;
  }
  if (d->best_shown) caveat(rep, sd_xstrdup("no cause reached precision 1: the best candidate is shown"));
  if (d->contradicted)
    caveat(rep, sd_format("%u cause%s accepted earlier %s dropped: %s on passing inputs labelled later",
                          d->contradicted, d->contradicted == 1 ? "" : "s", d->contradicted == 1 ? "was" : "were",
                          d->contradicted == 1 ? "it holds" : "they hold"));
  if (d->repeated_pattern && final)
    caveat(rep, sd_format("two causes look for one text written two ways (%s) and failures outside them "
                          "remain: they look like instances of a property the pattern catalog cannot state, "
                          "so no further instance was sought",
                          d->repeated_pattern));
  if (best->fn)
    caveat(rep, sd_format("%u failing inputs unexplained: the diagnosis explains %.0f%% of the failures seen",
                          best->fn, 100 * best->recall));
  if (best->fp)
    caveat(rep, sd_format("it holds on %u passing inputs (precision %.3f)", best->fp, best->precision));
  for (uint32_t i = 0; i < rep->cause_count; i++)
    for (uint32_t k = 0; k < rep->causes[i].boundary_count; k++) {
      const SdReportBoundary *b = &rep->causes[i].boundaries[k];
      if (!b->pinned)
        caveat(rep, sd_format("boundary not pinned: %s%s%s%s",
                              !strcmp(b->measure, "length")           ? "length of "
                              : !strcmp(b->measure, "computed value") ? "computed value of "
                                                                      : "",
                              b->element, b->note ? ": " : "", b->note ? b->note : ""));
    }
  for (uint32_t i = 0; i < d->causes.size; i++) {
    SdSymbol open;
    uint64_t texts;
    if (dbg_outside_complete(d, d->causes.items[i].constraint, &open)) continue;
    if (sd_grammar_count_derivations(d->grammar, open, UINT32_MAX, &texts))
      caveat(rep, sd_format("the texts of %s that do not fail are known as far as they were tried, not all "
                            "%llu the grammar gives it: others may pass too",
                            d->grammar->symbols[open].name, (unsigned long long)texts));
    else
      caveat(rep, sd_format("the texts of %s that do not fail are known as far as they were tried, not all "
                            "the (unboundedly many) the grammar gives it: others may pass too",
                            d->grammar->symbols[open].name));
  }
  listed_caveat(rep, d);
  if (!rep->hunted && d->hunted)
    caveat(rep, sd_xstrdup("no hunt for failures outside this diagnosis was made (the last hunt was around an "
                           "earlier one)"));
  else if (!rep->hunted)
    caveat(rep, sd_xstrdup(final ? "no hunt for failures outside the diagnosis was made (budget)"
                                 : "the hunt for failures outside the diagnosis has not run yet"));
  else if (rep->hunt_failures)
    caveat(rep, sd_format("the last hunt found %u failures outside the diagnosis", rep->hunt_failures));
  else if (rep->hunt_passes)
    caveat(rep, sd_format("the last hunt found %u passing inputs inside the diagnosis", rep->hunt_passes));
  else if (!rep->hunt_inputs)
    caveat(rep, sd_xstrdup("no input outside the diagnosis could be made to hunt for other failures"));
  if (!rep->caveat_count) rep->status = SD_REPORT_CONFIRMED;
  else if (best->precision >= d->opts->min_precision && best->recall >= d->opts->min_recall)
    rep->status = SD_REPORT_APPROXIMATE;
  else rep->status = SD_REPORT_SHORT;
}

static void fill_counts(Debugger *d, SdReport *rep) {
  SdOracleStats st;
  sd_oracle_stats(d->oracle, &st);
  rep->runs = st.runs;
  rep->cache_hits = st.cache_hits;
  rep->harness_seconds = st.harness_seconds;
  SdSolverStats ss;
  sd_solver_stats(d->solver, &ss);
  rep->z3_queries = ss.z3_queries;
  if (d->first_learner) {
    SdLearnerStats ls;
    sd_learner_stats(d->first_learner, &ls);
    rep->evaluations = ls.evaluations;
  }
  rep->boundary_runs = d->boundary_runs;
  rep->hunt_runs = d->hunt_runs;
  SdConstraint *diagnosis = dbg_diagnosis(d);
  rep->found_runs = d->best_shown ? 0 : dbg_first_sighting(d, diagnosis);
  sd_constraint_free(diagnosis);
  rep->total_seconds = dbg_now() - d->started;
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) == 0)
    rep->self_seconds = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 +
                        (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

/* The kind explained and the other failures, most frequent first (ties in
 * order of appearance). */
static void fill_kinds(SdReport *rep, const Debugger *d) {
  rep->kind = d->kind ? sd_xstrdup(d->kind) : NULL;
  rep->other_failures = d->other_failures;
  rep->other_kind_count = d->others.size;
  rep->other_kinds = sd_xcalloc(d->others.size ? d->others.size : 1, sizeof *rep->other_kinds);
  for (uint32_t i = 0; i < d->others.size; i++) {
    SdReportKindCount k = {sd_xstrdup(d->others.items[i].kind), d->others.items[i].count};
    uint32_t j = i;
    for (; j > 0 && rep->other_kinds[j - 1].count < k.count; j--) rep->other_kinds[j] = rep->other_kinds[j - 1];
    rep->other_kinds[j] = k;
  }
}

/* What the report states: the causes' disjunction, else the best
 * candidate of the first learner (of the one at work before it exists);
 * NULL when there is none. The caller frees it. */
static SdConstraint *reported_diagnosis(const Debugger *d) {
  SdConstraint *diagnosis = dbg_diagnosis(d);
  const SdLearner *learner = d->first_learner ? d->first_learner : d->active_learner;
  if (!diagnosis && learner && sd_learner_candidate_count(learner))
    diagnosis = sd_constraint_clone(sd_learner_candidate(learner, 0)->constraint);
  return diagnosis;
}

SdReport *dbg_snapshot(Debugger *d, const char *reason, bool final) {
  SdReport *rep = sd_xcalloc(1, sizeof *rep);
  SdConstraint *diagnosis = reported_diagnosis(d);
  fill_candidates(d, rep, diagnosis);
  fill_names(rep, d);
  /* the hunt's figures describe this diagnosis only if it hunted around it */
  rep->hunted = d->hunted && d->causes.size && d->hunted_diagnosis && diagnosis &&
                dbg_same_diagnosis(d->hunted_diagnosis, diagnosis);
  sd_constraint_free(diagnosis);
  fill_relevant(rep, d);
  fill_examples(rep, d);
  fill_causes(rep, d);
  rep->hunt_inputs = d->hunt_inputs;
  rep->hunt_failures = d->hunt_failures;
  rep->hunt_inside = d->hunt_inside;
  rep->hunt_passes = d->hunt_passes;
  rep->failing = d->failing.size;
  rep->passing = d->passing.size;
  rep->undefined = d->undefined;
  fill_kinds(rep, d);
  rep->iterations = d->iteration;
  rep->seed = d->opts->seed;
  rep->min_precision = d->opts->min_precision;
  rep->min_recall = d->opts->min_recall;
  rep->abstract_fail_share = -1;
  judge(rep, d, final);
  fill_counts(d, rep);
  rep->stop_reason = sd_xstrdup(reason);
  rep->rechecked = d->rechecked;
  rep->flaky_count = d->flaky.size;
  rep->flaky = sd_xcalloc(d->flaky.size ? d->flaky.size : 1, sizeof *rep->flaky);
  for (uint32_t i = 0; i < d->flaky.size; i++) {
    const SdReportFlaky *f = &d->flaky.items[i];
    rep->flaky[i] = (SdReportFlaky){sd_xstrndup(f->input, f->length), f->length, sd_xstrdup(f->first),
                                    sd_xstrdup(f->again)};
  }
  return rep;
}

void dbg_write_report_files(Debugger *d, const SdReport *rep) {
  if (!d->opts->out_dir) return;
  char *json = sd_report_to_json(rep), *text = sd_report_to_text(rep);
  char *pj = sd_format("%s/report.json", d->opts->out_dir);
  char *pt = sd_format("%s/report.txt", d->opts->out_dir);
  if (!sd_write_file_atomic(pj, json, strlen(json))) dbg_write_error(d, pj);
  else if (!sd_write_file_atomic(pt, text, strlen(text))) dbg_write_error(d, pt);
  free(pj), free(pt), free(json), free(text);
}

void dbg_write_error(Debugger *d, const char *path) {
  if (!d->write_error) d->write_error = sd_format("cannot write %s: %s", path, strerror(errno));
  sd_stop_request();
}

/* ---------- a failure outside the diagnosis ---------- */

/* Runs at most for the reduction of a failure outside the diagnosis. */
enum { OUTSIDE_REDUCTION_RUNS = 150 };

typedef struct OutsideKeep {
  const Debugger *d;
  const SdConstraint *diagnosis;
} OutsideKeep;

/* reduce.c's keep: the candidate parses and the diagnosis does not hold. */
static bool stays_outside(void *data, const char *text, size_t length) {
  const OutsideKeep *k = data;
  SdTree *t = sd_parse(k->d->parser, k->d->grammar->start, text, (uint32_t)length, NULL);
  bool outside = t && !sd_constraint_eval(k->diagnosis, t, NULL);
  sd_tree_free(t);
  return outside;
}

/* The shortest failing input that `diagnosis` does not explain, or NULL. */
static const SdTree *shortest_outside(const Debugger *d, const SdConstraint *diagnosis) {
  const SdTree *best = NULL;
  for (uint32_t k = 0; k < d->failing.size; k++) {
    const SdTree *t = d->evidence.items[d->failing.items[k]].tree;
    if ((!best || t->length < best->length) && !sd_constraint_eval(diagnosis, t, NULL)) best = t;
  }
  return best;
}

/* A diagnosis that leaves failures out (not confirmed): one of them,
 * reduced while it fails the same way and stays outside, so that the
 * report shows what the diagnosis misses at its smallest (the expression
 * example at seed 3: "8 / (3 - 5) / ---(15 / 8 / 2)", zero by integer
 * division, which no constraint of the catalog states). */
static void add_outside(Debugger *d, SdReport *rep) {
  if (rep->status == SD_REPORT_CONFIRMED || !dbg_runs_left(d)) return;
  SdConstraint *diagnosis = reported_diagnosis(d);
  const SdTree *original = diagnosis ? shortest_outside(d, diagnosis) : NULL;
  if (!original) {
    sd_constraint_free(diagnosis);
    return;
  }
  SdReduceOptions ro;
  sd_reduce_options_init(&ro);
  ro.seed = d->opts->seed;
  ro.max_runs = (uint32_t)(dbg_runs_left(d) < OUTSIDE_REDUCTION_RUNS ? dbg_runs_left(d) : OUTSIDE_REDUCTION_RUNS);
  ro.kind = d->kind;
  OutsideKeep keep = {d, diagnosis};
  ro.keep = stays_outside, ro.keep_data = &keep;
  SdReduceResult rr;
  char *error = NULL;
  if (sd_reduce_with(original, d->oracle, &ro, &rr, &error)) {
    rep->outside = sd_xstrndup(rr.tree->text, rr.tree->length);
    rep->outside_length = rr.tree->length;
    sd_tree_free(rr.tree);
  } else { /* the budget, or a stop: the input as it is */
    rep->outside = sd_xstrndup(original->text, original->length);
    rep->outside_length = original->length;
  }
  rep->outside_original = sd_xstrndup(original->text, original->length);
  rep->outside_original_length = original->length;
  free(error);
  sd_constraint_free(diagnosis);
}

void dbg_add_reduction(Debugger *d, SdReport *rep) {
  if (!d->failing.size) return;
  uint64_t start = dbg_runs_so_far(d);
  const SdTree *original = d->evidence.items[d->failing.items[0]].tree;
  uint64_t budget = dbg_runs_left(d) < 400 ? dbg_runs_left(d) : 400;
  if (budget == 0) return;
  SdReduceResult rr;
  char *error = NULL;
  const SdTree *failing = original;
  SdReduceOptions ro;
  sd_reduce_options_init(&ro);
  ro.seed = d->opts->seed;
  ro.max_runs = (uint32_t)budget;
  ro.kind = d->kind; /* the reduced input fails the same way */
  if (d->opts->reduce && sd_reduce_with(original, d->oracle, &ro, &rr, &error)) {
    rep->reduced = sd_xstrndup(rr.tree->text, rr.tree->length);
    rep->reduced_length = rr.tree->length;
    rep->original_length = original->length;
    failing = rr.tree;
  } else {
    rr.tree = NULL;
  }
  free(error);
  error = NULL;
  if (d->opts->reduce) add_outside(d, rep);
  rep->reduction_runs = dbg_runs_so_far(d) - start;
  start = dbg_runs_so_far(d);
  budget = dbg_runs_left(d) < 300 ? dbg_runs_left(d) : 300;
  if (d->opts->generalize && budget > 0) {
    SdGeneralizeOptions go;
    sd_generalize_options_init(&go);
    go.tries = 10, go.seed = d->opts->seed, go.max_runs = (uint32_t)budget, go.kind = d->kind;
    SdAbstractInput *ab = sd_generalize_with(failing, d->oracle, &go, NULL, &error);
    if (ab) {
      rep->abstract = sd_abstract_to_string(ab);
      uint32_t runs = 0, failed = 0;
      if (dbg_runs_left(d) >= 20 && sd_abstract_instantiate_check_as(ab, d->oracle, 20, d->opts->seed, d->kind, &runs, &failed) && runs)
        rep->abstract_fail_share = (double)failed / runs;
      sd_abstract_free(ab);
    }
    free(error);
  }
  rep->generalization_runs = dbg_runs_so_far(d) - start;
  if (rr.tree) sd_tree_free(rr.tree);
}
