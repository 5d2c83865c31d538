/* fuzzer.c: random derivations with a size bound, plus k-path coverage.
 *
 * Expansion is iterative. The bound is on tree nodes: `used` counts nodes
 * made so far and `pending` the minimal size of the symbols still waiting on
 * the stack; an alternative is allowed only while used + its minimal size +
 * pending stays within the bound, and when none is, the cheapest alternative
 * is taken. The cheapest choice never raises used + pending, so every
 * derivation terminates within max(bound, minimal size).
 *
 * In k-path mode (Havrikov & Zeller, "Systematically covering input
 * structure") every choice prefers alternatives that add k-paths (chains of
 * k symbols along a root-to-leaf path) not produced before. */
#include "semdbg/fuzzer.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "array.h"
#include "util.h"

struct SdFuzzer {
  const SdGrammar *grammar;
  SdFuzzerOptions options;
  SdRng rng;
  SdHashSet paths; /* k-path coverage: hashes of the k-paths produced */
  struct ByteChoices **bytes; /* per character-class symbol, made when first drawn from */
};

/* The bytes of a character class, and its printable ones. */
typedef struct ByteChoices {
  uint16_t printable_count, any_count;
  unsigned char printable[256], any[256];
} ByteChoices;

SdFuzzer *sd_fuzzer_new(const SdGrammar *grammar, const SdFuzzerOptions *options) {
  SdFuzzer *f = sd_xcalloc(1, sizeof *f);
  f->grammar = grammar;
  if (options) f->options = *options;
  if (!f->options.max_size) f->options.max_size = 400;
  if (f->options.kpath > 8) f->options.kpath = 8;
  sd_rng_seed(&f->rng, f->options.seed);
  return f;
}

void sd_fuzzer_free(SdFuzzer *self) {
  if (!self) return;
  sd_hash_set_free(&self->paths);
  for (uint32_t s = 0; self->bytes && s < self->grammar->symbol_count; s++) free(self->bytes[s]);
  free(self->bytes);
  free(self);
}

SdRng *sd_fuzzer_rng(SdFuzzer *self) { return &self->rng; }

/* ---------- k-paths ---------- */

static uint64_t path_hash(const SdSymbol *syms, uint32_t n) {
  return sd_hash_bytes(syms, n * sizeof(SdSymbol), 0x9e37);
}

/* The k-1 symbols ending at node (node included), oldest first. */
static uint32_t context(const SdNode *node, uint32_t k, SdSymbol *out) {
  uint32_t n = 0;
  SdSymbol rev[8];
  for (const SdNode *x = node; x && n < k - 1; x = x->parent) rev[n++] = x->symbol;
  for (uint32_t i = 0; i < n; i++) out[i] = rev[n - 1 - i];
  return n;
}

static uint32_t uncovered_paths(SdFuzzer *f, const SdNode *node, const SdAlternative *alt,
                                bool mark) {
  uint32_t k = f->options.kpath;
  SdSymbol buf[9];
  uint32_t n = context(node, k, buf);
  if (n + 1 < k) return 0; /* too close to the root for a full path */
  uint32_t fresh = 0;
  for (uint32_t i = 0; i < alt->count; i++) {
    buf[n] = alt->symbols[i];
    uint64_t h = path_hash(buf, n + 1);
    if (!sd_hash_set_has(&f->paths, h)) {
      fresh++;
      if (mark) sd_hash_set_add(&f->paths, h);
    }
  }
  return fresh;
}

/* ---------- expansion ---------- */

static const ByteChoices *byte_choices(SdFuzzer *f, SdSymbol symbol) {
  if (!f->bytes) f->bytes = sd_xcalloc(f->grammar->symbol_count, sizeof *f->bytes);
  if (f->bytes[symbol]) return f->bytes[symbol];
  const SdSymbolInfo *si = &f->grammar->symbols[symbol];
  ByteChoices *b = f->bytes[symbol] = sd_xcalloc(1, sizeof *b);
  for (int c = 0; c < 256; c++)
    if (sd_charset_has(si, (unsigned char)c)) {
      b->any[b->any_count++] = (unsigned char)c;
      if (c >= 0x20 && c < 0x7f) b->printable[b->printable_count++] = (unsigned char)c;
    }
  return b;
}

/* A byte of the class: printable ones nine times in ten. */
static unsigned char random_byte(SdFuzzer *f, SdSymbol symbol) {
  const ByteChoices *b = byte_choices(f, symbol);
  uint32_t np = b->printable_count, na = b->any_count;
  if (np && (np == na || sd_rng_unit(&f->rng) < 0.9)) return b->printable[sd_rng_below(&f->rng, np)];
  return b->any[sd_rng_below(&f->rng, na)];
}

static int32_t choose_alternative(SdFuzzer *f, const SdNode *node, uint64_t used,
                                  uint64_t pending, uint32_t max_size, double grow) {
  const SdSymbolInfo *si = &f->grammar->symbols[node->symbol];
  uint32_t allowed[256];
  uint32_t n = 0, best_score = 0;
  for (uint32_t a = 0; a < si->alternative_count && n < 256; a++) {
    const SdAlternative *alt = &si->alternatives[a];
    if (alt->min_size == UINT32_MAX || used + alt->min_size + pending > max_size) continue;
    if (f->options.kpath) {
      uint32_t score = uncovered_paths(f, node, alt, false);
      if (score > best_score) best_score = score, n = 0;
      if (score < best_score) continue;
    }
    allowed[n++] = a;
  }
  if (n == 0) return si->cheapest_alternative;
  /* Below the target size, usually grow: drop the cheapest alternatives. */
  if (used + pending + si->min_size < max_size && sd_rng_unit(&f->rng) < grow) {
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++)
      if (si->alternatives[allowed[i]].min_size > si->min_size) allowed[m++] = allowed[i];
    if (m) n = m;
  }
  return (int32_t)allowed[sd_rng_below(&f->rng, n)];
}

/* cheapest: the fewest nodes; least: also the lowest byte of each class
 * (printable where the class has one), so that two elements of one
 * nonterminal come out equal; least 2: the highest instead. */
static SdNode *expand(SdFuzzer *f, SdTree *tree, SdSymbol symbol, uint32_t max_size, bool cheapest, int least,
                      double grow) {
  const SdGrammar *g = f->grammar;
  typedef struct Job {
    SdSymbol symbol;
    SdNode **slot;
    SdNode *parent;
  } Job;
  Array(Job) stack = {0};
  SdNode *root = NULL;
  uint64_t used = 0, pending = g->symbols[symbol].min_size;
  array_push(&stack, ((Job){symbol, &root, NULL}));
  while (stack.size) {
    Job j = array_pop(&stack);
    const SdSymbolInfo *si = &g->symbols[j.symbol];
    pending -= si->min_size;
    SdNode *n;
    if (si->kind == SD_SYM_LITERAL) {
      n = sd_tree_new_leaf(tree, j.symbol, si->bytes, si->length);
    } else if (si->kind == SD_SYM_CHARSET) {
      const ByteChoices *b = least ? byte_choices(f, j.symbol) : NULL;
      char c = (char)(!b                    ? random_byte(f, j.symbol)
                      : least == 2 && b->printable_count ? b->printable[b->printable_count - 1]
                      : least == 2                  ? b->any[b->any_count - 1]
                      : b->printable_count          ? b->printable[0]
                                                    : b->any[0]);
      n = sd_tree_new_leaf(tree, j.symbol, &c, 1);
    } else {
      n = sd_tree_new_node(tree, j.symbol, 0, 0);
      n->parent = j.parent;
      int32_t a = cheapest ? si->cheapest_alternative
                           : choose_alternative(f, n, used, pending, max_size, grow);
      const SdAlternative *alt = &si->alternatives[a];
      if (f->options.kpath && !cheapest) uncovered_paths(f, n, alt, true);
      n->alternative = a;
      n->child_count = alt->count;
      n->children = alt->count ? sd_arena_alloc(tree->arena, alt->count * sizeof(SdNode *)) : NULL;
      for (uint32_t k = alt->count; k-- > 0;) {
        array_push(&stack, ((Job){alt->symbols[k], &n->children[k], n}));
        pending += g->symbols[alt->symbols[k]].min_size;
      }
    }
    n->parent = j.parent;
    *j.slot = n;
    used++;
  }
  array_free(&stack);
  return root;
}

SdNode *sd_fuzz_node(SdFuzzer *self, SdTree *tree, SdSymbol symbol, uint32_t max_size) {
  return expand(self, tree, symbol, max_size, false, 0, 0.75);
}

SdNode *sd_fuzz_node_sized(SdFuzzer *self, SdTree *tree, SdSymbol symbol, uint32_t size) {
  return expand(self, tree, symbol, size, false, 0, 1.0);
}

SdNode *sd_fuzz_cheapest(SdFuzzer *self, SdTree *tree, SdSymbol symbol) {
  return expand(self, tree, symbol, 0, true, 0, 0.0);
}

SdNode *sd_fuzz_least(SdFuzzer *self, SdTree *tree, SdSymbol symbol) {
  return expand(self, tree, symbol, 0, true, 1, 0.0);
}

SdNode *sd_fuzz_greatest(SdFuzzer *self, SdTree *tree, SdSymbol symbol) {
  return expand(self, tree, symbol, 0, true, 2, 0.0);
}

SdTree *sd_fuzz_tree(SdFuzzer *self, SdSymbol start) {
  if (start < 0) start = self->grammar->start;
  SdTree *t = sd_tree_new(self->grammar);
  uint32_t lo = self->grammar->symbols[start].min_size;
  uint32_t hi = self->options.max_size > lo ? self->options.max_size : lo;
  uint32_t target = lo + sd_rng_below(&self->rng, hi - lo + 1);
  sd_tree_set_root(t, sd_fuzz_node(self, t, start, target));
  return t;
}

SdNode *sd_fuzz_regenerate(SdFuzzer *self, SdTree *tree, SdNode *node) {
  uint32_t lo = self->grammar->symbols[node->symbol].min_size;
  uint32_t hi = node->size * 2 > lo ? node->size * 2 : lo;
  if (hi < 16) hi = lo + 16;
  uint32_t target = lo + sd_rng_below(&self->rng, hi - lo + 1);
  SdNode *fresh = sd_fuzz_node(self, tree, node->symbol, target);
  return sd_tree_replace(tree, node, fresh);
}

static void count_paths(const SdGrammar *g, SdSymbol *buf, uint32_t n, uint32_t k, uint32_t *total) {
  if (*total >= 1000000) return;
  if (n == k) {
    (*total)++;
    return;
  }
  const SdSymbolInfo *si = &g->symbols[buf[n - 1]];
  for (uint32_t a = 0; a < si->alternative_count; a++)
    for (uint32_t i = 0; i < si->alternatives[a].count; i++) {
      SdSymbol c = si->alternatives[a].symbols[i];
      bool dup = false; /* the same child symbol in several alternatives is one path */
      for (uint32_t b = 0; b <= a && !dup; b++)
        for (uint32_t m = 0; m < si->alternatives[b].count && !dup; m++)
          dup = (b < a || m < i) && si->alternatives[b].symbols[m] == c;
      if (dup) continue;
      buf[n] = c;
      count_paths(g, buf, n + 1, k, total);
    }
}

void sd_fuzzer_coverage(const SdFuzzer *self, uint32_t *covered, uint32_t *total) {
  *covered = self->paths.count;
  *total = 0;
  uint32_t k = self->options.kpath;
  if (!k) return;
  SdSymbol buf[9];
  for (uint32_t s = 0; s < self->grammar->symbol_count; s++) {
    if (!self->grammar->symbols[s].reachable) continue;
    buf[0] = (SdSymbol)s;
    count_paths(self->grammar, buf, 1, k, total);
  }
}
