/* solver_search.c: local search for an input that satisfies a constraint,
 * the phase of sd_solver_generate between fuzzing and Z3.
 *
 * The constraint (in negation normal form) is split into its top-level
 * conjuncts. A walk starts from a tree and, at each step, picks a conjunct
 * that does not hold and derives anew one node it is about: for a forall,
 * a node that violates it (the witness of its negation, an exists); for any
 * other conjunct, a node of a nonterminal it quantifies over, or, when the
 * tree has none, a random node that may grow one. A step is kept when no
 * more conjuncts fail than before (steps sideways cross plateaus) and undone
 * otherwise. A third of the steps, where the conjunct is about two or more
 * nodes, copy instead: the node gets another such node's text, as it is or
 * a step away (a leading zero added or dropped, the value one up or down,
 * a byte more or less), parsed as its own nonterminal. Relations between
 * elements (equal values in other texts, one a prefix of another, a sum
 * just past a limit) are met by copying where deriving anew rarely meets
 * them. Constraints on structure and strings (a keyword here, a sign
 * there, some operator nowhere) are met in a few dozen evaluations this way,
 * where a Z3 query on strings costs tens to hundreds of milliseconds; what
 * the walk does not meet is left to Z3. */
#include <stdlib.h>
#include <string.h>

#include "semdbg/constraint.h"
#include "semdbg/fuzzer.h"
#include "semdbg/parser.h"
#include "solver_internal.h"
#include "util.h"

enum { SEARCH_MAX_CONJUNCTS = 16, SEARCH_SYMBOLS = 16 };

typedef struct Conjunct {
  SdConstraint *c;          /* the conjunct alone */
  SdConstraint *violation;  /* for a forall: its negation (an exists), whose witness violates it */
  SdSymbol symbols[SEARCH_SYMBOLS];
  uint32_t symbol_count;
} Conjunct;

struct SdSearch {
  const SdGrammar *g;
  SdFuzzer *fuzzer;
  SdParser *parser;         /* texts copied between nodes are parsed with it */
  SdRng *rng;
  uint32_t size_budget; /* node budget of a derivation made anew */
  Conjunct conjuncts[SEARCH_MAX_CONJUNCTS];
  uint32_t count;
  const SdNode **witness;
  uint32_t witness_room;
};

/* nnf with its root replaced by the root's child k (the arena is shared by
 * the copy, so the child's variables stay valid). */
static SdConstraint *conjunct_of(const SdConstraint *nnf, uint32_t k) {
  SdConstraint *d = sd_constraint_clone(nnf);
  if (d->root->kind == SD_F_AND) d->root = d->root->children[k];
  return d;
}

static void add_conjunct(SdSearch *self, SdConstraint *c) {
  Conjunct *x = &self->conjuncts[self->count++];
  x->c = c;
  x->violation = c->root->kind == SD_F_FORALL ? sd_constraint_negate(c) : NULL;
  if (x->violation && x->violation->variable_count > self->witness_room)
    self->witness_room = x->violation->variable_count;
  x->symbol_count = sd_constraint_symbols(c, x->symbols, SEARCH_SYMBOLS);
  if (x->symbol_count > SEARCH_SYMBOLS) x->symbol_count = SEARCH_SYMBOLS;
}

SdSearch *sd_search_new(const SdGrammar *g, SdFuzzer *fuzzer, SdParser *parser, SdRng *rng,
                        const SdConstraint *nnf, uint32_t size_budget) {
  SdSearch *self = sd_xcalloc(1, sizeof *self);
  self->g = g;
  self->fuzzer = fuzzer;
  self->parser = parser;
  self->rng = rng;
  self->size_budget = size_budget;
  bool split = nnf->root->kind == SD_F_AND && nnf->root->child_count <= SEARCH_MAX_CONJUNCTS;
  uint32_t n = split ? nnf->root->child_count : 1;
  for (uint32_t k = 0; k < n; k++) add_conjunct(self, split ? conjunct_of(nnf, k) : sd_constraint_clone(nnf));
  self->witness = sd_xcalloc(self->witness_room + 1, sizeof(SdNode *));
  return self;
}

void sd_search_free(SdSearch *self) {
  if (!self) return;
  for (uint32_t i = 0; i < self->count; i++) {
    sd_constraint_free(self->conjuncts[i].c);
    sd_constraint_free(self->conjuncts[i].violation);
  }
  free(self->witness);
  free(self);
}

/* The conjuncts that fail on t: their count, and one of them at random. */
static uint32_t failing(SdSearch *self, const SdTree *t, uint32_t *pick) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < self->count; i++) {
    if (sd_constraint_eval(self->conjuncts[i].c, t, NULL)) continue;
    if (sd_rng_below(self->rng, ++n) == 0) *pick = i; /* reservoir: uniform among the failing */
  }
  return n;
}

/* A node of t the failing conjunct x is about (NULL: none). */
static SdNode *target(SdSearch *self, SdTree *t, const Conjunct *x) {
  if (x->violation && sd_constraint_eval(x->violation, t, self->witness)) {
    int32_t v = x->violation->root->var;
    if (v >= 0 && self->witness[v]) return t->nodes[self->witness[v]->id];
  }
  uint32_t total = 0;
  for (uint32_t i = 0; i < x->symbol_count; i++) {
    uint32_t count;
    sd_tree_range(t, x->symbols[i], NULL, &count);
    total += count;
  }
  if (total) { /* a node of the conjunct's nonterminals, uniformly */
    uint32_t k = sd_rng_below(self->rng, total);
    for (uint32_t i = 0; i < x->symbol_count; i++) {
      uint32_t count, first = sd_tree_range(t, x->symbols[i], NULL, &count);
      if (k < count) return t->nodes[t->by_symbol[x->symbols[i]][first + k]];
      k -= count;
    }
  }
  /* none yet: a random nonterminal node, grown, may derive one */
  for (int tries = 0; tries < 16; tries++) {
    SdNode *node = t->nodes[sd_rng_below(self->rng, t->node_count)];
    if (sd_grammar_is_nonterminal(self->g, node->symbol)) return node;
  }
  return NULL;
}

/* Another node than node (not inside it, nor around it) of the conjunct's
 * nonterminals, uniformly; NULL when there is none. */
static const SdNode *copy_source(SdSearch *self, const SdTree *t, const SdNode *node, const Conjunct *x) {
  const SdNode *pick = NULL;
  uint32_t seen = 0;
  for (uint32_t i = 0; i < x->symbol_count; i++) {
    uint32_t count, first = sd_tree_range(t, x->symbols[i], NULL, &count);
    for (uint32_t k = 0; k < count; k++) {
      const SdNode *m = t->nodes[t->by_symbol[x->symbols[i]][first + k]];
      if (sd_node_is_ancestor(m, node) || sd_node_is_ancestor(node, m)) continue;
      if (sd_rng_below(self->rng, ++seen) == 0) pick = m;
    }
  }
  return pick;
}

/* text (of length *len, with room for two more bytes) a step away, in place:
 * its last byte doubled or dropped, and for a numeral also a leading zero
 * added or dropped or the value one up or down (its last digits carried);
 * or as it is. */
static void step_away(SdSearch *self, char *text, uint32_t *len) {
  uint32_t n = *len, way = sd_rng_below(self->rng, 4);
  if (way == 0 || n == 0) return;
  bool digits = sd_is_numeral(text, n) && text[0] >= '0' && text[0] <= '9';
  if (way == 3 || !digits) { /* the last byte doubled or dropped */
    if (sd_rng_below(self->rng, 2)) text[n] = text[n - 1], *len = n + 1;
    else *len = n - 1;
    return;
  }
  if (way == 1) { /* a leading zero more, or one less */
    if (text[0] == '0' && n > 1 && sd_rng_below(self->rng, 2)) memmove(text, text + 1, --n);
    else memmove(text + 1, text, n++), text[0] = '0';
    *len = n;
    return;
  }
  bool up = sd_rng_below(self->rng, 2); /* the value one up or down */
  uint32_t i = n;
  while (i-- > 0) {
    if (text[i] < '0' || text[i] > '9') return; /* a decimal point: left as it is */
    if (up && text[i] < '9') { text[i]++; return; }
    if (!up && text[i] > '0') { text[i]--; return; }
    text[i] = up ? '0' : '9';
  }
  if (up) memmove(text + 1, text, n), text[0] = '1', *len = n + 1; /* 99 + 1 */
  else memset(text, '0', n); /* 0 - 1: stays 0 */
}

/* next with node given another node's text (a step away, maybe); false
 * when there is no other node or the text does not derive from node's
 * nonterminal. */
static bool copy_move(SdSearch *self, SdTree *next, SdNode *node, const Conjunct *x) {
  const SdNode *from = copy_source(self, next, node, x);
  if (!from) return false;
  uint32_t len;
  const char *src = sd_node_text(next, from, &len);
  char *text = sd_xmalloc(len + 3);
  memcpy(text, src, len);
  step_away(self, text, &len);
  SdParseError err = {0};
  SdTree *sub = sd_parse(self->parser, node->symbol, text, len, &err);
  free(err.message);
  free(text);
  if (!sub) return false;
  sd_tree_replace(next, node, sub->root);
  sd_tree_free(sub);
  return true;
}

SdTree *sd_search_walk(SdSearch *self, SdTree *t, uint32_t steps) {
  uint32_t pick = 0;
  uint32_t fails = failing(self, t, &pick);
  for (uint32_t step = 0; step < steps && fails; step++) {
    SdTree *next = sd_tree_clone(t);
    SdNode *node = target(self, next, &self->conjuncts[pick]);
    if (!node) {
      sd_tree_free(next);
      break;
    }
    if (sd_rng_below(self->rng, 3) != 0 || !copy_move(self, next, node, &self->conjuncts[pick])) {
      uint32_t lo = self->g->symbols[node->symbol].min_size;
      uint32_t size = lo + sd_rng_below(self->rng, self->size_budget);
      sd_tree_replace(next, node, sd_fuzz_node(self->fuzzer, next, node->symbol, size));
    }
    uint32_t next_pick = 0;
    uint32_t next_fails = failing(self, next, &next_pick);
    if (next_fails <= fails) {
      sd_tree_free(t);
      t = next;
      fails = next_fails;
      pick = next_pick;
    } else {
      sd_tree_free(next);
      failing(self, t, &pick); /* another failing conjunct, perhaps */
    }
  }
  if (fails) {
    sd_tree_free(t);
    return NULL;
  }
  return t;
}
