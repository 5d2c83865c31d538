/* debugger.c: the refinement loop of shared/DESIGN.md section 1.
 *
 * Evidence is every input run so far, with its tree and verdict; the texts
 * are deduplicated, so no input is run twice. The loop:
 *   1. label the given inputs; when there are too few failing or passing
 *      ones, make more by regenerating subtrees of failing inputs (which
 *      keeps most of their structure, so even rare failures reproduce) and
 *      by fuzzing;
 *   2. each iteration ranks the relevant nonterminals (XGBoost + SHAP),
 *      lets the learner instantiate and score the catalog on all evidence,
 *      and attacks the best few candidates with inputs that satisfy them and
 *      inputs that satisfy their negations (Z3-backed generator);
 *   3. it stops when the best candidate has precision = recall = 1 after a
 *      round of inputs made to refute it, or when a budget ends.
 * Finally the best candidate is reported with its honest scores, next to
 * the reduced failing input and DDSET's abstract input. */
#include "semdbg/debugger.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "array.h"
#include "semdbg/constraint.h"
#include "semdbg/fuzzer.h"
#include "semdbg/learner.h"
#include "semdbg/parser.h"
#include "semdbg/reduce.h"
#include "semdbg/relevance.h"
#include "semdbg/solver.h"
#include "util.h"

void sd_debug_options_init(SdDebugOptions *self) {
  memset(self, 0, sizeof *self);
  sd_oracle_options_init(&self->oracle);
  self->seed = 1;
  self->max_iterations = 10;
  self->max_runs = 2000;
  self->min_failing = 20;
  self->min_passing = 20;
  self->per_candidate = 8;
  self->refine_top = 3;
  self->max_relevant = 5;
  self->min_precision = 0.9;
  self->min_recall = 0.9;
  self->reduce = true;
  self->generalize = true;
  self->verbosity = 1;
}

typedef struct Evidence {
  SdTree *tree;
  SdVerdictKind verdict;
  uint32_t iteration;
} Evidence;

typedef Array(uint32_t) IndexList;
typedef Array(SdTree *) TreeList;

/* Iterations without the best F1 gaining PLATEAU_GAIN before giving up. */
enum { PLATEAU_ITERATIONS = 3 };
enum { MAX_TESTED = 64, MAX_EQUIVALENTS_ATTACKED = 4 };
#define PLATEAU_GAIN 0.02

typedef struct Debugger {
  const SdGrammar *grammar;
  const SdDebugOptions *opts;
  SdOracle *oracle;
  SdFuzzer *fuzzer;
  SdSolver *solver;
  SdLearner *learner;
  SdCatalog *catalog;
  SdParser *parser;
  SdRng rng;
  Array(Evidence) evidence;
  uint32_t learned;          /* evidence entries handed to the learner so far */
  IndexList failing, passing; /* evidence indices by verdict */
  uint32_t undefined;
  SdHashSet seen;            /* hashes of the texts run (or about to be) */
  uint32_t iteration;
  double started;
  char *error;
  bool harness_error;
  bool progress;
} Debugger;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void progress(Debugger *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void progress(Debugger *d, const char *fmt, ...) {
  if (!d->progress) return;
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "semdbg: ");
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

static uint64_t text_hash(const SdTree *t) { return sd_hash_bytes(t->text, t->length, 0x5eed); }

/* ---------- running inputs ---------- */

static uint64_t runs_so_far(const Debugger *d) {
  SdOracleStats st;
  sd_oracle_stats(d->oracle, &st);
  return st.runs;
}

static bool out_of_time(const Debugger *d) {
  return d->opts->time_limit > 0 && now() - d->started >= d->opts->time_limit;
}

static uint64_t runs_left(const Debugger *d) {
  uint64_t used = runs_so_far(d);
  return used >= d->opts->max_runs ? 0 : d->opts->max_runs - used;
}

static void save_input(Debugger *d, uint32_t index) {
  if (!d->opts->out_dir) return;
  const Evidence *e = &d->evidence.items[index];
  char *path = sd_format("%s/%s/input-%05u.txt", d->opts->out_dir,
                         e->verdict == SD_VERDICT_FAIL ? "failing"
                         : e->verdict == SD_VERDICT_PASS ? "passing" : "undefined",
                         index + 1);
  if (!sd_write_file_atomic(path, e->tree->text, e->tree->length))
    fprintf(stderr, "semdbg: warning: cannot write %s: %s\n", path, strerror(errno));
  free(path);
}

/* Run new inputs (trees are taken over: kept as evidence or freed). Drops
 * texts seen before and whatever exceeds the run budget. Returns the number
 * of inputs added, or -1 on a harness error. */
static int run_trees(Debugger *d, SdTree **trees, uint32_t n) {
  Array(SdTree *) fresh = {0};
  for (uint32_t i = 0; i < n; i++) {
    if (sd_hash_set_has(&d->seen, text_hash(trees[i])) || fresh.size >= runs_left(d)) {
      sd_tree_free(trees[i]);
      continue;
    }
    sd_hash_set_add(&d->seen, text_hash(trees[i]));
    sd_solver_avoid(d->solver, trees[i]->text, trees[i]->length);
    array_push(&fresh, trees[i]);
  }
  if (!fresh.size) {
    array_free(&fresh);
    return 0;
  }
  const char **texts = sd_xmalloc(fresh.size * sizeof(char *));
  size_t *lengths = sd_xmalloc(fresh.size * sizeof(size_t));
  SdVerdict *verdicts = sd_xcalloc(fresh.size, sizeof(SdVerdict));
  for (uint32_t i = 0; i < fresh.size; i++) texts[i] = fresh.items[i]->text, lengths[i] = fresh.items[i]->length;
  bool ok = sd_oracle_run(d->oracle, texts, lengths, fresh.size, verdicts);
  int added = 0;
  for (uint32_t i = 0; i < fresh.size; i++) {
    if (!ok) {
      sd_tree_free(fresh.items[i]);
      sd_verdict_clear(&verdicts[i]);
      continue;
    }
    Evidence e = {fresh.items[i], verdicts[i].kind, d->iteration};
    array_push(&d->evidence, e);
    uint32_t index = d->evidence.size - 1;
    if (e.verdict == SD_VERDICT_FAIL) array_push(&d->failing, index);
    else if (e.verdict == SD_VERDICT_PASS) array_push(&d->passing, index);
    else d->undefined++;
    save_input(d, index);
    sd_verdict_clear(&verdicts[i]);
    added++;
  }
  free(texts);
  free(lengths);
  free(verdicts);
  array_free(&fresh);
  if (!ok) {
    d->harness_error = true;
    d->error = sd_xstrdup(sd_oracle_error(d->oracle));
    return -1;
  }
  return added;
}

/* ---------- making more inputs ---------- */

/* A copy of tree with one or two random nonterminal subtrees regenerated. */
static SdTree *mutate(Debugger *d, const SdTree *tree) {
  SdTree *t = sd_tree_clone(tree);
  uint32_t changes = 1 + sd_rng_below(&d->rng, 2);
  for (uint32_t c = 0; c < changes; c++) {
    /* pick a random nonterminal node other than the root */
    for (int tries = 0; tries < 20 && t->node_count > 1; tries++) {
      SdNode *n = t->nodes[1 + sd_rng_below(&d->rng, t->node_count - 1)];
      if (!sd_grammar_is_nonterminal(d->grammar, n->symbol)) continue;
      sd_fuzz_regenerate(d->fuzzer, t, n);
      break;
    }
  }
  return t;
}

static const Evidence *random_evidence(Debugger *d, const IndexList *pool) {
  return &d->evidence.items[pool->items[sd_rng_below(&d->rng, pool->size)]];
}

/* Label enough inputs of both kinds to learn from. */
static int gather_initial(Debugger *d) {
  uint64_t budget = d->opts->max_runs / 4;
  if (budget < 100) budget = d->opts->max_runs < 100 ? d->opts->max_runs : 100;
  uint64_t start_runs = runs_so_far(d);
  uint32_t stale = 0;
  while ((d->failing.size < d->opts->min_failing || d->passing.size < d->opts->min_passing) &&
         runs_so_far(d) - start_runs < budget && runs_left(d) > 0 && !out_of_time(d) && stale < 5) {
    SdTree *batch[32];
    uint32_t n = 0;
    bool need_fail = d->failing.size < d->opts->min_failing;
    bool need_pass = d->passing.size < d->opts->min_passing;
    while (n < 32) {
      double r = sd_rng_unit(&d->rng);
      if (d->failing.size && (need_fail ? r < 0.7 : r < 0.3))
        batch[n++] = mutate(d, random_evidence(d, &d->failing)->tree);
      else if (d->passing.size && r < 0.85)
        batch[n++] = mutate(d, random_evidence(d, &d->passing)->tree);
      else
        batch[n++] = sd_fuzz_tree(d->fuzzer, -1);
      (void)need_pass;
    }
    int added = run_trees(d, batch, n);
    if (added < 0) return -1;
    stale = added ? 0 : stale + 1;
  }
  progress(d, "%u failing, %u passing, %u undefined inputs to learn from", d->failing.size,
           d->passing.size, d->undefined);
  return 0;
}

/* ---------- learning ---------- */

static void feed_learner(Debugger *d) {
  for (; d->learned < d->evidence.size; d->learned++) {
    Evidence *e = &d->evidence.items[d->learned];
    if (e->verdict == SD_VERDICT_UNDEFINED) continue;
    bool fail = e->verdict == SD_VERDICT_FAIL;
    sd_learner_add(d->learner, &e->tree, &fail, 1);
  }
}

static SdRelevance *rank(Debugger *d, SdSymbol *relevant, uint32_t *relevant_count) {
  uint32_t n = d->failing.size + d->passing.size;
  SdTree **trees = sd_xmalloc((n ? n : 1) * sizeof(SdTree *));
  bool *labels = sd_xmalloc((n ? n : 1) * sizeof(bool));
  uint32_t k = 0;
  for (uint32_t i = 0; i < d->evidence.size; i++) {
    Evidence *e = &d->evidence.items[i];
    if (e->verdict == SD_VERDICT_UNDEFINED) continue;
    trees[k] = e->tree;
    labels[k++] = e->verdict == SD_VERDICT_FAIL;
  }
  SdRelevanceOptions ro;
  sd_relevance_options_init(&ro);
  ro.seed = d->opts->seed;
  ro.max_k = d->opts->max_relevant;
  char *error = NULL;
  SdRelevance *rel = sd_relevance_compute(d->grammar, trees, labels, k, &ro, &error);
  free(trees);
  free(labels);
  *relevant_count = 0;
  if (rel && rel->status == SD_RELEVANCE_MODEL) {
    for (uint32_t i = 0; i < rel->count; i++)
      if (rel->ranked[i].kept) relevant[(*relevant_count)++] = rel->ranked[i].symbol;
  }
  if (!*relevant_count) {
    /* no model (one class) or nothing kept: fall back to the best-scored symbols */
    if (error) progress(d, "relevance: %s", error);
    for (uint32_t i = 0; rel && i < rel->count && *relevant_count < d->opts->max_relevant; i++)
      relevant[(*relevant_count)++] = rel->ranked[i].symbol;
  }
  if (!*relevant_count) {
    /* nothing ranked at all (e.g. the start symbol is the only nonterminal):
       let the catalog try the grammar's own nonterminals, the start included */
    for (uint32_t s = 0; s < d->grammar->symbol_count && *relevant_count < d->opts->max_relevant; s++) {
      const SdSymbolInfo *si = &d->grammar->symbols[s];
      if (si->kind == SD_SYM_NONTERMINAL && !si->generated && si->reachable)
        relevant[(*relevant_count)++] = (SdSymbol)s;
    }
  }
  free(error);
  return rel;
}

/* ---------- refutation ---------- */

static uint32_t generate(Debugger *d, const SdConstraint *c, const IndexList *seeds_from,
                         uint32_t n, SdTree **out) {
  SdTree *seeds[16];
  uint32_t ns = 0;
  for (uint32_t i = 0; i < seeds_from->size && ns < 16; i++)
    seeds[ns++] = d->evidence.items[seeds_from->items[seeds_from->size - 1 - i]].tree;
  SdSolveStatus status;
  return sd_solver_generate(d->solver, c, seeds, ns, n, out, &status);
}

/* Attack the top candidates; returns inputs added, -1 on harness error. */
/* Inputs that satisfy c, and inputs that satisfy its negation. */
static void attack(Debugger *d, const SdConstraint *c, uint32_t n, TreeList *batch) {
  SdTree **out = sd_xmalloc(n * sizeof(SdTree *));
  uint32_t got = generate(d, c, &d->failing, n, out);
  for (uint32_t i = 0; i < got; i++) array_push(batch, out[i]);
  SdConstraint *neg = sd_constraint_negate(c);
  if (neg) {
    got = generate(d, neg, &d->passing, n, out);
    for (uint32_t i = 0; i < got; i++) array_push(batch, out[i]);
    sd_constraint_free(neg);
  }
  free(out);
}

/* Attack the top candidates: one member of each of the best groups, and
 * every member of the best group, since the evidence cannot tell those
 * apart yet (the experiment that separates "str.to.int(x) > 4998" from
 * "str.prefixof("5", x)" is an input with 2000 in it). Returns the inputs
 * added, -1 on a harness error. */
static int refute(Debugger *d, uint64_t *tested, uint32_t *tested_count) {
  uint32_t per = d->opts->per_candidate;
  TreeList batch = {0};
  uint32_t groups_done = 0, last_group = UINT32_MAX, best_members = 0;
  *tested_count = 0;
  for (uint32_t r = 0; r < sd_learner_candidate_count(d->learner) && *tested_count < MAX_TESTED; r++) {
    const SdCandidate *c = sd_learner_candidate(d->learner, r);
    bool best_group = c->equivalent_group == sd_learner_candidate(d->learner, 0)->equivalent_group;
    if (best_group) {
      if (best_members++ >= MAX_EQUIVALENTS_ATTACKED) continue;
    } else if (c->equivalent_group == last_group || groups_done >= d->opts->refine_top) {
      continue; /* one member per other group */
    }
    if (c->equivalent_group != last_group) groups_done++;
    last_group = c->equivalent_group;
    if (out_of_time(d)) break; /* what was made so far still runs */
    tested[(*tested_count)++] = sd_constraint_hash(c->constraint);
    attack(d, c->constraint, best_group && r > 0 ? (per + 1) / 2 : per, &batch);
  }
  /* a few mutations of failing inputs keep the search honest when the
   * generator cannot reach a region */
  for (uint32_t i = 0; i < per / 2 && d->failing.size; i++)
    array_push(&batch, mutate(d, random_evidence(d, &d->failing)->tree));
  int added = run_trees(d, batch.items, batch.size);
  array_free(&batch);
  return added;
}

/* ---------- the report ---------- */

static void fill_report(Debugger *d, SdReport *rep, const SdRelevance *rel) {
  uint32_t count = sd_learner_candidate_count(d->learner);
  if (count > 20) count = 20;
  rep->candidates = sd_xcalloc(count ? count : 1, sizeof(SdReportCandidate));
  rep->candidate_count = count;
  for (uint32_t i = 0; i < count; i++) {
    const SdCandidate *c = sd_learner_candidate(d->learner, i);
    SdReportCandidate *rc = &rep->candidates[i];
    rc->short_form = sd_constraint_to_short(c->constraint);
    rc->isla = sd_constraint_to_isla(c->constraint);
    rc->pattern = c->pattern ? sd_xstrdup(c->pattern) : NULL;
    rc->precision = c->precision;
    rc->recall = c->recall;
    rc->specificity = c->specificity;
    rc->f1 = c->f1;
    rc->tp = c->tp, rc->fp = c->fp, rc->tn = c->tn, rc->fn = c->fn;
    rc->group = c->equivalent_group;
  }
  if (rel) {
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
    }
  }
  /* examples: the shortest few of each kind (the given inputs first) */
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
  const SdCandidate *best = sd_learner_candidate_count(d->learner) ? sd_learner_candidate(d->learner, 0) : NULL;
  if (!best) rep->status = SD_REPORT_NONE;
  else if (best->precision >= d->opts->min_precision && best->recall >= d->opts->min_recall)
    rep->status = SD_REPORT_APPROXIMATE;
  else rep->status = SD_REPORT_SHORT;
  rep->failing = d->failing.size;
  rep->passing = d->passing.size;
  rep->undefined = d->undefined;
  rep->iterations = d->iteration;
  rep->seed = d->opts->seed;
  rep->min_precision = d->opts->min_precision;
  rep->min_recall = d->opts->min_recall;
  rep->abstract_fail_share = -1;
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
  SdLearnerStats ls;
  sd_learner_stats(d->learner, &ls);
  rep->evaluations = ls.evaluations;
  rep->total_seconds = now() - d->started;
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) == 0)
    rep->self_seconds = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 +
                        (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

static void write_report_files(Debugger *d, const SdReport *rep) {
  if (!d->opts->out_dir) return;
  char *json = sd_report_to_json(rep), *text = sd_report_to_text(rep);
  char *pj = sd_format("%s/report.json", d->opts->out_dir);
  char *pt = sd_format("%s/report.txt", d->opts->out_dir);
  if (!sd_write_file_atomic(pj, json, strlen(json)) || !sd_write_file_atomic(pt, text, strlen(text)))
    fprintf(stderr, "semdbg: warning: cannot write the report into %s: %s\n", d->opts->out_dir,
            strerror(errno));
  free(pj), free(pt), free(json), free(text);
}

static SdReport *snapshot(Debugger *d, const SdRelevance *rel, const char *reason) {
  SdReport *rep = sd_xcalloc(1, sizeof *rep);
  fill_report(d, rep, rel);
  fill_counts(d, rep);
  rep->stop_reason = sd_xstrdup(reason);
  return rep;
}

static void add_reduction(Debugger *d, SdReport *rep) {
  if (!d->failing.size) return;
  const SdTree *original = d->evidence.items[d->failing.items[0]].tree;
  uint64_t budget = runs_left(d) < 400 ? runs_left(d) : 400;
  if (budget == 0) return;
  SdReduceResult rr;
  char *error = NULL;
  const SdTree *failing = original;
  if (d->opts->reduce && sd_reduce(d->grammar, d->oracle, original, d->opts->seed, (uint32_t)budget, &rr, &error)) {
    rep->reduced = sd_xstrndup(rr.tree->text, rr.tree->length);
    rep->reduced_length = rr.tree->length;
    rep->original_length = original->length;
    failing = rr.tree;
  } else {
    rr.tree = NULL;
  }
  free(error);
  error = NULL;
  budget = runs_left(d) < 300 ? runs_left(d) : 300;
  if (d->opts->generalize && budget > 0) {
    SdAbstractInput *ab = sd_generalize(d->grammar, d->oracle, failing, 10, d->opts->seed, (uint32_t)budget, &error);
    if (ab) {
      rep->abstract = sd_abstract_to_string(ab);
      uint32_t runs = 0, failed = 0;
      if (runs_left(d) >= 20 && sd_abstract_instantiate_check(ab, d->oracle, 20, d->opts->seed, &runs, &failed) && runs)
        rep->abstract_fail_share = (double)failed / runs;
      sd_abstract_free(ab);
    }
    free(error);
  }
  if (rr.tree) sd_tree_free(rr.tree);
}

/* ---------- main entry ---------- */

static bool load_inputs(Debugger *d, char *const *paths, uint32_t count, SdTree ***trees) {
  *trees = sd_xcalloc(count ? count : 1, sizeof(SdTree *));
  for (uint32_t i = 0; i < count; i++)
    if (!((*trees)[i] = sd_parse_file(d->parser, -1, paths[i], &d->error))) return false;
  return true;
}

static void debugger_free(Debugger *d) {
  for (uint32_t i = 0; i < d->evidence.size; i++) sd_tree_free(d->evidence.items[i].tree);
  array_free(&d->evidence);
  array_free(&d->failing);
  array_free(&d->passing);
  sd_hash_set_free(&d->seen);
  sd_learner_free(d->learner);
  sd_catalog_free(d->catalog);
  sd_solver_free(d->solver);
  sd_fuzzer_free(d->fuzzer);
  sd_parser_free(d->parser);
  sd_oracle_free(d->oracle);
}

SdDebugStatus sd_debug(const SdGrammar *g, char *const *input_paths, uint32_t input_count,
                       const SdDebugOptions *opts, SdReport **report, char **error) {
  Debugger d = {.grammar = g, .opts = opts, .started = now()};
  *report = NULL;
  *error = NULL;
  d.progress = opts->verbosity >= 2 || (opts->verbosity == 1 && isatty(2));
  sd_rng_seed(&d.rng, opts->seed);
  d.parser = sd_parser_new(g);
  SdTree **given = NULL;
  SdDebugStatus status = SD_DEBUG_INPUT_ERROR;
  if (!load_inputs(&d, input_paths, input_count, &given)) goto done;
  SdDiagnostics diags = {0};
  d.catalog = opts->patterns ? sd_catalog_load(opts->patterns, &diags) : sd_catalog_default(&diags);
  if (!d.catalog) {
    SdBuf b = {0};
    for (uint32_t i = 0; i < diags.size; i++)
      if (!diags.items[i].is_warning)
        sd_buf_printf(&b, "%s%s:%d: %s", b.len ? "\n" : "", diags.items[i].path, diags.items[i].line,
                      diags.items[i].message);
    d.error = b.len ? sd_buf_take(&b) : sd_xstrdup("cannot load the pattern catalog");
    sd_buf_free(&b);
    sd_diagnostics_free(&diags);
    goto done;
  }
  sd_diagnostics_free(&diags);
  if (opts->out_dir) {
    const char *sub[] = {"", "/failing", "/passing", "/undefined"};
    for (int i = 0; i < 4; i++) {
      char *p = sd_format("%s%s", opts->out_dir, sub[i]);
      if (mkdir(p, 0777) != 0 && errno != EEXIST) {
        d.error = sd_format("%s: %s", p, strerror(errno));
        free(p);
        goto done;
      }
      free(p);
    }
  }
  char *oerr = NULL;
  d.oracle = sd_oracle_new(&opts->oracle, &oerr);
  if (!d.oracle) {
    d.error = oerr;
    goto done;
  }
  SdFuzzerOptions fo = {.seed = opts->seed, .max_size = 200};
  d.fuzzer = sd_fuzzer_new(g, &fo);
  SdSolverOptions so;
  sd_solver_options_init(&so);
  so.seed = opts->seed;
  so.rlimit = 800000; /* the loop asks many questions: give up early on hard ones */
  so.max_queries = opts->per_candidate;
  d.solver = sd_solver_new(g, &so);
  SdLearnerOptions lo;
  sd_learner_options_init(&lo);
  d.learner = sd_learner_new(g, d.catalog, &lo);

  /* 1. the given inputs */
  int rc = run_trees(&d, given, input_count);
  free(given);
  given = NULL;
  if (rc < 0) {
    status = SD_DEBUG_HARNESS_ERROR;
    goto done;
  }
  if (!d.failing.size) {
    d.error = sd_xstrdup(input_count == 1 ? "the input does not fail: the test command passes it (or it is undefined)"
                                          : "none of the inputs fails: the test command passes them (or they are undefined)");
    goto done;
  }
  if (gather_initial(&d) < 0) {
    status = SD_DEBUG_HARNESS_ERROR;
    goto done;
  }

  /* 2. refine */
  uint64_t tested[MAX_TESTED];
  uint32_t tested_count = 0;
  const char *reason = "max-iterations";
  SdRelevance *rel = NULL;
  bool confirmed = false;
  uint32_t stale = 0, flat = 0;
  double best_f1 = -1;
  for (d.iteration = 1;; d.iteration++) {
    SdSymbol relevant[64];
    uint32_t relevant_count;
    sd_relevance_free(rel);
    rel = rank(&d, relevant, &relevant_count);
    feed_learner(&d);
    sd_learner_learn(d.learner, relevant, relevant_count);
    const SdCandidate *best = sd_learner_candidate_count(d.learner) ? sd_learner_candidate(d.learner, 0) : NULL;
    if (best) {
      char *s = sd_constraint_to_short(best->constraint);
      progress(&d, "iteration %u: %u failing, %u passing; best: %s (precision %.3f, recall %.3f)",
               d.iteration, d.failing.size, d.passing.size, s, best->precision, best->recall);
      free(s);
    } else {
      progress(&d, "iteration %u: %u failing, %u passing; no candidate yet", d.iteration,
               d.failing.size, d.passing.size);
    }
    /* confirmed: perfect on all evidence, the last round attacked it */
    if (best && best->precision == 1.0 && best->recall == 1.0) {
      uint64_t h = sd_constraint_hash(best->constraint);
      for (uint32_t i = 0; i < tested_count; i++) confirmed = confirmed || tested[i] == h;
      if (confirmed) {
        reason = "confirmed";
        break;
      }
    }
    /* a plateau: the best F1 has not improved for a while; more rounds of the
       same attacks rarely change that (the report says how far it falls short) */
    if (best && best->f1 >= best_f1 + PLATEAU_GAIN) best_f1 = best->f1, flat = 0;
    else if (++flat >= PLATEAU_ITERATIONS) {
      reason = "no-progress";
      break;
    }
    if (d.iteration > opts->max_iterations) break; /* the last learn scored all evidence */
    if (runs_left(&d) == 0) {
      reason = "max-runs";
      break;
    }
    if (out_of_time(&d)) {
      reason = "time-limit";
      break;
    }
    SdReport *snap = snapshot(&d, rel, "running");
    write_report_files(&d, snap);
    sd_report_free(snap);
    int added = refute(&d, tested, &tested_count);
    if (added < 0) {
      sd_relevance_free(rel);
      status = SD_DEBUG_HARNESS_ERROR;
      goto done;
    }
    stale = added ? 0 : stale + 1;
    if (stale >= 2) {
      reason = "no-progress";
      /* one more learn happens at the top of the loop; then stop */
      d.iteration++;
      sd_relevance_free(rel);
      rel = rank(&d, relevant, &relevant_count);
      feed_learner(&d);
      sd_learner_learn(d.learner, relevant, relevant_count);
      break;
    }
  }
  if (d.iteration > opts->max_iterations) d.iteration = opts->max_iterations;
  SdReport *rep = snapshot(&d, rel, reason);
  if (confirmed) rep->status = SD_REPORT_CONFIRMED;
  sd_relevance_free(rel);
  /* 3. companions: the reduced input and the abstract input */
  if ((opts->reduce || opts->generalize) && !d.harness_error && !out_of_time(&d)) {
    progress(&d, "reducing and generalising a failing input");
    add_reduction(&d, rep);
    fill_counts(&d, rep);
  }
  write_report_files(&d, rep);
  *report = rep;
  status = SD_DEBUG_OK;
done:
  if (given)
    for (uint32_t i = 0; i < input_count; i++) sd_tree_free(given[i]);
  free(given);
  if (status != SD_DEBUG_OK) *error = d.error ? d.error : sd_xstrdup("diagnosis failed");
  else free(d.error);
  debugger_free(&d);
  return status;
}
