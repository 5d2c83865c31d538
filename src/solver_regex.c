/* solver_regex.c: the language of a nonterminal as a Z3 regular expression.
 *
 * Terminals are byte-exact: literals via Z3_mk_lstring, character classes as a
 * union of byte ranges. A regular nonterminal (SdSymbolInfo.regular) gets an
 * exact regex: its strongly connected component of nonterminals recurses only
 * right-linearly (X = a Y) or only left-linearly (X = Y a), so the component
 * is a system of equations X_i = sum_j A_ij X_j + B_i over regexes of the
 * symbols outside it, solved by Gaussian elimination with Arden's rule
 * (X = A X + B  =>  X = A* B; mirrored for left-linear components). A
 * non-regular nonterminal is unrolled: at most unroll_depth nested
 * expansions of its own component, the innermost level keeping only the
 * alternatives that leave it; the result is a subset of the language.
 * Everything is cached per symbol for the life of the Z3 context. */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "grammar_internal.h"
#include "solver_internal.h"
#include "util.h"

/* NULL stands for the empty language throughout. */

static Z3_ast re_eps(SdZ3 *z) { return Z3_mk_seq_to_re(z->ctx, sd_z3_lstring(z, "", 0)); }

static Z3_ast re_union2(SdZ3 *z, Z3_ast a, Z3_ast b) {
  if (!a) return b;
  if (!b) return a;
  Z3_ast args[2] = {a, b};
  return Z3_mk_re_union(z->ctx, 2, args);
}

/* a . b, or b . a when flipped (left-linear components). */
static Z3_ast re_cat2(SdZ3 *z, Z3_ast a, Z3_ast b, bool flipped) {
  if (!a || !b) return NULL;
  Z3_ast eps = re_eps(z); /* hash-consed: the same AST every time */
  if (a == eps) return b;
  if (b == eps) return a;
  Z3_ast args[2] = {flipped ? b : a, flipped ? a : b};
  return Z3_mk_re_concat(z->ctx, 2, args);
}

Z3_ast sd_z3_bytes_star(SdZ3 *self) { return Z3_mk_re_star(self->ctx, self->byte_re); }

static Z3_ast charset_regex(SdZ3 *z, const SdSymbolInfo *si) {
  Z3_ast result = NULL;
  for (int c = 0; c < 256;) {
    if (!sd_charset_has(si, (unsigned char)c)) {
      c++;
      continue;
    }
    int hi = c;
    while (hi + 1 < 256 && sd_charset_has(si, (unsigned char)(hi + 1))) hi++;
    char lo_b = (char)c, hi_b = (char)hi;
    Z3_ast r = Z3_mk_re_range(z->ctx, sd_z3_lstring(z, &lo_b, 1), sd_z3_lstring(z, &hi_b, 1));
    result = re_union2(z, result, r);
    c = hi + 1;
  }
  return result;
}

/* ---------- strongly connected components of nonterminals ---------- */

static void compute_sccs(SdZ3 *z) { sd_grammar_components(z->grammar, z->scc); }

static bool same_scc(const SdZ3 *z, SdSymbol a, SdSymbol b) {
  return z->grammar->symbols[b].kind == SD_SYM_NONTERMINAL && z->scc[a] == z->scc[b];
}

/* ---------- exact regexes for regular symbols ---------- */

static Z3_ast exact_regex(SdZ3 *z, SdSymbol s);

/* Concatenation of a list (epsilon when empty, no epsilon factors otherwise). */
static Z3_ast re_cat_list(SdZ3 *z, Z3_ast *items, uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    if (!items[i]) return NULL;
  if (n == 0) return re_eps(z);
  if (n == 1) return items[0];
  return Z3_mk_re_concat(z->ctx, n, items);
}

/* Concatenation of alt->symbols[from, to) (all outside the component). */
static Z3_ast alt_slice(SdZ3 *z, const SdAlternative *alt, uint32_t from, uint32_t to) {
  Z3_ast *items = sd_xmalloc((to > from ? to - from : 1) * sizeof(Z3_ast));
  for (uint32_t k = from; k < to; k++) items[k - from] = exact_regex(z, alt->symbols[k]);
  Z3_ast r = re_cat_list(z, items, to > from ? to - from : 0);
  free(items);
  return r;
}

/* Solve the component of s (all members get their regex cached). */
static void solve_component(SdZ3 *z, SdSymbol s) {
  const SdGrammar *g = z->grammar;
  Array(SdSymbol) members = {0};
  for (uint32_t v = 0; v < g->symbol_count; v++)
    if (g->symbols[v].kind == SD_SYM_NONTERMINAL && z->scc[v] == z->scc[s])
      array_push(&members, (SdSymbol)v);
  uint32_t k = members.size;
  int32_t *pos = sd_xmalloc(g->symbol_count * sizeof(int32_t));
  for (uint32_t i = 0; i < k; i++) pos[members.items[i]] = (int32_t)i;
  /* left-linear when some recursive occurrence is first but not last */
  bool left = false;
  for (uint32_t i = 0; i < k; i++) {
    const SdSymbolInfo *si = &g->symbols[members.items[i]];
    for (uint32_t a = 0; a < si->alternative_count; a++) {
      const SdAlternative *alt = &si->alternatives[a];
      for (uint32_t p = 0; p < alt->count; p++)
        if (same_scc(z, s, alt->symbols[p]) && p == 0 && alt->count > 1) left = true;
    }
  }
  Z3_ast *A = sd_xcalloc((size_t)k * k, sizeof(Z3_ast));
  Z3_ast *B = sd_xcalloc(k, sizeof(Z3_ast));
  for (uint32_t i = 0; i < k; i++) {
    const SdSymbolInfo *si = &g->symbols[members.items[i]];
    for (uint32_t a = 0; a < si->alternative_count; a++) {
      const SdAlternative *alt = &si->alternatives[a];
      if (alt->min_size == UINT32_MAX) continue; /* unproductive */
      int32_t rec = -1;
      for (uint32_t p = 0; p < alt->count; p++)
        if (same_scc(z, s, alt->symbols[p])) rec = (int32_t)p;
      if (rec < 0) {
        B[i] = re_union2(z, B[i], alt_slice(z, alt, 0, alt->count));
      } else {
        uint32_t j = (uint32_t)pos[alt->symbols[rec]];
        Z3_ast coef = left ? alt_slice(z, alt, 1, alt->count) : alt_slice(z, alt, 0, alt->count - 1);
        A[i * k + j] = re_union2(z, A[i * k + j], coef);
      }
    }
  }
  /* eliminate X_{k-1} .. X_0 */
  for (uint32_t i = k; i-- > 0;) {
    if (A[i * k + i]) { /* Arden: X = A X + B  =>  X = A* B */
      Z3_ast star = Z3_mk_re_star(z->ctx, A[i * k + i]);
      A[i * k + i] = NULL;
      for (uint32_t j = 0; j < k; j++)
        if (A[i * k + j]) A[i * k + j] = re_cat2(z, star, A[i * k + j], left);
      if (B[i]) B[i] = re_cat2(z, star, B[i], left);
    }
    for (uint32_t m = 0; m < i; m++) {
      Z3_ast ami = A[m * k + i];
      if (!ami) continue;
      for (uint32_t j = 0; j < k; j++)
        if (j != i && A[i * k + j]) A[m * k + j] = re_union2(z, A[m * k + j], re_cat2(z, ami, A[i * k + j], left));
      if (B[i]) B[m] = re_union2(z, B[m], re_cat2(z, ami, B[i], left));
      A[m * k + i] = NULL;
    }
  }
  /* back-substitute: X_i = B_i + sum_{j<i} A_ij X_j */
  Z3_ast *X = sd_xcalloc(k, sizeof(Z3_ast));
  for (uint32_t i = 0; i < k; i++) {
    Z3_ast r = B[i];
    for (uint32_t j = 0; j < i; j++)
      if (A[i * k + j] && X[j]) r = re_union2(z, r, re_cat2(z, A[i * k + j], X[j], left));
    X[i] = r;
  }
  for (uint32_t i = 0; i < k; i++)
    z->regex[members.items[i]] = X[i] ? X[i] : Z3_mk_re_empty(z->ctx, z->re_sort);
  free(X);
  free(A);
  free(B);
  free(pos);
  array_free(&members);
}

static Z3_ast exact_regex(SdZ3 *z, SdSymbol s) {
  if (z->regex[s]) return z->regex[s];
  const SdSymbolInfo *si = &z->grammar->symbols[s];
  if (si->kind == SD_SYM_LITERAL) z->regex[s] = Z3_mk_seq_to_re(z->ctx, sd_z3_lstring(z, si->bytes, si->length));
  else if (si->kind == SD_SYM_CHARSET) z->regex[s] = charset_regex(z, si);
  else solve_component(z, s);
  if (!z->regex[s]) z->regex[s] = Z3_mk_re_empty(z->ctx, z->re_sort);
  return z->regex[s];
}

/* ---------- bounded unrolling for non-regular symbols ---------- */

static Z3_ast bounded_regex(SdZ3 *z, SdSymbol s, uint32_t depth) {
  const SdGrammar *g = z->grammar;
  const SdSymbolInfo *si = &g->symbols[s];
  if (si->regular) return exact_regex(z, s);
  size_t slot = (size_t)depth * g->symbol_count + (size_t)s;
  if (z->bounded[slot]) return z->bounded[slot];
  Z3_ast result = NULL;
  for (uint32_t a = 0; a < si->alternative_count; a++) {
    const SdAlternative *alt = &si->alternatives[a];
    if (alt->min_size == UINT32_MAX) continue;
    Z3_ast *items = sd_xmalloc((alt->count ? alt->count : 1) * sizeof(Z3_ast));
    bool ok = true;
    for (uint32_t k = 0; k < alt->count && ok; k++) {
      SdSymbol c = alt->symbols[k];
      if (same_scc(z, s, c)) items[k] = depth ? bounded_regex(z, c, depth - 1) : NULL;
      else items[k] = bounded_regex(z, c, z->unroll_depth);
      ok = items[k] != NULL;
    }
    if (ok) result = re_union2(z, result, re_cat_list(z, items, alt->count));
    free(items);
  }
  if (!result) result = Z3_mk_re_empty(z->ctx, z->re_sort);
  z->bounded[slot] = result;
  return result;
}

Z3_ast sd_z3_symbol_regex(SdZ3 *self, SdSymbol s, bool *exact) {
  const SdSymbolInfo *si = &self->grammar->symbols[s];
  if (exact) *exact = si->regular;
  Z3_ast r = si->regular ? exact_regex(self, s) : bounded_regex(self, s, self->unroll_depth);
  if (sd_z3_failed(self)) return NULL;
  return r;
}

Z3_ast sd_z3_symbol_superset(SdZ3 *self, SdSymbol s) {
  if (self->grammar->symbols[s].regular) return sd_z3_symbol_regex(self, s, NULL);
  return sd_z3_bytes_star(self);
}

static bool terminal_has_sign(const SdSymbolInfo *si) {
  if (si->kind == SD_SYM_LITERAL) return memchr(si->bytes, '-', si->length) || memchr(si->bytes, '+', si->length);
  return sd_charset_has(si, '-') || sd_charset_has(si, '+');
}

bool sd_z3_symbol_may_sign(SdZ3 *self, SdSymbol s) {
  if (self->sign[s]) return self->sign[s] == 1;
  /* depth-first over the symbols reachable from s */
  const SdGrammar *g = self->grammar;
  bool *seen = sd_xcalloc(g->symbol_count, sizeof(bool));
  Array(SdSymbol) todo = {0};
  array_push(&todo, s);
  seen[s] = true;
  bool found = false;
  while (todo.size && !found) {
    const SdSymbolInfo *si = &g->symbols[array_pop(&todo)];
    if (si->kind != SD_SYM_NONTERMINAL) {
      found = terminal_has_sign(si);
      continue;
    }
    for (uint32_t a = 0; a < si->alternative_count; a++)
      for (uint32_t k = 0; k < si->alternatives[a].count; k++) {
        SdSymbol c = si->alternatives[a].symbols[k];
        if (!seen[c]) seen[c] = true, array_push(&todo, c);
      }
  }
  array_free(&todo);
  free(seen);
  self->sign[s] = found ? 1 : 2;
  return found;
}

/* What the canonical-numeral test needs to know of a symbol's words: all
 * digits; some starts with '0'; some has two or more bytes and starts with
 * '0'; some is non-empty. Each holds of a sequence Y1..Yk exactly when it
 * holds of the words the Yi derive independently, so a fixpoint over the
 * symbols below s decides them (sign-free words were checked before). */
typedef struct Digits { bool other, zero, long_zero, nonempty; } Digits;

static Digits terminal_digits(const SdSymbolInfo *si) {
  Digits d = {0};
  if (si->kind == SD_SYM_LITERAL) {
    for (uint32_t i = 0; i < si->length; i++) d.other |= si->bytes[i] < '0' || si->bytes[i] > '9';
    d.zero = si->length && si->bytes[0] == '0';
    d.long_zero = d.zero && si->length > 1;
    d.nonempty = si->length > 0;
  } else {
    for (unsigned c = 0; c < 256; c++) d.other |= sd_charset_has(si, (unsigned char)c) && (c < '0' || c > '9');
    d.zero = sd_charset_has(si, '0');
    d.nonempty = true;
  }
  return d;
}

/* The facts of alternative a from those of its symbols (facts[]). */
static Digits sequence_digits(const SdGrammar *g, const SdAlternative *a, const Digits *facts) {
  Digits d = {0};
  bool prefix_empty = true; /* Y1..Yi-1 can all derive the empty word */
  for (uint32_t k = 0; k < a->count; k++) {
    const Digits *y = &facts[a->symbols[k]];
    d.other |= y->other;
    d.nonempty |= y->nonempty;
    if (prefix_empty) {
      d.zero |= y->zero;
      d.long_zero |= y->long_zero;
      for (uint32_t j = k + 1; j < a->count && y->zero && !d.long_zero; j++) d.long_zero = facts[a->symbols[j]].nonempty;
    }
    prefix_empty = prefix_empty && g->symbols[a->symbols[k]].nullable;
  }
  return d;
}

bool sd_z3_symbol_canonical(SdZ3 *self, SdSymbol s) {
  if (self->canonical[s]) return self->canonical[s] == 1;
  const SdGrammar *g = self->grammar;
  Digits *facts = sd_xcalloc(g->symbol_count, sizeof(Digits));
  bool *below = sd_xcalloc(g->symbol_count, sizeof(bool));
  Array(SdSymbol) todo = {0}, order = {0};
  array_push(&todo, s);
  below[s] = true;
  while (todo.size) {
    SdSymbol x = array_pop(&todo);
    const SdSymbolInfo *si = &g->symbols[x];
    if (si->kind != SD_SYM_NONTERMINAL) {
      facts[x] = terminal_digits(si);
      continue;
    }
    array_push(&order, x);
    for (uint32_t a = 0; a < si->alternative_count; a++)
      for (uint32_t k = 0; k < si->alternatives[a].count; k++) {
        SdSymbol c = si->alternatives[a].symbols[k];
        if (!below[c]) below[c] = true, array_push(&todo, c);
      }
  }
  for (bool changed = true; changed;) { /* monotone: facts only turn true */
    changed = false;
    for (uint32_t i = 0; i < order.size; i++) {
      const SdSymbolInfo *si = &g->symbols[order.items[i]];
      Digits *d = &facts[order.items[i]], before = *d;
      for (uint32_t a = 0; a < si->alternative_count; a++) {
        if (si->alternatives[a].min_size == UINT32_MAX) continue; /* derives nothing */
        Digits e = sequence_digits(g, &si->alternatives[a], facts);
        d->other |= e.other, d->zero |= e.zero, d->long_zero |= e.long_zero, d->nonempty |= e.nonempty;
      }
      changed |= memcmp(d, &before, sizeof before) != 0;
    }
  }
  bool canonical = !facts[s].other && !facts[s].long_zero;
  array_free(&todo);
  array_free(&order);
  free(below);
  free(facts);
  self->canonical[s] = canonical ? 1 : 2;
  return canonical;
}

void sd_z3_regex_init(SdZ3 *self) {
  uint32_t n = self->grammar->symbol_count;
  self->regex = sd_xcalloc(n, sizeof(Z3_ast));
  self->bounded = sd_xcalloc((size_t)(self->unroll_depth + 1) * n, sizeof(Z3_ast));
  self->scc = sd_xmalloc(n * sizeof(int32_t));
  self->sign = sd_xcalloc(n, sizeof(uint8_t));
  self->canonical = sd_xcalloc(n, sizeof(uint8_t));
  compute_sccs(self);
  char lo = 0, hi = (char)0xff;
  self->byte_re = Z3_mk_re_range(self->ctx, sd_z3_lstring(self, &lo, 1), sd_z3_lstring(self, &hi, 1));
}

void sd_z3_regex_free(SdZ3 *self) {
  free(self->regex);
  free(self->bounded);
  free(self->scc);
  free(self->sign);
  free(self->canonical);
}
