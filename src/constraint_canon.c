/* constraint_canon.c: one reading of constraints that mean the same for
 * every input of the grammar, so that such candidates compare equal.
 *
 * sd_constraint_canonical copies a constraint and, in the copy:
 *   - makes every `forall` over a nonterminal that each input holds exactly
 *     once (sd_grammar_exactly_once), ranging over the whole input, an
 *     `exists`: both bind the variable to that one node;
 *   - binds a chain of such quantifiers, one directly in the other, in the
 *     order of their nonterminals (they commute);
 *   - reads `x + 0` as x, and `a > b`, `a >= b` as `b < a`, `b <= a`.
 * The result is equivalent to the original on every input of the grammar;
 * it is for comparing, not for showing. */
#include <stdlib.h>

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
  plain_atoms(c->root);
  free(k.once);
  return c;
}
