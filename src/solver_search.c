/* solver_search.c: local search for an input that satisfies a constraint,
 * the phase of sd_solver_generate between fuzzing and Z3.
 *
 * The constraint (in negation normal form) is split into its top-level
 * conjuncts. A walk starts from a tree and, at each step, picks a conjunct
 * that does not hold and derives anew one node it is about: for a forall,
 * a node that violates it (the witness of its negation, an exists); for any
 * other conjunct, a node of a nonterminal it quantifies over, or, when the
 * tree has none, a random node that may grow one. A step is kept when no
 * more conjuncts fail than before and, as many failing, no more nodes
 * fail the failing foralls (sd_constraint_violations; steps sideways cross
 * plateaus) and undone otherwise: every <term> at least 6 bytes long is
 * met term by term, where a term made longer may hold a short one. A third of the steps, where the conjunct is about two or more
 * nodes, copy instead: the node gets another such node's text, as it is or
 * a step away (a leading zero added or dropped, the value one up or down,
 * a byte more or less), parsed as its own nonterminal. Relations between
 * elements (equal values in other texts, one a prefix of another, a sum
 * just past a limit) are met by copying where deriving anew rarely meets
 * them. A sixth of the steps, where the constraint bounds the length of
 * the node's nonterminal or asks it to contain, start or end with a
 * literal, or equal one, shape instead: the node is derived anew at one of
 * those lengths (lengths.c draws a word of exactly that length) or its own,
 * with one of the literals written over it where it belongs, and kept when
 * the text still derives from its nonterminal ("a <name> of 32 bytes or
 * more, one of them a 6" in one step, where random derivations are short
 * and Z3 on lengths and regexes spent a second). Constraints on structure and strings (a keyword here, a sign
 * there, some operator nowhere) are met in a few dozen evaluations this way,
 * where a Z3 query on strings costs tens to hundreds of milliseconds; what
 * the walk does not meet is left to Z3. */
#include <stdlib.h>
#include <string.h>

#include "semdbg/constraint.h"
#include "semdbg/fuzzer.h"
#include "semdbg/parser.h"
#include "array.h"
#include "constraint_internal.h"
#include "lengths.h"
#include "solver_internal.h"
#include "util.h"

enum { SEARCH_MAX_CONJUNCTS = 16, SEARCH_SYMBOLS = 16, SEARCH_DONORS = 16 };

/* A node of a seed tree on which a conjunct `exists <N> x: ...` holds:
 * its witness for x, to graft where the conjunct fails. */
typedef struct Donor { const SdTree *tree; const SdNode *node; } Donor;
typedef Array(Donor) DonorList;

typedef struct Conjunct {
  SdConstraint *c;          /* the conjunct alone */
  SdConstraint *violation;  /* for a forall: its negation (an exists), whose witness violates it */
  SdSymbol symbols[SEARCH_SYMBOLS];
  uint32_t symbol_count;
  DonorList donors;         /* for an exists over the whole input: witnesses in the seeds */
  SdSymbol many;            /* `nth(N, x, start)` with x of this nonterminal: at least N of them */
  uint32_t at_least;        /* ... N (0: no such atom) */
} Conjunct;

/* What the constraint asks of a nonterminal's texts, as it is positively:
 * a length (str.len(x) compared with k: the boundary half the time, else
 * any length that meets it, up to k more) or a literal at a place
 * (contains, prefixof, suffixof, =). */
typedef enum { SHAPE_LENGTH, SHAPE_ANYWHERE, SHAPE_PREFIX, SHAPE_SUFFIX, SHAPE_WHOLE } ShapeKind;
typedef struct Shape {
  SdSymbol symbol;
  ShapeKind kind;
  uint32_t length;     /* SHAPE_LENGTH: the boundary, and the lengths lo..hi that meet it */
  uint32_t lo, hi;
  const char *text;    /* the literal (the constraint's, which outlives the search) */
  uint32_t text_length;
  /* a value at a boundary (str.to.int(x) op k): its decimal text, a
     SHAPE_WHOLE literal of its own (text is NULL; shape_text) */
  char value[24];
  bool boundary;       /* a length or value at a boundary the constraint draws */
} Shape;
typedef Array(Shape) ShapeList;
enum { SHAPES_MAX = 64, SHAPE_TRIES = 4 };

struct SdSearch {
  const SdGrammar *g;
  const SdLengths *lengths; /* words of exact lengths (NULL: no shaping) */
  ShapeList shapes;
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

static SdSymbol var_symbol(const SdConstraint *c, const SdTerm *t) {
  return t->op == SD_OP_VAR && t->var >= 0 ? c->variables[t->var].symbol : -1;
}

/* An atom `nth(N, x, y)` with a literal N, x of a nonterminal and y the
 * whole input, holding positively (NNF: not under a negation): the input
 * needs N nodes of x's nonterminal or more. */
static void count_goal(Conjunct *x, const SdConstraint *c, const SdFormula *f) {
  if (f->kind == SD_F_NOT) return;
  if (f->kind == SD_F_ATOM && f->atom->op == SD_OP_NTH && f->atom->arg_count == 3) {
    const SdTerm *n = f->atom->args[0], *a = f->atom->args[1], *b = f->atom->args[2];
    SdSymbol s = var_symbol(c, a);
    bool whole = b->op == SD_OP_VAR && b->var >= 0 && c->variables[b->var].symbol < 0;
    if ((n->op == SD_OP_INT || n->op == SD_OP_STRING) && n->length && n->length <= 4 && s >= 0 && whole) {
      char buf[8];
      memcpy(buf, n->text, n->length);
      buf[n->length] = 0;
      uint32_t k = (uint32_t)strtoul(buf, NULL, 10);
      if (k > x->at_least) x->at_least = k, x->many = s;
    }
    return;
  }
  for (uint32_t i = 0; i < f->child_count; i++) count_goal(x, c, f->children[i]);
}

static void add_conjunct(SdSearch *self, SdConstraint *c) {
  Conjunct *x = &self->conjuncts[self->count++];
  x->c = c;
  x->violation = c->root->kind == SD_F_FORALL ? sd_constraint_negate(c) : NULL;
  if (x->violation && x->violation->variable_count > self->witness_room)
    self->witness_room = x->violation->variable_count;
  if (c->variable_count > self->witness_room) self->witness_room = c->variable_count;
  x->symbol_count = sd_constraint_symbols(c, x->symbols, SEARCH_SYMBOLS);
  if (x->symbol_count > SEARCH_SYMBOLS) x->symbol_count = SEARCH_SYMBOLS;
  x->many = -1;
  count_goal(x, c, c->root);
}

static void add_shape(SdSearch *self, SdSymbol symbol, ShapeKind kind, uint32_t length, const SdTerm *lit) {
  if (symbol < 0 || self->shapes.size >= SHAPES_MAX) return;
  Shape sh = {.symbol = symbol, .kind = kind, .length = length};
  if (lit) sh.text = lit->text, sh.text_length = lit->length;
  array_push(&self->shapes, sh);
}

/* str.len(x) op k with a small integer literal k: the lengths that meet
 * it, the boundary first (op is as read with the length on the left). */
static void length_shapes(SdSearch *self, const SdConstraint *c, SdOp op, const SdTerm *len, const SdTerm *k) {
  if (len->op != SD_OP_STR_LEN || len->arg_count != 1 || k->op != SD_OP_INT || k->text[0] == '-' || k->length > 4) return;
  SdSymbol symbol = var_symbol(c, len->args[0]);
  uint32_t n = (uint32_t)strtoul(k->text, NULL, 10), wide = n > 8 ? n : 8;
  uint32_t lo = 0, hi = 0;
  switch (op) {
  case SD_OP_EQ: lo = hi = n; break;
  case SD_OP_LT: if (!n) return; lo = 0, hi = n - 1; break;
  case SD_OP_LE: lo = 0, hi = n; break;
  case SD_OP_GT: lo = n + 1, hi = n + 1 + wide; break;
  case SD_OP_GE: lo = n, hi = n + wide; break;
  default: return;
  }
  uint32_t boundary = op == SD_OP_LT || op == SD_OP_LE ? hi : lo;
  if (symbol < 0 || self->shapes.size >= SHAPES_MAX) return;
  Shape sh = {.symbol = symbol, .kind = SHAPE_LENGTH, .length = boundary, .lo = lo, .hi = hi, .boundary = true};
  array_push(&self->shapes, sh);
}

/* Which way a value just past the bound of `x op K` lies from K: -1, 0
 * (K itself), +1; false for an operator with no such value. */
static bool bound_direction(SdOp op, int *dir) {
  switch (op) {
  case SD_OP_EQ: case SD_OP_LE: case SD_OP_GE: *dir = 0; return true;
  case SD_OP_LT: *dir = -1; return true;
  case SD_OP_GT: *dir = 1; return true;
  default: return false;
  }
}

/* The same for a decimal value, str.to.real(x) against a number K: the
 * values next to K in steps of one, two and three decimals, written with
 * exactly that many (those the nonterminal derives are used): 50.6, 50.51
 * and 50.501 for x > 50.5, 50.5, 50.50 and 50.500 for x <= 50.5. Values
 * just past a decimal threshold are rare among random numbers, and the
 * hunt's and the e2e judge's inputs missed 50.6-50.9 (the overspeed case);
 * a voltage always written with three decimals needs the third (4.201). */
enum { REAL_SHAPE_DIGITS = 3 };
static void real_shapes(SdSearch *self, const SdConstraint *c, SdOp op, const SdTerm *value, const SdTerm *k) {
  int dir;
  if (value->arg_count != 1 || (k->op != SD_OP_INT && k->op != SD_OP_DECIMAL) || k->length > 15 ||
      !bound_direction(op, &dir))
    return;
  SdSymbol symbol = var_symbol(c, value->args[0]);
  if (symbol < 0) return;
  char buf[24];
  memcpy(buf, k->text, k->length);
  buf[k->length] = 0;
  double v = strtod(buf, NULL);
  double step = 1;
  for (int digits = 1; digits <= REAL_SHAPE_DIGITS && self->shapes.size < SHAPES_MAX; digits++) {
    Shape sh = {.symbol = symbol, .kind = SHAPE_WHOLE, .boundary = true};
    step /= 10;
    int n = snprintf(sh.value, sizeof sh.value, "%.*f", digits, v + dir * step);
    if (n <= 0 || n >= (int)sizeof sh.value) continue;
    sh.text_length = (uint32_t)n;
    array_push(&self->shapes, sh);
  }
}

/* str.to.int(x) op k with an integer literal k (of up to 18 digits): the
 * value at the boundary, as a literal x may equal (op is as read with the
 * value on the left; <x> = "47" for x <= 47, "48" for x > 47). */
static void value_shapes(SdSearch *self, const SdConstraint *c, SdOp op, const SdTerm *value, const SdTerm *k) {
  if (value->op == SD_OP_STR_TO_REAL) real_shapes(self, c, op, value, k);
  int dir;
  if (value->op != SD_OP_STR_TO_INT || value->arg_count != 1 || k->op != SD_OP_INT || k->length > 18 ||
      !bound_direction(op, &dir))
    return;
  SdSymbol symbol = var_symbol(c, value->args[0]);
  if (symbol < 0 || self->shapes.size >= SHAPES_MAX) return;
  long long n = strtoll(k->text, NULL, 10) + dir;
  if (n < 0) return; /* str.to.int is -1 on anything but digits */
  Shape sh = {.symbol = symbol, .kind = SHAPE_WHOLE, .boundary = true};
  sh.text_length = (uint32_t)snprintf(sh.value, sizeof sh.value, "%lld", n);
  array_push(&self->shapes, sh);
}

/* str.to.int(x) mod k = 0 with 1 < k < 10^9: a few multiples of k as
 * literals x may equal, of one, two and three digits more (25, 50, 75,
 * 100, 200, 1000 for k = 25). Random numbers are multiples of k once in
 * k draws, and those that meet a second condition too (no "5" in them)
 * rarer still: a count that is a multiple of 25 without a "5" was never
 * made, and the hypothesis it refutes was confirmed. */
static void multiple_shapes(SdSearch *self, const SdConstraint *c, const SdTerm *mod, const SdTerm *zero) {
  static const unsigned MULTIPLES[] = {1, 2, 3, 4, 8, 40};
  if (mod->op != SD_OP_MOD || mod->arg_count != 2 || zero->op != SD_OP_INT || zero->length != 1 || zero->text[0] != '0')
    return;
  const SdTerm *value = mod->args[0], *k = mod->args[1];
  if (value->op != SD_OP_STR_TO_INT || value->arg_count != 1 || k->op != SD_OP_INT || k->length > 9) return;
  SdSymbol symbol = var_symbol(c, value->args[0]);
  long long step = strtoll(k->text, NULL, 10);
  if (symbol < 0 || step < 2) return;
  for (uint32_t i = 0; i < sizeof MULTIPLES / sizeof *MULTIPLES && self->shapes.size < SHAPES_MAX; i++) {
    Shape sh = {.symbol = symbol, .kind = SHAPE_WHOLE};
    sh.text_length = (uint32_t)snprintf(sh.value, sizeof sh.value, "%lld", step * MULTIPLES[i]);
    array_push(&self->shapes, sh);
  }
}

/* The literal a shape writes (a value's text is its own). */
static const char *shape_text(const Shape *sh) { return sh->text ? sh->text : sh->value; }

static SdOp mirrored(SdOp op) {
  return op == SD_OP_LT ? SD_OP_GT : op == SD_OP_GT ? SD_OP_LT : op == SD_OP_LE ? SD_OP_GE : op == SD_OP_GE ? SD_OP_LE : op;
}

/* The shapes of an atom that holds positively. */
static void atom_shapes(SdSearch *self, const SdConstraint *c, const SdTerm *a) {
  if (a->arg_count != 2) return;
  const SdTerm *x = a->args[0], *y = a->args[1];
  switch (a->op) {
  case SD_OP_EQ: case SD_OP_LT: case SD_OP_LE: case SD_OP_GT: case SD_OP_GE:
    length_shapes(self, c, a->op, x, y);
    length_shapes(self, c, mirrored(a->op), y, x);
    value_shapes(self, c, a->op, x, y);
    value_shapes(self, c, mirrored(a->op), y, x);
    if (a->op == SD_OP_EQ) multiple_shapes(self, c, x, y), multiple_shapes(self, c, y, x);
    if (a->op == SD_OP_EQ && y->op == SD_OP_STRING) add_shape(self, var_symbol(c, x), SHAPE_WHOLE, 0, y);
    if (a->op == SD_OP_EQ && x->op == SD_OP_STRING) add_shape(self, var_symbol(c, y), SHAPE_WHOLE, 0, x);
    break;
  case SD_OP_STR_CONTAINS:
    if (y->op == SD_OP_STRING) add_shape(self, var_symbol(c, x), SHAPE_ANYWHERE, 0, y);
    break;
  case SD_OP_STR_PREFIXOF: case SD_OP_STR_SUFFIXOF:
    if (x->op == SD_OP_STRING)
      add_shape(self, var_symbol(c, y), a->op == SD_OP_STR_PREFIXOF ? SHAPE_PREFIX : SHAPE_SUFFIX, 0, x);
    break;
  default:
    break;
  }
}

static void collect_shapes(SdSearch *self, const SdConstraint *c, const SdFormula *f) {
  if (f->kind == SD_F_ATOM) {
    atom_shapes(self, c, f->atom);
    return;
  }
  if (f->kind == SD_F_NOT) return; /* NNF: a negated atom asks for no shape */
  for (uint32_t i = 0; i < f->child_count; i++) collect_shapes(self, c, f->children[i]);
}

SdSearch *sd_search_new(const SdGrammar *g, SdFuzzer *fuzzer, SdParser *parser, SdRng *rng,
                        const SdLengths *lengths, const SdConstraint *nnf, uint32_t size_budget) {
  SdSearch *self = sd_xcalloc(1, sizeof *self);
  self->g = g;
  self->lengths = lengths;
  if (lengths) collect_shapes(self, nnf, nnf->root);
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
    array_free(&self->conjuncts[i].donors);
  }
  free(self->witness);
  array_free(&self->shapes);
  free(self);
}

/* How far t is from the constraint: the conjuncts that fail on it, and
 * below that, the nodes at which its failing foralls fail (a forall over
 * every <term> is met one term at a time, where the number of failing
 * conjuncts stays 1 throughout). */
typedef struct Score {
  uint32_t fails, violations;
} Score;
enum { VIOLATIONS_CAP = 64 };

static bool better_or_equal(Score a, Score b) {
  return a.fails < b.fails || (a.fails == b.fails && a.violations <= b.violations);
}

/* t's score, and one failing conjunct at random into *pick. */
static Score failing(SdSearch *self, const SdTree *t, uint32_t *pick) {
  Score sc = {0, 0};
  for (uint32_t i = 0; i < self->count; i++) {
    const Conjunct *x = &self->conjuncts[i];
    uint32_t v = x->violation ? sd_constraint_violations(x->c, t, VIOLATIONS_CAP) : !sd_constraint_eval(x->c, t, NULL);
    if (!v) continue;
    sc.violations += v;
    if (sd_rng_below(self->rng, ++sc.fails) == 0) *pick = i; /* reservoir: uniform among the failing */
  }
  return sc;
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
  SdTree *sub = sd_parse(self->parser, node->symbol, text, len, NULL);
  free(text);
  if (!sub) return false;
  sd_tree_replace(next, node, sub->root);
  sd_tree_free(sub);
  return true;
}

/* One of the shapes of symbol of the given kinds (a bit per ShapeKind), at
 * random; NULL when there is none. */
static const Shape *pick_shape(SdSearch *self, SdSymbol symbol, uint32_t kinds) {
  const Shape *pick = NULL;
  uint32_t seen = 0;
  for (uint32_t i = 0; i < self->shapes.size; i++) {
    const Shape *sh = &self->shapes.items[i];
    if (sh->symbol == symbol && (kinds >> sh->kind & 1) && sd_rng_below(self->rng, ++seen) == 0) pick = sh;
  }
  return pick;
}

/* The kind of a byte as a literal written over a text sees it: a letter of
 * either case, a digit, or the byte itself (a space, a parenthesis); loose,
 * letters and digits are one kind. */
static int byte_class(unsigned char c, bool loose) {
  if (c >= 'a' && c <= 'z') return 256;
  if (c >= 'A' && c <= 'Z') return loose ? 256 : 257;
  if (c >= '0' && c <= '9') return loose ? 256 : 258;
  return c;
}

/* How well text[0..n) takes the literal: two points per byte of the
 * literal's kind, one per byte of its loose kind, and 2n + 1 more when
 * every byte is of one or the other: a place of its kinds throughout
 * first, then of its loose kinds, then the most bytes matched. */
static uint32_t fit_score(const char *text, const char *literal, uint32_t n) {
  uint32_t score = 0;
  bool whole = true;
  for (uint32_t i = 0; i < n; i++) {
    int t = (unsigned char)text[i], l = (unsigned char)literal[i];
    uint32_t s = byte_class(t, false) == byte_class(l, false) ? 2 : byte_class(t, true) == byte_class(l, true);
    score += s, whole = whole && s;
  }
  return whole ? score + 2 * n + 1 : score;
}

/* The places where sh's literal may be written over word (of length n),
 * best first, at most max; 0 when it does not fit. A prefix, a suffix or a
 * whole text has one place. Anywhere, the places whose bytes are of the
 * literal's kinds come first, then those that match it in the most bytes,
 * each rank from a place drawn at random round the word: written where the
 * word's bytes are of its kinds, the literal keeps the word's structure
 * (`c (` over the "b (" of "(list ab (add))", an atom before a call,
 * parses; over "(lis" it does not), and where none is, the best partial
 * fit ("/ -0" over the "* 45" of "3 * 45") is the likeliest to parse. */
enum { OVERLAY_PLACES = 6 };
static uint32_t overlay_places(SdSearch *self, const char *word, uint32_t n, const Shape *sh, uint32_t *places,
                               uint32_t max) {
  if (sh->text_length > n || (sh->kind == SHAPE_WHOLE && sh->text_length != n)) return 0;
  uint32_t room = n - sh->text_length;
  if (sh->kind != SHAPE_ANYWHERE) {
    places[0] = sh->kind == SHAPE_SUFFIX ? room : 0;
    return 1;
  }
  const char *text = shape_text(sh);
  uint32_t at = sd_rng_below(self->rng, room + 1), count = 0;
  uint32_t scores[OVERLAY_PLACES];
  for (uint32_t k = 0; k <= room; k++) {
    uint32_t p = (at + k) % (room + 1), score = fit_score(word + p, text, sh->text_length);
    /* insert p by score (stable: earlier places first among equals) */
    uint32_t j = count < max ? count++ : max;
    while (j > 0 && scores[j - 1] < score) {
      if (j < max) places[j] = places[j - 1], scores[j] = scores[j - 1];
      j--;
    }
    if (j < max) places[j] = p, scores[j] = score;
  }
  return count;
}

/* Write the literal of sh over word (of length n) at its best place; false
 * when it does not fit. */
static bool overlay(SdSearch *self, char *word, uint32_t n, const Shape *sh) {
  uint32_t place;
  if (!overlay_places(self, word, n, sh, &place, 1)) return false;
  memcpy(word + place, shape_text(sh), sh->text_length);
  return true;
}

/* word (of length n) parsed as symbol with lit written over it at one of
 * its best places, tried in turn; NULL when none derives. */
static SdTree *parse_overlaid(SdSearch *self, SdSymbol symbol, char *word, uint32_t n, const Shape *lit) {
  uint32_t places[OVERLAY_PLACES];
  uint32_t count = overlay_places(self, word, n, lit, places, OVERLAY_PLACES);
  char *copy = sd_xstrndup(word, n);
  SdTree *sub = NULL;
  for (uint32_t i = 0; i < count && !sub; i++) {
    memcpy(copy, word, n);
    memcpy(copy + places[i], shape_text(lit), lit->text_length);
    sub = sd_parse(self->parser, symbol, copy, n, NULL);
  }
  free(copy);
  return sub;
}

/* A derivation of symbol from a word of `length` bytes (base when given,
 * else drawn from the grammar) with lit written over it, and each other
 * literal the constraint asks of symbol with odd chances (a prefix and a
 * suffix together); NULL when none derives after SHAPE_TRIES. */
static SdTree *shaped_text(SdSearch *self, SdSymbol symbol, uint32_t length, const char *base, const Shape *lit) {
  if (lit && (lit->kind == SHAPE_WHOLE || lit->text_length > length)) length = lit->text_length, base = NULL;
  if (!base && !sd_lengths_possible(self->lengths, symbol, length)) return NULL;
  for (int tries = 0; tries < SHAPE_TRIES; tries++) {
    char *word = base ? sd_xstrndup(base, length) : sd_lengths_sample(self->lengths, symbol, length, self->rng);
    if (!word) return NULL;
    SdTree *sub = NULL;
    if (lit) {
      for (uint32_t i = 0; i < self->shapes.size; i++) {
        const Shape *sh = &self->shapes.items[i];
        if (sh != lit && sh->symbol == symbol && sh->kind != SHAPE_LENGTH && sd_rng_below(self->rng, 2))
          overlay(self, word, length, sh);
      }
      sub = parse_overlaid(self, symbol, word, length, lit); /* last: it is not written over */
    } else {
      sub = sd_parse(self->parser, symbol, word, length, NULL);
    }
    free(word);
    if (sub || (!lit && !base)) return sub; /* a word drawn as it is derives */
  }
  return NULL;
}

/* next with node derived anew in a shape the constraint asks of its
 * nonterminal: of a length it bounds, or its own (half the time its own
 * text, so that literals add up over steps), with literals over it; false
 * when the constraint asks none or no such text derives. */
static bool shape_move(SdSearch *self, SdTree *next, SdNode *node) {
  enum { LITERALS = 1u << SHAPE_ANYWHERE | 1u << SHAPE_PREFIX | 1u << SHAPE_SUFFIX | 1u << SHAPE_WHOLE };
  if (!self->lengths) return false;
  const Shape *len = pick_shape(self, node->symbol, 1u << SHAPE_LENGTH);
  const Shape *lit = pick_shape(self, node->symbol, LITERALS);
  if (!len && !lit) return false;
  if (len && lit && sd_rng_below(self->rng, 3) == 0) lit = NULL; /* a length alone, now and then */
  uint32_t own;
  const char *text = sd_node_text(next, node, &own);
  bool resize = len && (!lit || sd_rng_below(self->rng, 2));
  const char *base = !resize && lit && sd_rng_below(self->rng, 2) ? text : NULL;
  uint32_t length = !resize ? own : sd_rng_below(self->rng, 2) ? len->length : len->lo + sd_rng_below(self->rng, len->hi - len->lo + 1);
  SdTree *sub = shaped_text(self, node->symbol, length, base, lit);
  if (!sub) return false;
  sd_tree_replace(next, node, sub->root);
  sd_tree_free(sub);
  return true;
}

/* The lowest node at or above node whose nonterminal recurs in one of its
 * own alternatives (a list: `<points> ::= <point> " " <points>`, an EBNF
 * repetition) and can hold a node of symbol s; NULL when none. */
static bool names(const SdAlternative *a, SdSymbol s) {
  for (uint32_t k = 0; k < a->count; k++)
    if (a->symbols[k] == s) return true;
  return false;
}

static SdNode *list_around(const SdGrammar *g, SdNode *node, SdSymbol s) {
  for (SdNode *l = node; l; l = l->parent) {
    if (!sd_grammar_is_nonterminal(g, l->symbol) || !sd_grammar_can_contain(g, l->symbol, s)) continue;
    const SdSymbolInfo *si = &g->symbols[l->symbol];
    for (uint32_t a = 0; a < si->alternative_count; a++)
      if (names(&si->alternatives[a], l->symbol)) return l;
  }
  return NULL;
}

/* next with a list around a node of x's counted nonterminal made longer
 * until the input has as many such nodes as x asks for (count_goal): the
 * list derived once more through a recursive alternative, with the old
 * list in its place, the item (or its ancestor) copied where the
 * alternative has its nonterminal, and the other parts derived at random
 * (small). Random derivations seldom reach a dozen items, nor a fourth
 * nameserver line among other lines. */
enum { GROW_WRAPS = 64, GROW_PART_SIZE = 8 };
static bool grow_move(SdSearch *self, SdTree *next, const Conjunct *x) {
  uint32_t count;
  sd_tree_range(next, x->many, NULL, &count);
  bool moved = false;
  for (int wraps = 0; count && count < x->at_least && wraps < GROW_WRAPS; wraps++) {
    uint32_t first = sd_tree_range(next, x->many, NULL, &count);
    SdNode *item = next->nodes[next->by_symbol[x->many][first + sd_rng_below(self->rng, count)]];
    SdNode *list = list_around(self->g, item, x->many);
    if (!list) break;
    const SdSymbolInfo *si = &self->g->symbols[list->symbol];
    uint32_t alts[32], na = 0;
    for (uint32_t a = 0; a < si->alternative_count && na < 32; a++)
      if (names(&si->alternatives[a], list->symbol)) alts[na++] = a;
    const SdAlternative *alt = &si->alternatives[alts[sd_rng_below(self->rng, na)]];
    SdTree *scratch = sd_tree_new(self->g);
    SdNode *wrapper = sd_tree_new_node(scratch, list->symbol, (int32_t)(alt - si->alternatives), alt->count);
    bool placed = false;
    for (uint32_t k = 0; k < alt->count; k++) {
      SdSymbol part = alt->symbols[k];
      const SdNode *like = NULL; /* the item, or its ancestor of the part's symbol */
      for (const SdNode *n = item; n && n != list && !like; n = n->parent)
        if (n->symbol == part) like = n;
      SdNode *child = !placed && part == list->symbol ? sd_tree_copy_node(scratch, list)
                      : like ? sd_tree_copy_node(scratch, like)
                             : sd_fuzz_node(self->fuzzer, scratch, part, GROW_PART_SIZE);
      placed = placed || part == list->symbol;
      wrapper->children[k] = child;
      child->parent = wrapper;
    }
    sd_tree_replace(next, list, wrapper);
    sd_tree_free(scratch);
    sd_tree_range(next, x->many, NULL, &count);
    moved = true;
  }
  return moved;
}

/* next with a node of a donor's nonterminal replaced by a copy of the
 * donor (a witness, in a seed, of the failing conjunct x); false when x has
 * no donors or next no such node. One graft meets "an <expr> that contains
 * `/ -0`" where deriving anew and overlaying literals met it in few walks
 * out of many, and Z3 ran out of rlimit on it (the expression example). */
static bool graft_move(SdSearch *self, SdTree *next, const Conjunct *x) {
  if (!x->donors.size) return false;
  const Donor *d = &x->donors.items[sd_rng_below(self->rng, x->donors.size)];
  uint32_t count, first = sd_tree_range(next, d->node->symbol, NULL, &count);
  if (!count) return false;
  sd_tree_replace(next, next->nodes[next->by_symbol[d->node->symbol][first + sd_rng_below(self->rng, count)]], d->node);
  return true;
}

void sd_search_add_donors(SdSearch *self, SdTree *const *seeds, uint32_t seed_count) {
  for (uint32_t i = 0; i < self->count; i++) {
    Conjunct *x = &self->conjuncts[i];
    const SdFormula *q = x->c->root;
    if (q->kind != SD_F_EXISTS || q->in_var >= 0 || x->c->variable_count > self->witness_room) continue;
    /* a nesting chain's witness is a search exponential in its depth (the
       expression example at seed 2: 9 s of CPU over "nested 14 deep"); it
       is grown, not grafted */
    if (sd_formula_nesting_depth(x->c, q) > 2) continue;
    for (uint32_t k = 0; k < seed_count && x->donors.size < SEARCH_DONORS; k++) {
      /* without witnesses first: a nesting chain ("<expr> nested 13 deep")
         is decided in one pass then, and by a search exponential in its
         depth when witnesses are asked for (38 s of the expression
         example's CPU at seed 2, on seeds where it is false) */
      if (!sd_constraint_eval(x->c, seeds[k], NULL)) continue;
      if (!sd_constraint_eval(x->c, seeds[k], self->witness) || !self->witness[q->var]) continue;
      Donor d = {seeds[k], self->witness[q->var]};
      array_push(&x->donors, d);
    }
  }
}

bool sd_search_has_boundaries(const SdSearch *self) {
  for (uint32_t i = 0; i < self->shapes.size; i++)
    if (self->shapes.items[i].boundary) return true;
  return false;
}

SdTree *sd_search_boundary(SdSearch *self, const SdTree *t) {
  const Shape *pick = NULL;
  uint32_t seen = 0;
  for (uint32_t i = 0; i < self->shapes.size; i++) {
    const Shape *sh = &self->shapes.items[i];
    uint32_t count;
    sd_tree_range(t, sh->symbol, NULL, &count);
    if (sh->boundary && count && sd_rng_below(self->rng, ++seen) == 0) pick = sh;
  }
  if (!pick) return NULL;
  SdTree *next = sd_tree_clone(t);
  uint32_t count, first = sd_tree_range(next, pick->symbol, NULL, &count);
  SdNode *node = next->nodes[next->by_symbol[pick->symbol][first + sd_rng_below(self->rng, count)]];
  SdTree *sub = pick->kind == SHAPE_LENGTH ? shaped_text(self, pick->symbol, pick->length, NULL, NULL)
                                           : shaped_text(self, pick->symbol, pick->text_length, NULL, pick);
  if (!sub) {
    sd_tree_free(next);
    return NULL;
  }
  sd_tree_replace(next, node, sub->root);
  sd_tree_free(sub);
  return next;
}

SdTree *sd_search_walk(SdSearch *self, SdTree *t, uint32_t steps) {
  uint32_t pick = 0;
  Score sc = failing(self, t, &pick);
  for (uint32_t step = 0; step < steps && sc.fails; step++) {
    SdTree *next = sd_tree_clone(t);
    SdNode *node = target(self, next, &self->conjuncts[pick]);
    if (!node) {
      sd_tree_free(next);
      break;
    }
    const Conjunct *x = &self->conjuncts[pick];
    uint32_t way = sd_rng_below(self->rng, x->donors.size ? 8 : 6);
    bool moved = x->at_least && way < 3 && grow_move(self, next, x);
    if (!moved)
      moved = way < 2 ? copy_move(self, next, node, x) : way == 2 ? shape_move(self, next, node) : way >= 6 && graft_move(self, next, x);
    if (!moved) {
      uint32_t lo = self->g->symbols[node->symbol].min_size;
      uint32_t size = lo + sd_rng_below(self->rng, self->size_budget);
      sd_tree_replace(next, node, sd_fuzz_node(self->fuzzer, next, node->symbol, size));
    }
    uint32_t next_pick = 0;
    Score next_sc = failing(self, next, &next_pick);
    if (better_or_equal(next_sc, sc)) {
      sd_tree_free(t);
      t = next;
      sc = next_sc;
      pick = next_pick;
    } else {
      sd_tree_free(next);
      failing(self, t, &pick); /* another failing conjunct, perhaps */
    }
  }
  if (sc.fails) {
    sd_tree_free(t);
    return NULL;
  }
  return t;
}
