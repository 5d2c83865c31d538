/* learner_scopes.c: conjunctions inside one record.
 *
 * The ranking conjoins atoms by AND-ing their truth bitsets, which states
 * each part somewhere in the input: `exists <carrier> c: c = "drone"` and
 * `exists <kg> k: str.to.int(k) > 5` hold on a list where a light drone
 * parcel sits next to a heavy truck one. When a program checks one record
 * (a delivery, a declaration, a line), the cause is the conjunction inside
 * one element of the record's nonterminal:
 *
 *   exists <delivery> delivery_0 in start:
 *     (exists <carrier> c in delivery_0: c = "drone") and
 *     (exists <kg> k in delivery_0: str.to.int(k) > 5)
 *
 * After a ranking, the pairs of single-quantifier existential atoms that the
 * best conjunctions are made of (and the two-atom conjunctions explaining the
 * most failures while holding on some passing input) get their scoped form
 * when the grammar has a repeating nonterminal holding both elements
 * (sd_grammar_common_scope) that does not nest in itself (a record, not an
 * expression's <term>). Each is a new atom, evaluated on every input
 * like the others; the learner ranks again when there are new ones. Cost:
 * at most LR_SCOPE_PAIRS evaluations per input and learn, none for grammars
 * without such a record. */
#include <stdlib.h>
#include <string.h>

#include "learner_internal.h"

enum { LR_SCOPE_PAIRS = 12, LR_SCOPE_TOP = 8, LR_SCOPE_SCAN = 64 };

static bool has_quantifier(const SdFormula *f) {
  if (f->kind == SD_F_EXISTS || f->kind == SD_F_FORALL) return true;
  for (uint32_t i = 0; i < f->child_count; i++)
    if (has_quantifier(f->children[i])) return true;
  return false;
}

/* The nonterminal of an atom that is one existential quantifier over the
 * whole input with a quantifier-free body; -1 otherwise. */
static SdSymbol scopable_symbol(const SdLearner *self, uint32_t atom) {
  if (atom == LR_NONE) return -1;
  const LrAtom *a = &self->atoms.items[atom];
  const SdFormula *f = a->c->root;
  if (a->kind == LR_NEGATION || f->kind != SD_F_EXISTS || f->in_var >= 0 || f->match || f->child_count != 1 ||
      has_quantifier(f->children[0]))
    return -1;
  return a->c->variables[f->var].symbol;
}

/* The scope's variable, named after its nonterminal where that makes an
 * identifier ("<delivery>": "delivery_0"; the suffix keeps it apart from
 * the atoms' own names), else "scope_0". */
static void scope_variable(const char *symbol, char *out, size_t size) {
  size_t n = 0, len = strlen(symbol);
  for (size_t i = 1; i + 1 < len && n + 3 < size; i++) {
    char ch = symbol[i];
    bool letter = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
    if (letter || (n && ((ch >= '0' && ch <= '9') || ch == '_'))) out[n++] = ch;
    else if (n && ch == '-') out[n++] = '_';
    else break;
  }
  if (!n || n + 1 < len - 2) n = 0, memcpy(out, "scope", 5), n = 5;
  memcpy(out + n, "_0", 3);
}

/* The ISLa text of "a and b inside one <scope>": both quantifiers ranged
 * in the scope's element instead of the whole input; NULL if the text is
 * not of the expected form. */
static char *scoped_text(const SdLearner *self, uint32_t a, uint32_t b, SdSymbol scope) {
  const SdConstraint *parts[2] = {self->atoms.items[a].c, self->atoms.items[b].c};
  SdConstraint *both = sd_constraint_and(parts, 2);
  char *isla = both ? sd_constraint_to_isla(both) : NULL;
  sd_constraint_free(both);
  if (!isla) return NULL;
  char var[40];
  scope_variable(self->grammar->symbols[scope].name, var, sizeof var);
  SdBuf out = {0};
  sd_buf_printf(&out, "exists %s %s in start: (", self->grammar->symbols[scope].name, var);
  const char *at = isla, *hit;
  uint32_t replaced = 0;
  while ((hit = strstr(at, " in start: "))) {
    sd_buf_append(&out, at, (size_t)(hit - at));
    sd_buf_printf(&out, " in %s: ", var);
    at = hit + strlen(" in start: ");
    replaced++;
  }
  sd_buf_printf(&out, "%s)", at);
  free(isla);
  if (replaced != 2) {
    sd_buf_free(&out);
    return NULL;
  }
  return sd_buf_take(&out);
}

typedef struct Pairs {
  uint32_t a[LR_SCOPE_PAIRS], b[LR_SCOPE_PAIRS];
  SdSymbol scope[LR_SCOPE_PAIRS];
  uint32_t n;
} Pairs;

/* Can an element of s hold another one (an expression's <term> inside a
 * <term>)? Such a scope is no record: every pair of nested elements is
 * one, and evaluating the scoped form on long inputs cost the expression
 * example ten times its CPU (25 s to 250 s at seed 1). */
bool lr_self_nesting(const SdGrammar *g, SdSymbol s) {
  const SdSymbolInfo *si = &g->symbols[s];
  for (uint32_t a = 0; a < si->alternative_count; a++)
    for (uint32_t k = 0; k < si->alternatives[a].count; k++) {
      SdSymbol c = si->alternatives[a].symbols[k];
      if (sd_grammar_is_nonterminal(g, c) && sd_grammar_can_contain(g, c, s)) return true;
    }
  return false;
}

static void consider(const SdLearner *self, Pairs *p, uint32_t a, uint32_t b) {
  if (p->n >= LR_SCOPE_PAIRS || a == b) return;
  SdSymbol x = scopable_symbol(self, a), y = scopable_symbol(self, b);
  if (x < 0 || y < 0 || x == y) return;
  if (a > b) {
    uint32_t t = a;
    a = b, b = t;
  }
  for (uint32_t i = 0; i < p->n; i++)
    if (p->a[i] == a && p->b[i] == b) return;
  SdSymbol scope = sd_grammar_common_scope(self->grammar, x, y);
  if (scope < 0 || lr_self_nesting(self->grammar, scope)) return;
  p->a[p->n] = a, p->b[p->n] = b, p->scope[p->n] = scope;
  p->n++;
}

/* The atoms of a ranked item (a conjunction's parts, flattened one level:
 * conjunctions are made of atoms and at most one nested conjunction). */
static uint32_t item_atoms(const SdLearner *self, uint32_t item, uint32_t *out, uint32_t max) {
  const LrItem *it = &self->items.items[item];
  if (it->atom != LR_NONE) {
    out[0] = it->atom;
    return 1;
  }
  if (it->disjunction) return 0;
  uint32_t n = 0;
  for (uint32_t i = 0; i < it->part_count && n < max; i++) {
    uint32_t got = item_atoms(self, it->parts[i], out + n, max - n);
    n += got;
  }
  return n;
}

/* Two-atom conjunctions that hold on some passing input, most failures
 * first: the ones a scope could make precise. */
static void best_open_pairs(const SdLearner *self, Pairs *p) {
  uint32_t pick[LR_SCOPE_SCAN], np = 0;
  for (uint32_t i = 0; i < self->items.size; i++) {
    const LrItem *it = &self->items.items[i];
    if (it->atom != LR_NONE || it->disjunction || it->part_count != 2 || it->fp == 0) continue;
    const LrItem *l = &self->items.items[it->parts[0]], *r = &self->items.items[it->parts[1]];
    if (l->atom == LR_NONE || r->atom == LR_NONE || scopable_symbol(self, l->atom) < 0 ||
        scopable_symbol(self, r->atom) < 0)
      continue;
    /* keep the LR_SCOPE_SCAN with most tp, then fewest fp (insertion) */
    uint32_t at = np < LR_SCOPE_SCAN ? np++ : LR_SCOPE_SCAN;
    while (at > 0) {
      const LrItem *q = &self->items.items[pick[at - 1]];
      if (q->tp > it->tp || (q->tp == it->tp && q->fp <= it->fp)) break;
      if (at < LR_SCOPE_SCAN) pick[at] = pick[at - 1];
      at--;
    }
    if (at < LR_SCOPE_SCAN) pick[at] = i;
  }
  for (uint32_t k = 0; k < np && p->n < LR_SCOPE_PAIRS; k++) {
    const LrItem *it = &self->items.items[pick[k]];
    consider(self, p, self->items.items[it->parts[0]].atom, self->items.items[it->parts[1]].atom);
  }
}

uint32_t lr_scopes(SdLearner *self) {
  Pairs p = {0};
  /* the parts of the best conjunctions first */
  for (uint32_t r = 0; r < self->ranked_item.size && r < LR_SCOPE_TOP; r++) {
    uint32_t atoms[LR_MAX_PARTS * 2];
    uint32_t n = item_atoms(self, self->ranked_item.items[r], atoms, LR_MAX_PARTS * 2);
    for (uint32_t i = 0; i < n; i++)
      for (uint32_t j = i + 1; j < n; j++) consider(self, &p, atoms[i], atoms[j]);
  }
  best_open_pairs(self, &p);
  uint32_t added = 0;
  for (uint32_t i = 0; i < p.n; i++) {
    char *text = scoped_text(self, p.a[i], p.b[i], p.scope[i]);
    if (!text) continue;
    uint32_t before = self->atoms.size;
    uint32_t atom = lr_add_atom(self, self->atoms.items[p.a[i]].pattern, text, NULL);
    if (atom == LR_NONE) continue;
    if (self->atoms.size > before) self->atoms.items[atom].scoped_with = p.b[i];
    if (self->atoms.items[atom].epoch == self->epoch) continue; /* ranked already */
    uint32_t used = self->used.size;
    lr_use_atom(self, atom);
    added += self->used.size > used;
  }
  return added;
}
