/* learner_islearn.c: ISLearn's structural placeholders.
 *
 * <?MATCHEXPR(a, b)> in a quantifier's match expression stands for the
 * match expressions ISLearn infers (its _infer_mexpr with the default
 * expansion limit of one): an alternative of the quantified nonterminal,
 * read left to right, with the variables, in order, at some of its
 * nonterminals (of the variable's type when the placeholder gives one) and
 * the rest as they are (<T>, terminal text). Alternatives the match
 * expression syntax cannot write (EBNF's helper nonterminals, character
 * classes) are left out.
 *
 * <?DSTRINGS> stands for a set of strings: the atom holding it becomes the
 * disjunction of its copies, one per string (ISLearn's
 * substitute_string_placeholder). Which strings: ISLearn's heuristic, no
 * numbers and no single letters. */
#include <stdlib.h>
#include <string.h>

#include "constraint_internal.h"
#include "learner_internal.h"

static bool ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '.';
}

void lr_mexpr_read(const SdGrammar *g, const SdPattern *p, uint32_t ph, LrMexpr *out) {
  memset(out, 0, sizeof *out);
  out->slot = -1;
  const SdPlaceholder *x = &p->placeholders[ph];
  const char *s = p->constraint + x->offset, *end = s + x->length;
  s = strchr(s, '(');
  if (!s || s > end) return;
  s++;
  while (s < end && *s != ')' && out->count < LR_MEXPR_VARS) {
    while (s < end && (*s == ' ' || *s == ',' || *s == '\t')) s++;
    SdSymbol type = -1;
    if (*s == '<') { /* a typed variable: <T> name */
      const char *nt = s;
      while (s < end && *s != '>') s++;
      char *name = sd_xstrndup(nt, (size_t)(s - nt + 1));
      type = sd_grammar_find(g, name);
      free(name);
      if (type < 0) type = -2; /* unknown: no alternative fits */
      s++;
      while (s < end && *s == ' ') s++;
    }
    const char *v = s;
    while (s < end && ident_char(*s)) s++;
    if (s == v) break;
    out->names[out->count] = sd_xstrndup(v, (size_t)(s - v));
    out->types[out->count++] = type;
  }
  if (out->count == 2) {
    char *eq = sd_format("(= %s %s)", out->names[0], out->names[1]);
    char *qe = sd_format("(= %s %s)", out->names[1], out->names[0]);
    out->equated = strstr(p->constraint, eq) || strstr(p->constraint, qe);
    free(eq);
    free(qe);
  }
  /* the quantifier: the <?NONTERMINAL> placeholder right before */
  int32_t slot = -1;
  for (uint32_t i = 0; i < ph; i++)
    if (sd_placeholder_is_nonterminal(p->placeholders[i].kind)) {
      slot++;
      if (p->placeholders[i].kind == SD_PLACEHOLDER_NONTERMINAL) out->slot = slot;
    }
}

void lr_mexpr_free(LrMexpr *m) {
  for (uint32_t i = 0; i < m->count; i++) free(m->names[i]);
  m->count = 0;
}

/* Does s[i..n) start with what the match expression reader takes for a
 * nonterminal (<...> without blanks or angles)? */
static bool looks_nonterminal(const char *s, uint32_t i, uint32_t n) {
  uint32_t j = i + 1;
  while (j < n && s[j] != '<' && s[j] != '>' && s[j] != ' ') j++;
  return j < n && s[j] == '>' && j > i + 1;
}

/* A terminal's bytes as match expression text inside a string literal. */
static void put_text(SdBuf *b, const char *s, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\') sd_buf_putc(b, '\\'), sd_buf_putc(b, (char)c);
    else if (c == '{' || c == '}' || c == '[') sd_buf_putc(b, (char)c), sd_buf_putc(b, (char)c);
    else if (c < 0x20 || c == 0x7f || (c == '<' && looks_nonterminal(s, i, n))) sd_buf_printf(b, "\\x%02x", c);
    else sd_buf_putc(b, (char)c);
  }
}

/* Can the match expression syntax write this alternative? A character class
 * cannot be written; a nonterminal the grammar reader made for `x*`, `x+`,
 * `x?` or a group is written by its generated name (`<block-1>`), which the
 * constraint reader resolves like any other: without it, every alternative
 * with a repetition between two fields would be out of reach. */
static bool writable(const SdGrammar *g, const SdAlternative *a) {
  for (uint32_t i = 0; i < a->count; i++)
    if (g->symbols[a->symbols[i]].kind == SD_SYM_CHARSET) return false;
  return true;
}

static void render(const SdGrammar *g, const SdAlternative *a, const uint32_t *pos, const LrMexpr *m,
                   SdBuf *b) {
  uint32_t v = 0;
  for (uint32_t i = 0; i < a->count; i++) {
    const SdSymbolInfo *x = &g->symbols[a->symbols[i]];
    if (v < m->count && pos[v] == i) sd_buf_printf(b, "{%s %s}", x->name, m->names[v++]);
    else if (x->kind == SD_SYM_NONTERMINAL) sd_buf_puts(b, x->name);
    else put_text(b, x->bytes, x->length);
  }
}

/* The nonterminal s stands for: itself, or what its one alternative of one
 * nonterminal stands for (<sni> ::= <name>). */
static SdSymbol stands_for(const SdGrammar *g, SdSymbol s) {
  for (int depth = 0; depth < 16; depth++) {
    const SdSymbolInfo *si = &g->symbols[s];
    if (si->alternative_count != 1 || si->alternatives[0].count != 1 ||
        !sd_grammar_is_nonterminal(g, si->alternatives[0].symbols[0]))
      break;
    s = si->alternatives[0].symbols[0];
  }
  return s;
}

/* May two fields of an untyped match expression be these nonterminals?
 * Where the pattern compares their texts (= a b), only fields of one kind
 * are compared (a tag and its closing tag, an SNI
 * name and a Host name that are both a <name>): the minute and the second
 * of a time differ as texts in "00" and "00.0", which are both zero, and
 * isotime24 confirmed `<minute> differs from <second>` as part of "24:00:00
 * passes" (session 23). */
static bool one_kind(const SdGrammar *g, const LrMexpr *m, const SdAlternative *a, const uint32_t *pos) {
  if (!m->equated || m->count != 2 || m->types[0] != -1 || m->types[1] != -1) return true;
  return stands_for(g, a->symbols[pos[0]]) == stands_for(g, a->symbols[pos[1]]);
}

uint32_t lr_mexpr_choices(const SdGrammar *g, SdSymbol in, const LrMexpr *m, char **out, uint32_t max) {
  uint32_t n = 0, k = m->count;
  if (!k || in < 0 || !sd_grammar_is_nonterminal(g, in)) return 0;
  const SdSymbolInfo *si = &g->symbols[in];
  for (uint32_t alt = 0; alt < si->alternative_count && n < max; alt++) {
    const SdAlternative *a = &si->alternatives[alt];
    if (!writable(g, a) || a->count < k) continue;
    /* positions pos[0] < ... < pos[k-1] at nonterminals of the right types */
    uint32_t pos[LR_MEXPR_VARS];
    int32_t d = 0;
    pos[0] = 0;
    while (d >= 0 && n < max) {
      if (pos[d] >= a->count) {
        if (--d >= 0) pos[d]++;
        continue;
      }
      SdSymbol s = a->symbols[pos[d]];
      bool fits = sd_grammar_is_nonterminal(g, s) && (m->types[d] == -1 || m->types[d] == s);
      if (!fits) {
        pos[d]++;
        continue;
      }
      if ((uint32_t)d + 1 < k) {
        pos[d + 1] = pos[d] + 1;
        d++;
        continue;
      }
      if (one_kind(g, m, a, pos)) {
        SdBuf b = {0};
        render(g, a, pos, m, &b);
        out[n++] = sd_buf_take(&b);
      }
      pos[d]++;
    }
  }
  return n;
}

/* ---- <?DSTRINGS> ---- */

bool lr_dstring_ok(const char *v, uint32_t len) {
  if (len == 1 && ((v[0] >= 'a' && v[0] <= 'z') || (v[0] >= 'A' && v[0] <= 'Z'))) return false;
  return !sd_is_numeral(v, len);
}

static bool holds_literal(const SdTerm *t, const char *s, uint32_t n) {
  if ((t->op == SD_OP_STRING || t->op == SD_OP_INT) && t->length == n && !memcmp(t->text, s, n)) return true;
  for (uint32_t i = 0; i < t->arg_count; i++)
    if (holds_literal(t->args[i], s, n)) return true;
  return false;
}

static void set_literal(SdConstraint *c, SdTerm *t, const char *s, uint32_t n, const char *v, uint32_t vn) {
  if (t->op == SD_OP_STRING && t->length == n && !memcmp(t->text, s, n)) {
    t->text = sd_arena_strndup(c->arena, v, vn);
    t->length = vn;
  }
  for (uint32_t i = 0; i < t->arg_count; i++) set_literal(c, t->args[i], s, n, v, vn);
}

static bool disjoin_in(SdConstraint *c, SdFormula *f, const char *s, uint32_t n, char *const *values,
                       const uint32_t *lengths, uint32_t mask) {
  if (f->kind == SD_F_ATOM && holds_literal(f->atom, s, n)) {
    uint32_t k = (uint32_t)__builtin_popcount(mask);
    SdTerm *atom = f->atom;
    SdFormula **kids = sd_arena_alloc(c->arena, k * sizeof(SdFormula *));
    for (uint32_t i = 0, j = 0; j < k; i++) {
      if (!(mask >> i & 1)) continue;
      SdFormula *x = sd_formula_new(c, SD_F_ATOM, 0);
      x->atom = sd_term_copy(c, atom, NULL);
      set_literal(c, x->atom, s, n, values[i], lengths[i]);
      kids[j++] = x;
    }
    if (k == 1) {
      f->atom = kids[0]->atom;
    } else {
      f->kind = SD_F_OR;
      f->atom = NULL;
      f->children = kids;
      f->child_count = k;
    }
    return true;
  }
  for (uint32_t i = 0; i < f->child_count; i++)
    if (disjoin_in(c, f->children[i], s, n, values, lengths, mask)) return true;
  return false;
}

SdConstraint *lr_disjoin(const SdConstraint *c, const char *sentinel, uint32_t sentinel_len,
                         char *const *values, const uint32_t *lengths, uint32_t mask) {
  SdConstraint *r = sd_constraint_clone(c);
  if (!mask || !disjoin_in(r, r->root, sentinel, sentinel_len, values, lengths, mask)) {
    sd_constraint_free(r);
    return NULL;
  }
  return r;
}
