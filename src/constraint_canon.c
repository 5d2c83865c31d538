/* constraint_canon.c: one reading of constraints that mean the same for
 * every input of the grammar, so that such candidates compare equal.
 *
 * sd_constraint_canonical copies a constraint and, in the copy:
 *   - makes every `forall` over a nonterminal that each input holds exactly
 *     once (sd_grammar_exactly_once), ranging over the whole input, an
 *     `exists`: both bind the variable to that one node;
 *   - binds a chain of such quantifiers, one directly in the other, in the
 *     order of their nonterminals (they commute);
 *   - reads a pair of one nonterminal's elements whose measures add up
 *     past a number, `exists <N> a: exists <N> b: m(a) + m(b) > T` (m
 *     str.len or str.to.int, both quantifiers over the same range), as one
 *     element past half of it, `exists <N> a: m(a) > floor(T / 2)`: b may
 *     be a, so the largest sum is twice the largest measure (and the
 *     smallest twice the smallest, for `<`);
 *   - reads `x + 0` as x, and `a > b`, `a >= b` as `b < a`, `b <= a`.
 * The result is equivalent to the original on every input of the grammar;
 * it is for comparing, not for showing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "constraint_internal.h"
#include "util.h"

enum { CHAIN_MAX = 16 };

typedef struct Canon {
  const SdConstraint *c;
  int8_t *once; /* per symbol: -1 not yet known, else sd_grammar_exactly_once */
} Canon;

static bool once_quantifier(Canon *k, const SdFormula *f) {
  if ((f->kind != SD_F_FORALL && f->kind != SD_F_EXISTS) || f->in_var != -1 || f->match) return false;
  SdSymbol s = k->c->variables[f->var].symbol;
  if (s < 0) return false;
  if (k->once[s] < 0) k->once[s] = sd_grammar_exactly_once(k->c->grammar, s);
  return k->once[s] == 1;
}

static void once_as_exists(Canon *k, SdFormula *f) {
  SdFormula *chain[CHAIN_MAX];
  uint32_t n = 0;
  for (SdFormula *g = f; n < CHAIN_MAX && once_quantifier(k, g); g = g->children[0]) {
    g->kind = SD_F_EXISTS;
    chain[n++] = g;
  }
  const SdVariable *vars = k->c->variables;
  for (uint32_t i = 1; i < n; i++) /* insertion sort of the bound variables by symbol */
    for (uint32_t j = i; j > 0 && vars[chain[j - 1]->var].symbol > vars[chain[j]->var].symbol; j--) {
      int32_t v = chain[j]->var;
      chain[j]->var = chain[j - 1]->var;
      chain[j - 1]->var = v;
    }
  if (n) {
    once_as_exists(k, chain[n - 1]->children[0]);
    return;
  }
  for (uint32_t i = 0; i < f->child_count; i++) once_as_exists(k, f->children[i]);
}

/* m(v): str.len or str.to.int of variable v. */
static bool measure_of(const SdTerm *t, SdOp *op, int32_t *var) {
  if ((t->op != SD_OP_STR_LEN && t->op != SD_OP_STR_TO_INT) || t->arg_count != 1 || t->args[0]->op != SD_OP_VAR)
    return false;
  *op = t->op, *var = t->args[0]->var;
  return true;
}

static bool small_literal(const SdTerm *t, int64_t *value) {
  if (t->op != SD_OP_INT || t->length == 0 || t->length > 15) return false;
  char buf[16], *end;
  memcpy(buf, t->text, t->length);
  buf[t->length] = 0;
  long long v = strtoll(buf, &end, 10);
  *value = v;
  return *end == 0;
}

static int64_t floor_half(int64_t v) { return v >= 0 ? v / 2 : -((-v + 1) / 2); }

/* f's atom, `m(a) + m(b) OP T` or `T OP m(a) + m(b)` with a and b the
 * variables given, rewritten in place as `m(a) OP' K`; false (untouched)
 * for other atoms. 2x > T iff x > floor(T/2); 2x >= T iff x >= T - floor(T/2);
 * 2x < T iff x < T - floor(T/2); 2x <= T iff x <= floor(T/2). */
static bool half_of_pair(SdConstraint *c, SdFormula *f, int32_t a, int32_t b) {
  SdTerm *t = f->kind == SD_F_ATOM ? f->atom : NULL;
  if (!t || t->arg_count != 2 || (t->op != SD_OP_GT && t->op != SD_OP_GE && t->op != SD_OP_LT && t->op != SD_OP_LE))
    return false;
  SdOp op = t->op;
  int side = t->args[0]->op == SD_OP_ADD ? 0 : 1;
  const SdTerm *sum = t->args[side];
  int64_t bound;
  if (sum->op != SD_OP_ADD || sum->arg_count != 2 || !small_literal(t->args[1 - side], &bound)) return false;
  if (side == 1) /* T OP sum: sum OP' T */
    op = op == SD_OP_GT ? SD_OP_LT : op == SD_OP_GE ? SD_OP_LE : op == SD_OP_LT ? SD_OP_GT : SD_OP_GE;
  SdOp m1, m2;
  int32_t v1, v2;
  if (!measure_of(sum->args[0], &m1, &v1) || !measure_of(sum->args[1], &m2, &v2) || m1 != m2 ||
      !((v1 == a && v2 == b) || (v1 == b && v2 == a)))
    return false;
  int64_t half = floor_half(bound);
  int64_t k = op == SD_OP_GT || op == SD_OP_LE ? half : bound - half;
  SdTerm *lit = sd_term_new(c, SD_OP_INT, SD_TYPE_INT, 0);
  char *text = sd_arena_alloc(c->arena, 24);
  snprintf(text, 24, "%lld", (long long)k);
  lit->text = text, lit->length = (uint32_t)strlen(text);
  SdTerm *cmp = sd_term_new(c, op, SD_TYPE_BOOL, 2);
  cmp->args[0] = sum->args[v1 == a ? 0 : 1];
  cmp->args[1] = lit;
  f->atom = cmp;
  return true;
}

/* `exists <N> a in X: exists <N> b in X: m(a) + m(b) OP T` as one
 * quantifier (above), wherever it stands. */
static void pairs_as_one(SdConstraint *c, SdFormula *f) {
  SdFormula *g = f->kind == SD_F_EXISTS && f->child_count == 1 ? f->children[0] : NULL;
  if (g && g->kind == SD_F_EXISTS && g->child_count == 1 && !f->match && !g->match && f->in_var == g->in_var &&
      f->var >= 0 && g->var >= 0 && c->variables[f->var].symbol == c->variables[g->var].symbol &&
      c->variables[f->var].symbol >= 0 && half_of_pair(c, g->children[0], f->var, g->var)) {
    f->children[0] = g->children[0];
    return;
  }
  for (uint32_t i = 0; i < f->child_count; i++) pairs_as_one(c, f->children[i]);
}

static bool zero_literal(const SdTerm *t) { return t->op == SD_OP_INT && t->length == 1 && t->text[0] == '0'; }

static void plain_comparisons(SdTerm *t) {
  for (uint32_t i = 0; i < t->arg_count; i++) {
    SdTerm *a = t->args[i];
    plain_comparisons(a);
    if (a->op == SD_OP_ADD && a->arg_count == 2 && (zero_literal(a->args[0]) || zero_literal(a->args[1])))
      t->args[i] = zero_literal(a->args[0]) ? a->args[1] : a->args[0];
  }
  if ((t->op == SD_OP_GT || t->op == SD_OP_GE) && t->arg_count == 2) {
    SdTerm *x = t->args[0];
    t->args[0] = t->args[1];
    t->args[1] = x;
    t->op = t->op == SD_OP_GT ? SD_OP_LT : SD_OP_LE;
  }
}

static void plain_atoms(SdFormula *f) {
  if (f->kind == SD_F_ATOM) plain_comparisons(f->atom);
  for (uint32_t i = 0; i < f->child_count; i++) plain_atoms(f->children[i]);
}

SdConstraint *sd_constraint_canonical(const SdConstraint *self) {
  SdConstraint *c = sd_constraint_clone(self);
  if (!c || !c->root) return c;
  Canon k = {.c = c, .once = sd_xmalloc(c->grammar->symbol_count ? c->grammar->symbol_count : 1)};
  for (uint32_t s = 0; s < c->grammar->symbol_count; s++) k.once[s] = -1;
  once_as_exists(&k, c->root);
  pairs_as_one(c, c->root);
  plain_atoms(c->root);
  free(k.once);
  return c;
}
