/* reduce.c: grammar-based reduction of a failing input (`semdbg reduce`).
 *
 * The reducer edits the derivation tree, so every candidate is a valid input
 * of the grammar. For a nonterminal node it builds replacement subtrees in a
 * scratch arena: proper descendants of the same nonterminal (hoisting), other
 * alternatives of the node's nonterminal that keep the children they share
 * (dropping optional and repeated parts; a missing symbol gets its cheapest
 * derivation) and the cheapest derivation of the nonterminal. For every node,
 * terminals included, it also deletes the node's text (alone or with an
 * adjacent terminal) and keeps that text if the Earley recognizer accepts it:
 * this finds reductions that need two tree edits, such as moving a '"' from
 * after a tag into the leading text. Candidates are rendered as prefix +
 * replacement + suffix, kept only when smaller in (bytes, nodes),
 * deduplicated and sorted smallest first, then judged by the oracle in
 * batches; the first failing one in submission order replaces the node in the
 * current tree (an accepted deletion re-parses and restarts the pass). Nodes
 * are visited breadth-first by paths of child indices (an edit inside one
 * subtree leaves the paths of the others valid); passes repeat until one
 * accepts nothing, which makes the result 1-minimal with respect to the
 * operations. Far hoists (chunks of list items) are only a speed-up and stop
 * once a pass accepts none. Sets of 128-bit text hashes remember candidates
 * that did not fail or did not parse, so none is submitted or parsed twice;
 * failing ones are asked again and answered by the oracle's exact cache. */
#include "semdbg/reduce.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "array.h"
#include "semdbg/fuzzer.h"
#include "semdbg/parser.h"
#include "util.h"

/* ---------- helpers ---------- */

typedef struct Seen { /* set of 128-bit text hashes, open addressing; 0 = empty slot */
  uint64_t *keys;     /* 2 per slot */
  uint32_t cap, count;
} Seen;

static void render(const SdNode *node, SdBuf *out) {
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

static uint32_t count_nodes(const SdNode *node) {
  Array(const SdNode *) stack = {0};
  uint32_t count = 0;
  array_push(&stack, node);
  while (stack.size) {
    const SdNode *n = array_pop(&stack);
    count++;
    for (uint32_t i = 0; i < n->child_count; i++) array_push(&stack, n->children[i]);
  }
  array_free(&stack);
  return count;
}

static uint32_t default_batch(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  if (n < 1) n = 1;
  if (n > 64) n = 64;
  return (uint32_t)n;
}

static void text_key(const char *text, size_t length, uint64_t key[2]) {
  key[0] = sd_hash_bytes(text, length, 0x5eed0001) | 1; /* never 0: 0 marks empty slots */
  key[1] = sd_hash_bytes(text, length, 0x5eed0002) ^ (uint64_t)length;
}

static bool seen_has(const Seen *self, const char *text, size_t length) {
  if (!self->cap) return false;
  uint64_t k[2];
  text_key(text, length, k);
  for (uint32_t i = (uint32_t)k[0] & (self->cap - 1);; i = (i + 1) & (self->cap - 1)) {
    if (!self->keys[2 * i]) return false;
    if (self->keys[2 * i] == k[0] && self->keys[2 * i + 1] == k[1]) return true;
  }
}

static void seen_put(Seen *self, const uint64_t k[2]) {
  uint32_t i = (uint32_t)k[0] & (self->cap - 1);
  while (self->keys[2 * i]) {
    if (self->keys[2 * i] == k[0] && self->keys[2 * i + 1] == k[1]) return;
    i = (i + 1) & (self->cap - 1);
  }
  self->keys[2 * i] = k[0];
  self->keys[2 * i + 1] = k[1];
  self->count++;
}

static void seen_add(Seen *self, const char *text, size_t length) {
  if ((self->count + 1) * 2 > self->cap) {
    uint32_t old_cap = self->cap;
    uint64_t *old = self->keys;
    self->cap = old_cap ? old_cap * 2 : 256;
    self->keys = sd_xcalloc((size_t)self->cap * 2, sizeof(uint64_t));
    self->count = 0;
    for (uint32_t i = 0; i < old_cap; i++)
      if (old[2 * i]) seen_put(self, &old[2 * i]);
    free(old);
  }
  uint64_t k[2];
  text_key(text, length, k);
  seen_put(self, k);
}

static uint64_t oracle_runs(const SdOracle *oracle) {
  SdOracleStats st;
  sd_oracle_stats(oracle, &st);
  return st.runs;
}

SdReduceStatus sd_reduce_check_failing_as(SdOracle *oracle, const char *text, size_t length,
                                          const char *kind, char *status, size_t status_size,
                                          char **error) {
  SdVerdict v;
  *error = NULL;
  if (!sd_oracle_run1(oracle, text, length, &v)) {
    sd_verdict_clear(&v);
    const char *why = sd_oracle_error(oracle);
    *error = sd_xstrdup(why ? why : "the test command could not run");
    return SD_REDUCE_HARNESS_ERROR;
  }
  char st[64];
  sd_verdict_status_text(&v, st, sizeof st);
  if (status && status_size) snprintf(status, status_size, "%s", st);
  bool fails = sd_verdict_fails_as(&v, kind);
  if (fails) *error = NULL;
  else if (v.kind == SD_VERDICT_PASS) *error = sd_format("does not fail: the test command passed it (%s)", st);
  else if (v.kind == SD_VERDICT_FAIL)
    *error = sd_format("does not fail with kind %s: it fails with %s (%s)", kind, v.failure_kind, st);
  else *error = sd_format("does not fail: the test command judged it undefined (%s)", st);
  sd_verdict_clear(&v);
  return fails ? SD_REDUCE_OK : SD_REDUCE_NOT_FAILING;
}

SdReduceStatus sd_reduce_check_failing(SdOracle *oracle, const char *text, size_t length,
                                       char *status, size_t status_size, char **error) {
  return sd_reduce_check_failing_as(oracle, text, length, NULL, status, status_size, error);
}

/* ---------- judging candidates ---------- */

typedef struct Runner {
  SdOracle *oracle;
  uint64_t runs_at_start;
  uint64_t max_runs; /* 0 = no limit */
  uint32_t batch;
  uint64_t candidates;
  bool exhausted;
  const char *kind; /* the failure kind kept (NULL = any) */
  bool (*keep)(void *keep_data, const char *text, size_t length); /* NULL = every candidate */
  void *keep_data;
  Seen not_failing;
} Runner;

static uint64_t runner_used(const Runner *r) { return oracle_runs(r->oracle) - r->runs_at_start; }

/* Index of the first candidate (in order) that fails, or -1 when none does
 * (or the budget ran out: r->exhausted); -2 on a harness error. */
static int64_t first_failing(Runner *r, char *const *texts, const uint32_t *lengths, uint32_t count) {
  uint32_t i = 0;
  Array(uint32_t) chunk = {0};
  const char **inputs = sd_xcalloc(r->batch, sizeof *inputs);
  size_t *lens = sd_xcalloc(r->batch, sizeof *lens);
  SdVerdict *verdicts = sd_xcalloc(r->batch, sizeof *verdicts);
  int64_t result = -1;
  while (i < count) {
    uint64_t limit = r->batch;
    if (r->max_runs) {
      uint64_t used = runner_used(r);
      uint64_t left = used >= r->max_runs ? 0 : r->max_runs - used;
      if (left < limit) limit = left;
    }
    array_clear(&chunk);
    uint32_t j = i;
    bool unknown_left = false;
    for (; j < count; j++) {
      if (seen_has(&r->not_failing, texts[j], lengths[j])) continue;
      if (r->keep && !r->keep(r->keep_data, texts[j], lengths[j])) {
        seen_add(&r->not_failing, texts[j], lengths[j]);
        continue;
      }
      if (chunk.size >= limit) {
        unknown_left = true;
        break;
      }
      array_push(&chunk, j);
    }
    if (chunk.size == 0) {
      if (unknown_left) r->exhausted = true;
      break;
    }
    for (uint32_t k = 0; k < chunk.size; k++) {
      inputs[k] = texts[chunk.items[k]];
      lens[k] = lengths[chunk.items[k]];
    }
    bool ok = sd_oracle_run(r->oracle, inputs, lens, chunk.size, verdicts);
    r->candidates += chunk.size;
    for (uint32_t k = 0; k < chunk.size && result == -1; k++) {
      if (!ok) break;
      if (sd_verdict_fails_as(&verdicts[k], r->kind)) result = chunk.items[k];
      else seen_add(&r->not_failing, inputs[k], lens[k]);
    }
    for (uint32_t k = 0; k < chunk.size; k++) sd_verdict_clear(&verdicts[k]);
    if (!ok) result = -2;
    if (result != -1) break;
    i = j;
  }
  free(verdicts);
  free(lens);
  free(inputs);
  array_free(&chunk);
  return result;
}

/* ---------- candidates ---------- */

typedef struct Candidate {
  SdNode *replacement; /* in the current tree (hoisting) or the scratch tree */
  char *text;          /* whole candidate input */
  uint32_t length;     /* bytes of the whole input */
  uint32_t nodes;      /* nodes of the whole tree */
  uint32_t order;      /* generation order (tie breaker) */
  bool far;            /* a far hoist (a speed-up, not needed for 1-minimality) */
  bool deletion;       /* the input without a node's text (re-parsed when accepted) */
} Candidate;

typedef Array(Candidate) CandidateList;

static int compare_candidates(const void *a, const void *b) {
  const Candidate *x = a, *y = b;
  if (x->length != y->length) return x->length < y->length ? -1 : 1;
  if (x->nodes != y->nodes) return x->nodes < y->nodes ? -1 : 1;
  int c = memcmp(x->text, y->text, x->length);
  if (c) return c;
  return x->order < y->order ? -1 : x->order > y->order;
}

typedef struct Reducer {
  const SdGrammar *g;
  SdTree *tree; /* current, failing */
  SdTree *scratch;
  SdFuzzer *fuzzer;
  SdParser *parser;
  Seen unparsable; /* deletion texts outside the language */
  Runner runner;
  uint32_t steps;
  bool far;          /* try far hoists in this pass */
  bool far_accepted; /* a far hoist was accepted in this pass */
} Reducer;

static void add_candidate(Reducer *rd, CandidateList *list, const SdNode *node, SdNode *rep,
                          uint32_t rep_nodes) {
  SdBuf mid = {0};
  render(rep, &mid);
  uint32_t old_length = node->end - node->start;
  if (mid.len > old_length || (mid.len == old_length && rep_nodes >= node->size)) {
    sd_buf_free(&mid);
    return;
  }
  SdBuf whole = {0};
  sd_buf_reserve(&whole, rd->tree->length - old_length + mid.len + 1);
  sd_buf_append(&whole, rd->tree->text, node->start);
  sd_buf_append(&whole, mid.data ? mid.data : "", mid.len);
  sd_buf_append(&whole, rd->tree->text + node->end, rd->tree->length - node->end);
  Candidate c = {.replacement = rep,
                 .length = (uint32_t)whole.len,
                 .nodes = rd->tree->node_count - node->size + rep_nodes,
                 .order = list->size};
  c.text = sd_buf_take(&whole);
  array_push(list, c);
  sd_buf_free(&mid);
}

/* Same-symbol descendants of node: the nearest ones (no node of the symbol in
 * between) always; with `far`, also farther ones at preorder positions 2, 4,
 * 8, ... among them (in a list built by recursion: dropping 2, 4, 8, ...
 * items at once) and, at the top of a chain, the last one. */
static void hoisting_candidates(Reducer *rd, CandidateList *list, SdNode *node, bool far) {
  SdTree *t = rd->tree;
  uint32_t count, first = sd_tree_range(t, node->symbol, node, &count);
  if (count <= 1) return;
  const uint32_t *ids = t->by_symbol[node->symbol] + first;
  bool *take = sd_xcalloc(count, sizeof *take);
  Array(SdNode *) stack = {0};
  for (uint32_t i = node->child_count; i-- > 0;) array_push(&stack, node->children[i]);
  while (stack.size) {
    SdNode *n = array_pop(&stack);
    if (n->symbol == node->symbol) {
      uint32_t lo = 0, hi = count; /* n's position among ids (sorted) */
      while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (ids[mid] < n->id) lo = mid + 1;
        else hi = mid;
      }
      take[lo] = true;
      continue;
    }
    for (uint32_t i = n->child_count; i-- > 0;) array_push(&stack, n->children[i]);
  }
  array_free(&stack);
  if (far) {
    /* like ddmin's partitions: a chunk of k = 2, 4, 8, ... only from nodes
     * whose number of same-symbol ancestors is a multiple of k, so a list of
     * n items gets about 2n far hoists in all, not n log n */
    uint32_t p = 0;
    for (const SdNode *a = node->parent; a; a = a->parent) p += a->symbol == node->symbol;
    for (uint64_t k = 2; k < count; k *= 2)
      if (p % k == 0) take[k] = true;
    if (p == 0) take[count - 1] = true;
  }
  for (uint32_t k = 1; k < count; k++)
    if (take[k]) {
      SdNode *d = sd_tree_node(t, ids[k]);
      uint32_t before = list->size;
      add_candidate(rd, list, node, d, d->size);
      if (list->size > before) list->items[before].far = true;
    }
  free(take);
}

/* Other alternatives of node's nonterminal: children are matched greedily
 * left to right by symbol; unmatched symbols get their cheapest derivation. */
static void alternative_candidates(Reducer *rd, CandidateList *list, SdNode *node) {
  const SdSymbolInfo *si = sd_grammar_symbol(rd->g, node->symbol);
  for (uint32_t a = 0; a < si->alternative_count; a++) {
    if ((int32_t)a == node->alternative) continue;
    const SdAlternative *alt = &si->alternatives[a];
    if (alt->min_size == UINT32_MAX) continue;
    SdNode *n = sd_tree_new_node(rd->scratch, node->symbol, (int32_t)a, alt->count);
    uint32_t next = 0, nodes = 1;
    for (uint32_t k = 0; k < alt->count; k++) {
      SdSymbol s = alt->symbols[k];
      uint32_t m = next;
      while (m < node->child_count && node->children[m]->symbol != s) m++;
      if (m < node->child_count) {
        n->children[k] = node->children[m];
        nodes += node->children[m]->size;
        next = m + 1;
      } else {
        n->children[k] = sd_fuzz_cheapest(rd->fuzzer, rd->scratch, s);
        nodes += count_nodes(n->children[k]);
      }
    }
    add_candidate(rd, list, node, n, nodes);
  }
}

static void free_candidates(CandidateList *list) {
  for (uint32_t i = 0; i < list->size; i++) free(list->items[i].text);
  array_clear(list);
}

typedef enum { NODE_DONE, NODE_HARNESS, NODE_RESTART } NodeResult;

/* Deletion candidate: the input without bytes [start, end), if that is new,
 * not already a candidate and still in the language. */
static void deletion_candidate(Reducer *rd, CandidateList *list, uint32_t start, uint32_t end) {
  SdTree *t = rd->tree;
  if (end <= start) return;
  SdBuf b = {0};
  sd_buf_append(&b, t->text, start);
  sd_buf_append(&b, t->text + end, t->length - end);
  if (!b.data) sd_buf_append(&b, "", 0);
  bool skip = seen_has(&rd->runner.not_failing, b.data, b.len) || seen_has(&rd->unparsable, b.data, b.len);
  for (uint32_t i = 0; i < list->size && !skip; i++)
    skip = list->items[i].length == b.len && !memcmp(list->items[i].text, b.data, b.len);
  if (!skip && !sd_parser_accepts(rd->parser, t->root->symbol, b.data, b.len)) {
    seen_add(&rd->unparsable, b.data, b.len);
    skip = true;
  }
  if (skip) {
    sd_buf_free(&b);
    return;
  }
  Candidate c = {.length = (uint32_t)b.len, .nodes = UINT32_MAX, .order = list->size, .deletion = true};
  c.text = sd_buf_take(&b);
  array_push(list, c);
}

/* Delete the node's text; also together with the terminal just before or
 * just after it, which drops a list item with its separator when the
 * separator belongs to a neighbouring subtree (the first item of
 * `<item> ("," <item>)*`). */
static void deletion_candidates(Reducer *rd, CandidateList *list, const SdNode *node) {
  SdTree *t = rd->tree;
  if (node->end == node->start) return;
  deletion_candidate(rd, list, node->start, node->end);
  for (uint32_t i = node->id + node->size; i < t->node_count; i++) {
    const SdNode *n = t->nodes[i];
    if (n->alternative < 0 && n->end > n->start) {
      deletion_candidate(rd, list, node->start, n->end);
      break;
    }
  }
  for (uint32_t i = node->id; i-- > 0;) {
    const SdNode *n = t->nodes[i];
    if (n->alternative < 0 && n->end > n->start) {
      deletion_candidate(rd, list, n->start, node->end);
      break;
    }
  }
}

/* Work on one node until no operation applies. NODE_RESTART: a deletion was
 * accepted, the tree was re-parsed and the pass must start again. */
static NodeResult reduce_node(Reducer *rd, const uint32_t *path, uint32_t depth, bool *changed) {
  CandidateList list = {0};
  NodeResult result = NODE_DONE;
  for (;;) {
    SdNode *node = sd_tree_follow(rd->tree, path, depth);
    if (!node) break;
    if (rd->scratch) sd_tree_free(rd->scratch);
    rd->scratch = sd_tree_new(rd->g);
    if (node->alternative >= 0) {
      hoisting_candidates(rd, &list, node, rd->far);
      alternative_candidates(rd, &list, node);
      SdNode *cheap = sd_fuzz_cheapest(rd->fuzzer, rd->scratch, node->symbol);
      add_candidate(rd, &list, node, cheap, count_nodes(cheap));
    }
    deletion_candidates(rd, &list, node);
    if (list.size == 0) break;
    qsort(list.items, list.size, sizeof *list.items, compare_candidates);
    /* drop duplicate texts (the sort put the smallest tree of a text first) */
    uint32_t m = 0;
    for (uint32_t i = 0; i < list.size; i++) {
      if (m && list.items[m - 1].length == list.items[i].length &&
          !memcmp(list.items[m - 1].text, list.items[i].text, list.items[i].length)) {
        free(list.items[i].text);
        continue;
      }
      list.items[m++] = list.items[i];
    }
    list.size = m;
    char **texts = sd_xcalloc(list.size, sizeof *texts);
    uint32_t *lengths = sd_xcalloc(list.size, sizeof *lengths);
    for (uint32_t i = 0; i < list.size; i++) {
      texts[i] = list.items[i].text;
      lengths[i] = list.items[i].length;
    }
    int64_t winner = first_failing(&rd->runner, texts, lengths, list.size);
    free(texts);
    free(lengths);
    if (winner == -2) {
      result = NODE_HARNESS;
      break;
    }
    if (winner < 0) break;
    Candidate *w = &list.items[winner];
    rd->steps++;
    *changed = true;
    if (w->deletion) {
      SdParseError pe;
      SdTree *fresh = sd_parse(rd->parser, rd->tree->root->symbol, w->text, w->length, &pe);
      if (!fresh) { /* cannot happen: the recognizer accepted it */
        free(pe.message);
        rd->steps--;
        break;
      }
      sd_tree_free(rd->tree);
      rd->tree = fresh;
      result = NODE_RESTART;
      break;
    }
    if (w->far) rd->far_accepted = true;
    sd_tree_replace(rd->tree, node, w->replacement);
    free_candidates(&list);
    if (rd->steps % 32 == 0) { /* drop the garbage of replaced subtrees */
      SdTree *fresh = sd_tree_clone(rd->tree);
      sd_tree_free(rd->tree);
      rd->tree = fresh;
    }
  }
  free_candidates(&list);
  array_free(&list);
  return result;
}

/* One breadth-first pass over the tree (terminals get only the deletion). */
static NodeResult reduce_pass(Reducer *rd, bool *changed) {
  typedef struct Item {
    uint32_t offset, depth;
  } Item;
  Array(uint32_t) pool = {0};
  array_reserve(&pool, 16); /* the root's path is empty, but pool.items + 0 must not be NULL + 0 */
  Array(Item) queue = {0};
  array_push(&queue, ((Item){0, 0}));
  NodeResult result = NODE_DONE;
  for (uint32_t q = 0; q < queue.size; q++) {
    Item it = queue.items[q];
    result = reduce_node(rd, pool.items + it.offset, it.depth, changed);
    if (result != NODE_DONE || rd->runner.exhausted) break;
    SdNode *node = sd_tree_follow(rd->tree, pool.items + it.offset, it.depth);
    if (!node) continue;
    for (uint32_t c = 0; c < node->child_count; c++) {
      uint32_t offset = pool.size;
      array_reserve(&pool, pool.size + it.depth + 1);
      memcpy(pool.items + offset, pool.items + it.offset, it.depth * sizeof(uint32_t));
      pool.items[offset + it.depth] = c;
      pool.size += it.depth + 1;
      array_push(&queue, ((Item){offset, it.depth + 1}));
    }
  }
  array_free(&pool);
  array_free(&queue);
  return result;
}

void sd_reduce_options_init(SdReduceOptions *self) {
  memset(self, 0, sizeof *self);
  self->seed = 1;
}

bool sd_reduce_with(const SdTree *self, SdOracle *oracle, const SdReduceOptions *options,
                    SdReduceResult *out, char **error) {
  SdReduceOptions defaults;
  sd_reduce_options_init(&defaults);
  if (!options) options = &defaults;
  memset(out, 0, sizeof *out);
  *error = NULL;
  out->original_length = self->length;
  out->original_nodes = self->node_count;
  uint64_t runs_at_start = oracle_runs(oracle);
  SdReduceStatus st = sd_reduce_check_failing_as(oracle, self->text, self->length, options->kind,
                                                 out->verdict, sizeof out->verdict, error);
  if (st != SD_REDUCE_OK) {
    out->status = st;
    out->runs = oracle_runs(oracle) - runs_at_start;
    return false;
  }
  SdFuzzerOptions fo = {.seed = options->seed};
  Reducer rd = {.g = self->grammar, .tree = sd_tree_clone(self), .fuzzer = sd_fuzzer_new(self->grammar, &fo)};
  rd.runner.oracle = oracle;
  rd.runner.runs_at_start = runs_at_start;
  rd.runner.max_runs = options->max_runs;
  rd.runner.kind = options->kind;
  rd.runner.keep = options->keep;
  rd.runner.keep_data = options->keep_data;
  rd.runner.batch = options->batch ? options->batch : default_batch();
  rd.runner.candidates = 1;
  rd.parser = sd_parser_new(self->grammar);
  rd.far = true;
  bool ok = true, changed = true;
  while (changed && !rd.runner.exhausted) {
    changed = false;
    rd.far_accepted = false;
    NodeResult r = reduce_pass(&rd, &changed);
    if (r == NODE_HARNESS) {
      ok = false;
      break;
    }
    /* Far hoists are a speed-up: keep them while they pay off. A pass cut
     * short by a re-parse keeps them for the nodes it did not reach. */
    rd.far = rd.far_accepted || (r == NODE_RESTART && rd.far);
  }
  if (ok) {
    /* the reduced text failed before; the oracle's cache answers this */
    SdReduceStatus vst = sd_reduce_check_failing_as(oracle, rd.tree->text, rd.tree->length, options->kind,
                                                    out->verdict, sizeof out->verdict, error);
    if (vst != SD_REDUCE_OK) {
      char *why = *error;
      *error = sd_format("the reduced input %s (a flaky test command?)", why);
      free(why);
      out->status = vst;
      ok = false;
    }
  } else {
    out->status = SD_REDUCE_HARNESS_ERROR;
    *error = sd_xstrdup(sd_oracle_error(oracle) ? sd_oracle_error(oracle) : "the test command failed to run");
  }
  out->runs = oracle_runs(oracle) - runs_at_start;
  out->candidates = rd.runner.candidates;
  out->steps = rd.steps;
  out->minimal = ok && !rd.runner.exhausted;
  if (ok) {
    out->tree = rd.tree;
    out->reduced_length = rd.tree->length;
    out->reduced_nodes = rd.tree->node_count;
  } else {
    sd_tree_free(rd.tree);
  }
  sd_tree_free(rd.scratch);
  sd_fuzzer_free(rd.fuzzer);
  sd_parser_free(rd.parser);
  free(rd.runner.not_failing.keys);
  free(rd.unparsable.keys);
  return ok;
}

bool sd_reduce(const SdGrammar *g, SdOracle *oracle, const SdTree *failing, uint64_t seed,
               uint32_t max_runs, SdReduceResult *out, char **error) {
  SdReduceOptions o;
  sd_reduce_options_init(&o);
  o.seed = seed;
  o.max_runs = max_runs;
  (void)g; /* the tree knows its grammar */
  return sd_reduce_with(failing, oracle, &o, out, error);
}
