/* triage.c: sorts many failing inputs by failure kind, then by cause.
 *
 *   1. parse every input, run them all in one batch (one oracle for the whole
 *      triage: its cache answers every later run of the same text);
 *   2. group the failing inputs by kind, most inputs first;
 *   3. diagnose each kind with sd_debug through a view of that oracle (the
 *      kind's inputs as given, up to MAX_GIVEN of them); each precise cause of
 *      the diagnosis (a disjunct of it: report.h's causes) becomes a group;
 *   4. assign every failing input to the first cause of its kind that holds
 *      on it (sd_constraint_eval), else to its kind's unexplained group;
 *   5. per cause: an example (the shortest member it alone explains), reduced
 *      while it fails with the kind and the cause still holds; and the share
 *      of random inputs (sd_fuzz_tree, as `semdbg fuzz --seed S`) that satisfy
 *      it, with a Wilson 95% interval: no runs.
 * Baselines are compared in triage_baseline.c, rendered in triage_report.c. */
#include "semdbg/triage.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "array.h"
#include "semdbg/fuzzer.h"
#include "semdbg/parser.h"
#include "semdbg/reduce.h"
#include "util.h"

enum { MAX_GIVEN = 100, SAMPLE_MAX_SIZE = 400 };

void sd_triage_options_init(SdTriageOptions *self) {
  memset(self, 0, sizeof *self);
  sd_debug_options_init(&self->debug);
  self->samples = 1000;
  self->reduce_runs = 300;
}

SdTriageShare sd_triage_wilson(uint32_t k, uint32_t n) {
  SdTriageShare s = {.samples = n, .satisfied = k};
  if (!n) {
    s.high = 1;
    return s;
  }
  const double z = 1.959963984540054;
  double p = (double)k / n, z2n = z * z / n;
  double center = (p + z2n / 2) / (1 + z2n);
  double half = z / (1 + z2n) * sqrt(p * (1 - p) / n + z2n / (4.0 * n));
  s.share = p;
  s.low = fmax(0, center - half);
  s.high = fmin(1, center + half);
  if (k == 0) s.low = 0; /* exact at the ends (rounding aside) */
  if (k == n) s.high = 1;
  return s;
}

int32_t sd_triage_assign(const SdTriageGroup *groups, uint32_t count, const char *kind,
                         const SdTree *tree) {
  int32_t unexplained = -1;
  for (uint32_t i = 0; i < count; i++) {
    if (strcmp(groups[i].kind, kind)) continue;
    if (!groups[i].cause) unexplained = (int32_t)i;
    else if (sd_constraint_eval(groups[i].cause, tree, NULL)) return (int32_t)i;
  }
  return unexplained;
}

/* ---------- the working state ---------- */

typedef Array(SdTriageGroup) GroupList;
typedef Array(uint32_t) IndexList;

typedef struct Triage {
  SdTriage *t;
  const SdTriageOptions *opts;
  SdOracle *oracle;
  SdParser *parser;
  GroupList groups;
  IndexList *members;   /* per group, while groups grow */
  uint32_t member_lists;
  bool progress;
  double started;
  char *error;
} Triage;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void progress(Triage *tr, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void progress(Triage *tr, const char *fmt, ...) {
  if (!tr->progress) return;
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "semdbg: triage: ");
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

/* ---------- 1. inputs and their verdicts ---------- */

static bool load_inputs(Triage *tr, char *const *paths, uint32_t count) {
  SdTriage *t = tr->t;
  t->inputs = sd_xcalloc(count ? count : 1, sizeof *t->inputs);
  for (uint32_t i = 0; i < count; i++) {
    SdTriageInput *in = &t->inputs[t->input_count];
    if (!(in->tree = sd_parse_file(tr->parser, -1, paths[i], &tr->error))) return false;
    in->path = sd_xstrdup(paths[i]);
    in->group = -1;
    t->input_count++;
  }
  return true;
}

static bool run_inputs(Triage *tr) {
  SdTriage *t = tr->t;
  uint32_t n = t->input_count;
  const char **texts = sd_xcalloc(n ? n : 1, sizeof *texts);
  size_t *lengths = sd_xcalloc(n ? n : 1, sizeof *lengths);
  SdVerdict *verdicts = sd_xcalloc(n ? n : 1, sizeof *verdicts);
  for (uint32_t i = 0; i < n; i++) texts[i] = t->inputs[i].tree->text, lengths[i] = t->inputs[i].tree->length;
  progress(tr, "running %u inputs", n);
  bool ok = sd_oracle_run(tr->oracle, texts, lengths, n, verdicts);
  for (uint32_t i = 0; i < n; i++) {
    SdTriageInput *in = &t->inputs[i];
    in->verdict = sd_verdict_kind_name(verdicts[i].kind);
    if (ok && verdicts[i].kind == SD_VERDICT_FAIL) {
      in->kind = sd_xstrdup(sd_verdict_failure_kind(&verdicts[i]));
      t->failing++;
    }
    sd_verdict_clear(&verdicts[i]);
  }
  if (!ok) tr->error = sd_xstrdup(sd_oracle_error(tr->oracle));
  free(texts), free(lengths), free(verdicts);
  return ok;
}

/* ---------- 2. kinds ---------- */

static void count_kinds(Triage *tr) {
  SdTriage *t = tr->t;
  t->kinds = sd_xcalloc(t->input_count ? t->input_count : 1, sizeof *t->kinds);
  for (uint32_t i = 0; i < t->input_count; i++) {
    const char *kind = t->inputs[i].kind;
    if (!kind) continue;
    uint32_t k = 0;
    while (k < t->kind_count && strcmp(t->kinds[k].kind, kind)) k++;
    if (k == t->kind_count) t->kinds[t->kind_count++] = (SdTriageKind){.kind = sd_xstrdup(kind)};
    t->kinds[k].inputs++;
  }
  /* most inputs first; ties in order of appearance (insertion sort is stable) */
  for (uint32_t i = 1; i < t->kind_count; i++)
    for (uint32_t j = i; j > 0 && t->kinds[j - 1].inputs < t->kinds[j].inputs; j--) {
      SdTriageKind x = t->kinds[j];
      t->kinds[j] = t->kinds[j - 1];
      t->kinds[j - 1] = x;
    }
}

/* The paths of the kind's inputs, up to MAX_GIVEN spread evenly over them. */
static uint32_t given_inputs(const SdTriage *t, const SdTriageKind *k, char **paths) {
  uint32_t step = (k->inputs + MAX_GIVEN - 1) / MAX_GIVEN, seen = 0, n = 0;
  for (uint32_t i = 0; i < t->input_count && n < MAX_GIVEN; i++) {
    if (!t->inputs[i].kind || strcmp(t->inputs[i].kind, k->kind)) continue;
    if (seen++ % step == 0) paths[n++] = t->inputs[i].path;
  }
  return n;
}

/* ---------- 3. a diagnosis per kind ---------- */

static SdTriageGroup *add_group(Triage *tr, const char *kind, const char *diagnosis) {
  SdTriageGroup g = {.kind = sd_xstrdup(kind), .diagnosis = diagnosis, .baseline = -1};
  array_push(&tr->groups, g);
  if (tr->groups.size > tr->member_lists) {
    uint32_t n = tr->groups.size * 2;
    tr->members = sd_xrealloc(tr->members, n * sizeof *tr->members);
    memset(tr->members + tr->member_lists, 0, (n - tr->member_lists) * sizeof *tr->members);
    tr->member_lists = n;
  }
  return array_back(&tr->groups);
}

static bool cause_pinned(const SdReportCause *c) {
  for (uint32_t k = 0; k < c->boundary_count; k++)
    if (!c->boundaries[k].pinned) return false;
  return true;
}

/* A group for every precise cause of the report (no passing input in the
 * evidence satisfies it); the others leave their inputs unexplained. */
static void add_cause_groups(Triage *tr, SdTriageKind *k, const SdReport *rep) {
  for (uint32_t i = 0; i < rep->cause_count; i++) {
    const SdReportCause *c = &rep->causes[i];
    if (c->fp || !c->tp) continue;
    SdConstraintError ce = {0};
    SdConstraint *cause = sd_constraint_parse(tr->t->grammar, c->isla, strlen(c->isla), &ce);
    if (!cause) { /* the printer's ISLa always parses back; keep going if not */
      free(ce.message);
      continue;
    }
    SdTriageGroup *g = add_group(tr, k->kind, k->status);
    g->cause = cause;
    g->short_form = sd_xstrdup(c->short_form);
    g->isla = sd_xstrdup(c->isla);
    g->pinned = cause_pinned(c);
    k->causes++;
  }
}

static SdDebugStatus diagnose_kind(Triage *tr, SdTriageKind *k, uint32_t index) {
  char **paths = sd_xcalloc(MAX_GIVEN, sizeof *paths);
  uint32_t n = given_inputs(tr->t, k, paths);
  SdDebugOptions d = tr->opts->debug;
  d.kind = k->kind;
  d.shared_oracle = tr->oracle;
  d.reduce = d.generalize = false; /* the triage reduces one input per cause itself */
  d.out_dir = NULL;
  progress(tr, "kind %u of %u: %s (%u inputs): diagnosing", index + 1, tr->t->kind_count, k->kind, k->inputs);
  SdReport *rep = NULL;
  char *error = NULL;
  SdDebugStatus st = sd_debug(tr->t->grammar, paths, n, &d, &rep, &error);
  free(paths);
  if (st != SD_DEBUG_OK) {
    tr->error = sd_format("diagnosing %s: %s", k->kind, error);
    free(error);
    return st;
  }
  k->status = sd_report_status_name(rep->status);
  k->stop_reason = sd_xstrdup(rep->stop_reason ? rep->stop_reason : "");
  k->runs = rep->runs;
  add_cause_groups(tr, k, rep);
  progress(tr, "%s: %s, %u cause%s, %llu runs", k->kind, k->status, k->causes, k->causes == 1 ? "" : "s",
           (unsigned long long)k->runs);
  sd_report_free(rep);
  return SD_DEBUG_OK;
}

/* ---------- 4. members ---------- */

/* Every input of kind k to its group (an unexplained group when needed). */
static void assign_kind(Triage *tr, SdTriageKind *k) {
  SdTriage *t = tr->t;
  for (uint32_t i = 0; i < t->input_count; i++) {
    SdTriageInput *in = &t->inputs[i];
    if (!in->kind || strcmp(in->kind, k->kind)) continue;
    int32_t g = sd_triage_assign(tr->groups.items, tr->groups.size, k->kind, in->tree);
    if (g < 0) {
      add_group(tr, k->kind, k->status);
      g = (int32_t)tr->groups.size - 1;
    }
    if (!tr->groups.items[g].cause) k->unexplained++;
    in->group = g;
    array_push(&tr->members[g], i);
  }
}

/* ---------- 5. examples, reductions, shares ---------- */

static bool others_hold(const Triage *tr, uint32_t group, const SdTree *tree) {
  const SdTriageGroup *g = &tr->groups.items[group];
  for (uint32_t i = 0; i < tr->groups.size; i++) {
    const SdTriageGroup *o = &tr->groups.items[i];
    if (i != group && o->cause && !strcmp(o->kind, g->kind) && sd_constraint_eval(o->cause, tree, NULL)) return true;
  }
  return false;
}

/* The shortest member that only this cause explains (else the shortest). */
static void pick_example(Triage *tr, uint32_t group) {
  const IndexList *m = &tr->members[group];
  SdTriageGroup *g = &tr->groups.items[group];
  int32_t best = -1;
  bool best_alone = false;
  for (uint32_t k = 0; k < m->size; k++) {
    const SdTree *tree = tr->t->inputs[m->items[k]].tree;
    bool alone = g->cause && !others_hold(tr, group, tree);
    if (best < 0 || (alone && !best_alone) ||
        (alone == best_alone && tree->length < tr->t->inputs[best].tree->length))
      best = (int32_t)m->items[k], best_alone = alone;
  }
  g->example = best < 0 ? SD_TRIAGE_NO_EXAMPLE : (uint32_t)best;
}

typedef struct KeepCause {
  SdParser *parser;
  const SdConstraint *cause;
} KeepCause;

/* For the reduction: does the cause still hold on the candidate? */
static bool cause_holds(void *data, const char *text, size_t length) {
  const KeepCause *kc = data;
  SdTree *tree = sd_parse(kc->parser, -1, text, length, NULL);
  bool holds = tree && sd_constraint_eval(kc->cause, tree, NULL);
  sd_tree_free(tree);
  return holds;
}

static SdDebugStatus reduce_example(Triage *tr, SdTriageGroup *g) {
  if (!g->cause || !tr->opts->reduce_runs || g->example == SD_TRIAGE_NO_EXAMPLE) return SD_DEBUG_OK;
  KeepCause kc = {tr->parser, g->cause};
  SdReduceOptions ro;
  sd_reduce_options_init(&ro);
  ro.seed = tr->opts->debug.seed;
  ro.max_runs = tr->opts->reduce_runs;
  ro.batch = tr->opts->debug.oracle.jobs;
  ro.kind = g->kind;
  ro.keep = cause_holds;
  ro.keep_data = &kc;
  SdReduceResult rr;
  char *error = NULL;
  if (!sd_reduce_with(tr->t->inputs[g->example].tree, tr->oracle, &ro, &rr, &error)) {
    bool harness = rr.status == SD_REDUCE_HARNESS_ERROR;
    if (harness) tr->error = sd_format("reducing an input of %s: %s", g->kind, error);
    free(error);
    return harness ? SD_DEBUG_HARNESS_ERROR : SD_DEBUG_OK; /* flaky: no reduced input */
  }
  g->reduced = sd_xstrndup(rr.tree->text, rr.tree->length);
  g->reduced_length = rr.tree->length;
  sd_tree_free(rr.tree);
  free(error);
  return SD_DEBUG_OK;
}

static void make_sample(Triage *tr) {
  SdTriage *t = tr->t;
  SdFuzzerOptions fo = {.seed = t->seed, .max_size = SAMPLE_MAX_SIZE};
  SdFuzzer *f = sd_fuzzer_new(t->grammar, &fo);
  t->sample_count = tr->opts->samples;
  t->sample = sd_xcalloc(t->sample_count ? t->sample_count : 1, sizeof *t->sample);
  for (uint32_t i = 0; i < t->sample_count; i++) t->sample[i] = sd_fuzz_tree(f, -1);
  sd_fuzzer_free(f);
}

static void estimate_share(const SdTriage *t, SdTriageGroup *g) {
  if (!g->cause) return;
  uint32_t k = 0;
  for (uint32_t i = 0; i < t->sample_count; i++) k += sd_constraint_eval(g->cause, t->sample[i], NULL);
  g->share = sd_triage_wilson(k, t->sample_count);
}

/* ---------- the whole ---------- */

static void finish_groups(Triage *tr) {
  SdTriage *t = tr->t;
  for (uint32_t i = 0; i < tr->groups.size; i++) {
    tr->groups.items[i].members = tr->members[i].items;
    tr->groups.items[i].member_count = tr->members[i].size;
  }
  free(tr->members);
  t->groups = tr->groups.items;
  t->group_count = tr->groups.size;
}

/* Steps 3-5 for every kind. */
static SdDebugStatus triage_kinds(Triage *tr) {
  SdTriage *t = tr->t;
  for (uint32_t k = 0; k < t->kind_count; k++) {
    uint32_t first = tr->groups.size;
    SdDebugStatus st = diagnose_kind(tr, &t->kinds[k], k);
    if (st != SD_DEBUG_OK) return st;
    assign_kind(tr, &t->kinds[k]);
    for (uint32_t g = first; g < tr->groups.size; g++) {
      pick_example(tr, g);
      if (tr->groups.items[g].cause) progress(tr, "%s: reducing an input of cause %u", t->kinds[k].kind, g - first + 1);
      if ((st = reduce_example(tr, &tr->groups.items[g])) != SD_DEBUG_OK) return st;
      estimate_share(t, &tr->groups.items[g]);
    }
  }
  return SD_DEBUG_OK;
}

static void take_stats(Triage *tr) {
  SdOracleStats st;
  sd_oracle_stats(tr->oracle, &st);
  tr->t->runs = st.runs;
  tr->t->cache_hits = st.cache_hits;
  tr->t->harness_seconds = st.harness_seconds;
  tr->t->total_seconds = now() - tr->started;
}

SdDebugStatus sd_triage(const SdGrammar *grammar, char *const *paths, uint32_t count,
                        const SdTriageOptions *opts, SdTriage **out, char **error) {
  Triage tr = {.opts = opts, .started = now()};
  SdTriage *t = tr.t = sd_xcalloc(1, sizeof *t);
  t->grammar = grammar;
  t->seed = opts->debug.seed;
  tr.progress = opts->debug.verbosity >= 2 || (opts->debug.verbosity == 1 && isatty(2));
  tr.parser = sd_parser_new(grammar);
  SdDebugStatus st = SD_DEBUG_INPUT_ERROR;
  if (!load_inputs(&tr, paths, count)) goto done;
  if (!(tr.oracle = sd_oracle_new(&opts->debug.oracle, &tr.error))) goto done;
  st = SD_DEBUG_HARNESS_ERROR;
  if (!run_inputs(&tr)) goto done;
  st = SD_DEBUG_INPUT_ERROR;
  if (!t->failing) {
    tr.error = sd_format("none of the %u inputs fails: the test command passes them (or they are undefined)",
                         t->input_count);
    goto done;
  }
  count_kinds(&tr);
  make_sample(&tr);
  st = triage_kinds(&tr);
  take_stats(&tr);
done:
  finish_groups(&tr);
  sd_oracle_free(tr.oracle);
  sd_parser_free(tr.parser);
  if (st != SD_DEBUG_OK) {
    *error = tr.error ? tr.error : sd_xstrdup("triage failed");
    sd_triage_free(t);
    t = NULL;
  } else {
    free(tr.error);
  }
  *out = t;
  return st;
}

void sd_triage_free(SdTriage *self) {
  if (!self) return;
  for (uint32_t i = 0; i < self->input_count; i++) {
    free(self->inputs[i].path);
    free(self->inputs[i].kind);
    sd_tree_free(self->inputs[i].tree);
  }
  free(self->inputs);
  for (uint32_t i = 0; i < self->kind_count; i++) free(self->kinds[i].kind), free(self->kinds[i].stop_reason);
  free(self->kinds);
  for (uint32_t i = 0; i < self->group_count; i++) {
    SdTriageGroup *g = &self->groups[i];
    free(g->kind), free(g->short_form), free(g->isla), free(g->members), free(g->reduced);
    sd_constraint_free(g->cause);
  }
  free(self->groups);
  for (uint32_t i = 0; i < self->sample_count; i++) sd_tree_free(self->sample[i]);
  free(self->sample);
  free(self);
}
