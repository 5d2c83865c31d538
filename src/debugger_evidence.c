/* debugger_evidence.c: the debugger's evidence, every input run so far with
 * its tree and verdict. Texts are deduplicated (a hash set of every text run
 * or about to be), so no input runs twice; inputs are saved to --out as they
 * are labelled. A failure of a kind other than the one explained is kept as
 * UNDEFINED evidence (learned neither way) and counted by kind. Also: making
 * more inputs when there are too few of a kind
 * (regenerating subtrees of failing inputs keeps most of their structure, so
 * even rare failures reproduce), and which failures the causes found so far
 * explain. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "debugger_internal.h"
#include "semdbg/stop.h"

double dbg_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void dbg_progress(Debugger *d, const char *fmt, ...) {
  if (!d->progress) return;
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "semdbg: ");
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

static uint64_t text_hash(const SdTree *t) { return sd_hash_bytes(t->text, t->length, 0x5eed); }

uint64_t dbg_runs_so_far(const Debugger *d) {
  SdOracleStats st;
  sd_oracle_stats(d->oracle, &st);
  return st.runs;
}

bool dbg_out_of_time(const Debugger *d) {
  return sd_stop_requested(); /* the time limit (sd_debug sets the deadline), a signal, an error */
}

uint64_t dbg_runs_left(const Debugger *d) {
  uint64_t used = dbg_runs_so_far(d);
  return used >= d->opts->max_runs ? 0 : d->opts->max_runs - used;
}

bool dbg_seen(const Debugger *d, const SdTree *t) { return sd_hash_set_has(&d->seen, text_hash(t)); }

static void save_input(Debugger *d, uint32_t index) {
  if (!d->opts->out_dir) return;
  const Evidence *e = &d->evidence.items[index];
  char *path = sd_format("%s/%s/input-%05u.txt", d->opts->out_dir,
                         e->verdict == SD_VERDICT_FAIL ? "failing"
                         : e->verdict == SD_VERDICT_PASS ? "passing"
                         : e->other ? "other" : "undefined",
                         index + 1);
  if (!sd_write_file_atomic(path, e->tree->text, e->tree->length)) dbg_write_error(d, path);
  free(path);
}

/* Count a failure of another kind. */
static void count_other(Debugger *d, const char *kind) {
  d->other_failures++;
  for (uint32_t k = 0; k < d->others.size; k++)
    if (!strcmp(d->others.items[k].kind, kind)) {
      d->others.items[k].count++;
      return;
    }
  array_push(&d->others, ((DbgOtherKind){sd_xstrdup(kind), 1}));
}

/* A verdict as the diagnosis sees it: a failure of the kind explained is
 * FAIL; one of another kind is counted and kept out of learning. The first
 * failing given input sets the kind unless --kind did. */
static SdVerdictKind classify(Debugger *d, const SdVerdict *v, bool *other) {
  *other = false;
  if (v->kind != SD_VERDICT_FAIL) return v->kind;
  const char *kind = sd_verdict_failure_kind(v);
  if (!d->kind && d->origin == ORIGIN_GIVEN) d->kind = sd_xstrdup(kind);
  if (d->kind && !strcmp(d->kind, kind)) return SD_VERDICT_FAIL;
  count_other(d, kind);
  *other = true;
  return SD_VERDICT_UNDEFINED;
}

static void add_evidence(Debugger *d, SdTree *tree, const SdVerdict *v) {
  bool other;
  SdVerdictKind verdict = classify(d, v, &other);
  Evidence e = {tree, verdict, d->iteration, d->origin, other};
  array_push(&d->evidence, e);
  uint32_t index = d->evidence.size - 1;
  if (verdict == SD_VERDICT_FAIL) array_push(&d->failing, index);
  else if (verdict == SD_VERDICT_PASS) array_push(&d->passing, index);
  else if (!other) d->undefined++;
  save_input(d, index);
}

void dbg_tag_runs(Debugger *d, SdTree *const *trees, uint32_t from, uint32_t n, const char *tag) {
  if (!d->trace_runs) return;
  for (uint32_t i = from; i < n; i++) array_push(&d->run_tags, ((DbgRunTag){trees[i], tag}));
}

/* SEMDBG_RUN_TRACE: one line per run, its phase (and maker), verdict, text. */
static void trace_run(Debugger *d, const SdTree *t, const SdVerdict *v) {
  static const char *const phases[] = {"given", "gather", "attack", "boundary", "hunt"};
  const char *tag = NULL;
  for (uint32_t k = 0; k < d->run_tags.size && !tag; k++)
    if (d->run_tags.items[k].tree == t) tag = d->run_tags.items[k].tag;
  /* a hunt's input that contradicts the diagnosis hunted is marked */
  const char *mark = "";
  if (d->origin == ORIGIN_HUNT && d->hunted_diagnosis && v->kind != SD_VERDICT_UNDEFINED) {
    bool inside = sd_constraint_eval(d->hunted_diagnosis, t, NULL);
    if (inside == (v->kind == SD_VERDICT_PASS)) mark = inside ? " (refutes: passes inside)" : " (refutes: fails outside)";
  }
  char more[48] = "";
  if (t->length > 80) snprintf(more, sizeof more, "... (%u bytes)", (unsigned)t->length);
  fprintf(stderr, "semdbg: run %s%s%s %s%s %.*s%s\n", phases[d->origin], tag ? "/" : "", tag ? tag : "",
          v->kind == SD_VERDICT_FAIL ? "fail" : v->kind == SD_VERDICT_PASS ? "pass" : "undefined", mark,
          (int)(t->length < 80 ? t->length : 80), t->text, more);
}

int dbg_run_trees(Debugger *d, SdTree **trees, uint32_t n) {
  TreeList fresh = {0};
  for (uint32_t i = 0; i < n; i++) {
    if (sd_hash_set_has(&d->seen, text_hash(trees[i])) || fresh.size >= dbg_runs_left(d)) {
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
  bool stopped = !ok && sd_oracle_stopped(d->oracle); /* a stop: keep the runs that ended */
  int added = 0;
  for (uint32_t i = 0; i < fresh.size; i++) {
    if (d->trace_runs && verdicts[i].reason != SD_REASON_NOT_RUN) trace_run(d, fresh.items[i], &verdicts[i]);
    if ((ok || stopped) && verdicts[i].reason != SD_REASON_NOT_RUN) add_evidence(d, fresh.items[i], &verdicts[i]), added++;
    else sd_tree_free(fresh.items[i]);
    sd_verdict_clear(&verdicts[i]);
  }
  free(texts);
  free(lengths);
  free(verdicts);
  array_free(&fresh);
  if (!ok && !stopped) {
    d->harness_error = true;
    free(d->error);
    d->error = sd_xstrdup(sd_oracle_error(d->oracle));
    return -1;
  }
  return added;
}

uint32_t dbg_run_one(Debugger *d, SdTree *tree) {
  if (dbg_seen(d, tree)) {
    for (uint32_t i = d->evidence.size; i-- > 0;) {
      const SdTree *t = d->evidence.items[i].tree;
      if (t->length == tree->length && !memcmp(t->text, tree->text, t->length)) {
        sd_tree_free(tree);
        return i;
      }
    }
    sd_tree_free(tree);
    return UINT32_MAX;
  }
  uint32_t before = d->evidence.size;
  if (dbg_run_trees(d, &tree, 1) <= 0) return UINT32_MAX;
  return before;
}

/* A copy of tree with one or two random nonterminal subtrees regenerated. */
SdTree *dbg_mutate(Debugger *d, const SdTree *tree) {
  SdTree *t = sd_tree_clone(tree);
  uint32_t changes = 1 + sd_rng_below(&d->rng, 2);
  for (uint32_t c = 0; c < changes; c++) {
    for (int tries = 0; tries < 20 && t->node_count > 1; tries++) {
      SdNode *n = t->nodes[1 + sd_rng_below(&d->rng, t->node_count - 1)];
      if (!sd_grammar_is_nonterminal(d->grammar, n->symbol)) continue;
      sd_fuzz_regenerate(d->fuzzer, t, n);
      break;
    }
  }
  return t;
}

/* The learner's pool (sd_learner_draw_pool), made when the first learner
 * is, from the failing inputs then (the given one first, then those
 * labelled), by a fuzzer of its own: the debugger's random choices stay as
 * they were. */
const TreeList *dbg_learning_pool(Debugger *d) {
  if (d->pool.size || !d->failing.size) return &d->pool;
  SdTree **failing = sd_xcalloc(d->failing.size, sizeof(SdTree *));
  for (uint32_t i = 0; i < d->failing.size; i++) failing[i] = d->evidence.items[d->failing.items[i]].tree;
  SdTree *made[SD_LEARNER_POOL];
  uint32_t n = sd_learner_draw_pool(d->grammar, failing, d->failing.size, d->opts->seed, made);
  for (uint32_t i = 0; i < n; i++) array_push(&d->pool, made[i]);
  free(failing);
  return &d->pool;
}

const Evidence *dbg_random_evidence(Debugger *d, const IndexList *pool) {
  return &d->evidence.items[pool->items[sd_rng_below(&d->rng, pool->size)]];
}

uint32_t dbg_newest_trees(const Debugger *d, const IndexList *from, SdTree **out) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < from->size && n < DBG_SEEDS; i++) out[n++] = d->evidence.items[from->items[from->size - 1 - i]].tree;
  return n;
}

uint32_t dbg_generate(Debugger *d, const SdConstraint *c, SdTree *const *seeds, uint32_t seed_count, uint32_t n,
                      SdTree **out, SdSolveStatus *status) {
  SdTree *donors[DBG_SEEDS];
  uint32_t nd = dbg_newest_trees(d, &d->failing, donors);
  if (seed_count && nd && seeds[0] == donors[0]) nd = 0; /* the seeds are these */
  sd_solver_set_donors(d->solver, donors, nd);
  uint32_t got = sd_solver_generate(d->solver, c, seeds, seed_count, n, out, status);
  sd_solver_set_donors(d->solver, NULL, 0);
  return got;
}

/* How many inputs the next initial batch makes: what is still missing of
 * both kinds (most mutations keep their kind), at least 4 (not the number
 * of parallel jobs: the same seed gives the same inputs on every machine),
 * at most INITIAL_BATCH. Batches of 8 stopped nearer the minimum of each kind
 * (heartbleed: 83-87 runs instead of 97-169) but the fewer failing inputs
 * lost the expression example's other forms of a zero divisor ("/ -0",
 * "/ (7 - 7)"), which the hunt then did not find: "/ 0" was confirmed. */
enum { INITIAL_BATCH = 32 };
static uint32_t initial_batch_size(const Debugger *d, uint32_t want_failing, uint32_t want_passing) {
  uint32_t want = 0;
  if (d->failing.size < want_failing) want += want_failing - d->failing.size;
  if (d->passing.size < want_passing) want += want_passing - d->passing.size;
  if (want < 4) want = 4;
  return want > INITIAL_BATCH ? INITIAL_BATCH : want;
}

/* Runs the gathering goes on without a new input of a kind it still wants
 * (the kind is too rare to meet this way: pinchange's equal pins, 3 failing
 * inputs in 509 runs; the experiments make such inputs with the solver).
 * Each kind is wanted up to its minimum, also when it is rare: twice the
 * minimum for a kind under an eighth of the other (a narrow class needs
 * more examples to show its edges, it was thought) cost the data cases at
 * seeds 1-3 1,106 runs of gathering and saved 416 of experiments; all stay
 * exact without it (13,855 runs in all, 13,165 without). */
enum { GATHER_DRY = 48 };

/* Plain inputs, for a kind that mutations and random derivations have not
 * met (a strict reader that rejects almost every input: a record whose
 * declared length must equal its data's, 70 inputs gathered and none
 * passed): the grammar's least input, and the newest failing input with
 * each element, the largest first, derived the cheapest way (an optional
 * part left out, a repetition ended, the lowest byte of a class:
 * sd_fuzz_least): "0:;" passes where "17:abc;" fails, and a password and
 * its confirmation come out equal ("0000"; random bytes had made every
 * such input fail in pwconfirm). At most PLAIN_INPUTS. */
enum { PLAIN_INPUTS = 12, PLAIN_UNIFORM = 4 };

/* base (the given failing input) with each numeric element of the
 * grammar's own nonterminals (unsigned numerals up to 17 digits) set to
 * half its value, then a quarter: a program that fails outside a
 * narrow range fails on the least inputs too (a level outside 1..19:
 * "0" fails like 25, and random levels are almost all large; level at seed
 * 2 gathered 66 failing inputs and no passing one). At most max. */
static uint32_t halved_values(Debugger *d, const SdTree *base, SdTree **out, uint32_t max) {
  uint32_t n = 0;
  for (int shift = 1; shift <= 2; shift++)
    for (uint32_t i = 1; i < base->node_count && n < max; i++) {
      const SdNode *node = base->nodes[i];
      const SdSymbolInfo *si = &d->grammar->symbols[node->symbol];
      if (!sd_grammar_is_nonterminal(d->grammar, node->symbol) || !si->numeric || si->generated) continue;
      uint32_t len;
      const char *text = sd_node_text(base, node, &len);
      long long v = sd_numeral_value(text, len);
      if (v <= 0 || !(v >>= shift)) continue;
      char buf[24];
      int bl = snprintf(buf, sizeof buf, "%lld", v);
      SdTree *sub = sd_parse(d->parser, node->symbol, buf, (uint32_t)bl, NULL);
      SdTree *t = sub ? sd_tree_clone_replacing(base, node, sub->root) : NULL;
      sd_tree_free(sub);
      if (t && !dbg_seen(d, t)) out[n++] = t;
      else sd_tree_free(t);
    }
  return n;
}
/* base with every element of a nonterminal replaced by one of them, the
 * nonterminals nearest the root first, two such inputs a nonterminal (one
 * per distinct text): an input that fails on one bad record among good
 * ones passes when a good one stands in every place (a die of 7 sides
 * among dice of 6, 20 and 100: random sides are almost never valid, and
 * dicesides gathered 69 failing inputs and no passing one). Elements
 * nested in another of their nonterminal stay (they are replaced with it).
 * At most max. Made after the plain inputs, when none of them passed
 * either (made with them, they changed which inputs were gathered where
 * the plain ones sufficed: heartbleed at seed 2 went from 73 runs to 119). */
enum { UNIFORM_ELEMENTS = 64, UNIFORM_PER_SYMBOL = 2 };
static uint32_t node_depth(const SdNode *node) {
  uint32_t depth = 0;
  for (; node->parent; node = node->parent) depth++;
  return depth;
}
static uint32_t uniform_of(Debugger *d, const SdTree *base, SdSymbol symbol, SdTree **out, uint32_t max) {
  const SdNode *elems[UNIFORM_ELEMENTS];
  uint32_t count = 0, n = 0;
  for (uint32_t i = 1; i < base->node_count && count < UNIFORM_ELEMENTS; i++) {
    const SdNode *node = base->nodes[i];
    bool nested = false;
    for (uint32_t k = 0; k < count && !nested; k++) nested = sd_node_is_ancestor(elems[k], node);
    if (node->symbol == symbol && !nested) elems[count++] = node;
  }
  if (count < 2) return 0;
  const SdNode *with[UNIFORM_ELEMENTS];
  for (uint32_t k = 0; k < count && n < max && n < UNIFORM_PER_SYMBOL; k++) {
    uint32_t len;
    const char *text = sd_node_text(base, elems[k], &len);
    bool differs = false; /* from some other element: else the copy is base */
    for (uint32_t j = 0; j < count && !differs; j++) {
      uint32_t lj;
      const char *tj = sd_node_text(base, elems[j], &lj);
      differs = lj != len || memcmp(tj, text, len);
    }
    if (!differs) break;
    for (uint32_t j = 0; j < count; j++) with[j] = elems[k];
    SdTree *t = sd_tree_clone_replacing_many(base, elems, with, count);
    if (!dbg_seen(d, t)) out[n++] = t;
    else sd_tree_free(t);
  }
  return n;
}
static uint32_t uniform_copies(Debugger *d, const SdTree *base, SdTree **out, uint32_t max) {
  uint32_t n = 0, symbols = d->grammar->symbol_count;
  bool *done = sd_xcalloc(symbols, sizeof(bool));
  for (uint32_t depth = 1; n < max && depth < 64; depth++) {
    bool deeper = false;
    for (uint32_t i = 1; i < base->node_count && n < max; i++) {
      const SdNode *node = base->nodes[i];
      uint32_t nd = node_depth(node);
      deeper |= nd > depth;
      if (nd != depth || done[node->symbol] || !sd_grammar_is_nonterminal(d->grammar, node->symbol)) continue;
      done[node->symbol] = true;
      n += uniform_of(d, base, node->symbol, out + n, max - n);
    }
    if (!deeper) break;
  }
  free(done);
  return n;
}

static uint32_t plain_inputs(Debugger *d, SdTree **out, uint32_t max) {
  uint32_t n = 0;
  SdTree *least = sd_tree_new(d->grammar);
  SdNode *root = sd_fuzz_least(d->fuzzer, least, d->grammar->start);
  if (root) {
    sd_tree_set_root(least, root);
    out[n++] = least;
  } else {
    sd_tree_free(least);
  }
  if (!d->failing.size) return n;
  const SdTree *base = d->evidence.items[d->failing.items[d->failing.size - 1]].tree;
  const SdTree *given = d->evidence.items[d->failing.items[0]].tree;
  n += halved_values(d, given, out + n, max - n < 2 ? max - n : 2);
  for (uint32_t i = 1; i < base->node_count && n < max; i++) { /* preorder: enclosing elements first */
    const SdNode *node = base->nodes[i];
    if (!sd_grammar_is_nonterminal(d->grammar, node->symbol)) continue;
    SdTree *scratch = sd_tree_new(d->grammar);
    SdNode *cheap = sd_fuzz_least(d->fuzzer, scratch, node->symbol);
    SdTree *t = cheap ? sd_tree_clone_replacing(base, node, cheap) : NULL;
    sd_tree_free(scratch);
    if (t && !dbg_seen(d, t)) out[n++] = t;
    else sd_tree_free(t);
  }
  return n;
}

/* A kind the gathering meets rarely is not waited for once a few inputs of
 * it are in: when the rest of its minimum would cost more than
 * GATHER_RARE_COST runs at the rate it has been met so far (after
 * GATHER_RARE_AFTER runs), GATHER_FEW of it will do; the attacks make
 * inputs of both kinds by construction. Waited for, a rare kind cost the
 * data cases at seed 1 most of the runs gathered beyond the minimum
 * (ferrydeck: 126 runs for 5 failing inputs; blockend: 84 for 10 passing). */
enum { GATHER_FEW = 4, GATHER_RARE_COST = 24, GATHER_RARE_AFTER = 16 };
static bool rare_kind(uint32_t have, uint32_t want, uint32_t met, uint64_t runs) {
  if (have >= want) return false;
  if (have < GATHER_FEW || runs < GATHER_RARE_AFTER) return false;
  return (double)(want - have) * (double)runs / (met ? met : 0.5) > GATHER_RARE_COST;
}

/* Label enough inputs of both kinds to learn from: mutations of the inputs
 * of the kind still missing, mostly, and a few inputs from the grammar;
 * plain inputs once, when the first batch met no passing input. */
int dbg_gather_initial(Debugger *d) {
  uint64_t budget = d->opts->max_runs / 4;
  if (budget < 100) budget = d->opts->max_runs < 100 ? d->opts->max_runs : 100;
  uint64_t start_runs = dbg_runs_so_far(d), last_gain = start_runs;
  uint32_t stale = 0;
  uint32_t plain_tried = 0;
  d->origin = ORIGIN_GATHER;
  uint32_t failing_at_start = d->failing.size, passing_at_start = d->passing.size;
  for (;;) {
    uint32_t want_failing = d->opts->min_failing, want_passing = d->opts->min_passing;
    uint64_t runs = dbg_runs_so_far(d) - start_runs;
    if (rare_kind(d->failing.size, want_failing, d->failing.size - failing_at_start, runs)) want_failing = d->failing.size;
    if (rare_kind(d->passing.size, want_passing, d->passing.size - passing_at_start, runs)) want_passing = d->passing.size;
    bool need_fail = d->failing.size < want_failing, need_pass = d->passing.size < want_passing;
    if ((!need_fail && !need_pass) || dbg_runs_so_far(d) - start_runs >= budget || dbg_runs_left(d) == 0 ||
        dbg_out_of_time(d) || stale >= 5 || dbg_runs_so_far(d) - last_gain >= GATHER_DRY)
      break;
    SdTree *batch[INITIAL_BATCH];
    uint32_t n = 0, size = initial_batch_size(d, want_failing, want_passing);
    if (need_pass && !d->passing.size && dbg_runs_so_far(d) > start_runs && plain_tried < 2) {
      /* plain inputs, then (none of them passed either) uniform copies */
      if (plain_tried++ == 0) n = plain_inputs(d, batch, size < PLAIN_INPUTS ? size : PLAIN_INPUTS);
      else if (d->failing.size)
        n = uniform_copies(d, d->evidence.items[d->failing.items[0]].tree, batch, size < PLAIN_UNIFORM ? size : PLAIN_UNIFORM);
    }
    double fail_share = need_fail && need_pass ? 0.5 : need_fail ? 0.8 : 0.1;
    while (n < size) {
      double r = sd_rng_unit(&d->rng);
      if (d->failing.size && r < fail_share)
        batch[n++] = dbg_mutate(d, dbg_random_evidence(d, &d->failing)->tree);
      else if (d->passing.size && r < 0.9)
        batch[n++] = dbg_mutate(d, dbg_random_evidence(d, &d->passing)->tree);
      else
        batch[n++] = sd_fuzz_tree(d->fuzzer, -1);
    }
    uint32_t failing_before = d->failing.size, passing_before = d->passing.size;
    int added = dbg_run_trees(d, batch, n);
    if (added < 0) return -1;
    stale = added ? 0 : stale + 1;
    if ((need_fail && d->failing.size > failing_before) || (need_pass && d->passing.size > passing_before))
      last_gain = dbg_runs_so_far(d);
  }
  dbg_progress(d, "%u failing, %u passing, %u undefined inputs to learn from (%u other failures)",
               d->failing.size, d->passing.size, d->undefined, d->other_failures);
  return 0;
}

bool dbg_agrees_with_evidence(const Debugger *d, const SdConstraint *c) {
  for (uint32_t k = 0; k < d->failing.size; k++)
    if (!sd_constraint_eval(c, d->evidence.items[d->failing.items[k]].tree, NULL)) return false;
  for (uint32_t k = 0; k < d->passing.size; k++)
    if (sd_constraint_eval(c, d->evidence.items[d->passing.items[k]].tree, NULL)) return false;
  return true;
}

bool dbg_cause_holds(const Debugger *d, const SdTree *t) {
  for (uint32_t k = 0; k < d->causes.size; k++)
    if (sd_constraint_eval(d->causes.items[k].constraint, t, NULL)) return true;
  return false;
}

bool dbg_holds_on_passing(const Debugger *d, const SdConstraint *c) {
  for (uint32_t k = 0; k < d->passing.size; k++)
    if (sd_constraint_eval(c, d->evidence.items[d->passing.items[k]].tree, NULL)) return true;
  return false;
}

bool dbg_explained(const Debugger *d, uint32_t i) { return dbg_cause_holds(d, d->evidence.items[i].tree); }

void dbg_unexplained(const Debugger *d, IndexList *out) {
  out->size = 0;
  for (uint32_t k = 0; k < d->failing.size; k++)
    if (!dbg_explained(d, d->failing.items[k])) array_push(out, d->failing.items[k]);
}
