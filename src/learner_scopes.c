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
 * like the others; the learner ranks again when there are new ones.
 *
 * Two such atoms over one nonterminal get the form with both conditions on
 * one element: `exists <num> n: (str.prefixof("0", n) and str.contains(n,
 * "8"))`, a number that is octal and holds an 8, where the plain
 * conjunction also holds on "0644" beside "28".
 *
 * An atom relating elements of several nonterminals across the whole input
 * (`exists <hdr> a: exists <plen> b: exists <total> c: a + b > c`) gets its
 * form inside one record holding all of them, like a pair: a header and
 * payload above the total of another packet are no fault. Cost:
 * at most LR_SCOPE_PAIRS evaluations per input and learn, none for grammars
 * without such a record. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "constraint_internal.h"
#include "learner_internal.h"

enum { LR_SCOPE_PAIRS = 12, LR_SCOPE_TOP = 8, LR_SCOPE_SCAN = 64 };
/* Pairs of one element's conditions: from the LR_WITHIN_ATOMS atoms over
 * each nonterminal that hold on the most failing inputs, at most
 * LR_WITHIN_PAIRS pairs beyond the others. */
enum { LR_WITHIN_ATOMS = 16, LR_WITHIN_PAIRS = 6 };
/* Relations scoped to a record: at most this many per learn. */
enum { LR_SCOPED_RELATIONS = 4, LR_RELATION_VARS = 4 };

static bool has_quantifier(const SdFormula *f) {
  if (f->kind == SD_F_EXISTS || f->kind == SD_F_FORALL) return true;
  for (uint32_t i = 0; i < f->child_count; i++)
    if (has_quantifier(f->children[i])) return true;
  return false;
}

SdSymbol lr_single_symbol(const SdConstraint *c) {
  const SdFormula *f = c->root;
  if (!f || f->kind != SD_F_EXISTS || f->in_var >= 0 || f->match || f->child_count != 1 || has_quantifier(f->children[0]))
    return -1;
  return c->variables[f->var].symbol;
}

/* The nonterminal of an atom that is one existential quantifier over the
 * whole input with a quantifier-free body; -1 otherwise (its negation too). */
static SdSymbol scopable_symbol(const SdLearner *self, uint32_t atom) {
  if (atom == LR_NONE) return -1;
  const LrAtom *a = &self->atoms.items[atom];
  return a->kind == LR_NEGATION ? -1 : a->single;
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

/* isla (taken over) inside one <scope>: "exists <scope> v in start: (...)"
 * with every " in start: " of isla ranged in v instead; NULL unless there
 * were exactly `quantifiers` of them. */
static char *in_scope(const SdLearner *self, char *isla, SdSymbol scope, uint32_t quantifiers) {
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
  if (replaced != quantifiers) {
    sd_buf_free(&out);
    return NULL;
  }
  return sd_buf_take(&out);
}

/* The ISLa text of "a and b inside one <scope>": both quantifiers ranged
 * in the scope's element instead of the whole input; NULL if the text is
 * not of the expected form. */
static char *scoped_text(const SdLearner *self, uint32_t a, uint32_t b, SdSymbol scope) {
  const SdConstraint *parts[2] = {self->atoms.items[a].c, self->atoms.items[b].c};
  SdConstraint *both = sd_constraint_and(parts, 2);
  char *isla = both ? sd_constraint_to_isla(both) : NULL;
  sd_constraint_free(both);
  return in_scope(self, isla, scope, 2);
}

/* The ISLa text of "a and b of one element" (both about one nonterminal). */
static char *within_text(const SdLearner *self, uint32_t a, uint32_t b) {
  SdConstraint *both = sd_constraint_and_within(self->atoms.items[a].c, self->atoms.items[b].c);
  char *isla = both ? sd_constraint_to_isla(both) : NULL;
  sd_constraint_free(both);
  return isla;
}

/* ---------- a threshold refit beside another condition ----------
 * An atom's threshold is fitted alone (`exists <cans> c: c > 431`: the
 * flip that separates the inputs best by itself); beside another condition
 * on one element the threshold that fits the pair lies elsewhere: beside a
 * period (`c mod 36 = 0`), below the least failing multiple (359: 360
 * fails, and 144, a multiple below it, is in every input); beside a
 * leading zero (`str.prefixof("0", d)`), at 0 (a decimal that starts with
 * 0 and is not all zeros: "010" fails, "00" passes, and alone the value
 * is best split far above, `> 3`). pallet36 at seed 3 learned `> 431 and
 * mod 72`, then 360 failing, and no threshold of the atoms fitted the pair
 * any more (precision 0.91); intbase0 (tests/cases/open) never stated `>
 * 0` beside the leading zero. The pair gets a second form with the
 * threshold refit on it: of the failing inputs' values of the element
 * (at most LR_REFIT_VALUES, the least first), the one that, taken as the
 * threshold, makes the pair hold on the fewest passing inputs and the most
 * failing ones, the nearest the failing values on ties. Until session 46
 * only beside a period. */
enum { LR_REFIT_VALUES = 32 };

/* The comparison of `exists <X> x: str.to.int(x) OP n` (OP <, <=, > or
 * >=, n an integer), NULL when c is not of that form. */
static SdTerm *threshold_of(const SdConstraint *c, int32_t *var) {
  const SdFormula *f = c->root;
  if (!f || f->kind != SD_F_EXISTS || f->child_count != 1 || f->children[0]->kind != SD_F_ATOM) return NULL;
  SdTerm *t = f->children[0]->atom;
  if ((t->op != SD_OP_GT && t->op != SD_OP_GE && t->op != SD_OP_LT && t->op != SD_OP_LE) || t->arg_count != 2)
    return NULL;
  const SdTerm *m = t->args[0], *n = t->args[1];
  if (m->op != SD_OP_STR_TO_INT || m->args[0]->op != SD_OP_VAR || n->op != SD_OP_INT) return NULL;
  *var = m->args[0]->var;
  return t;
}

/* A copy of atom a when it is a threshold (its comparison into *cmp, its
 * variable into *var), else NULL. */
static SdConstraint *threshold_copy(const SdLearner *self, uint32_t a, SdTerm **cmp, int32_t *var) {
  SdConstraint *t = sd_constraint_clone(self->atoms.items[a].c);
  *cmp = t ? threshold_of(t, var) : NULL;
  if (*cmp) return t;
  sd_constraint_free(t);
  return NULL;
}

static int compare_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

/* The failing inputs' distinct values of symbol, the least first. */
static uint32_t failing_values(const SdLearner *self, SdSymbol symbol, int64_t *out, uint32_t max) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < self->inputs.size; i++) {
    if (!lr_is_failing(self, i)) continue;
    const SdTree *t = self->inputs.items[i];
    for (uint32_t j = 0; j < t->by_symbol_count[symbol]; j++) {
      uint32_t len;
      const char *text = sd_node_text(t, t->nodes[t->by_symbol[symbol][j]], &len);
      int64_t v;
      if (!lr_parse_int(text, len, &v)) continue;
      bool seen = false;
      for (uint32_t k = 0; k < n && !seen; k++) seen = out[k] == v;
      if (!seen && n < max) out[n++] = v;
    }
  }
  qsort(out, n, sizeof *out, compare_i64);
  return n;
}

/* A refit's best threshold so far: its comparison and literal text. */
typedef struct Refit {
  SdOp op;
  char text[24];
  uint32_t tp, fp;
} Refit;

static SdOp mirrored(SdOp op) {
  return op == SD_OP_GT ? SD_OP_LT : op == SD_OP_LT ? SD_OP_GT : op == SD_OP_GE ? SD_OP_LE : SD_OP_GE;
}

/* Can atom a hold on input i? False only where a is known false there
 * (a pair "x and a" of one element is then false too). */
static bool holds_at(const LrAtom *a, uint32_t i) {
  return i >= a->upto || (a->bits[i / 64] >> (i % 64) & 1);
}

/* The pair "cmp with the k-th threshold, and atom b" (built on first use
 * into both[k]; NULL when the two do not combine). */
typedef struct RefitPair {
  const SdLearner *self;
  SdConstraint *t, **both;
  SdTerm *cmp;
  const SdConstraint *b;  /* the other condition */
  const LrAtom *known;    /* its atom, whose truth on the inputs is known; NULL: evaluated */
  bool on;                /* the threshold on b's element of its nonterminal (sd_constraint_and_on) */
  char (*texts)[24];
} RefitPair;

static const SdConstraint *refit_pair(RefitPair *r, uint32_t k) {
  if (!r->both[k]) {
    SdTerm *lit = r->cmp->args[1];
    lit->text = r->texts[k], lit->length = (uint32_t)strlen(r->texts[k]);
    r->both[k] = r->on ? sd_constraint_and_on(r->t, r->b) : sd_constraint_and_within(r->t, r->b);
  }
  return r->both[k];
}

static bool refit_holds(RefitPair *r, uint32_t k, uint32_t input) {
  const SdConstraint *both = refit_pair(r, k);
  return both && sd_constraint_eval(both, r->self->inputs.items[input], NULL);
}

/* The thresholds at which the pair holds on an input are a prefix of the
 * k (`>`: the bound rises with k) or a suffix (`<`): found by bisection,
 * how many of the nv hold (above) or the first that holds (below). */
static uint32_t refit_cut(RefitPair *r, uint32_t nv, bool above, uint32_t input) {
  uint32_t lo = 0, hi = nv; /* the answer lies in [lo, hi] */
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (refit_holds(r, mid, input) == above) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/* Each failing value as the threshold of cmp (set to op) beside atom b,
 * the best into *best: fewest passing inputs, most failing, and on ties
 * the nearest the failing values (the greatest below them for `>`, the
 * least above them for `<`); a tie with the best of an earlier op keeps
 * that. The pair is monotone in its bound (an existential over one
 * element, the bound only in the comparison), so each input is bisected
 * over the thresholds rather than evaluated at every one (the expression
 * example at seed 3 spent 12% of its CPU here). */
static void refit_scan(const SdLearner *self, SdConstraint *t, SdTerm *cmp, const SdConstraint *b,
                       const LrAtom *known, bool on, SdOp op, const int64_t *values, uint32_t nv, Refit *best) {
  if (!nv) return;
  cmp->op = op;
  bool above = op == SD_OP_GT || op == SD_OP_GE;
  char texts[LR_REFIT_VALUES][24];
  SdConstraint *both[LR_REFIT_VALUES] = {0};
  for (uint32_t k = 0; k < nv; k++) /* the value itself inside the threshold's side */
    snprintf(texts[k], sizeof texts[k], "%lld", (long long)(values[k] + (op == SD_OP_GT ? -1 : op == SD_OP_LT ? 1 : 0)));
  RefitPair r = {.self = self, .t = t, .both = both, .cmp = cmp, .b = b, .known = known, .on = on, .texts = texts};
  if (!refit_pair(&r, 0)) return;
  uint32_t tp[LR_REFIT_VALUES + 1] = {0}, fp[LR_REFIT_VALUES + 1] = {0};
  for (uint32_t i = 0; i < self->inputs.size; i++) {
    if (known ? !holds_at(known, i) : !sd_constraint_eval(b, self->inputs.items[i], NULL)) continue;
    uint32_t cut = refit_cut(&r, nv, above, i);
    /* above: thresholds 0..cut-1 hold; below: cut..nv-1 (as differences) */
    uint32_t *count = lr_is_failing(self, i) ? tp : fp;
    if (above) count[0]++, count[cut]--;
    else count[cut]++, count[nv]--;
  }
  bool first = true;
  for (uint32_t k = 0, tps = 0, fps = 0; k < nv; k++) {
    tps += tp[k], fps += fp[k];
    bool better = fps < best->fp || (fps == best->fp && tps > best->tp);
    bool nearer = fps == best->fp && tps == best->tp && best->op == op && (above || first);
    if (better || nearer) best->tp = tps, best->fp = fps, best->op = op, memcpy(best->text, texts[k], sizeof texts[k]);
    first = false;
  }
  for (uint32_t k = 0; k < nv; k++) sd_constraint_free(both[k]);
}

/* The pair of atoms a (a threshold) and b (another condition on one
 * element) with the threshold refit on it (ISLa text, malloc'd), NULL when
 * a and b are not of that kind or the refit is a's threshold. The
 * threshold is refit in its own direction and in the other one: alone, a
 * number's values are best split one way (`< 101`: small temperatures),
 * beside a leading zero the other (`> 0`; setpoints at seed 3, session
 * 47, where no `>` atom of the number was made). */
static char *refit_within_text(const SdLearner *self, uint32_t a, uint32_t b) {
  int32_t var;
  SdTerm *cmp;
  SdConstraint *t = threshold_copy(self, a, &cmp, &var);
  if (!t) return NULL;
  int64_t values[LR_REFIT_VALUES];
  uint32_t nv = failing_values(self, t->variables[var].symbol, values, LR_REFIT_VALUES);
  SdTerm *lit = cmp->args[1];
  const char *orig = lit->text;
  uint32_t orig_len = lit->length;
  SdOp orig_op = cmp->op;
  Refit best = {.op = orig_op, .fp = UINT32_MAX};
  const LrAtom *other = &self->atoms.items[b];
  refit_scan(self, t, cmp, other->c, other, false, orig_op, values, nv, &best);
  refit_scan(self, t, cmp, other->c, other, false, mirrored(orig_op), values, nv, &best);
  char *isla = NULL;
  if (best.fp != UINT32_MAX &&
      (best.op != orig_op || strlen(best.text) != orig_len || memcmp(best.text, orig, orig_len))) {
    cmp->op = best.op;
    lit->text = best.text, lit->length = (uint32_t)strlen(best.text);
    SdConstraint *both = sd_constraint_and_within(t, self->atoms.items[b].c);
    isla = both ? sd_constraint_to_isla(both) : NULL;
    sd_constraint_free(both);
  }
  cmp->op = orig_op;
  lit->text = orig, lit->length = orig_len;
  sd_constraint_free(t);
  return isla;
}

enum { LR_REFIT_PAIRS = 2, LR_PAIRS_MAX = LR_SCOPE_PAIRS + LR_WITHIN_PAIRS + LR_REFIT_PAIRS };
typedef struct Pairs {
  uint32_t a[LR_PAIRS_MAX], b[LR_PAIRS_MAX];
  SdSymbol scope[LR_PAIRS_MAX];
  bool within[LR_PAIRS_MAX]; /* both atoms about one element of one nonterminal */
  bool refit_only[LR_PAIRS_MAX]; /* its plain conjunction is no better than an atom */
  uint32_t n, cap;
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
  if (p->n >= p->cap || a == b) return;
  SdSymbol x = scopable_symbol(self, a), y = scopable_symbol(self, b);
  if (x < 0 || y < 0) return;
  /* one element's pair in the order of the texts (the text of the atom
     made must not hang on which atom was made first: learning in two steps
     gives what learning at once does); a record's by index */
  if (x == y ? strcmp(self->atoms.items[a].text, self->atoms.items[b].text) > 0 : a > b) {
    uint32_t t = a;
    a = b, b = t;
  }
  for (uint32_t i = 0; i < p->n; i++)
    if (p->a[i] == a && p->b[i] == b) return;
  SdSymbol scope = x == y ? x : sd_grammar_common_scope(self->grammar, x, y);
  if (scope < 0 || (x != y && lr_self_nesting(self->grammar, scope))) return;
  p->a[p->n] = a, p->b[p->n] = b, p->scope[p->n] = scope, p->within[p->n] = x == y, p->refit_only[p->n] = false;
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

/* Item i into pick[0..*np), the LR_SCOPE_SCAN items with most failing
 * inputs, then fewest passing ones (insertion; among equals, the first). */
static bool before_item(const LrItem *q, const LrItem *it, bool net) {
  if (net && (int64_t)q->tp - q->fp != (int64_t)it->tp - it->fp) return (int64_t)q->tp - q->fp > (int64_t)it->tp - it->fp;
  return q->tp > it->tp || (q->tp == it->tp && q->fp <= it->fp);
}

static void keep_best(const SdLearner *self, uint32_t *pick, uint32_t *np, uint32_t i, bool net) {
  const LrItem *it = &self->items.items[i];
  uint32_t at = *np < LR_SCOPE_SCAN ? (*np)++ : LR_SCOPE_SCAN;
  while (at > 0) {
    const LrItem *q = &self->items.items[pick[at - 1]];
    if (before_item(q, it, net)) break;
    if (at < LR_SCOPE_SCAN) pick[at] = pick[at - 1];
    at--;
  }
  if (at < LR_SCOPE_SCAN) pick[at] = i;
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
    keep_best(self, pick, &np, i, false);
  }
  for (uint32_t k = 0; k < np && p->n < p->cap; k++) {
    const LrItem *it = &self->items.items[pick[k]];
    consider(self, p, self->items.items[it->parts[0]].atom, self->items.items[it->parts[1]].atom);
  }
}

/* Pairs of atoms over one nonterminal whose plain conjunction holds on
 * fewer passing inputs than either atom, the most failing inputs first:
 * a number that starts with 0 and one that holds an 8 are each true of
 * many passing manifests, and both of one number of none. Such a
 * conjunction is seldom ranked itself (it holds on half the failures where
 * a 9 makes the other half), so the pairs are found here: among the
 * LR_WITHIN_ATOMS atoms over each nonterminal that hold on the most
 * failing inputs, by a bitset AND per pair. */
typedef struct WithinPair {
  uint32_t a, b, tp, fp;
} WithinPair;

static void and_counts(const SdLearner *self, const uint64_t *x, const uint64_t *y, uint32_t *tp, uint32_t *fp) {
  uint32_t n = self->inputs.size, words = (n + 63) / 64;
  *tp = *fp = 0;
  for (uint32_t w = 0; w < words; w++) {
    uint64_t v = x[w] & y[w];
    if (w + 1 == words && n % 64) v &= ((uint64_t)1 << (n % 64)) - 1;
    *tp += (uint32_t)__builtin_popcountll(v & self->fail_bits.items[w]);
    *fp += (uint32_t)__builtin_popcountll(v & ~self->fail_bits.items[w]);
  }
}

/* The atoms (as items) of one nonterminal that hold on some failing and
 * some passing input: one per group of equivalent atoms (the group's best
 * may be about another nonterminal: `str.contains(<entry>, "=0")` stands
 * for `str.prefixof("0", <num>)`), most failing inputs first. */
/* Item x before item y: more failing inputs, fewer passing, then by text. */
static bool before(const SdLearner *self, uint32_t x, uint32_t y) {
  const LrItem *a = &self->items.items[x], *b = &self->items.items[y];
  if (a->tp != b->tp) return a->tp > b->tp;
  if (a->fp != b->fp) return a->fp < b->fp;
  return strcmp(self->atoms.items[a->atom].text, self->atoms.items[b->atom].text) < 0;
}

static uint32_t imprecise_atoms(const SdLearner *self, SdSymbol s, uint32_t *out, uint32_t max) {
  uint32_t n = 0;
  for (uint32_t g = 0; g < self->groups.size; g++) {
    const LrGroup *gr = &self->groups.items[g];
    const LrItem *best = &self->items.items[gr->best];
    if (best->fp == 0 || best->tp == 0) continue;
    for (uint32_t m = 0; m < gr->members.size; m++) {
      const LrItem *it = &self->items.items[gr->members.items[m]];
      if (it->atom == LR_NONE || !it->bits || scopable_symbol(self, it->atom) != s) continue;
      /* keep the max with most tp, then fewest fp, then by text (insertion:
         the order must not hang on when an atom was first made) */
      uint32_t at = n < max ? n++ : max;
      while (at > 0 && before(self, gr->members.items[m], out[at - 1])) {
        if (at < max) out[at] = out[at - 1];
        at--;
      }
      if (at < max) out[at] = gr->members.items[m];
      break;
    }
  }
  return n;
}

static bool pair_before(const SdLearner *self, const WithinPair *x, const WithinPair *y) {
  if ((x->fp == 0) != (y->fp == 0)) return x->fp == 0; /* a cause as it stands: a part of a disjunction */
  if (x->tp != y->tp) return x->tp > y->tp;
  if (x->fp != y->fp) return x->fp < y->fp;
  int c = strcmp(self->atoms.items[x->a].text, self->atoms.items[y->a].text);
  return c ? c < 0 : strcmp(self->atoms.items[x->b].text, self->atoms.items[y->b].text) < 0;
}

/* Pairs of a threshold and another condition on one element whose plain
 * conjunction keeps out no more passing inputs than an atom alone, kept
 * for the refit only (LR_REFIT_PAIRS of them, the other condition's most
 * failing inputs, then fewest passing, first): alone, a number's values
 * are best split far from where they part beside the other condition
 * (`< 101` beside a leading zero holds on "00" as the zero alone does;
 * `> 0` beside it is the cause: setpoints at seed 3, session 47). */
typedef struct RefitPairs {
  WithinPair items[LR_REFIT_PAIRS];
  uint32_t n;
} RefitPairs;

static bool is_threshold(const SdLearner *self, uint32_t atom) {
  int32_t var;
  return threshold_of(self->atoms.items[atom].c, &var) != NULL;
}

/* Insert the pair of a threshold and another condition, ordered by the
 * other condition's tp (most first), fp (fewest), and text. */
static void refit_candidate(const SdLearner *self, RefitPairs *r, const LrItem *a, const LrItem *b) {
  bool ta = is_threshold(self, a->atom), tb = is_threshold(self, b->atom);
  if (ta == tb) return;
  const LrItem *other = ta ? b : a;
  WithinPair w = {ta ? a->atom : b->atom, other->atom, other->tp, other->fp};
  uint32_t at = r->n < LR_REFIT_PAIRS ? r->n++ : LR_REFIT_PAIRS;
  while (at > 0) {
    const WithinPair *q = &r->items[at - 1];
    bool after = q->tp > w.tp || (q->tp == w.tp && (q->fp < w.fp || (q->fp == w.fp &&
                 strcmp(self->atoms.items[q->b].text, self->atoms.items[w.b].text) <= 0)));
    if (after) break;
    if (at < LR_REFIT_PAIRS) r->items[at] = r->items[at - 1];
    at--;
  }
  if (at < LR_REFIT_PAIRS) r->items[at] = w;
}

static void take_refits(const SdLearner *self, Pairs *p, const RefitPairs *r) {
  p->cap += r->n;
  for (uint32_t i = 0; i < r->n; i++) {
    uint32_t before = p->n;
    consider(self, p, r->items[i].a, r->items[i].b);
    if (p->n > before) p->refit_only[before] = true;
  }
}

static void within_pairs(const SdLearner *self, Pairs *p) {
  Array(WithinPair) found = {0};
  RefitPairs refits = {.n = 0};
  SdSymbol done[LR_SCOPE_SCAN];
  uint32_t nd = 0;
  for (uint32_t g = 0; g < self->groups.size && nd < LR_SCOPE_SCAN; g++)
    for (uint32_t m = 0; m < self->groups.items[g].members.size; m++) {
      const LrItem *it = &self->items.items[self->groups.items[g].members.items[m]];
      SdSymbol s = it->atom != LR_NONE ? scopable_symbol(self, it->atom) : -1;
      bool seen = s < 0;
      for (uint32_t k = 0; k < nd && !seen; k++) seen = done[k] == s;
      if (seen || nd >= LR_SCOPE_SCAN) continue;
      done[nd++] = s;
      uint32_t top[LR_WITHIN_ATOMS];
      uint32_t nt = imprecise_atoms(self, s, top, LR_WITHIN_ATOMS);
      for (uint32_t i = 0; i < nt; i++)
        for (uint32_t j = i + 1; j < nt; j++) {
          const LrItem *a = &self->items.items[top[i]], *b = &self->items.items[top[j]];
          WithinPair w = {a->atom, b->atom, 0, 0};
          and_counts(self, a->bits, b->bits, &w.tp, &w.fp);
          if (w.tp >= 2 && w.fp < a->fp && w.fp < b->fp) array_push(&found, w);
          else if (w.tp >= 2) refit_candidate(self, &refits, a, b);
        }
    }
  /* those on no passing input first (each may be one cause of several:
     octalmode's 0...8 and 0...9), then most failing inputs, fewest
     passing, and by the atoms' texts (insertion: few) */
  for (uint32_t i = 1; i < found.size; i++)
    for (uint32_t j = i; j > 0; j--) {
      WithinPair *x = &found.items[j - 1], *y = &found.items[j];
      if (!pair_before(self, y, x)) break;
      WithinPair t = *x;
      *x = *y, *y = t;
    }
  p->cap = p->n + LR_WITHIN_PAIRS;
  for (uint32_t i = 0; i < found.size && p->n < p->cap; i++) consider(self, p, found.items[i].a, found.items[i].b);
  array_free(&found);
  take_refits(self, p, &refits);
}

/* The nonterminals of a chain of two to LR_RELATION_VARS existential
 * quantifiers over the whole input, each the next one's only child, around
 * a quantifier-free body; 0 when the atom is not one. */
static uint32_t relation_symbols(const SdLearner *self, uint32_t atom, SdSymbol *out) {
  const LrAtom *a = &self->atoms.items[atom];
  if (a->kind == LR_NEGATION) return 0;
  const SdFormula *f = a->c->root;
  uint32_t n = 0;
  while (f->kind == SD_F_EXISTS && f->in_var < 0 && !f->match && f->child_count == 1) {
    if (n == LR_RELATION_VARS || a->c->variables[f->var].symbol < 0) return 0;
    out[n++] = a->c->variables[f->var].symbol;
    f = f->children[0];
  }
  return n >= 2 && !has_quantifier(f) ? n : 0;
}

/* A record holding an element of each nonterminal of syms, that does not
 * nest in itself; -1 when there is none. */
static SdSymbol relation_scope(const SdLearner *self, const SdSymbol *syms, uint32_t n) {
  SdSymbol scope = -1;
  for (uint32_t i = 1; i < n && scope < 0; i++)
    if (syms[i] != syms[0]) scope = sd_grammar_common_scope(self->grammar, syms[0], syms[i]);
  if (scope < 0 || lr_self_nesting(self->grammar, scope)) return -1;
  for (uint32_t i = 0; i < n; i++)
    if (syms[i] != scope && !sd_grammar_can_contain(self->grammar, scope, syms[i])) return -1;
  return scope;
}

/* The ISLa text of a relation atom inside one <scope>: every quantifier of
 * its chain ranged in the scope's element. */
static char *relation_text(const SdLearner *self, uint32_t atom, SdSymbol scope, uint32_t quantifiers) {
  return in_scope(self, sd_constraint_to_isla(self->atoms.items[atom].c), scope, quantifiers);
}

/* One relation atom scoped to the record that holds its elements and
 * ranked; whether it was tried (a scope and a text exist), *added whether
 * it joined the ranking. */
static bool scope_relation(SdLearner *self, uint32_t a, uint32_t *added) {
  SdSymbol syms[LR_RELATION_VARS];
  uint32_t n = relation_symbols(self, a, syms);
  SdSymbol scope = relation_scope(self, syms, n);
  char *text = scope >= 0 ? relation_text(self, a, scope, n) : NULL;
  if (!text) return false;
  uint32_t before = self->atoms.size;
  uint32_t atom = lr_add_atom(self, self->atoms.items[a].pattern, text, NULL);
  if (atom == LR_NONE) return true;
  if (self->atoms.size > before) self->atoms.items[atom].in_record = true;
  if (self->atoms.items[atom].epoch == self->epoch) return true; /* ranked already */
  uint32_t used = self->used.size;
  lr_use_atom(self, atom);
  *added += self->used.size > used;
  return true;
}

/* Relation atoms that hold on some passing input, in the record that holds
 * their elements: up to LR_SCOPED_RELATIONS of those with most failing
 * inputs and as many of those with most failing less passing ones (partend,
 * a sum above a third field in one record, needs the first; playlist, a
 * count above a declared one, the second). Returns the atoms added to the
 * ranking. */
static uint32_t scoped_relations(SdLearner *self) {
  uint32_t pick[2][LR_SCOPE_SCAN], np[2] = {0, 0};
  for (uint32_t g = 0; g < self->groups.size; g++) {
    const LrGroup *gr = &self->groups.items[g];
    for (uint32_t m = 0; m < gr->members.size; m++) {
      uint32_t i = gr->members.items[m];
      const LrItem *it = &self->items.items[i];
      SdSymbol syms[LR_RELATION_VARS];
      if (it->atom == LR_NONE || it->fp == 0 || it->tp == 0 || !relation_symbols(self, it->atom, syms)) continue;
      keep_best(self, pick[0], &np[0], i, false);
      keep_best(self, pick[1], &np[1], i, true);
    }
  }
  uint32_t added = 0, tried[2] = {0, 0}, k[2] = {0, 0};
  for (int turn = 0; tried[0] + tried[1] < 2 * LR_SCOPED_RELATIONS; turn ^= 1) {
    while (k[turn] < np[turn] && tried[turn] < LR_SCOPED_RELATIONS) {
      uint32_t item = pick[turn][k[turn]++];
      bool twice = false; /* taken already by the other order */
      for (uint32_t j = 0; j < k[!turn] && !twice; j++) twice = pick[!turn][j] == item;
      if (!twice && scope_relation(self, self->items.items[item].atom, &added)) {
        tried[turn]++;
        break;
      }
    }
    if ((k[0] >= np[0] || tried[0] >= LR_SCOPED_RELATIONS) && (k[1] >= np[1] || tried[1] >= LR_SCOPED_RELATIONS)) break;
  }
  return added;
}

/* ---------- a relation guarded on one of its elements ----------
 * A relation may hold only where one of its elements is in range: a
 * lighting console skips a fixture whose start address is past 512 and
 * writes the others' channels from there without a check, so a fixture
 * fails when `addr + chans > 513` and `addr <= 512` (dmxpatch, session
 * 55's red team). Alone, the address is best split elsewhere, and the
 * plain conjunction with a threshold holds where one fixture is past 512
 * and another overruns. Of the relation atoms with the most failing
 * inputs that hold on some passing input (LR_GUARDED_RELATIONS), each
 * numeric element it binds once gets a threshold put on that very element
 * (sd_constraint_and_on), refit as beside another condition on one
 * element (refit_scan: each failing value, both directions); the form
 * joins the ranking when it holds on fewer passing inputs than the
 * relation. */
enum { LR_GUARDED_RELATIONS = 2, LR_GUARD_SYMBOLS = 4 };

/* A threshold template `exists <X> x: str.to.int(x) <= 0` over symbol. */
static SdConstraint *guard_template(const SdLearner *self, SdSymbol symbol, SdTerm **cmp) {
  char *text = sd_format("exists %s x: str.to.int(x) <= 0", self->grammar->symbols[symbol].name);
  SdConstraintError err = {0};
  SdConstraint *t = sd_constraint_parse(self->grammar, text, strlen(text), &err);
  free(text);
  free(err.message);
  int32_t var;
  *cmp = t ? threshold_of(t, &var) : NULL;
  if (*cmp) return t;
  sd_constraint_free(t);
  return NULL;
}

/* The ordering atom of c's quantifier-free body that compares with an
 * integer literal (the relation's threshold; its literal's side in
 * *side), NULL when there is none or more than one. */
static SdTerm *relation_threshold(const SdFormula *f, int *side, uint32_t *count) {
  if (f->kind == SD_F_ATOM) {
    SdTerm *a = f->atom;
    if (!a || (a->op != SD_OP_GT && a->op != SD_OP_GE && a->op != SD_OP_LT && a->op != SD_OP_LE) || a->arg_count != 2)
      return NULL;
    for (int k = 0; k < 2; k++)
      if (a->args[k]->op == SD_OP_INT && a->args[1 - k]->op != SD_OP_INT) return *side = k, (*count)++, a;
    return NULL;
  }
  SdTerm *found = NULL;
  for (uint32_t i = 0; i < f->child_count; i++) {
    SdTerm *t = relation_threshold(f->children[i], side, count);
    if (t) found = t;
  }
  return found;
}

/* rel's threshold set to v (its literal's text points into buf). */
static void set_threshold(SdTerm *lit, int64_t v, char *buf, size_t size) {
  snprintf(buf, size, "%lld", (long long)v);
  lit->text = buf, lit->length = (uint32_t)strlen(buf);
}

/* Thresholds of the relation to refit the guard with: its own, and below
 * it (for a relation that holds for lower thresholds: `sum > K`; above it
 * for `sum < K`) the threshold at which it stops holding on each failing
 * input it misses there, the nearest first (alone, the relation's
 * threshold was fitted where nothing guarded it: dmxpatch's `addr + chans
 * > 576` for the program's 513). Bisection per input over at most 2^31
 * below; up to LR_GUARD_THRESHOLDS in all. */
enum { LR_GUARD_THRESHOLDS = 6 };
static uint32_t guard_thresholds(const SdLearner *self, SdConstraint *rel, SdTerm *lit, bool lower, int64_t own,
                                 int64_t *out) {
  char buf[24];
  uint32_t n = 0;
  out[n++] = own;
  int64_t near[LR_REFIT_VALUES];
  uint32_t nn = 0;
  int64_t far = lower ? own - ((int64_t)1 << 31) : own + ((int64_t)1 << 31);
  for (uint32_t i = 0; i < self->inputs.size && nn < LR_REFIT_VALUES; i++) {
    if (!lr_is_failing(self, i)) continue;
    const SdTree *t = self->inputs.items[i];
    set_threshold(lit, own, buf, sizeof buf);
    if (sd_constraint_eval(rel, t, NULL)) continue; /* held already */
    set_threshold(lit, far, buf, sizeof buf);
    if (!sd_constraint_eval(rel, t, NULL)) continue; /* holds at no threshold */
    int64_t yes = far, no = own; /* holds at yes, not at no */
    while ((yes < no ? no - yes : yes - no) > 1) {
      int64_t mid = yes + (no - yes) / 2;
      set_threshold(lit, mid, buf, sizeof buf);
      if (sd_constraint_eval(rel, t, NULL)) yes = mid;
      else no = mid;
    }
    bool seen = false;
    for (uint32_t k = 0; k < nn && !seen; k++) seen = near[k] == yes;
    if (!seen) near[nn++] = yes;
  }
  qsort(near, nn, sizeof *near, compare_i64); /* the nearest the relation's own first */
  for (uint32_t k = 0; k < nn && n < LR_GUARD_THRESHOLDS; k++) out[n++] = lower ? near[nn - 1 - k] : near[k];
  lit->text = NULL, lit->length = 0;
  return n;
}

/* The failing inputs' distinct values of symbol, the least first: all of
 * them, or LR_REFIT_VALUES spread evenly from the least to the greatest (a
 * guard's bound is as likely near the greatest: `addr <= 512`). */
enum { LR_GUARD_SCAN = 1024 };
static uint32_t spread_failing_values(const SdLearner *self, SdSymbol symbol, int64_t *out) {
  int64_t *all = sd_xmalloc(LR_GUARD_SCAN * sizeof *all);
  uint32_t n = failing_values(self, symbol, all, LR_GUARD_SCAN);
  uint32_t m = n <= LR_REFIT_VALUES ? n : LR_REFIT_VALUES;
  for (uint32_t k = 0; k < m; k++) out[k] = all[m == n ? k : (uint32_t)((uint64_t)k * (n - 1) / (m - 1))];
  free(all);
  return m;
}

/* The relation item's atom guarded on its element of symbol (ISLa text),
 * NULL when no guard makes it hold on fewer passing inputs: the guard's
 * threshold refit at each of the relation's thresholds (guard_thresholds),
 * the best pair kept (fewest passing inputs, then most failing). */
/* A relation to guard, with the thresholds its guards are refit at
 * (guard_thresholds): found once per relation, not per element guarded. */
typedef struct Guarded {
  SdConstraint *rel;        /* a copy of the relation's atom */
  SdTerm *lit;              /* its threshold's literal, NULL when it has none */
  const char *own_text;     /* ... its own text, restored after each use */
  uint32_t own_len;
  int64_t ks[LR_GUARD_THRESHOLDS];
  uint32_t nk;
} Guarded;

static void guarded_init(const SdLearner *self, const SdConstraint *c, Guarded *g) {
  *g = (Guarded){.rel = sd_constraint_clone(c)};
  int side = 0;
  uint32_t count = 0;
  SdTerm *thr = relation_threshold(g->rel->root, &side, &count);
  int64_t own;
  if (!thr || count != 1 || !lr_parse_int(thr->args[side]->text, thr->args[side]->length, &own)) return;
  g->lit = thr->args[side], g->own_text = g->lit->text, g->own_len = g->lit->length;
  /* the relation holds for lower thresholds: `x > K` or `K < x` */
  bool lower = side == 1 ? (thr->op == SD_OP_GT || thr->op == SD_OP_GE) : (thr->op == SD_OP_LT || thr->op == SD_OP_LE);
  g->nk = guard_thresholds(self, g->rel, g->lit, lower, own, g->ks);
  g->lit->text = g->own_text, g->lit->length = g->own_len;
}

/* The relation item's atom guarded on its element of symbol (ISLa text),
 * NULL when no guard makes it hold on fewer passing inputs: the guard's
 * threshold refit at each of the relation's thresholds (g->ks), the best
 * pair kept (fewest passing inputs, then most failing). */
static char *guarded_text(const SdLearner *self, const LrItem *it, Guarded *g, SdSymbol symbol) {
  SdTerm *cmp;
  SdConstraint *t = guard_template(self, symbol, &cmp);
  if (!t) return NULL;
  const LrAtom *atom = &self->atoms.items[it->atom];
  int64_t values[LR_REFIT_VALUES];
  uint32_t nv = spread_failing_values(self, symbol, values);
  Refit best = {.op = SD_OP_LE, .fp = UINT32_MAX};
  int64_t best_k = g->nk ? g->ks[0] : 0;
  char kbuf[24];
  for (uint32_t j = 0; j < (g->nk ? g->nk : 1); j++) {
    if (g->nk) set_threshold(g->lit, g->ks[j], kbuf, sizeof kbuf);
    const LrAtom *known = j == 0 ? atom : NULL; /* its own threshold: its truth is known */
    Refit was = best;
    refit_scan(self, t, cmp, g->rel, known, true, SD_OP_LE, values, nv, &best);
    refit_scan(self, t, cmp, g->rel, known, true, SD_OP_GE, values, nv, &best);
    if (g->nk && (best.tp != was.tp || best.fp != was.fp)) best_k = g->ks[j];
  }
  char *isla = NULL;
  if (best.fp < it->fp && best.tp > 0) {
    cmp->op = best.op;
    cmp->args[1]->text = best.text, cmp->args[1]->length = (uint32_t)strlen(best.text);
    if (g->nk) set_threshold(g->lit, best_k, kbuf, sizeof kbuf);
    SdConstraint *on = sd_constraint_and_on(t, g->rel);
    isla = on ? sd_constraint_to_isla(on) : NULL;
    sd_constraint_free(on);
    cmp->args[1]->text = NULL, cmp->args[1]->length = 0; /* best.text dies with this frame */
  }
  if (g->lit) g->lit->text = g->own_text, g->lit->length = g->own_len;
  sd_constraint_free(t);
  return isla;
}

/* Is c a relation inside one record: `exists <R> r: exists <A> a in r: ...`
 * (a guard on an element of a relation over the whole input would not
 * tie it to its partner's record)? */
static bool record_relation(const SdConstraint *c) {
  const SdFormula *f = c->root;
  if (!f || f->kind != SD_F_EXISTS || f->in_var >= 0 || f->match || f->child_count != 1) return false;
  const SdFormula *g = f->children[0];
  return g->kind == SD_F_EXISTS && g->in_var == f->var && g->child_count == 1 && g->children[0]->kind == SD_F_EXISTS;
}

static uint32_t guarded_relations(SdLearner *self) {
  uint32_t pick[LR_SCOPE_SCAN], np = 0;
  for (uint32_t g = 0; g < self->groups.size; g++) {
    const LrGroup *gr = &self->groups.items[g];
    for (uint32_t m = 0; m < gr->members.size; m++) {
      uint32_t i = gr->members.items[m];
      const LrItem *it = &self->items.items[i];
      if (it->atom == LR_NONE || it->fp == 0 || it->tp < 2 || !it->bits) continue;
      if (!record_relation(self->atoms.items[it->atom].c)) continue;
      keep_best(self, pick, &np, i, false);
    }
  }
  uint32_t added = 0;
  for (uint32_t k = 0; k < np && k < LR_GUARDED_RELATIONS; k++) {
    const LrItem *it = &self->items.items[pick[k]];
    const LrAtom *a = &self->atoms.items[it->atom];
    SdSymbol syms[LR_GUARD_SYMBOLS];
    uint32_t ns = sd_constraint_symbols(a->c, syms, LR_GUARD_SYMBOLS);
    Guarded g;
    guarded_init(self, a->c, &g);
    for (uint32_t q = 0; q < ns && q < LR_GUARD_SYMBOLS; q++) {
      if (!self->grammar->symbols[syms[q]].numeric) continue;
      char *text = guarded_text(self, it, &g, syms[q]);
      if (!text) continue;
      uint32_t before = self->atoms.size;
      uint32_t atom = lr_add_atom(self, self->atoms.items[it->atom].pattern, text, NULL);
      if (atom == LR_NONE) continue;
      if (self->atoms.size > before) self->atoms.items[atom].in_record = self->atoms.items[it->atom].in_record;
      if (self->atoms.items[atom].epoch == self->epoch) continue; /* ranked already */
      uint32_t used = self->used.size;
      lr_use_atom(self, atom);
      added += self->used.size > used;
      it = &self->items.items[pick[k]]; /* the items may have moved */
    }
    sd_constraint_free(g.rel);
  }
  return added;
}

/* ---------- one condition in one context ----------
 * An element of a nonterminal that stands in several places (a mailbox's
 * local part as the sender's and as each recipient's) may fail in one of
 * them only: `exists <local> l: str.len(l) > 64` holds on passing inputs
 * whose long local part is the sender's, and `exists <rcpt> r: exists
 * <local> l in r: str.len(l) > 64` is the cause (rcptlocal at seed 3,
 * session 47: only disjunctions of proxies were learned). Of the atoms
 * with the most failing inputs that hold on some passing input too
 * (LR_CONTEXT_ATOMS), each is ranged in each of up to LR_CONTEXT_SCOPES
 * contexts: nonterminals (not the start, not nesting in themselves) that
 * can hold the element's nonterminal without every element of it standing
 * inside one (the grammar derives one elsewhere), fewest nonterminals
 * inside first (the nearest). */
enum { LR_CONTEXT_ATOMS = 3, LR_CONTEXT_SCOPES = 2 };

/* Can the start symbol derive an <x> with no <avoid> around it? */
static bool derives_outside(const SdGrammar *g, SdSymbol x, SdSymbol avoid) {
  uint32_t n = g->symbol_count;
  uint8_t *seen = sd_xcalloc(n, 1);
  SdSymbol *stack = sd_xmalloc(n * sizeof *stack);
  uint32_t top = 0;
  bool found = false;
  stack[top++] = g->start, seen[g->start] = 1;
  while (top && !found) {
    SdSymbol s = stack[--top];
    const SdSymbolInfo *si = &g->symbols[s];
    for (uint32_t a = 0; a < si->alternative_count && !found; a++)
      for (uint32_t k = 0; k < si->alternatives[a].count; k++) {
        SdSymbol c = si->alternatives[a].symbols[k];
        if (c == x) found = true;
        if (c == avoid || seen[c] || !sd_grammar_is_nonterminal(g, c)) continue;
        seen[c] = 1, stack[top++] = c;
      }
  }
  free(stack);
  free(seen);
  return found;
}

/* How many nonterminals an <s> can hold (the smaller, the nearer). */
static uint32_t held_count(const SdGrammar *g, SdSymbol s) {
  uint32_t n = 0;
  for (SdSymbol c = 0; c < (SdSymbol)g->symbol_count; c++)
    n += sd_grammar_is_nonterminal(g, c) && c != s && sd_grammar_can_contain(g, s, c);
  return n;
}

static uint32_t contexts_of(const SdLearner *self, SdSymbol x, SdSymbol *out) {
  const SdGrammar *g = self->grammar;
  uint32_t n = 0, size[LR_CONTEXT_SCOPES];
  if (sd_grammar_exactly_once(g, x)) return 0;
  for (SdSymbol s = 0; s < (SdSymbol)g->symbol_count; s++) {
    if (s == g->start || s == x || !sd_grammar_is_nonterminal(g, s) || g->symbols[s].generated ||
        !sd_grammar_can_contain(g, s, x) || lr_self_nesting(g, s) || !derives_outside(g, x, s))
      continue;
    uint32_t h = held_count(g, s), at = n < LR_CONTEXT_SCOPES ? n++ : LR_CONTEXT_SCOPES;
    while (at > 0 && size[at - 1] > h) {
      if (at < LR_CONTEXT_SCOPES) out[at] = out[at - 1], size[at] = size[at - 1];
      at--;
    }
    if (at < LR_CONTEXT_SCOPES) out[at] = s, size[at] = h;
  }
  return n;
}

/* A threshold atom ranged in a context, its threshold refit there: for
 * `>` (`>=`), just below (at) the least, over the failing inputs, of the
 * greatest value of the element inside the context in that input, the
 * loosest bound that keeps every failure; for `<` (`<=`) the mirror. The
 * ISLa text, NULL when a is no threshold or no failing input has the
 * element in the context. Alone, a number's bound sits where it splits
 * every context's values (a quota daemon's [defaults] take 100000, its
 * users fail above 65535). */
static char *refit_in_scope(const SdLearner *self, uint32_t a, SdSymbol scope) {
  int32_t var;
  SdTerm *cmp;
  SdConstraint *t = threshold_copy(self, a, &cmp, &var);
  if (!t) return NULL;
  SdSymbol x = t->variables[var].symbol;
  bool above = cmp->op == SD_OP_GT || cmp->op == SD_OP_GE, any = false;
  int64_t bound = 0;
  for (uint32_t i = 0; i < self->inputs.size; i++) {
    if (!lr_is_failing(self, i)) continue;
    const SdTree *tree = self->inputs.items[i];
    bool seen = false;
    int64_t extreme = 0;
    for (uint32_t s = 0; s < tree->by_symbol_count[scope]; s++) {
      uint32_t count, first = sd_tree_range(tree, x, tree->nodes[tree->by_symbol[scope][s]], &count);
      for (uint32_t k = 0; k < count; k++) {
        uint32_t len;
        const char *text = sd_node_text(tree, tree->nodes[tree->by_symbol[x][first + k]], &len);
        int64_t v;
        if (!lr_parse_int(text, len, &v)) {
          bool digits = len > (text[0] == '-');
          for (uint32_t c = text[0] == '-'; c < len && digits; c++) digits = text[c] >= '0' && text[c] <= '9';
          if (!digits) continue;
          v = text[0] == '-' ? INT64_MIN : INT64_MAX; /* beyond 64 bits: past any bound */
        }
        if (!seen || (above ? v > extreme : v < extreme)) extreme = v;
        seen = true;
      }
    }
    if (!seen) continue; /* a failure the scoped atom cannot explain */
    if (!any || (above ? extreme < bound : extreme > bound)) bound = extreme;
    any = true;
  }
  char *isla = NULL;
  if (any && bound != INT64_MAX && bound != INT64_MIN) {
    char text[24];
    snprintf(text, sizeof text, "%lld", (long long)(bound + (cmp->op == SD_OP_GT ? -1 : cmp->op == SD_OP_LT ? 1 : 0)));
    SdTerm *lit = cmp->args[1];
    const char *orig = lit->text;
    uint32_t orig_len = lit->length;
    lit->text = text, lit->length = (uint32_t)strlen(text);
    isla = in_scope(self, sd_constraint_to_isla(t), scope, 1);
    lit->text = orig, lit->length = orig_len;
  }
  sd_constraint_free(t);
  return isla;
}

static uint32_t context_scopes(SdLearner *self) {
  uint32_t pick[LR_CONTEXT_ATOMS], np = 0, added = 0;
  for (uint32_t g = 0; g < self->groups.size; g++) {
    const LrItem *best = &self->items.items[self->groups.items[g].best];
    if (best->atom == LR_NONE || best->fp == 0 || best->tp < 2 || scopable_symbol(self, best->atom) < 0 ||
        self->atoms.items[best->atom].in_record || self->atoms.items[best->atom].in_context ||
        self->atoms.items[best->atom].scoped_with != LR_NONE)
      continue;
    uint32_t at = np < LR_CONTEXT_ATOMS ? np++ : LR_CONTEXT_ATOMS;
    while (at > 0 && before(self, self->groups.items[g].best, pick[at - 1])) {
      if (at < LR_CONTEXT_ATOMS) pick[at] = pick[at - 1];
      at--;
    }
    if (at < LR_CONTEXT_ATOMS) pick[at] = self->groups.items[g].best;
  }
  for (uint32_t i = 0; i < np; i++) {
    uint32_t a = self->items.items[pick[i]].atom;
    SdSymbol scopes[LR_CONTEXT_SCOPES];
    uint32_t ns = contexts_of(self, scopable_symbol(self, a), scopes);
    for (uint32_t k = 0; k < ns * 2; k++) {
      char *text = k % 2 ? refit_in_scope(self, a, scopes[k / 2])
                         : in_scope(self, sd_constraint_to_isla(self->atoms.items[a].c), scopes[k / 2], 1);
      if (!text) continue;
      uint32_t before_size = self->atoms.size;
      uint32_t atom = lr_add_atom(self, self->atoms.items[a].pattern, text, NULL);
      if (atom == LR_NONE) continue;
      if (self->atoms.size > before_size) self->atoms.items[atom].in_context = true;
      if (self->atoms.items[atom].epoch == self->epoch) continue;
      uint32_t used = self->used.size;
      lr_use_atom(self, atom);
      added += self->used.size > used;
    }
  }
  return added;
}

uint32_t lr_scopes(SdLearner *self) {
  Pairs p = {.cap = LR_SCOPE_PAIRS};
  /* the parts of the best conjunctions first */
  for (uint32_t r = 0; r < self->ranked_item.size && r < LR_SCOPE_TOP; r++) {
    uint32_t atoms[LR_MAX_PARTS * 2];
    uint32_t n = item_atoms(self, self->ranked_item.items[r], atoms, LR_MAX_PARTS * 2);
    for (uint32_t i = 0; i < n; i++)
      for (uint32_t j = i + 1; j < n; j++) consider(self, &p, atoms[i], atoms[j]);
  }
  best_open_pairs(self, &p);
  within_pairs(self, &p);
  uint32_t added = 0;
  for (uint32_t i = 0; i < p.n * 2; i++) {
    uint32_t k = i / 2;
    bool refit = i % 2;
    if ((refit && !p.within[k]) || (!refit && p.refit_only[k])) continue;
    char *text = NULL;
    if (!refit) text = p.within[k] ? within_text(self, p.a[k], p.b[k]) : scoped_text(self, p.a[k], p.b[k], p.scope[k]);
    else if (!(text = refit_within_text(self, p.a[k], p.b[k]))) text = refit_within_text(self, p.b[k], p.a[k]);
    if (!text) continue;
    uint32_t before = self->atoms.size;
    uint32_t atom = lr_add_atom(self, self->atoms.items[p.a[k]].pattern, text, NULL);
    if (atom == LR_NONE) continue;
    if (self->atoms.size > before)
      self->atoms.items[atom].scoped_with = p.b[k], self->atoms.items[atom].within = p.within[k];
    if (self->atoms.items[atom].epoch == self->epoch) continue; /* ranked already */
    uint32_t used = self->used.size;
    lr_use_atom(self, atom);
    added += self->used.size > used;
  }
  return added + scoped_relations(self) + guarded_relations(self) + context_scopes(self);
}
