/* features.c: Alhazen-style input features per nonterminal (see features.h).
 *
 * sd_features_new() lays out the columns once per grammar: for each reachable,
 * non-generated nonterminal other than the start symbol, exists, one column
 * per alternative (when there are several), count, len and (for numeric
 * nonterminals) num. Generated EBNF helpers get no columns of their own; they
 * show up in the names of their parent's alternatives, written back in EBNF
 * (`<integer-part> -> <one-nine> <digit>*`).
 *
 * sd_features_extract() visits, per feature nonterminal, only the nodes listed
 * in tree->by_symbol, so it is linear in the tree size. Numbers: a node text
 * whose first byte is no digit or sign is rejected at once; long texts (>64
 * bytes) are checked through a prefix count of non-digit bytes and a
 * next-non-zero index, so nested long integers (<length> ::= <digit> <length>)
 * cost O(1) each instead of a parse: over 40 significant digits saturate to
 * FLT_MAX, fewer are parsed from their significant digits. */
#include "semdbg/features.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "util.h"

typedef struct Feature {
  SdFeatureKind kind;
  SdSymbol symbol;
  int32_t alternative;
  char *name;
} Feature;

/* Columns of one nonterminal, in order: exists, alternatives, count, len, num. */
typedef struct SymbolColumns {
  SdSymbol symbol;
  uint32_t exists;      /* column index of exists(<N>) */
  uint32_t alternatives; /* first alternative column, if with_alternatives */
  bool with_alternatives;
  uint32_t count, length;
  int32_t number;       /* -1 if not numeric */
} SymbolColumns;

struct SdFeatureSet {
  const SdGrammar *grammar;
  Array(Feature) features;
  Array(SymbolColumns) symbols;
  bool any_numeric;
};

/* ---------- readable names ---------- */

/* ---------- layout ---------- */

static uint32_t add_feature(SdFeatureSet *f, SdFeatureKind kind, SdSymbol s, int32_t alt,
                            char *name) {
  Feature x = {kind, s, alt, name};
  array_push(&f->features, x);
  return f->features.size - 1;
}

SdFeatureSet *sd_features_new(const SdGrammar *g) {
  SdFeatureSet *f = sd_xcalloc(1, sizeof *f);
  f->grammar = g;
  for (uint32_t s = 0; s < g->symbol_count; s++) {
    const SdSymbolInfo *si = &g->symbols[s];
    if (si->kind != SD_SYM_NONTERMINAL || si->generated || !si->reachable ||
        (SdSymbol)s == g->start)
      continue;
    SymbolColumns c = {.symbol = (SdSymbol)s, .number = -1};
    c.exists = add_feature(f, SD_FEATURE_EXISTS, (SdSymbol)s, -1, sd_format("exists(%s)", si->name));
    if (si->alternative_count >= 2) {
      c.with_alternatives = true;
      c.alternatives = f->features.size;
      for (uint32_t a = 0; a < si->alternative_count; a++) {
        SdBuf b = {0};
        sd_buf_printf(&b, "%s -> ", si->name);
        sd_grammar_render_alternative(g, &si->alternatives[a], &b);
        add_feature(f, SD_FEATURE_ALTERNATIVE, (SdSymbol)s, (int32_t)a, sd_buf_take(&b));
      }
    }
    c.count = add_feature(f, SD_FEATURE_COUNT, (SdSymbol)s, -1, sd_format("count(%s)", si->name));
    c.length = add_feature(f, SD_FEATURE_LENGTH, (SdSymbol)s, -1, sd_format("len(%s)", si->name));
    if (si->numeric || si->decimal) {
      c.number = (int32_t)add_feature(f, SD_FEATURE_NUMBER, (SdSymbol)s, -1,
                                      sd_format("num(%s)", si->name));
      f->any_numeric = true;
    }
    array_push(&f->symbols, c);
  }
  return f;
}

void sd_features_free(SdFeatureSet *self) {
  if (!self) return;
  for (uint32_t i = 0; i < self->features.size; i++) free(self->features.items[i].name);
  array_free(&self->features);
  array_free(&self->symbols);
  free(self);
}

uint32_t sd_features_count(const SdFeatureSet *self) { return self->features.size; }
const char *sd_features_name(const SdFeatureSet *self, uint32_t i) {
  return self->features.items[i].name;
}
SdSymbol sd_features_symbol(const SdFeatureSet *self, uint32_t i) {
  return self->features.items[i].symbol;
}
SdFeatureKind sd_features_kind(const SdFeatureSet *self, uint32_t i) {
  return self->features.items[i].kind;
}
int32_t sd_features_alternative(const SdFeatureSet *self, uint32_t i) {
  return self->features.items[i].alternative;
}

int32_t sd_features_find(const SdFeatureSet *self, const char *name) {
  for (uint32_t i = 0; i < self->features.size; i++)
    if (!strcmp(self->features.items[i].name, name)) return (int32_t)i;
  return -1;
}

/* ---------- numbers ---------- */

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static double saturate(double v) {
  if (v > FLT_MAX) return FLT_MAX;
  if (v < -FLT_MAX) return -FLT_MAX;
  return v;
}

bool sd_features_parse_number(const char *text, uint32_t length, double *value) {
  uint32_t i = 0;
  if (i < length && (text[i] == '+' || text[i] == '-')) i++;
  uint32_t digits = i;
  while (i < length && is_digit(text[i])) i++;
  if (i == digits) return false;
  if (i < length && text[i] == '.') {
    uint32_t f = ++i;
    while (i < length && is_digit(text[i])) i++;
    if (i == f) return false;
  }
  if (i < length && (text[i] == 'e' || text[i] == 'E')) {
    i++;
    if (i < length && (text[i] == '+' || text[i] == '-')) i++;
    uint32_t e = i;
    while (i < length && is_digit(text[i])) i++;
    if (i == e) return false;
  }
  if (i != length) return false;
  char small[128];
  char *copy = length < sizeof small ? small : sd_xmalloc(length + 1);
  memcpy(copy, text, length);
  copy[length] = 0;
  double v = strtod(copy, NULL); /* HUGE_VAL on overflow, then saturated */
  if (copy != small) free(copy);
  *value = saturate(v);
  return true;
}

/* ---------- extraction ---------- */

/* Per-tree helpers for long texts: nondigits[i] counts the non-digit bytes of
 * text[0, i); nonzero[i] is the first position >= i whose byte is not '0'. */
typedef struct TextIndex {
  uint32_t *nondigits, *nonzero;
} TextIndex;

/* Is the node's text a number, and which? ix is empty for short texts. */
static bool node_number(const SdTree *t, const SdNode *n, const TextIndex *ix, double *out) {
  uint32_t len = n->end - n->start;
  const char *s = t->text + n->start;
  if (len == 0 || !(is_digit(s[0]) || s[0] == '-' || s[0] == '+')) return false;
  if (len > 64 && ix->nondigits) {
    uint32_t sign = !is_digit(s[0]);
    uint32_t other = ix->nondigits[n->end] - ix->nondigits[n->start];
    if (other > sign + 4) return false; /* at most sign, '.', 'e', exponent sign */
    if (other == sign && len > sign) { /* an integer: only its significant digits count */
      uint32_t first = ix->nonzero[n->start + sign];
      if (first >= n->end) {
        *out = 0;
        return true;
      }
      if (n->end - first > 40) { /* beyond float's range */
        *out = s[0] == '-' ? -FLT_MAX : FLT_MAX;
        return true;
      }
      char buf[48];
      uint32_t k = 0;
      if (sign) buf[k++] = s[0];
      memcpy(buf + k, t->text + first, n->end - first);
      return sd_features_parse_number(buf, k + (n->end - first), out);
    }
  }
  return sd_features_parse_number(s, len, out);
}

void sd_features_extract(const SdFeatureSet *self, const SdTree *tree, float *row) {
  TextIndex ix = {0};
  if (self->any_numeric && tree->length > 64) {
    ix.nondigits = sd_xmalloc(((size_t)tree->length + 1) * sizeof *ix.nondigits);
    ix.nonzero = sd_xmalloc(((size_t)tree->length + 1) * sizeof *ix.nonzero);
    ix.nondigits[0] = 0;
    for (uint32_t i = 0; i < tree->length; i++)
      ix.nondigits[i + 1] = ix.nondigits[i] + !is_digit(tree->text[i]);
    ix.nonzero[tree->length] = tree->length;
    for (uint32_t i = tree->length; i-- > 0;)
      ix.nonzero[i] = tree->text[i] == '0' ? ix.nonzero[i + 1] : i;
  }
  for (uint32_t k = 0; k < self->symbols.size; k++) {
    const SymbolColumns *c = &self->symbols.items[k];
    const SdSymbolInfo *si = sd_grammar_symbol(self->grammar, c->symbol);
    uint32_t n = tree->by_symbol_count[c->symbol];
    const uint32_t *ids = tree->by_symbol[c->symbol];
    if (c->with_alternatives)
      for (uint32_t a = 0; a < si->alternative_count; a++) row[c->alternatives + a] = 0;
    uint32_t longest = 0;
    bool has_number = false;
    double best = 0;
    for (uint32_t i = 0; i < n; i++) {
      const SdNode *node = tree->nodes[ids[i]];
      uint32_t len = node->end - node->start;
      if (len > longest) longest = len;
      if (c->with_alternatives && node->alternative >= 0 &&
          (uint32_t)node->alternative < si->alternative_count)
        row[c->alternatives + (uint32_t)node->alternative] = 1;
      double v;
      if (c->number >= 0 && node_number(tree, node, &ix, &v) && (!has_number || v > best)) {
        best = v;
        has_number = true;
      }
    }
    row[c->exists] = n > 0;
    row[c->count] = (float)n;
    row[c->length] = n > 0 ? (float)longest : NAN;
    if (c->number >= 0) row[c->number] = has_number ? (float)best : NAN;
  }
  free(ix.nondigits);
  free(ix.nonzero);
}
