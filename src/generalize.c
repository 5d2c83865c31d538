/* generalize.c: DDSET abstraction of a failing input (`semdbg generalize`).
 *
 * The failing tree is never edited: a variant is rendered straight from it by
 * a walk that writes a replacement subtree (built in a scratch arena) at the
 * node under test and a derivation of its own at every placeholder found so
 * far. Nodes are visited in preorder; each gets up to `tries` distinct
 * variants: boundary cases first (the cheapest derivation of some of the
 * nonterminal's alternatives, with the other placeholders at their cheapest,
 * which keeps a random filler from bringing the failure cause back, e.g. a
 * second '"'), then random derivations sized like sd_fuzz_regenerate's with
 * random placeholders. They are judged in oracle batches that stop at the
 * first batch with a pass. A node whose variants never pass but fail at least
 * once becomes a placeholder and its subtree is skipped. Instantiation
 * renders the same way with only the placeholders, at random. */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "array.h"
#include "json_util.h"
#include "semdbg/fuzzer.h"
#include "semdbg/reduce.h"
#include "util.h"

typedef struct Gen {
  const SdTree *tree;
  const bool *is_placeholder; /* by preorder id */
  SdFuzzer *fuzzer;
  SdTree *scratch;            /* arena for replacement subtrees */
} Gen;

static void render_subtree(const SdNode *node, SdBuf *out) {
  Array(const SdNode *) stack = {0};
  array_push(&stack, node);
  while (stack.size) {
    const SdNode *n = array_pop(&stack);
    if (n->alternative < 0) {
      if (n->leaf_length) sd_buf_append(out, n->leaf, n->leaf_length);
      continue;
    }
    for (uint32_t i = n->child_count; i-- > 0;) array_push(&stack, n->children[i]);
  }
  array_free(&stack);
}

/* A random derivation of node's symbol, sized like sd_fuzz_regenerate does. */
static SdNode *random_like(Gen *gen, const SdNode *node) {
  const SdGrammar *g = gen->tree->grammar;
  uint32_t lo = g->symbols[node->symbol].min_size;
  uint32_t hi = node->size * 2 > lo ? node->size * 2 : lo;
  if (hi < 16) hi = lo + 16;
  uint32_t target = lo + sd_rng_below(sd_fuzzer_rng(gen->fuzzer), hi - lo + 1);
  return sd_fuzz_node(gen->fuzzer, gen->scratch, node->symbol, target);
}

/* The cheapest derivation of `symbol` that uses alternative a at the top. */
static SdNode *cheapest_with(Gen *gen, SdSymbol symbol, uint32_t a) {
  const SdAlternative *alt = &gen->tree->grammar->symbols[symbol].alternatives[a];
  SdNode *n = sd_tree_new_node(gen->scratch, symbol, (int32_t)a, alt->count);
  for (uint32_t k = 0; k < alt->count; k++) {
    n->children[k] = sd_fuzz_cheapest(gen->fuzzer, gen->scratch, alt->symbols[k]);
    n->children[k]->parent = n;
  }
  return n;
}

/* The input with `target` replaced by `replacement` (if target is not NULL)
 * and every placeholder filled at random, or with its cheapest derivation. */
static void render_variant(Gen *gen, const SdNode *target, const SdNode *replacement,
                           bool cheap_fill, SdBuf *out) {
  Array(const SdNode *) stack = {0};
  array_push(&stack, gen->tree->root);
  while (stack.size) {
    const SdNode *n = array_pop(&stack);
    if (n == target) render_subtree(replacement, out);
    else if (gen->is_placeholder[n->id])
      render_subtree(cheap_fill ? sd_fuzz_cheapest(gen->fuzzer, gen->scratch, n->symbol)
                                : random_like(gen, n),
                     out);
    else if (n->alternative < 0) sd_buf_append(out, n->leaf, n->leaf_length);
    else
      for (uint32_t i = n->child_count; i-- > 0;) array_push(&stack, n->children[i]);
  }
  array_free(&stack);
}

typedef Array(char *) TextList;
typedef Array(uint32_t) LengthList;

static void add_distinct(TextList *texts, LengthList *lengths, SdBuf *b) {
  for (uint32_t i = 0; i < texts->size; i++)
    if (lengths->items[i] == b->len && !memcmp(texts->items[i], b->data ? b->data : "", b->len)) {
      sd_buf_free(b);
      return;
    }
  array_push(lengths, (uint32_t)b->len);
  if (!b->data) sd_buf_append(b, "", 0);
  array_push(texts, sd_buf_take(b));
}

static uint64_t oracle_runs(const SdOracle *oracle) {
  SdOracleStats st;
  sd_oracle_stats(oracle, &st);
  return st.runs;
}

void sd_generalize_options_init(SdGeneralizeOptions *self) {
  memset(self, 0, sizeof *self);
  self->tries = 10;
  self->seed = 1;
}

void sd_abstract_free(SdAbstractInput *self) {
  if (!self) return;
  sd_tree_free(self->tree);
  free(self->placeholders);
  free(self->is_placeholder);
  free(self);
}

typedef enum { NODE_CONCRETE, NODE_ABSTRACT, NODE_BUDGET, NODE_HARNESS } NodeOutcome;

/* Test the variants of one node. */
static NodeOutcome test_node(Gen *gen, SdOracle *oracle, const SdNode *node,
                             const SdGeneralizeOptions *o, uint64_t runs_at_start) {
  const SdSymbolInfo *si = sd_grammar_symbol(gen->tree->grammar, node->symbol);
  TextList texts = {0};
  LengthList lengths = {0};
  uint32_t tries = o->tries ? o->tries : 1;
  uint32_t boundary = (tries + 1) / 2;
  for (uint32_t a = 0; a < si->alternative_count && texts.size < boundary; a++) {
    if (si->alternatives[a].min_size == UINT32_MAX) continue;
    SdBuf b = {0};
    render_variant(gen, node, cheapest_with(gen, node->symbol, a), true, &b);
    add_distinct(&texts, &lengths, &b);
  }
  for (uint32_t attempt = 0; texts.size < tries && attempt < 4 * tries; attempt++) {
    SdBuf b = {0};
    render_variant(gen, node, random_like(gen, node), false, &b);
    add_distinct(&texts, &lengths, &b);
  }
  uint32_t batch = o->batch;
  if (!batch) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    batch = n < 1 ? 1 : n > 64 ? 64 : (uint32_t)n;
  }
  uint32_t failed = 0, passed = 0;
  NodeOutcome outcome = NODE_CONCRETE;
  const char **inputs = sd_xcalloc(batch, sizeof *inputs);
  size_t *lens = sd_xcalloc(batch, sizeof *lens);
  SdVerdict *verdicts = sd_xcalloc(batch, sizeof *verdicts);
  for (uint32_t i = 0; i < texts.size && passed == 0;) {
    uint64_t limit = batch;
    if (o->max_runs) {
      uint64_t used = oracle_runs(oracle) - runs_at_start;
      uint64_t left = used >= o->max_runs ? 0 : o->max_runs - used;
      if (left < limit) limit = left;
    }
    if (limit == 0) {
      outcome = NODE_BUDGET;
      break;
    }
    uint32_t n = 0;
    for (; n < limit && i + n < texts.size; n++) {
      inputs[n] = texts.items[i + n];
      lens[n] = lengths.items[i + n];
    }
    bool ok = sd_oracle_run(oracle, inputs, lens, n, verdicts);
    for (uint32_t k = 0; k < n; k++) {
      if (sd_verdict_fails_as(&verdicts[k], o->kind)) failed++;
      else if (verdicts[k].kind == SD_VERDICT_PASS) passed++;
      sd_verdict_clear(&verdicts[k]);
    }
    if (!ok) {
      outcome = NODE_HARNESS;
      break;
    }
    i += n;
  }
  if (outcome == NODE_CONCRETE && passed == 0 && failed > 0) outcome = NODE_ABSTRACT;
  free(verdicts);
  free(lens);
  free(inputs);
  for (uint32_t i = 0; i < texts.size; i++) free(texts.items[i]);
  array_free(&texts);
  array_free(&lengths);
  return outcome;
}

SdAbstractInput *sd_generalize_with(const SdTree *self, SdOracle *oracle,
                                    const SdGeneralizeOptions *options, SdReduceStatus *status,
                                    char **error) {
  SdGeneralizeOptions defaults;
  sd_generalize_options_init(&defaults);
  const SdGeneralizeOptions *o = options ? options : &defaults;
  *error = NULL;
  if (status) *status = SD_REDUCE_OK;
  uint64_t runs_at_start = oracle_runs(oracle);
  SdReduceStatus st = sd_reduce_check_failing_as(oracle, self->text, self->length, o->kind, NULL, 0, error);
  if (st != SD_REDUCE_OK) {
    if (status) *status = st;
    return NULL;
  }
  SdAbstractInput *ab = sd_xcalloc(1, sizeof *ab);
  ab->tree = sd_tree_clone(self);
  ab->is_placeholder = sd_xcalloc(ab->tree->node_count ? ab->tree->node_count : 1, sizeof(bool));
  ab->complete = true;
  SdFuzzerOptions fo = {.seed = o->seed};
  Gen gen = {.tree = ab->tree, .is_placeholder = ab->is_placeholder,
             .fuzzer = sd_fuzzer_new(ab->tree->grammar, &fo)};
  Array(uint32_t) placeholders = {0};
  Array(const SdNode *) stack = {0};
  array_push(&stack, ab->tree->root);
  bool ok = true;
  while (stack.size) {
    const SdNode *n = array_pop(&stack);
    if (n->alternative < 0) continue; /* terminals stay as they are */
    gen.scratch = sd_tree_new(ab->tree->grammar);
    NodeOutcome out = test_node(&gen, oracle, n, o, runs_at_start);
    sd_tree_free(gen.scratch);
    gen.scratch = NULL;
    ab->nodes_tested++;
    if (out == NODE_HARNESS) {
      ok = false;
      break;
    }
    if (out == NODE_BUDGET) {
      ab->complete = false;
      ab->nodes_tested--;
      break;
    }
    if (out == NODE_ABSTRACT) {
      ab->is_placeholder[n->id] = true;
      array_push(&placeholders, n->id);
      continue;
    }
    for (uint32_t i = n->child_count; i-- > 0;) array_push(&stack, n->children[i]);
  }
  array_free(&stack);
  sd_fuzzer_free(gen.fuzzer);
  ab->placeholders = placeholders.items; /* preorder = document order */
  ab->placeholder_count = placeholders.size;
  ab->runs = oracle_runs(oracle) - runs_at_start;
  if (!ok) {
    const char *why = sd_oracle_error(oracle);
    *error = sd_xstrdup(why ? why : "the test command could not run");
    if (status) *status = SD_REDUCE_HARNESS_ERROR;
    sd_abstract_free(ab);
    return NULL;
  }
  return ab;
}

SdAbstractInput *sd_generalize(const SdGrammar *g, SdOracle *oracle, const SdTree *failing,
                               uint32_t tries, uint64_t seed, uint32_t max_runs, char **error) {
  SdGeneralizeOptions o;
  sd_generalize_options_init(&o);
  o.tries = tries;
  o.seed = seed;
  o.max_runs = max_runs;
  (void)g; /* the tree knows its grammar */
  return sd_generalize_with(failing, oracle, &o, NULL, error);
}

/* ---------- output ---------- */

/* Calls emit(text) for concrete runs and emit(placeholder) for placeholders,
 * in document order; concrete text of adjacent nodes is merged. */
typedef void (*EmitFn)(void *ctx, const SdNode *placeholder, const char *text, size_t length);

static void walk_abstract(const SdAbstractInput *self, EmitFn emit, void *ctx) {
  SdBuf text = {0};
  Array(const SdNode *) stack = {0};
  array_push(&stack, self->tree->root);
  while (stack.size) {
    const SdNode *n = array_pop(&stack);
    if (self->is_placeholder[n->id]) {
      if (text.len) emit(ctx, NULL, text.data, text.len);
      text.len = 0;
      emit(ctx, n, NULL, 0);
    } else if (n->alternative < 0) {
      sd_buf_append(&text, n->leaf, n->leaf_length);
    } else {
      for (uint32_t i = n->child_count; i-- > 0;) array_push(&stack, n->children[i]);
    }
  }
  if (text.len) emit(ctx, NULL, text.data, text.len);
  array_free(&stack);
  sd_buf_free(&text);
}

typedef struct StringCtx {
  SdBuf buf;
  const SdGrammar *g;
} StringCtx;

static void emit_to_string(void *ctx, const SdNode *ph, const char *text, size_t length) {
  StringCtx *s = ctx;
  if (ph) { /* desugared EBNF helpers show as the EBNF they came from: <digit>* */
    char *name = sd_grammar_display_name(s->g, ph->symbol);
    sd_buf_puts(&s->buf, name);
    free(name);
  }
  else sd_buf_append(&s->buf, text, length);
}

char *sd_abstract_to_string(const SdAbstractInput *self) {
  StringCtx s = {.g = self->tree->grammar};
  walk_abstract(self, emit_to_string, &s);
  if (!s.buf.data) sd_buf_append(&s.buf, "", 0);
  return sd_buf_take(&s.buf);
}

typedef struct JsonCtx {
  cJSON *segments;
  const SdTree *tree;
} JsonCtx;

static void emit_to_json(void *ctx, const SdNode *ph, const char *text, size_t length) {
  JsonCtx *j = ctx;
  cJSON *seg = cJSON_CreateObject();
  if (ph) {
    char *name = sd_grammar_display_name(j->tree->grammar, ph->symbol);
    cJSON_AddStringToObject(seg, "placeholder", name);
    free(name);
    cJSON_AddStringToObject(seg, "nonterminal", j->tree->grammar->symbols[ph->symbol].name);
    uint32_t len;
    const char *orig = sd_node_text(j->tree, ph, &len);
    cJSON_AddItemToObject(seg, "original", sd_json_bytes(orig, len));
  } else {
    cJSON_AddItemToObject(seg, "text", sd_json_bytes(text, length));
  }
  cJSON_AddItemToArray(j->segments, seg);
}

cJSON *sd_abstract_to_json(const SdAbstractInput *self) {
  cJSON *o = cJSON_CreateObject();
  char *pattern = sd_abstract_to_string(self);
  cJSON_AddItemToObject(o, "pattern", sd_json_bytes(pattern, strlen(pattern)));
  free(pattern);
  cJSON_AddNumberToObject(o, "placeholders", self->placeholder_count);
  JsonCtx j = {.segments = cJSON_AddArrayToObject(o, "segments"), .tree = self->tree};
  walk_abstract(self, emit_to_json, &j);
  return o;
}

/* ---------- instantiation ---------- */

void sd_instances_clear(SdInstances *self) {
  for (uint32_t i = 0; i < self->count; i++) {
    free(self->texts[i]);
    if (self->failure_kinds) free(self->failure_kinds[i]);
  }
  free(self->texts);
  free(self->failure_kinds);
  free(self->lengths);
  free(self->kinds);
  free(self->status);
  memset(self, 0, sizeof *self);
}

bool sd_abstract_instantiate(const SdAbstractInput *self, SdOracle *oracle, uint32_t n,
                             uint64_t seed, SdInstances *out, char **error) {
  memset(out, 0, sizeof *out);
  *error = NULL;
  SdFuzzerOptions fo = {.seed = seed};
  Gen gen = {.tree = self->tree, .is_placeholder = self->is_placeholder,
             .fuzzer = sd_fuzzer_new(self->tree->grammar, &fo)};
  out->count = n;
  out->texts = sd_xcalloc(n ? n : 1, sizeof *out->texts);
  out->lengths = sd_xcalloc(n ? n : 1, sizeof *out->lengths);
  out->kinds = sd_xcalloc(n ? n : 1, sizeof *out->kinds);
  out->status = sd_xcalloc(n ? n : 1, sizeof *out->status);
  out->failure_kinds = sd_xcalloc(n ? n : 1, sizeof *out->failure_kinds);
  size_t *lens = sd_xcalloc(n ? n : 1, sizeof *lens);
  for (uint32_t i = 0; i < n; i++) {
    gen.scratch = sd_tree_new(self->tree->grammar);
    SdBuf b = {0};
    render_variant(&gen, NULL, NULL, false, &b);
    sd_tree_free(gen.scratch);
    out->lengths[i] = (uint32_t)b.len;
    lens[i] = b.len;
    if (!b.data) sd_buf_append(&b, "", 0);
    out->texts[i] = sd_buf_take(&b);
  }
  sd_fuzzer_free(gen.fuzzer);
  SdVerdict *verdicts = sd_xcalloc(n ? n : 1, sizeof *verdicts);
  uint64_t before = oracle_runs(oracle);
  bool ok = sd_oracle_run(oracle, (const char *const *)out->texts, lens, n, verdicts);
  out->runs = oracle_runs(oracle) - before;
  for (uint32_t i = 0; i < n; i++) {
    out->kinds[i] = verdicts[i].kind;
    sd_verdict_status_text(&verdicts[i], out->status[i], sizeof out->status[i]);
    out->failure_kinds[i] = sd_xstrdup(sd_verdict_failure_kind(&verdicts[i]));
    if (verdicts[i].kind == SD_VERDICT_FAIL) out->failed++;
    else if (verdicts[i].kind == SD_VERDICT_PASS) out->passed++;
    else out->undefined++;
    sd_verdict_clear(&verdicts[i]);
  }
  free(verdicts);
  free(lens);
  if (!ok) {
    const char *why = sd_oracle_error(oracle);
    *error = sd_xstrdup(why ? why : "the test command could not run");
    sd_instances_clear(out);
    return false;
  }
  return true;
}

uint32_t sd_instances_failed_as(const SdInstances *self, const char *kind) {
  if (!kind) return self->failed;
  uint32_t n = 0;
  for (uint32_t i = 0; i < self->count; i++)
    n += self->kinds[i] == SD_VERDICT_FAIL && !strcmp(self->failure_kinds[i], kind);
  return n;
}

bool sd_abstract_instantiate_check(const SdAbstractInput *self, SdOracle *oracle, uint32_t n,
                                   uint64_t seed, uint32_t *runs, uint32_t *failed) {
  return sd_abstract_instantiate_check_as(self, oracle, n, seed, NULL, runs, failed);
}

bool sd_abstract_instantiate_check_as(const SdAbstractInput *self, SdOracle *oracle, uint32_t n,
                                      uint64_t seed, const char *kind, uint32_t *runs,
                                      uint32_t *failed) {
  SdInstances in;
  char *error = NULL;
  *runs = *failed = 0;
  if (!sd_abstract_instantiate(self, oracle, n, seed, &in, &error)) {
    free(error);
    return false;
  }
  *runs = in.count;
  *failed = sd_instances_failed_as(&in, kind);
  sd_instances_clear(&in);
  return true;
}
