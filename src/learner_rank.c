/* learner_rank.c: scores the atoms of the last learn() from their cached
 * truth bitsets, combines them (conjunctions of two or three atoms that are
 * more precise than their parts, longer ones grown greedily, sets with their
 * partner atoms; disjunctions of two precise candidates that explain
 * different failing inputs) with bitset AND/OR, groups candidates
 * with equal truth vectors, ranks the groups and builds the constraints of
 * the ranked candidates. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "learner_internal.h"

/* A cause in a disjunction explains at least this share of the failing
 * inputs that the other does not. */
#define LR_MIN_CAUSE_SHARE 0.05

typedef struct Ctx {
  SdLearner *self;
  uint32_t n, words, F, P;
  uint64_t last_mask;
  LrMap group_map;
  LrMap conj_map;           /* conjunctions made, keyed by their sorted parts */
  Array(uint32_t *) conj_keys;
} Ctx;

static uint32_t popcount_and(const uint64_t *a, const uint64_t *mask, uint32_t words, bool negate,
                             uint64_t last_mask) {
  uint32_t c = 0;
  for (uint32_t i = 0; i < words; i++) {
    uint64_t m = negate ? ~mask[i] : mask[i];
    if (i + 1 == words) m &= last_mask;
    c += (uint32_t)__builtin_popcountll(a[i] & m);
  }
  return c;
}

static void score(Ctx *x, LrItem *it) {
  const uint64_t *fail = x->self->fail_bits.items;
  it->tp = popcount_and(it->bits, fail, x->words, false, x->last_mask);
  it->fp = popcount_and(it->bits, fail, x->words, true, x->last_mask);
  it->hash = sd_hash_bytes(it->bits, (size_t)x->words * 8, 0x9e37);
}

static const char *atom_short(SdLearner *self, uint32_t atom) {
  LrAtom *a = &self->atoms.items[atom];
  if (!a->short_text) {
    a->short_text = sd_constraint_to_short(a->c);
    if (!a->short_text) a->short_text = sd_xstrdup(a->text);
  }
  return a->short_text;
}

/* The length of an item's short form as the ranking counts it: an atom's
 * own, the parts' joined by " and " / " or " otherwise. Made when two items
 * tie on everything before it (repr_cmp), not for every item: the short
 * form of every atom used was a tenth of the middle example's time. */
static uint32_t item_text_len(SdLearner *self, uint32_t item) {
  LrItem *it = &self->items.items[item];
  if (!it->text_len) {
    uint32_t n = 0;
    if (it->atom != LR_NONE) {
      n = (uint32_t)strlen(atom_short(self, it->atom));
    } else {
      uint32_t parts[LR_MAX_PARTS], count = it->part_count;
      bool disjunction = it->disjunction;
      memcpy(parts, it->parts, sizeof parts);
      for (uint32_t i = 0; i < count; i++) n += item_text_len(self, parts[i]) + (i ? (disjunction ? 4 : 5) : 0);
      it = &self->items.items[item];
    }
    it->text_len = n ? n : 1;
  }
  return it->text_len;
}

/* Atoms of an item, in order (at most 9). */
static uint32_t flatten(const SdLearner *self, uint32_t item, uint32_t *out, uint32_t max) {
  const LrItem *it = &self->items.items[item];
  if (it->atom != LR_NONE) {
    if (max) out[0] = it->atom;
    return 1;
  }
  uint32_t n = 0;
  for (uint32_t i = 0; i < it->part_count; i++) n += flatten(self, it->parts[i], out + n, max > n ? max - n : 0);
  return n;
}

/* Order of members inside a group: fewer atoms, patterns earlier in the
 * catalog (the catalog lists simpler patterns first), shorter text, text. */
/* Quantified variables over the atoms of a flattened item. */
static uint32_t variables(const SdLearner *self, const uint32_t *atoms, uint32_t n) {
  uint32_t v = 0;
  for (uint32_t i = 0; i < n && i < 16; i++) v += self->atoms.items[atoms[i]].c->variable_count;
  return v;
}

/* The simpler of two candidates: fewer atoms, then fewer quantified
 * variables (str.to.int(<level>) < 1 before the equivalent
 * str.len(<level>) > str.to.int(<level>)), then catalog order and text. */
static uint32_t derived(const SdLearner *self, const uint32_t *atoms, uint32_t n) {
  uint32_t k = 0;
  for (uint32_t i = 0; i < n && i < 16; i++) {
    const LrAtom *x = &self->atoms.items[atoms[i]];
    k += x->scoped_with != LR_NONE || x->in_record;
  }
  return k;
}

static int repr_cmp(SdLearner *self, uint32_t a, uint32_t b) {
  const LrItem *x = &self->items.items[a], *y = &self->items.items[b];
  if (x->size != y->size) return x->size < y->size ? -1 : 1;
  uint32_t fa[16], fb[16];
  uint32_t na = flatten(self, a, fa, 16), nb = flatten(self, b, fb, 16);
  /* the catalog's own forms before those the learner derived from them (a
     conjunction of one element, a relation scoped to a record) that say
     the same: "Value in range" reads better than "Value below and Value
     above, of one element" */
  uint32_t da = derived(self, fa, na), db = derived(self, fb, nb);
  if (da != db) return da < db ? -1 : 1;
  uint32_t va = variables(self, fa, na), vb = variables(self, fb, nb);
  if (va != vb) return va < vb ? -1 : 1;
  uint64_t pa = 0, pb = 0;
  for (uint32_t i = 0; i < na && i < 16; i++) pa += self->atoms.items[fa[i]].pattern;
  for (uint32_t i = 0; i < nb && i < 16; i++) pb += self->atoms.items[fb[i]].pattern;
  if (pa != pb) return pa < pb ? -1 : 1;
  uint32_t lx = item_text_len(self, a), ly = item_text_len(self, b);
  if (lx != ly) return lx < ly ? -1 : 1;
  for (uint32_t i = 0; i < na && i < nb && i < 16; i++) {
    if (fa[i] == fb[i]) continue;
    int c = strcmp(atom_short(self, fa[i]), atom_short(self, fb[i]));
    if (c) return c;
    c = strcmp(self->atoms.items[fa[i]].text, self->atoms.items[fb[i]].text);
    if (c) return c;
  }
  if (x->disjunction != y->disjunction) return x->disjunction ? 1 : -1;
  return a < b ? -1 : a > b;
}

/* Add an item and put it into its group (by truth vector). */
static uint32_t add_item(Ctx *x, LrItem it) {
  SdLearner *self = x->self;
  score(x, &it);
  array_push(&self->items, it);
  uint32_t idx = self->items.size - 1;
  LrItem *p = &self->items.items[idx];
  uint32_t g = lr_map_get(&x->group_map, (const char *)p->bits, x->words * 8, p->hash);
  if (g == LR_NONE) {
    LrGroup grp = {.best = idx};
    array_push(&self->groups, grp);
    g = self->groups.size - 1;
    lr_map_put(&x->group_map, (const char *)p->bits, x->words * 8, p->hash, g);
  } else if (repr_cmp(self, idx, self->groups.items[g].best) < 0) {
    self->groups.items[g].best = idx;
  }
  p->group = g;
  array_push(&self->groups.items[g].members, idx);
  return idx;
}

static uint32_t needed_recall(const Ctx *x) {
  const SdLearner *self = x->self;
  if (self->opts.invariants) return x->F;
  double need = ceil(self->opts.min_recall * x->F - 1e-9);
  return need < 0 ? 0 : (uint32_t)need;
}

static bool precise_enough(const Ctx *x, uint32_t tp, uint32_t fp) {
  if (tp + fp == 0) return false;
  return (double)tp / (tp + fp) >= x->self->opts.min_precision - 1e-12;
}

static const Ctx *sort_ctx;
/* Conjunction pool: most precise first. */
static int by_precision(const void *pa, const void *pb) {
  const SdLearner *self = sort_ctx->self;
  uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
  const LrItem *x = &self->items.items[a], *y = &self->items.items[b];
  int c = lr_cmp_precision(x->tp, x->fp, y->tp, y->fp);
  if (c) return -c;
  if (x->tp != y->tp) return x->tp > y->tp ? -1 : 1;
  return a < b ? -1 : a > b;
}
/* Disjunction pool: each cause should be precise: most precise first, then
 * highest recall. */
static int by_precision_recall(const void *pa, const void *pb) {
  const SdLearner *self = sort_ctx->self;
  uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
  const LrItem *x = &self->items.items[a], *y = &self->items.items[b];
  int c = lr_cmp_precision(x->tp, x->fp, y->tp, y->fp);
  if (c) return -c;
  if (x->tp != y->tp) return x->tp > y->tp ? -1 : 1;
  if (x->size != y->size) return x->size < y->size ? -1 : 1;
  return a < b ? -1 : a > b;
}

/* Cause mode seeds: highest recall first, then most precise. */
static int by_recall(const void *pa, const void *pb) {
  const SdLearner *self = sort_ctx->self;
  uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
  const LrItem *x = &self->items.items[a], *y = &self->items.items[b];
  if (x->tp != y->tp) return x->tp > y->tp ? -1 : 1;
  int c = lr_cmp_precision(x->tp, x->fp, y->tp, y->fp);
  if (c) return -c;
  return a < b ? -1 : a > b;
}

static uint64_t *combine(const Ctx *x, const uint64_t *a, const uint64_t *b, bool or) {
  uint64_t *r = sd_xmalloc((size_t)x->words * 8);
  for (uint32_t i = 0; i < x->words; i++) r[i] = or ? (a[i] | b[i]) : (a[i] & b[i]);
  return r;
}

static uint32_t count_tp(const Ctx *x, const uint64_t *bits) {
  return popcount_and(bits, x->self->fail_bits.items, x->words, false, x->last_mask);
}
static uint32_t count_fp(const Ctx *x, const uint64_t *bits) {
  return popcount_and(bits, x->self->fail_bits.items, x->words, true, x->last_mask);
}

static bool conj_new(Ctx *x, const uint32_t *parts, uint32_t k);
static void add_conjunction(Ctx *x, const uint32_t *parts, uint32_t k, const uint64_t *bits);

static void conjunctions(Ctx *x) {
  SdLearner *self = x->self;
  if (self->opts.max_conjunction < 2 || x->n == 0) return;
  uint32_t need = needed_recall(x);
  Array(uint32_t) pool = {0};
  for (uint32_t g = 0; g < self->groups.size; g++) {
    const LrItem *it = &self->items.items[self->groups.items[g].best];
    if (it->tp > 0 && it->tp >= need && it->fp > 0) array_push(&pool, self->groups.items[g].best);
  }
  sort_ctx = x;
  if (pool.size > 1) qsort(pool.items, pool.size, sizeof(uint32_t), by_precision);
  uint32_t m = pool.size < self->opts.combination_pool ? pool.size : self->opts.combination_pool;
  /* pair bitsets, kept for the triples */
  uint64_t **pair = sd_xcalloc((size_t)m * m + 1, sizeof(uint64_t *));
  for (uint32_t i = 0; i < m; i++)
    for (uint32_t j = i + 1; j < m; j++) {
      const LrItem *a = &self->items.items[pool.items[i]], *b = &self->items.items[pool.items[j]];
      uint64_t *bits = combine(x, a->bits, b->bits, false);
      pair[i * m + j] = bits;
      self->stats.combinations++;
      uint32_t tp = count_tp(x, bits), fp = count_fp(x, bits);
      if (tp < need || tp == 0) continue;
      if (lr_cmp_precision(tp, fp, a->tp, a->fp) <= 0 || lr_cmp_precision(tp, fp, b->tp, b->fp) <= 0)
        continue;
      LrItem it = {.bits = combine(x, bits, bits, false), .owned = true, .atom = LR_NONE,
                   .part_count = 2, .size = a->size + b->size};
      it.parts[0] = pool.items[i], it.parts[1] = pool.items[j];
      if (!conj_new(x, it.parts, 2)) {
        free(it.bits);
        continue;
      }
      add_item(x, it);
    }
  if (self->opts.max_conjunction >= 3) {
    for (uint32_t i = 0; i < m; i++)
      for (uint32_t j = i + 1; j < m; j++)
        for (uint32_t k = j + 1; k < m; k++) {
          const uint64_t *ij = pair[i * m + j];
          const LrItem *c = &self->items.items[pool.items[k]];
          self->stats.combinations++;
          /* tp and fp of ij & c without allocating */
          uint32_t tp = 0, fp = 0;
          const uint64_t *fail = self->fail_bits.items;
          for (uint32_t w = 0; w < x->words; w++) {
            uint64_t v = ij[w] & c->bits[w];
            if (w + 1 == x->words) v &= x->last_mask;
            tp += (uint32_t)__builtin_popcountll(v & fail[w]);
            fp += (uint32_t)__builtin_popcountll(v & ~fail[w]);
          }
          if (tp < need || tp == 0) continue;
          /* more precise than each part and each pair of parts */
          const uint64_t *sub[3] = {ij, pair[i * m + k], pair[j * m + k]};
          bool better = true;
          for (int s = 0; s < 3 && better; s++)
            if (lr_cmp_precision(tp, fp, count_tp(x, sub[s]), count_fp(x, sub[s])) <= 0)
              better = false;
          uint32_t parts[3] = {pool.items[i], pool.items[j], pool.items[k]};
          for (int s = 0; s < 3 && better; s++) {
            const LrItem *p = &self->items.items[parts[s]];
            if (lr_cmp_precision(tp, fp, p->tp, p->fp) <= 0) better = false;
          }
          if (!better) continue;
          const LrItem *a = &self->items.items[parts[0]], *b = &self->items.items[parts[1]];
          LrItem it = {.bits = combine(x, ij, c->bits, false), .owned = true, .atom = LR_NONE,
                       .part_count = 3, .size = a->size + b->size + c->size};
          memcpy(it.parts, parts, sizeof parts);
          if (!conj_new(x, it.parts, 3)) {
            free(it.bits);
            continue;
          }
          add_item(x, it);
        }
  }
  for (uint32_t i = 0; i < m * m; i++) free(pair[i]);
  free(pair);
  array_free(&pool);
}


/* Remember a conjunction by its sorted parts; false if it was made already. */
static bool conj_new(Ctx *x, const uint32_t *parts, uint32_t k) {
  uint32_t *key = sd_xmalloc(k * sizeof(uint32_t));
  memcpy(key, parts, k * sizeof(uint32_t));
  for (uint32_t i = 1; i < k; i++)
    for (uint32_t j = i; j > 0 && key[j - 1] > key[j]; j--) {
      uint32_t t = key[j];
      key[j] = key[j - 1], key[j - 1] = t;
    }
  uint32_t len = k * (uint32_t)sizeof(uint32_t);
  uint64_t h = lr_hash((const char *)key, len);
  if (lr_map_get(&x->conj_map, (const char *)key, len, h) != LR_NONE) {
    free(key);
    return false;
  }
  array_push(&x->conj_keys, key);
  lr_map_put(&x->conj_map, (const char *)key, len, h, 1);
  return true;
}

/* tp and fp of a & b without allocating. */
static void and_counts(const Ctx *x, const uint64_t *a, const uint64_t *b, uint32_t *tp,
                       uint32_t *fp) {
  const uint64_t *fail = x->self->fail_bits.items;
  uint32_t t = 0, f = 0;
  for (uint32_t w = 0; w < x->words; w++) {
    uint64_t v = a[w] & b[w];
    if (w + 1 == x->words) v &= x->last_mask;
    t += (uint32_t)__builtin_popcountll(v & fail[w]);
    f += (uint32_t)__builtin_popcountll(v & ~fail[w]);
  }
  *tp = t, *fp = f;
}

static void add_conjunction(Ctx *x, const uint32_t *parts, uint32_t k, const uint64_t *bits) {
  SdLearner *self = x->self;
  LrItem it = {.bits = sd_xmalloc((size_t)x->words * 8), .owned = true, .atom = LR_NONE,
               .part_count = k};
  memcpy(it.bits, bits, (size_t)x->words * 8);
  for (uint32_t i = 0; i < k; i++) {
    const LrItem *p = &self->items.items[parts[i]];
    it.parts[i] = parts[i];
    it.size += p->size;
  }
  add_item(x, it);
}

/* Conjunctions of as many atoms as the evidence needs, grown greedily: from
 * each seed (the most precise atoms; in cause mode the most frequent), add
 * the atom that removes the most passing inputs while keeping every failing
 * input the conjunction holds on, until it holds on no passing input, nothing
 * improves or max_conjunction atoms are reached; then drop parts that do not
 * matter. Each step costs one bitset AND per atom of the pool. */
static void grow_conjunctions(Ctx *x) {
  SdLearner *self = x->self;
  uint32_t maxk = self->opts.max_conjunction;
  if (maxk < 2 || x->n == 0 || x->F == 0) return;
  uint32_t need = needed_recall(x);
  Array(uint32_t) pool = {0};
  for (uint32_t g = 0; g < self->groups.size; g++) {
    const LrItem *it = &self->items.items[self->groups.items[g].best];
    if (it->atom != LR_NONE && it->tp > 0 && it->tp >= need && it->fp > 0)
      array_push(&pool, self->groups.items[g].best);
  }
  sort_ctx = x;
  if (pool.size > 1) qsort(pool.items, pool.size, sizeof(uint32_t), by_precision);
  if (pool.size > LR_GREEDY_POOL) pool.size = LR_GREEDY_POOL;
  /* seeds: the most precise (cause mode: the highest recall) */
  uint32_t ns = pool.size < self->opts.combination_pool ? pool.size : self->opts.combination_pool;
  uint32_t *seeds = sd_xcalloc(ns ? ns : 1, sizeof(uint32_t));
  if (self->opts.cause_mode) {
    uint32_t *order = sd_xcalloc(pool.size ? pool.size : 1, sizeof(uint32_t));
    if (pool.size) memcpy(order, pool.items, pool.size * sizeof(uint32_t)); /* NULL when empty */
    if (pool.size > 1) qsort(order, pool.size, sizeof(uint32_t), by_recall);
    memcpy(seeds, order, ns * sizeof(uint32_t));
    free(order);
  } else {
    if (ns) memcpy(seeds, pool.items, ns * sizeof(uint32_t));
  }
  uint64_t *cur = sd_xmalloc((size_t)x->words * 8), *tmp = sd_xmalloc((size_t)x->words * 8);
  for (uint32_t si = 0; si < ns; si++) {
    uint32_t parts[LR_MAX_PARTS], k = 1;
    parts[0] = seeds[si];
    const LrItem *seed = &self->items.items[seeds[si]];
    memcpy(cur, seed->bits, (size_t)x->words * 8);
    uint32_t tp = seed->tp, fp = seed->fp;
    while (fp > 0 && k < maxk) {
      uint32_t best = LR_NONE, best_fp = fp;
      for (uint32_t j = 0; j < pool.size; j++) {
        uint32_t cand = pool.items[j];
        bool in = false;
        for (uint32_t q = 0; q < k; q++) in |= parts[q] == cand;
        if (in) continue;
        uint32_t t2, f2;
        and_counts(x, cur, self->items.items[cand].bits, &t2, &f2);
        self->stats.combinations++;
        if (t2 == tp && f2 < best_fp) best = cand, best_fp = f2;
      }
      if (best == LR_NONE) break;
      const uint64_t *b = self->items.items[best].bits;
      for (uint32_t w = 0; w < x->words; w++) cur[w] &= b[w];
      parts[k++] = best;
      fp = best_fp;
    }
    /* drop parts the others imply on this evidence (the seed last) */
    for (uint32_t drop = k; drop-- > 0 && k > 2;) {
      bool first = true;
      for (uint32_t q = 0; q < k; q++) {
        if (q == drop) continue;
        const uint64_t *b = self->items.items[parts[q]].bits;
        for (uint32_t w = 0; w < x->words; w++) tmp[w] = first ? b[w] : (tmp[w] & b[w]);
        first = false;
      }
      uint32_t t2, f2;
      and_counts(x, tmp, tmp, &t2, &f2);
      if (t2 == tp && f2 == fp) {
        memmove(parts + drop, parts + drop + 1, (k - drop - 1) * sizeof(uint32_t));
        k--;
      }
    }
    if (k < 2 || !conj_new(x, parts, k)) continue;
    add_conjunction(x, parts, k, cur);
  }
  free(cur);
  free(tmp);
  free(seeds);
  array_free(&pool);
}

static void disjunctions(Ctx *x) {
  SdLearner *self = x->self;
  if (!self->opts.disjunctions || x->n == 0 || self->opts.invariants) return;
  Array(uint32_t) pool = {0};
  for (uint32_t g = 0; g < self->groups.size; g++) {
    const LrItem *it = &self->items.items[self->groups.items[g].best];
    if (it->tp > 0 && it->tp < x->F && precise_enough(x, it->tp, it->fp) &&
        !it->disjunction)
      array_push(&pool, self->groups.items[g].best);
  }
  sort_ctx = x;
  if (pool.size > 1) qsort(pool.items, pool.size, sizeof(uint32_t), by_precision_recall);
  uint32_t m = pool.size < self->opts.combination_pool ? pool.size : self->opts.combination_pool;
  uint32_t unique = (uint32_t)ceil(LR_MIN_CAUSE_SHARE * x->F);
  if (unique < 1) unique = 1;
  for (uint32_t i = 0; i < m; i++)
    for (uint32_t j = i + 1; j < m; j++) {
      const LrItem *a = &self->items.items[pool.items[i]], *b = &self->items.items[pool.items[j]];
      self->stats.combinations++;
      uint32_t tp = 0, fp = 0;
      const uint64_t *fail = self->fail_bits.items;
      for (uint32_t w = 0; w < x->words; w++) {
        uint64_t v = a->bits[w] | b->bits[w];
        if (w + 1 == x->words) v &= x->last_mask;
        tp += (uint32_t)__builtin_popcountll(v & fail[w]);
        fp += (uint32_t)__builtin_popcountll(v & ~fail[w]);
      }
      /* each part must explain a share of the failing inputs the other does
         not, and the disjunction must beat both parts on F1 */
      if (tp < a->tp + unique || tp < b->tp + unique || !precise_enough(x, tp, fp)) continue;
      if (lr_cmp_f1(tp, fp, x->F - tp, a->tp, a->fp, x->F - a->tp) <= 0 ||
          lr_cmp_f1(tp, fp, x->F - tp, b->tp, b->fp, x->F - b->tp) <= 0)
        continue;
      LrItem it = {.bits = combine(x, a->bits, b->bits, true), .owned = true, .atom = LR_NONE,
                   .part_count = 2, .disjunction = true, .size = a->size + b->size};
      it.parts[0] = pool.items[i], it.parts[1] = pool.items[j];
      add_item(x, it);
    }
  array_free(&pool);
}

static bool accepted(const Ctx *x, const LrItem *it) {
  if (x->self->opts.invariants) return x->F > 0 && it->tp == x->F;
  return x->F > 0 && it->tp >= needed_recall(x) && precise_enough(x, it->tp, it->fp);
}

static int group_cmp(const void *pa, const void *pb) {
  const Ctx *x = sort_ctx;
  SdLearner *self = x->self;
  uint32_t ga = *(const uint32_t *)pa, gb = *(const uint32_t *)pb;
  uint32_t ia = self->groups.items[ga].best, ib = self->groups.items[gb].best;
  const LrItem *a = &self->items.items[ia], *b = &self->items.items[ib];
  bool aa = accepted(x, a), ab = accepted(x, b);
  if (aa != ab) return aa ? -1 : 1;
  int c;
  if (self->opts.invariants) {
    if (a->tp != b->tp) return a->tp > b->tp ? -1 : 1;
    if (a->fp != b->fp) return a->fp < b->fp ? -1 : 1; /* more specific */
  } else if (aa) {
    if (a->tp != b->tp) return a->tp > b->tp ? -1 : 1;
    if ((c = lr_cmp_precision(a->tp, a->fp, b->tp, b->fp))) return -c;
  } else {
    if ((c = lr_cmp_f1(a->tp, a->fp, x->F - a->tp, b->tp, b->fp, x->F - b->tp))) return -c;
    if (a->tp != b->tp) return a->tp > b->tp ? -1 : 1;
    if ((c = lr_cmp_precision(a->tp, a->fp, b->tp, b->fp))) return -c;
  }
  return repr_cmp(self, ia, ib);
}

static SdLearner *member_learner;
static int member_cmp(const void *pa, const void *pb) {
  return repr_cmp(member_learner, *(const uint32_t *)pa, *(const uint32_t *)pb);
}

/* ---- members told apart on the pool (sd_learner_set_pool) ---- */

/* An item's truth on the pool's inputs (bit i: input i); an atom's is
 * evaluated once per pool. */
static uint64_t pool_signature(SdLearner *self, uint32_t item) {
  const LrItem *it = &self->items.items[item];
  if (it->atom != LR_NONE) {
    LrAtom *a = &self->atoms.items[it->atom];
    if (!a->pooled) {
      a->pool_bits = 0;
      for (uint32_t i = 0; i < self->pool_size; i++)
        if (sd_constraint_eval(a->c, self->pool[i], NULL)) a->pool_bits |= (uint64_t)1 << i;
      a->pooled = true;
    }
    return a->pool_bits;
  }
  uint64_t sig = it->disjunction ? 0 : ~(uint64_t)0;
  for (uint32_t i = 0; i < it->part_count; i++) {
    uint64_t p = pool_signature(self, it->parts[i]);
    sig = it->disjunction ? sig | p : sig & p;
  }
  return sig;
}

/* The members of a group shown as candidates (at most km, into out): its
 * representative, then, in ranking order, members whose truth on the pool
 * differs from that of every one shown so far, then the others in ranking
 * order. Only the first POOL_GROUPS groups, whose members the debugger
 * attacks and splits, and the first POOL_SCAN members of each are told
 * apart: each member's atoms are evaluated on the pool once. */
enum { POOL_GROUPS = 4, POOL_SCAN = 64 };
static uint32_t shown_members(SdLearner *self, const LrGroup *g, uint32_t rank, uint32_t km, uint32_t *out) {
  uint32_t n = g->members.size, k = 0;
  if (km > n) km = n;
  if (!self->pool_size || rank >= POOL_GROUPS || km < 2) {
    for (k = 0; k < km; k++) out[k] = g->members.items[k];
    return km;
  }
  uint64_t *sigs = sd_xcalloc(km, sizeof(uint64_t));
  bool *shown = sd_xcalloc(n, sizeof(bool));
  out[k] = g->members.items[0], sigs[k++] = pool_signature(self, g->members.items[0]), shown[0] = true;
  for (uint32_t m = 1; m < n && m < POOL_SCAN && k < km; m++) {
    uint64_t s = pool_signature(self, g->members.items[m]);
    bool seen = false;
    for (uint32_t j = 0; j < k && !seen; j++) seen = sigs[j] == s;
    if (!seen) out[k] = g->members.items[m], sigs[k++] = s, shown[m] = true;
  }
  for (uint32_t m = 1; m < n && k < km; m++)
    if (!shown[m]) out[k++] = g->members.items[m];
  free(sigs);
  free(shown);
  return k;
}

/* The constraint of an item (atoms: theirs; combinations: built and kept). */
static SdConstraint *build(SdLearner *self, uint32_t item) {
  const LrItem *it = &self->items.items[item];
  if (it->atom != LR_NONE) return self->atoms.items[it->atom].c;
  const SdConstraint *parts[LR_MAX_PARTS];
  for (uint32_t i = 0; i < it->part_count; i++) parts[i] = build(self, it->parts[i]);
  SdConstraint *c = it->disjunction ? sd_constraint_or(parts, it->part_count)
                                    : sd_constraint_and(parts, it->part_count);
  array_push(&self->built, c);
  return c;
}

static void pattern_names(SdLearner *self, uint32_t item, SdBuf *b, bool nested) {
  const LrItem *it = &self->items.items[item];
  if (it->atom != LR_NONE) {
    const LrAtom *a = &self->atoms.items[it->atom];
    if (a->kind == LR_NEGATION) sd_buf_puts(b, "not ");
    sd_buf_puts(b, sd_catalog_pattern(self->catalog, a->pattern)->name);
    if (a->scoped_with != LR_NONE) {
      const LrAtom *w = &self->atoms.items[a->scoped_with];
      sd_buf_printf(b, " and %s, %s", sd_catalog_pattern(self->catalog, w->pattern)->name,
                    a->within ? "of one element" : "in one record");
    }
    if (a->in_record || a->in_context) sd_buf_puts(b, ", in one record");
    if (a->kind == LR_SET) sd_buf_puts(b, " (set)");
    return;
  }
  if (nested) sd_buf_putc(b, '(');
  for (uint32_t i = 0; i < it->part_count; i++) {
    if (i) sd_buf_puts(b, it->disjunction ? " or " : " and ");
    pattern_names(self, it->parts[i], b, true);
  }
  if (nested) sd_buf_putc(b, ')');
}

void lr_results_free(SdLearner *self) {
  for (uint32_t i = 0; i < self->items.size; i++)
    if (self->items.items[i].owned) free(self->items.items[i].bits);
  array_free(&self->items);
  for (uint32_t i = 0; i < self->groups.size; i++) array_free(&self->groups.items[i].members);
  array_free(&self->groups);
  for (uint32_t i = 0; i < self->ranked.size; i++) {
    SdCandidate *c = &self->ranked.items[i];
    if (c->parts > 1) free((char *)c->text);
    free((char *)c->pattern);
  }
  array_free(&self->ranked);
  array_free(&self->ranked_item);
  for (uint32_t i = 0; i < self->built.size; i++) sd_constraint_free(self->built.items[i]);
  array_free(&self->built);
}

void lr_rank(SdLearner *self) {
  lr_results_free(self);
  Ctx x = {.self = self};
  x.n = self->inputs.size;
  x.words = (x.n + 63) / 64;
  if (x.words == 0) x.words = 1;
  x.last_mask = x.n % 64 ? (((uint64_t)1 << (x.n % 64)) - 1) : ~(uint64_t)0;
  if (x.n == 0) x.last_mask = 0;
  x.F = self->failing;
  x.P = x.n - x.F;
  if (self->fail_bits.size < x.words) array_push(&self->fail_bits, 0);
  static uint64_t zero_word;
  uint32_t *item_of = sd_xmalloc((self->atoms.size ? self->atoms.size : 1) * sizeof(uint32_t));
  for (uint32_t i = 0; i < self->atoms.size; i++) item_of[i] = LR_NONE;
  for (uint32_t i = 0; i < self->used.size; i++) {
    uint32_t a = self->used.items[i];
    LrAtom *atom = &self->atoms.items[a];
    if (!atom->bits) {
      /* no inputs yet: give it an empty vector */
      atom->bits = sd_xcalloc(1, sizeof(uint64_t));
      atom->words = 1;
    }
    LrItem it = {.bits = atom->bits ? atom->bits : &zero_word, .atom = a, .part_count = 1,
                 .size = atom->size};
    item_of[a] = add_item(&x, it);
  }
  /* sets with their partners (learner_sets.c) */
  uint64_t *tmp = sd_xmalloc((size_t)x.words * 8);
  for (uint32_t h = 0; h + 1 < self->hints.size; h += 2) {
    uint32_t parts[2] = {item_of[self->hints.items[h]], item_of[self->hints.items[h + 1]]};
    if (parts[0] == LR_NONE || parts[1] == LR_NONE || !conj_new(&x, parts, 2)) continue;
    const uint64_t *a = self->items.items[parts[0]].bits, *b = self->items.items[parts[1]].bits;
    for (uint32_t w = 0; w < x.words; w++) tmp[w] = a[w] & b[w];
    self->stats.combinations++;
    add_conjunction(&x, parts, 2, tmp);
  }
  free(tmp);
  free(item_of);
  conjunctions(&x);
  grow_conjunctions(&x);
  disjunctions(&x);
  /* rank the groups */
  uint32_t ng = self->groups.size;
  uint32_t *order = sd_xcalloc(ng ? ng : 1, sizeof(uint32_t));
  for (uint32_t g = 0; g < ng; g++) order[g] = g;
  sort_ctx = &x;
  qsort(order, ng, sizeof(uint32_t), group_cmp);
  uint32_t keep = ng < self->opts.max_candidates ? ng : self->opts.max_candidates;
  member_learner = self;
  for (uint32_t r = 0; r < keep; r++) {
    LrGroup *g = &self->groups.items[order[r]];
    qsort(g->members.items, g->members.size, sizeof(uint32_t), member_cmp);
    uint32_t *shown = sd_xcalloc(self->opts.max_equivalent, sizeof(uint32_t));
    uint32_t km = shown_members(self, g, r, self->opts.max_equivalent, shown);
    for (uint32_t m = 0; m < km; m++) {
      uint32_t item = shown[m];
      const LrItem *it = &self->items.items[item];
      SdCandidate c = {0};
      c.constraint = build(self, item);
      c.tp = it->tp, c.fp = it->fp, c.fn = x.F - it->tp, c.tn = x.P - it->fp;
      c.precision = it->tp + it->fp ? (double)it->tp / (it->tp + it->fp) : 0;
      c.recall = x.F ? (double)it->tp / x.F : 0;
      c.specificity = x.P ? (double)c.tn / x.P : 0;
      c.f1 = 2.0 * it->tp + it->fp + c.fn ? 2.0 * it->tp / (2.0 * it->tp + it->fp + c.fn) : 0;
      c.size = it->size;
      c.equivalent_group = r;
      c.accepted = accepted(&x, it);
      c.parts = it->atom != LR_NONE ? 1 : it->part_count;
      c.disjunction = it->disjunction;
      if (self->opts.no_texts) c.text = NULL;
      else if (it->atom != LR_NONE) c.text = atom_short(self, it->atom);
      else {
        char *t = sd_constraint_to_short(c.constraint);
        c.text = t ? t : sd_xstrdup("?");
      }
      SdBuf b = {0};
      pattern_names(self, item, &b, false);
      c.pattern = sd_buf_take(&b);
      array_push(&self->ranked, c);
      array_push(&self->ranked_item, item);
    }
    free(shown);
  }
  free(order);
  lr_map_free(&x.group_map);
  lr_map_free(&x.conj_map);
  for (uint32_t i = 0; i < x.conj_keys.size; i++) free(x.conj_keys.items[i]);
  array_free(&x.conj_keys);
}

uint32_t sd_learner_candidate_count(const SdLearner *self) { return self->ranked.size; }

const SdCandidate *sd_learner_candidate(const SdLearner *self, uint32_t rank) {
  return rank < self->ranked.size ? &self->ranked.items[rank] : NULL;
}

bool sd_learner_truth(const SdLearner *self, uint32_t rank, uint32_t input) {
  if (rank >= self->ranked.size || input >= self->inputs.size) return false;
  const LrItem *it = &self->items.items[self->ranked_item.items[rank]];
  return (it->bits[input / 64] >> (input % 64)) & 1;
}
