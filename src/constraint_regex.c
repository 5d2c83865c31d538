/* constraint_regex.c: whole-string matching of SMT-LIB regular expressions
 * (str.in_re) over bytes, by Brzozowski derivatives.
 *
 * Regexes are hash-consed nodes built with smart constructors that keep
 * unions flat, sorted and duplicate-free (and merge their byte sets),
 * concatenations right-nested, and drop neutral elements. With that
 * normal form every regex has finitely many derivatives, so memoising the
 * derivative of each node by byte builds a DFA lazily: matching a string is
 * one table step per byte after warm-up, with no backtracking. Complement
 * (re.comp) is just another node: D(comp r) = comp(D r). Any byte, NUL and
 * bytes >= 0x80 included, is a character. For a subject that is valid UTF-8
 * the evaluator builds character classes with sd_re_utf8_range instead: the
 * byte sequences that encode a range of code points, so matching bytes is
 * matching code points. */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "constraint_internal.h"

enum { RE_NONE, RE_EPS, RE_SET, RE_CAT, RE_OR, RE_STAR, RE_COMP };

#define RE_NODE_LIMIT 200000u

struct SdRe {
  uint8_t kind;
  bool nullable;
  uint32_t id;
  uint64_t hash;
  SdRe *a, *b;      /* CAT: a b; STAR, COMP: a */
  SdRe **kids;      /* OR, sorted by id */
  uint32_t nkids;
  uint8_t set[32];  /* SET */
  SdRe **deriv;     /* 256 entries, made on first use */
};

struct SdReCtx {
  Array(SdRe *) nodes;
  SdRe **table; /* open addressing, hash-consing */
  uint32_t table_size;
  SdRe *none, *eps;
  bool overflow;
};

static uint64_t node_hash(uint8_t kind, SdRe *a, SdRe *b, SdRe **kids, uint32_t nkids,
                          const uint8_t *set) {
  uint64_t h = sd_hash_bytes(&kind, 1, 0x9e3779b97f4a7c15ull);
  uint32_t ids[2] = {a ? a->id + 1 : 0, b ? b->id + 1 : 0};
  h = sd_hash_bytes(ids, sizeof ids, h);
  for (uint32_t i = 0; i < nkids; i++) h = sd_hash_bytes(&kids[i]->id, sizeof(uint32_t), h);
  if (set) h = sd_hash_bytes(set, 32, h);
  return h;
}

static bool node_same(const SdRe *n, uint8_t kind, SdRe *a, SdRe *b, SdRe **kids,
                      uint32_t nkids, const uint8_t *set) {
  if (n->kind != kind || n->a != a || n->b != b || n->nkids != nkids) return false;
  for (uint32_t i = 0; i < nkids; i++)
    if (n->kids[i] != kids[i]) return false;
  if (set && memcmp(n->set, set, 32)) return false;
  return true;
}

static void table_grow(SdReCtx *c) {
  uint32_t size = c->table_size ? c->table_size * 2 : 256;
  SdRe **t = sd_xcalloc(size, sizeof(SdRe *));
  for (uint32_t i = 0; i < c->table_size; i++) {
    SdRe *n = c->table[i];
    if (!n) continue;
    uint32_t k = (uint32_t)n->hash & (size - 1);
    while (t[k]) k = (k + 1) & (size - 1);
    t[k] = n;
  }
  free(c->table);
  c->table = t;
  c->table_size = size;
}

static SdRe *intern(SdReCtx *c, uint8_t kind, SdRe *a, SdRe *b, SdRe **kids, uint32_t nkids,
                    const uint8_t *set) {
  uint64_t h = node_hash(kind, a, b, kids, nkids, set);
  if ((c->nodes.size + 1) * 2 > c->table_size) table_grow(c);
  uint32_t k = (uint32_t)h & (c->table_size - 1);
  for (; c->table[k]; k = (k + 1) & (c->table_size - 1))
    if (c->table[k]->hash == h && node_same(c->table[k], kind, a, b, kids, nkids, set))
      return c->table[k];
  SdRe *n = sd_xcalloc(1, sizeof *n);
  n->kind = kind;
  n->id = c->nodes.size;
  n->hash = h;
  n->a = a;
  n->b = b;
  if (nkids) {
    n->kids = sd_xmalloc(nkids * sizeof(SdRe *));
    memcpy(n->kids, kids, nkids * sizeof(SdRe *));
    n->nkids = nkids;
  }
  if (set) memcpy(n->set, set, 32);
  switch (kind) {
    case RE_NONE: case RE_SET: n->nullable = false; break;
    case RE_EPS: case RE_STAR: n->nullable = true; break;
    case RE_CAT: n->nullable = a->nullable && b->nullable; break;
    case RE_COMP: n->nullable = !a->nullable; break;
    case RE_OR:
      for (uint32_t i = 0; i < nkids; i++) n->nullable |= kids[i]->nullable;
      break;
  }
  array_push(&c->nodes, n);
  c->table[k] = n;
  if (c->nodes.size > RE_NODE_LIMIT) c->overflow = true;
  return n;
}

SdReCtx *sd_re_ctx_new(void) {
  SdReCtx *c = sd_xcalloc(1, sizeof *c);
  c->none = intern(c, RE_NONE, NULL, NULL, NULL, 0, NULL);
  c->eps = intern(c, RE_EPS, NULL, NULL, NULL, 0, NULL);
  return c;
}

void sd_re_ctx_free(SdReCtx *self) {
  if (!self) return;
  for (uint32_t i = 0; i < self->nodes.size; i++) {
    free(self->nodes.items[i]->kids);
    free(self->nodes.items[i]->deriv);
    free(self->nodes.items[i]);
  }
  array_free(&self->nodes);
  free(self->table);
  free(self);
}

size_t sd_re_ctx_size(const SdReCtx *self) {
  return self->nodes.size;
}

SdRe *sd_re_none(SdReCtx *c) {
  return c->none;
}

SdRe *sd_re_eps(SdReCtx *c) {
  return c->eps;
}

SdRe *sd_re_set(SdReCtx *c, const uint8_t set[32]) {
  static const uint8_t empty[32];
  if (!memcmp(set, empty, 32)) return c->none;
  return intern(c, RE_SET, NULL, NULL, NULL, 0, set);
}

SdRe *sd_re_byte(SdReCtx *c, unsigned char b) {
  uint8_t set[32] = {0};
  set[b >> 3] = (uint8_t)(1u << (b & 7));
  return sd_re_set(c, set);
}

SdRe *sd_re_concat(SdReCtx *c, SdRe *a, SdRe *b) {
  if (a == c->none || b == c->none) return c->none;
  if (a == c->eps) return b;
  if (b == c->eps) return a;
  if (a->kind == RE_CAT) return sd_re_concat(c, a->a, sd_re_concat(c, a->b, b));
  return intern(c, RE_CAT, a, b, NULL, 0, NULL);
}

static int by_id(const void *x, const void *y) {
  const SdRe *a = *(SdRe *const *)x, *b = *(SdRe *const *)y;
  return a->id < b->id ? -1 : a->id > b->id;
}

static bool is_all(SdReCtx *c, SdRe *r) {
  return r->kind == RE_COMP && r->a == c->none;
}

SdRe *sd_re_union(SdReCtx *c, SdRe *a, SdRe *b) {
  if (a == b) return a;
  if (a == c->none) return b;
  if (b == c->none) return a;
  if (is_all(c, a)) return a;
  if (is_all(c, b)) return b;
  Array(SdRe *) kids = {0};
  uint8_t set[32] = {0};
  bool has_set = false;
  SdRe *parts[2] = {a, b};
  for (int p = 0; p < 2; p++) {
    SdRe *r = parts[p];
    uint32_t n = r->kind == RE_OR ? r->nkids : 1;
    for (uint32_t i = 0; i < n; i++) {
      SdRe *k = r->kind == RE_OR ? r->kids[i] : r;
      if (k->kind == RE_SET) {
        for (int j = 0; j < 32; j++) set[j] |= k->set[j];
        has_set = true;
      } else {
        array_push(&kids, k);
      }
    }
  }
  if (has_set) array_push(&kids, sd_re_set(c, set));
  qsort(kids.items, kids.size, sizeof(SdRe *), by_id);
  uint32_t w = 0;
  for (uint32_t i = 0; i < kids.size; i++)
    if (w == 0 || kids.items[w - 1] != kids.items[i]) kids.items[w++] = kids.items[i];
  SdRe *r = w == 1 ? kids.items[0] : intern(c, RE_OR, NULL, NULL, kids.items, w, NULL);
  array_free(&kids);
  return r;
}

SdRe *sd_re_star(SdReCtx *c, SdRe *a) {
  if (a == c->none || a == c->eps) return c->eps;
  if (a->kind == RE_STAR) return a;
  return intern(c, RE_STAR, a, NULL, NULL, 0, NULL);
}

SdRe *sd_re_comp(SdReCtx *c, SdRe *a) {
  if (a->kind == RE_COMP) return a->a;
  return intern(c, RE_COMP, a, NULL, NULL, 0, NULL);
}

SdRe *sd_re_string(SdReCtx *c, const char *s, size_t n) {
  SdRe *r = c->eps;
  for (size_t i = n; i-- > 0;) r = sd_re_concat(c, sd_re_byte(c, (unsigned char)s[i]), r);
  return r;
}

static SdRe *derive(SdReCtx *c, SdRe *r, unsigned char ch) {
  if (r->deriv && r->deriv[ch]) return r->deriv[ch];
  SdRe *d;
  switch (r->kind) {
    case RE_SET: d = ((r->set[ch >> 3] >> (ch & 7)) & 1) ? c->eps : c->none; break;
    case RE_CAT: {
      d = sd_re_concat(c, derive(c, r->a, ch), r->b);
      if (r->a->nullable) d = sd_re_union(c, d, derive(c, r->b, ch));
      break;
    }
    case RE_OR: {
      d = c->none;
      for (uint32_t i = 0; i < r->nkids; i++) d = sd_re_union(c, d, derive(c, r->kids[i], ch));
      break;
    }
    case RE_STAR: d = sd_re_concat(c, derive(c, r->a, ch), r); break;
    case RE_COMP: d = sd_re_comp(c, derive(c, r->a, ch)); break;
    default: d = c->none; break; /* NONE, EPS */
  }
  if (!r->deriv) r->deriv = sd_xcalloc(256, sizeof(SdRe *));
  r->deriv[ch] = d;
  return d;
}

bool sd_re_match(SdReCtx *c, SdRe *r, const char *s, size_t n, bool *ok) {
  *ok = true;
  for (size_t i = 0; i < n; i++) {
    if (r == c->none) return false;
    if (is_all(c, r)) return true;
    r = derive(c, r, (unsigned char)s[i]);
    if (c->overflow) {
      *ok = false;
      return false;
    }
  }
  return r->nullable;
}

/* ---- code point ranges as UTF-8 byte sequences ----
 * A range whose ends encode to the same length is split until, byte by byte,
 * every combination of the ends' byte ranges is a valid encoding in it: then
 * it is the concatenation of those byte ranges. */

static SdRe *byte_range(SdReCtx *c, unsigned lo, unsigned hi) {
  uint8_t set[32] = {0};
  for (unsigned b = lo; b <= hi; b++) set[b >> 3] |= (uint8_t)(1u << (b & 7));
  return sd_re_set(c, set);
}

static SdRe *same_length(SdReCtx *c, uint32_t lo, uint32_t hi) {
  char a[4], b[4];
  uint32_t n = sd_utf8_encode(lo, a);
  sd_utf8_encode(hi, b);
  for (uint32_t i = 1; i < n; i++) {
    uint32_t m = (1u << (6 * i)) - 1; /* the low i continuation bytes */
    if ((lo & ~m) != (hi & ~m)) {
      if ((lo & m) != 0)
        return sd_re_union(c, same_length(c, lo, lo | m), same_length(c, (lo | m) + 1, hi));
      if ((hi & m) != m)
        return sd_re_union(c, same_length(c, lo, (hi & ~m) - 1), same_length(c, hi & ~m, hi));
    }
  }
  SdRe *r = sd_re_eps(c);
  for (uint32_t i = n; i-- > 0;)
    r = sd_re_concat(c, byte_range(c, (unsigned char)a[i], (unsigned char)b[i]), r);
  return r;
}

SdRe *sd_re_utf8_range(SdReCtx *c, uint32_t lo, uint32_t hi) {
  static const uint32_t limits[][2] = {
      {0, 0x7f}, {0x80, 0x7ff}, {0x800, 0xd7ff}, {0xe000, 0xffff}, {0x10000, 0x10ffff}};
  SdRe *r = sd_re_none(c);
  for (int k = 0; k < 5; k++) {
    uint32_t a = lo > limits[k][0] ? lo : limits[k][0];
    uint32_t b = hi < limits[k][1] ? hi : limits[k][1];
    if (a <= b) r = sd_re_union(c, r, same_length(c, a, b));
  }
  return r;
}
