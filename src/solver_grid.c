/* solver_grid.c: inputs for constraints about small nonterminals, by
 * listing their texts instead of solving.
 *
 * When every nonterminal a constraint quantifies over derives only a few
 * texts (a <month> of 12, a <day> of 31, a keyword, a flag), the inputs
 * that matter differ only in which of those texts each such node of an
 * input holds. The grid takes an input (a seed, or one made at random),
 * the outermost nodes of those nonterminals in it, and tries the
 * combinations of their texts: all of them when they are at most
 * GRID_CELLS, in an order drawn at random so that the inputs it keeps
 * vary; else GRID_CELLS drawn at random. Each combination is one clone,
 * a few subtree replacements and one evaluation: microseconds, where a Z3
 * query on strings over such fields cost the dates example 0.1-0.6 s
 * (8.7 s of its 15.5 s of CPU went to tie splits like `month = "02" and
 * day = "30"` and not `day - month > 27`).
 *
 * A grid that listed every combination on each of its inputs and found
 * none says so (*exhausted): the caller may then spare Z3 the proof. That
 * is evidence, not a proof: inputs of another structure (another number
 * of such nodes) were not listed. */
#include <stdlib.h>
#include <string.h>

#include "semdbg/grammar.h"
#include "semdbg/parser.h"
#include "array.h"
#include "solver_internal.h"
#include "util.h"

enum { GRID_TEXTS = 64, GRID_NODES = 8, GRID_CELLS = 1024, GRID_BASES = 4 };

typedef Array(SdTree *) GridTexts;

typedef struct GridSymbol {
  SdSymbol symbol;
  GridTexts texts; /* each text parsed as the symbol */
} GridSymbol;

typedef struct Grid {
  SdParser *parser;
  GridSymbol symbols[16];
  uint32_t count;
} Grid;

typedef struct TextSink {
  Grid *grid;
  GridSymbol *gs;
} TextSink;

static bool add_text(void *ctx, const char *text, size_t length) {
  TextSink *sink = ctx;
  SdTree *t = sd_parse(sink->grid->parser, sink->gs->symbol, text, length, NULL);
  if (t) array_push(&sink->gs->texts, t);
  return t != NULL;
}

static void grid_free(Grid *g) {
  for (uint32_t i = 0; i < g->count; i++) {
    for (uint32_t k = 0; k < g->symbols[i].texts.size; k++) sd_tree_free(g->symbols[i].texts.items[k]);
    array_free(&g->symbols[i].texts);
  }
}

/* The texts of every symbol; false when one has more than GRID_TEXTS (or
 * infinitely many). */
static bool grid_init(Grid *g, const SdGrammar *grammar, SdParser *parser, const SdSymbol *symbols, uint32_t n) {
  memset(g, 0, sizeof *g);
  g->parser = parser;
  for (uint32_t i = 0; i < n && i < 16; i++) {
    GridSymbol *gs = &g->symbols[g->count++];
    gs->symbol = symbols[i];
    TextSink sink = {g, gs};
    if (!sd_grammar_each_text(grammar, symbols[i], GRID_TEXTS, add_text, &sink) || !gs->texts.size) return false;
  }
  return g->count > 0;
}

static const GridSymbol *grid_symbol(const Grid *g, SdSymbol s) {
  for (uint32_t i = 0; i < g->count; i++)
    if (g->symbols[i].symbol == s) return &g->symbols[i];
  return NULL;
}

/* The outermost nodes of the grid's symbols in t (paths from the root), at
 * most GRID_NODES; false when there are more. */
typedef struct Cell {
  uint32_t path[64];
  uint32_t depth;
  const GridSymbol *gs;
} Cell;

static bool grid_cells(const Grid *g, const SdTree *t, Cell *cells, uint32_t *count) {
  *count = 0;
  for (uint32_t id = 0; id < t->node_count; id++) {
    const SdNode *node = t->nodes[id];
    const GridSymbol *gs = grid_symbol(g, node->symbol);
    if (!gs) continue;
    bool inside = false;
    for (const SdNode *up = node->parent; up && !inside; up = up->parent) inside = grid_symbol(g, up->symbol) != NULL;
    if (inside) continue;
    if (*count >= GRID_NODES) return false;
    Cell *c = &cells[(*count)++];
    c->depth = sd_node_path(node, c->path, 64);
    c->gs = gs;
    if (c->depth > 64) return false;
  }
  return true;
}

static uint64_t gcd(uint64_t a, uint64_t b) {
  while (b) {
    uint64_t r = a % b;
    a = b, b = r;
  }
  return a;
}

/* base with cell k holding text (combination / weights) of its symbol:
 * one copy and one refresh (a clone, then a replacement and a refresh per
 * cell, was a fifth of the dates example's own time). */
static SdTree *combination(const SdTree *base, const Cell *cells, uint32_t count, uint64_t index) {
  const SdNode *nodes[GRID_NODES], *texts[GRID_NODES];
  for (uint32_t k = 0; k < count; k++) {
    uint32_t size = cells[k].gs->texts.size;
    texts[k] = cells[k].gs->texts.items[index % size]->root;
    index /= size;
    nodes[k] = sd_tree_follow(base, cells[k].path, cells[k].depth);
    if (!nodes[k]) return NULL;
  }
  return sd_tree_clone_replacing_many(base, nodes, texts, count);
}

/* Combinations of base's cells, fed to accept until it has enough: 1 when
 * it has, 0 when every combination was tried, -1 otherwise. */
static int grid_base(const Grid *g, const SdTree *base, SdRng *rng, SdGridAccept accept, void *ctx) {
  Cell cells[GRID_NODES];
  uint32_t count;
  if (!grid_cells(g, base, cells, &count) || !count) return -1;
  uint64_t total = 1;
  for (uint32_t k = 0; k < count && total <= GRID_CELLS; k++) total *= cells[k].gs->texts.size;
  bool all = total <= GRID_CELLS;
  uint64_t tries = all ? total : GRID_CELLS, at = all ? sd_rng_below(rng, (uint32_t)total) : 0, stride = 1;
  if (all && total > 2)
    do stride = 1 + sd_rng_below(rng, (uint32_t)total - 1);
    while (gcd(stride, total) != 1);
  for (uint64_t i = 0; i < tries; i++) {
    uint64_t index = all ? (at + i * stride) % total
                         : (uint64_t)sd_rng_below(rng, UINT32_MAX) << 32 | sd_rng_below(rng, UINT32_MAX);
    SdTree *t = combination(base, cells, count, index);
    if (!t) return -1;
    if (accept(ctx, t)) return 1;
  }
  return all ? 0 : -1;
}

bool sd_grid_fill(const SdGrammar *grammar, SdParser *parser, SdRng *rng, const SdSymbol *symbols, uint32_t symbol_count,
                  SdTree *const *bases, uint32_t base_count, SdGridAccept accept, void *ctx) {
  Grid g;
  bool ok = grid_init(&g, grammar, parser, symbols, symbol_count);
  bool exhausted = ok && base_count > 0;
  for (uint32_t b = 0; ok && b < base_count; b++) {
    int r = grid_base(&g, bases[b], rng, accept, ctx);
    if (r != 0) exhausted = false;
    if (r == 1) break;
  }
  grid_free(&g);
  return exhausted;
}
