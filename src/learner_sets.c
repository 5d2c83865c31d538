/* learner_sets.c: membership in a set of strings, `X in {"04", "06", ...}`.
 *
 * A template whose only value slot is the string of an equality with one
 * variable, under existential quantifiers only (`exists <month> m: m = S`),
 * yields one atom per value; or-ing values inside the quantifier or-s their
 * truth bitsets. For each such template and each partner R (none, or one of
 * the most precise atoms that meet min_recall), the set holds the values v
 * for which `R and X = v` holds on failing inputs only (and on two of them at
 * least, lest the set memorise the evidence); with two values or more (each
 * adding failing inputs) it becomes an atom
 * `exists <month> m: (m = "04" or m = "06" ...)` whose bits are the OR of its
 * members' (no evaluation), and `set and R` a hint for the ranking. Cost:
 * one bitset AND per template value and partner. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "learner_internal.h"

#define LR_SET_PARTNERS 30

static const SdLearner *sort_self;

static int by_template_value(const void *pa, const void *pb) {
  const LrAtom *a = &sort_self->atoms.items[*(const uint32_t *)pa];
  const LrAtom *b = &sort_self->atoms.items[*(const uint32_t *)pb];
  if (a->templ != b->templ) return a->templ < b->templ ? -1 : 1;
  uint32_t l = a->value_len < b->value_len ? a->value_len : b->value_len;
  int c = memcmp(a->value, b->value, l);
  if (c) return c;
  return a->value_len < b->value_len ? -1 : a->value_len > b->value_len;
}

typedef struct Partner {
  uint32_t atom;
  uint32_t tp, fp;
} Partner;

static int by_precision(const void *pa, const void *pb) {
  const Partner *a = pa, *b = pb;
  int c = lr_cmp_precision(a->tp, a->fp, b->tp, b->fp);
  if (c) return -c;
  if (a->tp != b->tp) return a->tp > b->tp ? -1 : 1;
  return a->atom < b->atom ? -1 : a->atom > b->atom;
}

typedef struct Counter {
  const uint64_t *fail;
  uint32_t words;
  uint64_t last_mask;
} Counter;

/* tp and fp of a & b (b may be NULL: all ones). */
static void counts(const Counter *k, const uint64_t *a, const uint64_t *b, uint32_t *tp,
                   uint32_t *fp) {
  uint32_t t = 0, f = 0;
  for (uint32_t w = 0; w < k->words; w++) {
    uint64_t v = b ? a[w] & b[w] : a[w];
    if (w + 1 == k->words) v &= k->last_mask;
    t += (uint32_t)__builtin_popcountll(v & k->fail[w]);
    f += (uint32_t)__builtin_popcountll(v & ~k->fail[w]);
  }
  *tp = t, *fp = f;
}

/* The ISLa text of the template with its equality replaced by an or of
 * equalities with the given values (negated: `not (...)`); NULL if the
 * equality cannot be found or a value cannot be written. */
static char *values_text(const LrTemplate *t, const char *const *vals, const uint32_t *lens, uint32_t n,
                         bool negate) {
  const LrSlot *s = &t->slots[0];
  char *isla = sd_constraint_to_isla(t->c);
  const char *name = t->c->variables[s->eq_var].name;
  SdBuf a = {0}, b = {0};
  sd_buf_printf(&a, "(= %s ", name);
  sd_buf_append_quoted(&a, s->sentinel_text, s->sentinel_len);
  sd_buf_putc(&a, ')');
  sd_buf_puts(&b, "(= ");
  sd_buf_append_quoted(&b, s->sentinel_text, s->sentinel_len);
  sd_buf_printf(&b, " %s)", name);
  const char *at = strstr(isla, a.data);
  size_t len = a.len;
  if (!at) at = strstr(isla, b.data), len = b.len;
  char *result = NULL;
  if (at) {
    SdBuf r = {0};
    sd_buf_append(&r, isla, (size_t)(at - isla));
    sd_buf_puts(&r, negate ? "not (" : "(");
    bool ok = true;
    for (uint32_t i = 0; i < n && ok; i++) {
      if (i) sd_buf_puts(&r, " or ");
      sd_buf_printf(&r, "(= %s ", name);
      ok = lr_render_value(SD_PLACEHOLDER_STRING, vals[i], lens[i], &r);
      sd_buf_putc(&r, ')');
    }
    sd_buf_putc(&r, ')');
    sd_buf_puts(&r, at + len);
    if (ok) result = sd_buf_take(&r);
    else sd_buf_free(&r);
  }
  sd_buf_free(&a);
  sd_buf_free(&b);
  free(isla);
  return result;
}

static char *set_text(SdLearner *self, const LrTemplate *t, const uint32_t *members, uint32_t n) {
  const char **vals = sd_xcalloc(n ? n : 1, sizeof(char *));
  uint32_t *lens = sd_xcalloc(n ? n : 1, sizeof(uint32_t));
  for (uint32_t i = 0; i < n; i++) {
    const LrAtom *m = &self->atoms.items[members[i]];
    vals[i] = m->value, lens[i] = m->value_len;
  }
  char *text = values_text(t, vals, lens, n, false);
  free(vals);
  free(lens);
  return text;
}

/* The set atom for these members (made once, its bits the OR of theirs). */
static uint32_t set_atom(SdLearner *self, const LrTemplate *t, const uint32_t *members, uint32_t n,
                         const uint64_t *bits, uint32_t words, uint32_t tp) {
  char *text = set_text(self, t, members, n);
  if (!text) return LR_NONE;
  uint32_t a = lr_add_atom(self, t->pattern, text, NULL);
  if (a == LR_NONE) return LR_NONE;
  LrAtom *atom = &self->atoms.items[a];
  if (atom->kind == LR_PLAIN && atom->upto == 0 && atom->fail_upto == 0 && !atom->bits) {
    atom->kind = LR_SET;
    atom->bits = sd_xcalloc(words + 1, sizeof(uint64_t));
    memcpy(atom->bits, bits, words * sizeof(uint64_t));
    atom->words = words + 1;
    atom->tp = tp;
    atom->upto = atom->fail_upto = self->inputs.size;
  }
  return a;
}

/* Outside a set: `exists <X> m: not (m = "4" or m = "6" ...)`, over the
 * texts of X that passing inputs hold, LR_OUTSIDE_KNOWN at most, where
 * failing inputs hold LR_OUTSIDE_NEW other texts or more: a value outside
 * a small table the program knows (a die of a size with no sprite: 7, 9 and
 * 23 fail, 4, 6 and 20 pass), which no set of failing values states. It
 * holds on no passing input by construction, so it is made only where the
 * known texts are few and the failing ones outside them several; the
 * experiments then try texts outside it, each passing one refuting it. */
enum { LR_OUTSIDE_KNOWN = 8, LR_OUTSIDE_NEW = 3 };
typedef struct Text {
  const char *s;
  uint32_t len;
} Text;

static bool has_text(const Text *set, uint32_t n, const char *s, uint32_t len) {
  for (uint32_t i = 0; i < n; i++)
    if (set[i].len == len && !memcmp(set[i].s, s, len)) return true;
  return false;
}

static int by_text(const void *pa, const void *pb) {
  const Text *a = pa, *b = pb;
  if (a->len != b->len) return a->len < b->len ? -1 : 1;
  return memcmp(a->s, b->s, a->len);
}

static bool input_fails(const SdLearner *self, uint32_t i) {
  return (self->fail_bits.items[i / 64] >> (i % 64)) & 1;
}

/* The texts of symbol x in the inputs of one kind: into known (passing;
 * false when more than LR_OUTSIDE_KNOWN) or the count of those outside it
 * (failing, up to LR_OUTSIDE_NEW). */
static bool passing_texts(const SdLearner *self, SdSymbol x, Text *known, uint32_t *nk) {
  for (uint32_t i = 0; i < self->inputs.size; i++) {
    const SdTree *tree = self->inputs.items[i];
    if (input_fails(self, i) || !tree->by_symbol) continue;
    for (uint32_t k = 0; k < tree->by_symbol_count[x]; k++) {
      uint32_t len;
      const char *s = sd_node_text(tree, tree->nodes[tree->by_symbol[x][k]], &len);
      if (has_text(known, *nk, s, len)) continue;
      if (*nk == LR_OUTSIDE_KNOWN) return false;
      known[(*nk)++] = (Text){s, len};
    }
  }
  return true;
}

static uint32_t failing_outside(const SdLearner *self, SdSymbol x, const Text *known, uint32_t nk) {
  Text fresh[LR_OUTSIDE_NEW];
  uint32_t nf = 0;
  for (uint32_t i = 0; i < self->inputs.size && nf < LR_OUTSIDE_NEW; i++) {
    const SdTree *tree = self->inputs.items[i];
    if (!input_fails(self, i) || !tree->by_symbol) continue;
    for (uint32_t k = 0; k < tree->by_symbol_count[x] && nf < LR_OUTSIDE_NEW; k++) {
      uint32_t len;
      const char *s = sd_node_text(tree, tree->nodes[tree->by_symbol[x][k]], &len);
      if (!has_text(known, nk, s, len) && !has_text(fresh, nf, s, len)) fresh[nf++] = (Text){s, len};
    }
  }
  return nf;
}

static void outside_atom(SdLearner *self, const LrTemplate *t) {
  SdSymbol x = t->c->variables[t->slots[0].eq_var].symbol;
  Text known[LR_OUTSIDE_KNOWN];
  uint32_t nk = 0;
  /* one text in every passing input is no set the program knows: a length
     field that passes only as "0" beside an empty body (bodylen, recsize at
     seeds 1-2: `<num> != "0" or <bch> exists` stood for the length that
     differs); the negated equality says that much where the data asks */
  if (!passing_texts(self, x, known, &nk) || nk < 2) return;
  if (failing_outside(self, x, known, nk) < LR_OUTSIDE_NEW) return;
  qsort(known, nk, sizeof(Text), by_text);
  const char *vals[LR_OUTSIDE_KNOWN];
  uint32_t lens[LR_OUTSIDE_KNOWN];
  for (uint32_t i = 0; i < nk; i++) vals[i] = known[i].s, lens[i] = known[i].len;
  char *text = values_text(t, vals, lens, nk, true);
  if (!text) return;
  lr_use_atom(self, lr_add_atom(self, t->pattern, text, NULL)); /* takes text */
}

void lr_sets(SdLearner *self) {
  uint32_t n = self->inputs.size, F = self->failing;
  if (self->opts.invariants || !F || F == n) return;
  uint32_t words = (n + 63) / 64;
  Counter k = {.fail = self->fail_bits.items, .words = words,
               .last_mask = n % 64 ? (((uint64_t)1 << (n % 64)) - 1) : ~(uint64_t)0};
  double needd = ceil(self->opts.min_recall * F - 1e-9);
  uint32_t need = needd < 1 ? 1 : (uint32_t)needd;
  uint32_t used = self->used.size;
  Array(uint32_t) vals = {0};
  Array(Partner) partners = {0};
  for (uint32_t i = 0; i < used; i++) {
    uint32_t ai = self->used.items[i];
    const LrAtom *a = &self->atoms.items[ai];
    if (a->upto != n || !a->bits) continue;
    if (a->templ != LR_NONE && a->kind == LR_PLAIN) array_push(&vals, ai);
    Partner p = {.atom = ai};
    counts(&k, a->bits, NULL, &p.tp, &p.fp);
    if (p.tp >= need && p.fp > 0) array_push(&partners, p);
  }
  sort_self = self;
  if (vals.size > 1) qsort(vals.items, vals.size, sizeof(uint32_t), by_template_value);
  if (partners.size > 1) qsort(partners.items, partners.size, sizeof(Partner), by_precision);
  uint32_t np = partners.size < LR_SET_PARTNERS ? partners.size : LR_SET_PARTNERS;
  /* a member is seen in two failing inputs at least (else the set only
     memorises the evidence) */
  uint32_t min_support = F >= 10 ? 2 : 1;
  uint64_t *u = sd_xmalloc((words ? words : 1) * sizeof(uint64_t));
  uint32_t *members = sd_xcalloc(vals.size ? vals.size : 1, sizeof(uint32_t));
  for (uint32_t lo = 0, hi; lo < vals.size; lo = hi) {
    uint32_t templ = self->atoms.items[vals.items[lo]].templ;
    for (hi = lo; hi < vals.size && self->atoms.items[vals.items[hi]].templ == templ; hi++) {}
    const LrTemplate *t = self->templates.items[templ];
    outside_atom(self, t);
    if (hi - lo < 2) continue;
    for (uint32_t pi = 0; pi <= np; pi++) {
      const uint64_t *r = NULL;
      uint32_t ratom = LR_NONE;
      if (pi > 0) {
        ratom = partners.items[pi - 1].atom;
        if (self->atoms.items[ratom].templ == templ) continue;
        r = self->atoms.items[ratom].bits;
      }
      uint32_t m = 0, best_single = 0;
      memset(u, 0, words * sizeof(uint64_t));
      for (uint32_t v = lo; v < hi; v++) {
        const LrAtom *a = &self->atoms.items[vals.items[v]];
        uint32_t tp, fp;
        counts(&k, a->bits, r, &tp, &fp);
        self->stats.combinations++;
        if (tp < min_support || fp > 0) continue;
        members[m++] = vals.items[v];
        if (tp > best_single) best_single = tp;
        for (uint32_t w = 0; w < words; w++) u[w] |= a->bits[w];
      }
      if (m < 2) continue;
      uint32_t tp, fp, utp, ufp;
      counts(&k, u, r, &tp, &fp);
      if (tp <= best_single) continue;
      counts(&k, u, NULL, &utp, &ufp);
      uint32_t s = set_atom(self, t, members, m, u, words, utp);
      if (s == LR_NONE) continue;
      lr_use_atom(self, s);
      if (ratom != LR_NONE) {
        array_push(&self->hints, s);
        array_push(&self->hints, ratom);
      }
    }
  }
  free(u);
  free(members);
  array_free(&vals);
  array_free(&partners);
}
