/* learner.c: instantiates the pattern catalog with relevant nonterminals and
 * values from the inputs, evaluates every instance once per input (truth
 * values cached in one bitset per atom, keyed by the instance's ISLa text, so
 * re-learning after new inputs evaluates only the new ones), scores, combines
 * (learner_combine.c) and ranks.
 *
 * Instantiation: <?NONTERMINAL> placeholders take every tuple of relevant
 * nonterminals that the grammar can nest as the pattern asks (`in c`); each
 * such template is parsed once with sentinel values in the value slots.
 * A bound in an ordering comparison (<?INTEGER> or a numeric <?STRING>) is
 * found by threshold search: for each input, bisection over the sentinel's
 * literal (mutated in place) finds where the atom's truth flips; a sweep over
 * the flip points then picks the bound with the best F1 and the most precise
 * bound at the highest recall. Other value slots take the strings / numbers
 * seen most often in failing inputs (and least often in passing ones), plus
 * a few frequent only in passing inputs, whose negations (complemented
 * bitsets) state an absence. Bounds beyond int64 are searched digit by digit
 * on decimal numerals. Sets of values: learner_sets.c. */
#define _GNU_SOURCE /* memmem */
#include "constraint_internal.h"
#include "learner_internal.h"
#include "semdbg/stop.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---------- text map ---------- */

uint64_t lr_hash(const char *key, uint32_t len) { return sd_hash_bytes(key, len, 0x5eed); }

uint32_t lr_map_get(const LrMap *m, const char *key, uint32_t len, uint64_t h) {
  if (!m->cap) return LR_NONE;
  for (uint32_t i = (uint32_t)h & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
    const LrMapSlot *s = &m->slots[i];
    if (!s->key) return LR_NONE;
    if (s->hash == h && s->len == len && !memcmp(s->key, key, len)) return s->value;
  }
}

void lr_map_put(LrMap *m, const char *key, uint32_t len, uint64_t h, uint32_t value) {
  if ((m->size + 1) * 4 >= m->cap * 3) {
    uint32_t cap = m->cap ? m->cap * 2 : 64;
    LrMapSlot *old = m->slots;
    uint32_t old_cap = m->cap;
    m->slots = sd_xcalloc(cap, sizeof *m->slots);
    m->cap = cap;
    m->size = 0;
    for (uint32_t i = 0; i < old_cap; i++)
      if (old[i].key) lr_map_put(m, old[i].key, old[i].len, old[i].hash, old[i].value);
    free(old);
  }
  uint32_t i = (uint32_t)h & (m->cap - 1);
  while (m->slots[i].key) i = (i + 1) & (m->cap - 1);
  m->slots[i] = (LrMapSlot){.hash = h, .key = key, .len = len, .value = value};
  m->size++;
}

void lr_map_free(LrMap *m) {
  free(m->slots);
  memset(m, 0, sizeof *m);
}

/* ---------- options, construction, inputs ---------- */

void sd_learner_options_init(SdLearnerOptions *self) {
  memset(self, 0, sizeof *self);
  self->max_candidates = 50;
  self->max_equivalent = 4;
  self->max_conjunction = 8;
  self->disjunctions = true;
  self->min_precision = 0.6;
  self->min_recall = 0.9;
  self->max_values = 12;
  self->combination_pool = 40;
}

SdLearner *sd_learner_new(const SdGrammar *g, const SdCatalog *catalog,
                          const SdLearnerOptions *opts) {
  SdLearner *self = sd_xcalloc(1, sizeof *self);
  self->grammar = g;
  self->catalog = catalog;
  self->check_flips = getenv("SEMDBG_CHECK_FLIPS") != NULL;
  self->trace_patterns = getenv("SEMDBG_LEARN_TRACE") != NULL;
  if (opts) self->opts = *opts;
  else sd_learner_options_init(&self->opts);
  if (self->opts.max_conjunction < 1) self->opts.max_conjunction = 1;
  if (self->opts.max_conjunction > LR_MAX_PARTS) self->opts.max_conjunction = LR_MAX_PARTS;
  if (self->opts.max_equivalent < 1) self->opts.max_equivalent = 1;
  if (self->opts.cause_mode) self->opts.min_precision = 1.0;
  if (self->opts.combination_pool > LR_MAX_POOL) self->opts.combination_pool = LR_MAX_POOL;
  uint32_t np = sd_catalog_count(catalog);
  self->patterns = sd_xcalloc(np ? np : 1, sizeof *self->patterns);
  for (uint32_t i = 0; i < np; i++) lr_pattern_analyse(self, i);
  return self;
}

void sd_learner_add(SdLearner *self, SdTree *const *trees, const bool *failing, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    uint32_t idx = self->inputs.size;
    array_push(&self->inputs, trees[i]);
    if (idx / 64 >= self->fail_bits.size) array_push(&self->fail_bits, 0);
    if (failing[i]) {
      self->fail_bits.items[idx / 64] |= (uint64_t)1 << (idx % 64);
      self->failing++;
    }
    array_push(&self->fail_prefix, self->failing); /* failing among [0, idx] */
  }
}

void sd_learner_set_pool(SdLearner *self, SdTree *const *trees, uint32_t n) {
  self->pool = trees;
  self->pool_size = n < SD_LEARNER_POOL ? n : SD_LEARNER_POOL;
  for (uint32_t i = 0; i < self->atoms.size; i++) self->atoms.items[i].pooled = false;
}

uint32_t sd_learner_input_count(const SdLearner *self) { return self->inputs.size; }
uint32_t sd_learner_failing_count(const SdLearner *self) { return self->failing; }

bool lr_is_failing(const SdLearner *self, uint32_t i) {
  return (self->fail_bits.items[i / 64] >> (i % 64)) & 1;
}

/* Failing inputs among [from, n). */
static uint32_t failing_from(const SdLearner *self, uint32_t from) {
  uint32_t n = self->inputs.size;
  if (from >= n) return 0;
  return self->failing - (from ? self->fail_prefix.items[from - 1] : 0);
}

void sd_learner_stats(const SdLearner *self, SdLearnerStats *out) { *out = self->stats; }

bool lr_eval(SdLearner *self, const SdConstraint *c, uint32_t input) {
  self->stats.evaluations++;
  return sd_constraint_eval(c, self->inputs.items[input], NULL);
}

/* ---------- pattern analysis (from the text, before any parse) ---------- */

static bool ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '-' || c == '.';
}

static const char *skip_ws(const char *p) {
  while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
  return p;
}

/* A placeholder bound `in f`, where f is a field of an earlier match
 * expression (`exists <?NONTERMINAL> c="{<?MATCHEXPR(op, f)>}": forall
 * <?NONTERMINAL> n in f`), lies inside that match expression's quantifier:
 * the <?NONTERMINAL> right before the <?MATCHEXPR>. Its index, or -1. */
static int32_t match_field_owner(const SdPattern *p, const LrPattern *info, uint32_t before,
                                 const char *name, size_t len) {
  for (uint32_t j = 0; j < before; j++) {
    if (p->placeholders[j].kind != SD_PLACEHOLDER_MATCHEXPR) continue;
    const LrMexpr *m = &info->mexpr[j];
    bool field = false;
    for (uint32_t v = 0; v < m->count && !field; v++)
      field = strlen(m->names[v]) == len && !memcmp(m->names[v], name, len);
    if (!field) continue;
    for (uint32_t q = j; q-- > 0;)
      if (p->placeholders[q].kind == SD_PLACEHOLDER_NONTERMINAL) return (int32_t)q;
  }
  return -1;
}

/* For each <?NONTERMINAL> written as `<?NONTERMINAL> v in c`, remember v and
 * which earlier placeholder binds c (the container), so tuples that the
 * grammar cannot nest are never built. */
void lr_pattern_analyse(SdLearner *self, uint32_t index) {
  const SdPattern *p = sd_catalog_pattern(self->catalog, index);
  LrPattern *info = &self->patterns[index];
  uint32_t n = p->placeholder_count;
  info->var_names = sd_xcalloc(n ? n : 1, sizeof(char *));
  info->container = sd_xcalloc(n ? n : 1, sizeof(int32_t));
  info->numeric = sd_xcalloc(n ? n : 1, sizeof(bool));
  info->measured = sd_xcalloc(n ? n : 1, sizeof(bool));
  info->mexpr = sd_xcalloc(n ? n : 1, sizeof(LrMexpr));
  info->nests = p->nonterminal_count == 2 && strstr(p->constraint, "different_position(");
  for (uint32_t i = 0; i < n; i++) {
    info->container[i] = -1;
    const SdPlaceholder *ph = &p->placeholders[i];
    if (ph->kind == SD_PLACEHOLDER_MATCHEXPR) {
      lr_mexpr_read(self->grammar, p, i, &info->mexpr[i]);
      info->has_mexpr = true;
    }
    if (ph->kind == SD_PLACEHOLDER_CHARSET) info->has_charset = true;
    if (ph->kind != SD_PLACEHOLDER_NONTERMINAL) continue;
    const char *q = skip_ws(p->constraint + ph->offset + ph->length);
    const char *v = q;
    while (ident_char(*q)) q++;
    if (q == v) continue;
    info->var_names[i] = sd_xstrndup(v, (size_t)(q - v));
    q = skip_ws(q);
    if (q[0] != 'i' || q[1] != 'n' || ident_char(q[2])) continue;
    q = skip_ws(q + 2);
    const char *c = q;
    while (ident_char(*q)) q++;
    size_t clen = (size_t)(q - c);
    for (uint32_t j = 0; j < i; j++)
      if (info->var_names[j] && strlen(info->var_names[j]) == clen &&
          !memcmp(info->var_names[j], c, clen))
        info->container[i] = (int32_t)j;
    if (info->container[i] < 0) info->container[i] = match_field_owner(p, info, i, c, clen);
  }
}

static void pattern_free(LrPattern *info, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) free(info->var_names[i]), lr_mexpr_free(&info->mexpr[i]);
  free(info->mexpr);
  free(info->var_names);
  free(info->container);
  free(info->numeric);
  free(info->measured);
}

/* ---------- syntax tree walks ---------- */

typedef struct TermWalk {
  SdLearner *self;
  const char *sentinel;
  uint32_t sentinel_len;
  SdTerm *found, *found_atom;
  const SdTerm *found_parent; /* the term the sentinel is an argument of */
  bool found_first_arg; /* the sentinel is the first argument of the atom */
} TermWalk;

static void find_in_term(TermWalk *w, SdTerm *atom, const SdTerm *parent, SdTerm *t, bool first_arg) {
  if ((t->op == SD_OP_INT || t->op == SD_OP_STRING) && t->text && t->length == w->sentinel_len &&
      !memcmp(t->text, w->sentinel, t->length) && !w->found) {
    w->found = t;
    w->found_atom = atom;
    w->found_parent = parent;
    w->found_first_arg = first_arg;
  }
  for (uint32_t i = 0; i < t->arg_count; i++)
    find_in_term(w, atom, t, t->args[i], t == atom ? i == 0 : first_arg);
}

static void find_in_formula(TermWalk *w, SdFormula *f) {
  if (f->kind == SD_F_ATOM && f->atom) find_in_term(w, f->atom, NULL, f->atom, false);
  for (uint32_t i = 0; i < f->child_count; i++) find_in_formula(w, f->children[i]);
}

/* Variables used in a term: symbol and how (1 = str.len, 2 = str.to.int, 0 = text). */
static void term_vars(const SdConstraint *c, const SdTerm *t, int how, LrSlot *slot) {
  if (t->op == SD_OP_VAR && t->var >= 0 && (uint32_t)t->var < c->variable_count) {
    SdSymbol s = c->variables[t->var].symbol;
    if (s < 0) return;
    for (uint32_t i = 0; i < slot->sym_count; i++)
      if (slot->syms[i] == s && slot->how[i] == how) return;
    if (slot->sym_count < LR_MAX_SYMS) {
      slot->syms[slot->sym_count] = s;
      slot->how[slot->sym_count++] = (uint8_t)how;
    }
    return;
  }
  int inner = t->op == SD_OP_STR_LEN ? 1 : t->op == SD_OP_STR_TO_INT ? 2 : how;
  for (uint32_t i = 0; i < t->arg_count; i++) term_vars(c, t->args[i], inner, slot);
}

/* Does str.to.int apply to a variable whose nonterminal is never a
 * numeral, or arith.value to one that derives no arithmetic
 * (sd_grammar_computes: a numeral's computed value is its str.to.int, and
 * the rival it made of every bound on a number sent hostlong's hunt
 * elsewhere and added attacks to the middle example)? */
static bool non_numeric_use(const SdConstraint *c, const SdTerm *t) {
  if ((t->op == SD_OP_STR_TO_INT || t->op == SD_OP_ARITH_VALUE) && t->arg_count == 1 && t->args[0]->op == SD_OP_VAR) {
    int32_t v = t->args[0]->var;
    if (v >= 0 && (uint32_t)v < c->variable_count) {
      SdSymbol s = c->variables[v].symbol;
      const SdSymbolInfo *si = s >= 0 ? &c->grammar->symbols[s] : NULL;
      if (si && t->op == SD_OP_STR_TO_INT && !si->numeric) return true;
      if (si && t->op == SD_OP_ARITH_VALUE && !sd_grammar_computes(c->grammar, s)) return true;
    }
  }
  for (uint32_t i = 0; i < t->arg_count; i++)
    if (non_numeric_use(c, t->args[i])) return true;
  return false;
}

/* Names of variables under str.to.int (to learn which placeholders need
 * numerals), and of those whose length is added, subtracted or multiplied
 * (under_arith: t's parent is + - or *). */
static void numeric_vars(const SdConstraint *c, const SdTerm *t, LrPattern *info,
                         const SdPattern *p, bool under_arith) {
  bool to_int = t->op == SD_OP_STR_TO_INT, length = t->op == SD_OP_STR_LEN && under_arith;
  if ((to_int || length) && t->arg_count == 1 && t->args[0]->op == SD_OP_VAR) {
    int32_t v = t->args[0]->var;
    if (v >= 0 && (uint32_t)v < c->variable_count && c->variables[v].name)
      for (uint32_t i = 0; i < p->placeholder_count; i++)
        if (info->var_names[i] && !strcmp(info->var_names[i], c->variables[v].name)) {
          if (to_int) info->numeric[i] = true;
          else info->measured[i] = true;
        }
  }
  bool arith = t->op == SD_OP_ADD || t->op == SD_OP_SUB || t->op == SD_OP_MUL;
  for (uint32_t i = 0; i < t->arg_count; i++) numeric_vars(c, t->args[i], info, p, arith);
}

typedef struct FormulaCheck {
  const SdConstraint *c;
  bool bad_nesting, non_numeric;
  bool nests;             /* the pattern nests a nonterminal in itself (LrPattern.nests) */
  uint32_t atoms;
  LrPattern *info;
  const SdPattern *p;
} FormulaCheck;

static void check_formula(FormulaCheck *k, const SdFormula *f) {
  const SdConstraint *c = k->c;
  if (f->kind == SD_F_ATOM && f->atom) {
    k->atoms++;
    if (non_numeric_use(c, f->atom)) k->non_numeric = true;
    if (k->info) numeric_vars(c, f->atom, k->info, k->p, false);
  }
  if ((f->kind == SD_F_FORALL || f->kind == SD_F_EXISTS) && f->in_var >= 0 &&
      (uint32_t)f->in_var < c->variable_count && f->var >= 0 &&
      (uint32_t)f->var < c->variable_count) {
    SdSymbol outer = c->variables[f->in_var].symbol, inner = c->variables[f->var].symbol;
    bool nested = outer == inner && k->p && k->nests && lr_self_nesting(c->grammar, outer); /* "Nested N deep" */
    if (outer >= 0 && inner >= 0 &&
        ((outer == inner && !nested) || !sd_grammar_can_contain(c->grammar, outer, inner)))
      k->bad_nesting = true;
  }
  for (uint32_t i = 0; i < f->child_count; i++) check_formula(k, f->children[i]);
}

uint32_t lr_count_atoms(const SdConstraint *c) {
  FormulaCheck k = {.c = c};
  check_formula(&k, c->root);
  return k.atoms;
}

/* ---------- values ---------- */

/* Decimal numeral that fits comfortably in int64. */
bool lr_parse_int(const char *s, uint32_t len, int64_t *out) {
  uint32_t i = 0;
  bool neg = false;
  if (i < len && (s[i] == '-' || s[i] == '+')) neg = s[i++] == '-';
  if (i == len || len - i > 17) return false;
  int64_t v = 0;
  for (; i < len; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
  }
  *out = neg ? -v : v;
  return true;
}

/* The ISLa text of a value for a placeholder kind. false if it cannot be written. */
bool lr_render_value(SdPlaceholderKind kind, const char *v, uint32_t len, SdBuf *out) {
  if (kind == SD_PLACEHOLDER_INTEGER) {
    sd_buf_append(out, v, len);
    return true;
  }
  sd_buf_putc(out, '"');
  for (uint32_t i = 0; i < len; i++) {
    unsigned char ch = (unsigned char)v[i];
    if (ch < 0x20 || ch >= 0x7f) return false;
    if (ch == '"' || ch == '\\') sd_buf_putc(out, '\\');
    sd_buf_putc(out, (char)ch);
  }
  sd_buf_putc(out, '"');
  return true;
}

/* ---------- atoms ---------- */

/* The atom for an instantiated text (parsed if new; `parsed` is used instead
 * of parsing when given, and is owned by the learner afterwards). */
uint32_t lr_add_atom(SdLearner *self, uint32_t pattern, char *text, SdConstraint *parsed) {
  uint32_t len = (uint32_t)strlen(text);
  uint64_t h = lr_hash(text, len);
  uint32_t found = lr_map_get(&self->atom_map, text, len, h);
  if (found != LR_NONE) {
    free(text);
    sd_constraint_free(parsed);
    return found;
  }
  SdConstraint *c = parsed;
  if (!c) {
    SdConstraintError err = {0};
    c = sd_constraint_parse(self->grammar, text, len, &err);
    if (!c) {
      lr_pattern_error(self, pattern, err.message);
      free(err.message);
      free(text);
      return LR_NONE;
    }
  }
  LrAtom a = {0};
  a.text = text;
  a.text_len = len;
  a.text_hash = h;
  a.c = c;
  a.pattern = pattern;
  a.size = lr_count_atoms(c);
  a.single = lr_single_symbol(c);
  a.base = a.negation = a.templ = a.scoped_with = LR_NONE;
  array_push(&self->atoms, a);
  uint32_t idx = self->atoms.size - 1;
  lr_map_put(&self->atom_map, self->atoms.items[idx].text, len, h, idx);
  self->stats.instantiated++;
  return idx;
}

/* Failing inputs an atom must hold on to be kept. */
uint32_t lr_needed(const SdLearner *self) {
  if (self->opts.invariants) return self->failing;
  return self->failing ? 1 : 0;
}

static void set_bit(LrAtom *a, uint32_t i) { a->bits[i / 64] |= (uint64_t)1 << (i % 64); }

static uint32_t popcount_bits(const uint64_t *bits, uint32_t n) {
  uint32_t c = 0;
  for (uint32_t w = 0; w < n / 64; w++) c += (uint32_t)__builtin_popcountll(bits[w]);
  if (n % 64) c += (uint32_t)__builtin_popcountll(bits[n / 64] & (((uint64_t)1 << (n % 64)) - 1));
  return c;
}

static void grow_bits(LrAtom *a, uint32_t n) {
  uint32_t words = (n + 63) / 64;
  if (a->words < words) {
    uint32_t cap = words + words / 2 + 1;
    a->bits = sd_xrealloc(a->bits, cap * sizeof(uint64_t));
    memset(a->bits + a->words, 0, (cap - a->words) * sizeof(uint64_t));
    a->words = cap;
  }
}

static bool kept(const SdLearner *self, const LrAtom *a) {
  return a->tp >= lr_needed(self) && (a->tp > 0 || self->failing == 0);
}

/* Bring an atom's truth values up to date; false if it is pruned. */
/* c's truth on input i, from the memo under the hash of c's text (and
 * what else decides it), or evaluated and kept there. */
static bool memo_eval(SdLearner *self, const SdConstraint *c, uint32_t record, uint32_t i) {
  if (record == LR_MEMO_NONE) return lr_eval(self, c, i);
  uint32_t tree = lr_memo_tree(self->memo, self->inputs.items[i]);
  int known = lr_memo_truth(self->memo, record, tree);
  if (known >= 0) {
    self->stats.cached++;
    return known == 1;
  }
  bool held = lr_eval(self, c, i);
  lr_memo_set(self->memo, record, tree, held);
  return held;
}

/* An atom's truth on input i, from the memo when the learners share one. */
static bool atom_holds(SdLearner *self, LrAtom *a, uint32_t i) {
  if (!self->memo) return lr_eval(self, a->c, i);
  if (!a->memo_looked) {
    a->memo_record = lr_memo_record(self->memo, a->text_hash);
    a->memo_looked = true;
  }
  return memo_eval(self, a->c, a->memo_record, i);
}

bool lr_atom_update(SdLearner *self, uint32_t index) {
  LrAtom *a = &self->atoms.items[index];
  uint32_t n = self->inputs.size;
  grow_bits(a, n);
  if (a->upto == n) {
    self->stats.cached += n;
    return kept(self, a);
  }
  if (a->kind == LR_NEGATION && a->complement) {
    /* the complement of its base: no evaluation */
    uint32_t base = a->base;
    self->atoms.items[base].absence = true;
    lr_atom_update(self, base);
    a = &self->atoms.items[index];
    const LrAtom *b = &self->atoms.items[base];
    for (uint32_t w = 0; w < (n + 63) / 64; w++) a->bits[w] = ~b->bits[w];
    if (n % 64) a->bits[n / 64] &= ((uint64_t)1 << (n % 64)) - 1;
    a->tp = self->failing - b->tp;
    a->upto = a->fail_upto = n;
    return kept(self, a);
  }
  self->stats.cached += a->upto;
  uint32_t need = lr_needed(self);
  bool full = a->absence;
  /* failing inputs first: most atoms die here */
  for (uint32_t i = a->fail_upto; i < n; i++) {
    if (!lr_is_failing(self, i)) continue;
    if (atom_holds(self, a, i)) set_bit(a, i), a->tp++;
    a->fail_upto = i + 1;
    if (!full && a->tp + failing_from(self, i + 1) < need) break;
  }
  if (!full && (a->tp < need || (self->failing && a->tp == 0))) return false; /* pruned */
  a->fail_upto = n;
  for (uint32_t i = a->upto; i < n; i++)
    if (!lr_is_failing(self, i) && atom_holds(self, a, i)) set_bit(a, i);
  a->upto = n;
  return kept(self, a);
}

static bool formula_partial(const SdFormula *f) {
  if (f->kind == SD_F_ATOM && sd_term_is_partial(f->atom)) return true;
  for (uint32_t i = 0; i < f->child_count; i++)
    if (formula_partial(f->children[i])) return true;
  return false;
}

/* The negation of an atom (made once; an existing instance with the same
 * text is reused). */
static uint32_t negation_of(SdLearner *self, uint32_t index) {
  LrAtom *a = &self->atoms.items[index];
  if (a->negation != LR_NONE) return a->negation;
  SdConstraint *c = sd_constraint_negate(a->c);
  char *text = sd_constraint_to_isla(c);
  uint32_t len = (uint32_t)strlen(text);
  uint32_t found = lr_map_get(&self->atom_map, text, len, lr_hash(text, len));
  uint32_t r = lr_add_atom(self, a->pattern, text, c);
  if (r == LR_NONE) return LR_NONE;
  if (found == LR_NONE && r != index) {
    LrAtom *n = &self->atoms.items[r];
    n->kind = LR_NEGATION;
    n->base = index;
    /* with an atom that can be undefined (str.to.int of a non-numeral), the
       negation (ISLa's: undefined atoms stay false) is evaluated */
    n->complement = !formula_partial(self->atoms.items[index].c->root);
  }
  self->atoms.items[index].negation = r;
  return r;
}

/* Is the negation of this (fully evaluated) atom worth a candidate? When it
 * states an absence: the atom holds on (almost) no failing input, at most one
 * in twenty, but on a tenth of the passing inputs at least. (Negating every
 * atom that is merely rarer in failing inputs floods the ranking with weak
 * candidates that the debugger then spends its attacks on.) */
static bool wants_negation(const SdLearner *self, const LrAtom *a) {
  uint32_t n = self->inputs.size, F = self->failing, P = n - F;
  if (self->opts.invariants || !F || !P || a->upto != n || a->kind != LR_PLAIN) return false;
  uint32_t fp = popcount_bits(a->bits, n) - a->tp;
  return (uint64_t)a->tp * 20 <= F && (uint64_t)fp * 10 >= P;
}

/* Mark an atom as produced by this learn() call (once), with its negation
 * where the data asks for one. */
void lr_use_atom(SdLearner *self, uint32_t index) {
  if (index == LR_NONE) return;
  LrAtom *a = &self->atoms.items[index];
  if (a->epoch == self->epoch) return;
  a->epoch = self->epoch;
  if (lr_atom_update(self, index)) array_push(&self->used, index);
  else self->stats.pruned++;
  if (wants_negation(self, &self->atoms.items[index])) {
    uint32_t neg = negation_of(self, index);
    if (neg != LR_NONE && neg != index) lr_use_atom(self, neg);
  }
}

/* ---------- templates ---------- */

static const char *sentinel_int(uint32_t i, char *buf) {
  sprintf(buf, "73100000000000%05u", i);
  return buf;
}

static char *template_text(SdLearner *self, const SdPattern *p, const SdSymbol *tuple,
                           char *const *mexprs, const char *const *values) {
  const char **vals = sd_xcalloc(p->placeholder_count ? p->placeholder_count : 1, sizeof(char *));
  char **owned = sd_xcalloc(p->placeholder_count ? p->placeholder_count : 1, sizeof(char *));
  uint32_t nt = 0;
  for (uint32_t i = 0; i < p->placeholder_count; i++) {
    const SdPlaceholder *ph = &p->placeholders[i];
    if (ph->kind == SD_PLACEHOLDER_NONTERMINAL) {
      vals[i] = self->grammar->symbols[tuple[nt++]].name;
    } else if (ph->kind == SD_PLACEHOLDER_NONTERMINAL_STRING) { /* count(x, "<T>", n) */
      owned[i] = sd_format("\"%s\"", self->grammar->symbols[tuple[nt++]].name);
      vals[i] = owned[i];
    } else if (ph->kind == SD_PLACEHOLDER_MATCHEXPR || ph->kind == SD_PLACEHOLDER_CHARSET) {
      vals[i] = mexprs && mexprs[i] ? mexprs[i] : "";
    } else if (values && values[i]) {
      vals[i] = values[i];
    } else {
      char buf[32];
      sentinel_int(i, buf);
      owned[i] = ph->kind == SD_PLACEHOLDER_INTEGER ? sd_xstrdup(buf) : sd_format("\"%s\"", buf);
      vals[i] = owned[i];
    }
  }
  char *text = sd_pattern_instantiate(p, vals);
  for (uint32_t i = 0; i < p->placeholder_count; i++) free(owned[i]);
  free(owned);
  free(vals);
  return text;
}

void lr_pattern_error(SdLearner *self, uint32_t pattern, const char *message) {
  LrPattern *info = &self->patterns[pattern];
  if (info->reported) return;
  info->reported = true;
  const SdPattern *p = sd_catalog_pattern(self->catalog, pattern);
  if (self->opts.diagnostics)
    sd_diagnostics_add(self->opts.diagnostics, true, sd_catalog_path(self->catalog),
                       p->constraint_line, 1,
                       "pattern '%s' skipped: its constraint does not parse after "
                       "instantiation: %s",
                       p->name, message ? message : "syntax error");
}

static bool has_arith(const SdTerm *t) {
  if (t->op == SD_OP_ADD || t->op == SD_OP_SUB || t->op == SD_OP_MUL) return true;
  for (uint32_t i = 0; i < t->arg_count; i++)
    if (has_arith(t->args[i])) return true;
  return false;
}

/* Is the atom holding the slot's literal under existential quantifiers only?
 * (Then or-ing values of the literal or-s the atoms' truth values.) */
static bool exists_only_f(const SdFormula *f, const SdTerm *lit) {
  if (f->kind == SD_F_ATOM) {
    TermWalk w = {.sentinel = lit->text, .sentinel_len = lit->length};
    find_in_term(&w, f->atom, NULL, f->atom, false);
    return w.found == lit;
  }
  return f->kind == SD_F_EXISTS && f->child_count == 1 && exists_only_f(f->children[0], lit);
}
static bool exists_only(const SdFormula *root, LrSlot s) { return exists_only_f(root, s.term); }

/* Are the variables of term t of different nonterminals? A sum of two
 * elements of one nonterminal may add an element to itself: `a + b = 2`
 * stood for a quantity of 1 in the singleitem case (113 runs to 251, in
 * rounds of candidates that said the same thing). seen[] holds the
 * variables met so far (n of them). */
static bool distinct_symbols(const SdConstraint *c, const SdTerm *t, int32_t *seen, uint32_t *n) {
  if (t->op == SD_OP_VAR && t->var >= 0 && (uint32_t)t->var < c->variable_count) {
    for (uint32_t i = 0; i < *n; i++)
      if (seen[i] != t->var && c->variables[seen[i]].symbol == c->variables[t->var].symbol) return false;
    if (*n < 8) seen[(*n)++] = t->var;
    return true;
  }
  for (uint32_t i = 0; i < t->arg_count; i++)
    if (!distinct_symbols(c, t->args[i], seen, n)) return false;
  return true;
}

static bool ordering(SdOp op) { return op == SD_OP_LT || op == SD_OP_LE || op == SD_OP_GT || op == SD_OP_GE; }

/* An integer bound compared directly with a measure (`str.to.int(e) > N`). */
static bool range_bound(const LrSlot *s) {
  return s->term && s->atom && s->kind == SD_PLACEHOLDER_INTEGER && ordering(s->atom_op) && s->atom->arg_count == 2 &&
         (s->atom->args[0] == s->term || s->atom->args[1] == s->term);
}

/* Does atom stand in f under an odd number of `not`s? */
static bool under_not(const SdFormula *f, const SdTerm *atom, bool negated) {
  if (f->kind == SD_F_ATOM) return f->atom == atom && negated;
  for (uint32_t i = 0; i < f->child_count; i++)
    if (under_not(f->children[i], atom, negated != (f->kind == SD_F_NOT))) return true;
  return false;
}

/* Find and describe the value slots of a freshly parsed template. */
static void template_slots(SdLearner *self, LrTemplate *t, const SdPattern *p) {
  for (uint32_t i = 0; i < p->placeholder_count && t->slot_count < LR_MAX_SLOTS; i++) {
    const SdPlaceholder *ph = &p->placeholders[i];
    if (sd_placeholder_is_nonterminal(ph->kind) || ph->kind == SD_PLACEHOLDER_MATCHEXPR ||
        ph->kind == SD_PLACEHOLDER_CHARSET)
      continue;
    if (ph->kind == SD_PLACEHOLDER_DSTRINGS) t->dstrings = true;
    LrSlot *s = &t->slots[t->slot_count++];
    memset(s, 0, sizeof *s);
    s->eq_var = -1;
    s->placeholder = i;
    s->kind = ph->kind;
    char buf[32];
    sentinel_int(i, buf);
    TermWalk w = {.self = self, .sentinel = buf, .sentinel_len = (uint32_t)strlen(buf)};
    find_in_formula(&w, t->c->root);
    s->term = w.found;
    if (w.found) {
      s->sentinel_text = w.found->text;
      s->sentinel_len = w.found->length;
      SdOp op = w.found_atom->op;
      s->atom_op = op;
      s->atom = w.found_atom;
      s->negated = op == SD_OP_STR_CONTAINS && under_not(t->c->root, w.found_atom, false);
      term_vars(t->c, w.found_atom, 0, s);
      s->divisor = ph->kind == SD_PLACEHOLDER_INTEGER && w.found_parent && w.found_parent->op == SD_OP_MOD &&
                   w.found_parent->arg_count == 2 && w.found_parent->args[1] == w.found;
      t->arith |= has_arith(w.found_atom);
      if (op == SD_OP_EQ && w.found_atom->arg_count == 2) {
        const SdTerm *other = w.found_atom->args[w.found_atom->args[0] == w.found ? 1 : 0];
        if (other->op == SD_OP_VAR) s->eq_var = other->var;
      }
      if (ph->kind == SD_PLACEHOLDER_STRING || ph->kind == SD_PLACEHOLDER_DSTRINGS) {
        s->mode = op == SD_OP_STR_PREFIXOF && w.found_first_arg   ? LR_PREFIX
                  : op == SD_OP_STR_SUFFIXOF && w.found_first_arg ? LR_SUFFIX
                  : op == SD_OP_STR_CONTAINS && !w.found_first_arg ? LR_SUBSTRING
                                                                   : LR_FULL;
      } else {
        s->mode = LR_FULL;
      }
    } else {
      /* folded away by the parser: take values of every nonterminal used */
      for (uint32_t v = 0; v < t->c->variable_count && s->sym_count < LR_MAX_SYMS; v++)
        if (t->c->variables[v].symbol >= 0) {
          s->syms[s->sym_count] = t->c->variables[v].symbol;
          s->how[s->sym_count++] = ph->kind == SD_PLACEHOLDER_STRING ? 0 : 1;
        }
      s->mode = LR_FULL;
    }
  }
  t->settable = t->slot_count == 1 && t->slots[0].kind == SD_PLACEHOLDER_STRING &&
                t->slots[0].eq_var >= 0 && t->slots[0].term && exists_only(t->c->root, t->slots[0]);
  t->search = t->slot_count == 1 && t->slots[0].term && t->slots[0].kind != SD_PLACEHOLDER_STRING &&
              ordering(t->slots[0].atom_op);
  /* one bound in an ordering comparison and one text: the bound first */
  for (uint32_t b = 0; b < 2 && t->slot_count == 2 && !t->bound_per_text; b++) {
    LrSlot *bound = &t->slots[b], *text = &t->slots[1 - b];
    if (bound->term && text->term && bound->kind == SD_PLACEHOLDER_INTEGER && text->kind == SD_PLACEHOLDER_STRING &&
        ordering(bound->atom_op)) {
      t->bound_per_text = true;
      if (b == 1) {
        LrSlot tmp = t->slots[0];
        t->slots[0] = t->slots[1];
        t->slots[1] = tmp;
      }
    }
  }
  /* two bounds, each a literal compared directly: a range (with a text
     compared for equality beside them: last) */
  t->range = t->slot_count == 2 && !t->bound_per_text && range_bound(&t->slots[0]) && range_bound(&t->slots[1]);
  if (t->slot_count == 3)
    for (uint32_t k = 0; k < 3 && !t->range; k++) {
      LrSlot *text = &t->slots[k], *a = &t->slots[(k + 1) % 3], *b = &t->slots[(k + 2) % 3];
      bool beside = text->eq_var >= 0 || text->atom_op == SD_OP_NTH; /* a text, or a position */
      if (text->kind == SD_PLACEHOLDER_STRING && text->term && beside && range_bound(a) && range_bound(b)) {
        LrSlot x = *a, y = *b, z = *text;
        t->slots[0] = x, t->slots[1] = y, t->slots[2] = z;
        t->range = true;
      }
    }
  t->nesting = t->slot_count == 0 && sd_formula_nesting_depth(t->c, t->c->root) == 2;
  t->point = t->slot_count == 1 && t->slots[0].term && t->slots[0].atom && t->arith &&
             t->slots[0].kind == SD_PLACEHOLDER_INTEGER && t->slots[0].atom_op == SD_OP_EQ && !t->slots[0].divisor;
  int32_t seen[8];
  uint32_t nseen = 0;
  /* not as a value seen either: "a + b = 2" over one nonterminal came back
     through the failing inputs' values and was confirmed for a quantity of
     1 in singleitem at seed 1 (session 18) */
  if (t->point && !distinct_symbols(t->c, t->slots[0].atom, seen, &nseen)) t->point = false, t->valid = false;
}

/* The template for a pattern and nonterminal tuple (cached); NULL if it does
 * not parse or the grammar cannot nest it. */
static LrTemplate *get_template(SdLearner *self, uint32_t pattern, const SdSymbol *tuple,
                                char *const *mexprs) {
  const SdPattern *p = sd_catalog_pattern(self->catalog, pattern);
  char *text = template_text(self, p, tuple, mexprs, NULL);
  uint32_t len = (uint32_t)strlen(text);
  uint64_t h = lr_hash(text, len);
  uint32_t found = lr_map_get(&self->template_map, text, len, h);
  if (found != LR_NONE) {
    free(text);
    LrTemplate *t = self->templates.items[found];
    return t->valid ? t : NULL;
  }
  LrTemplate *t = sd_xcalloc(1, sizeof *t);
  t->text = text;
  t->text_hash = h;
  t->pattern = pattern;
  if (mexprs) {
    t->mexprs = sd_xcalloc(p->placeholder_count, sizeof(char *));
    for (uint32_t i = 0; i < p->placeholder_count; i++)
      if (mexprs[i]) t->mexprs[i] = sd_xstrdup(mexprs[i]);
  }
  t->index = self->templates.size;
  array_push(&self->templates, t);
  lr_map_put(&self->template_map, text, len, h, self->templates.size - 1);
  SdConstraintError err = {0};
  t->c = sd_constraint_parse(self->grammar, text, len, &err);
  if (!t->c) {
    lr_pattern_error(self, pattern, err.message);
    free(err.message);
    return NULL;
  }
  LrPattern *info = &self->patterns[pattern];
  FormulaCheck k = {.c = t->c, .info = info->learned ? NULL : info, .p = p, .nests = info->nests};
  check_formula(&k, t->c->root);
  info->learned = true;
  if (k.bad_nesting || k.non_numeric) {
    sd_constraint_free(t->c);
    t->c = NULL;
    return NULL;
  }
  t->valid = true;
  self->stats.templates++;
  template_slots(self, t, p);
  return t->valid ? t : NULL;
}

/* ---------- value collection ---------- */

typedef struct ValueCount {
  char *text;
  uint32_t len;
  uint32_t fail, pass, last;
  bool across; /* a piece across two fields somewhere (across_fields) */
} ValueCount;

typedef struct ValueTable {
  LrMap map;
  Array(ValueCount) items;
} ValueTable;

static void value_seen_as(ValueTable *vt, const char *s, uint32_t len, uint32_t input, bool failing, bool across) {
  uint64_t h = lr_hash(s, len);
  uint32_t i = lr_map_get(&vt->map, s, len, h);
  if (i == LR_NONE) {
    ValueCount v = {.text = sd_xstrndup(s, len), .len = len, .last = UINT32_MAX};
    array_push(&vt->items, v);
    i = vt->items.size - 1;
    lr_map_put(&vt->map, vt->items.items[i].text, len, h, i);
  }
  ValueCount *v = &vt->items.items[i];
  v->across |= across;
  if (v->last == input) return; /* count each input once */
  v->last = input;
  if (failing) v->fail++;
  else v->pass++;
}

static void value_seen(ValueTable *vt, const char *s, uint32_t len, uint32_t input, bool failing) {
  value_seen_as(vt, s, len, input, failing, false);
}

static void value_table_free(ValueTable *vt) {
  for (uint32_t i = 0; i < vt->items.size; i++) free(vt->items.items[i].text);
  array_free(&vt->items);
  lr_map_free(&vt->map);
}

static const SdLearner *sort_learner;
static int by_discrimination(const void *pa, const void *pb) {
  const ValueCount *a = pa, *b = pb;
  double F = sort_learner->failing ? sort_learner->failing : 1;
  double P = sort_learner->inputs.size - sort_learner->failing;
  if (P < 1) P = 1;
  double da = a->fail / F - a->pass / P, db = b->fail / F - b->pass / P;
  if (da != db) return da > db ? -1 : 1;
  if (a->fail != b->fail) return a->fail > b->fail ? -1 : 1;
  if (a->len != b->len) return a->len < b->len ? -1 : 1;
  return memcmp(a->text, b->text, a->len);
}
/* For a slot under a `not` (a field that lacks a text): the values more
 * frequent in passing inputs than in failing ones first; among equals the
 * more frequent in passing inputs, then the longer (a whole option name
 * before its pieces). */
static int by_passing_discrimination(const void *pa, const void *pb) {
  const ValueCount *a = pa, *b = pb;
  double F = sort_learner->failing ? sort_learner->failing : 1;
  double P = sort_learner->inputs.size - sort_learner->failing;
  if (P < 1) P = 1;
  double da = a->pass / P - a->fail / F, db = b->pass / P - b->fail / F;
  if (da != db) return da > db ? -1 : 1;
  if (a->pass != b->pass) return a->pass > b->pass ? -1 : 1;
  if (a->len != b->len) return a->len > b->len ? -1 : 1;
  return memcmp(a->text, b->text, a->len);
}
static int by_frequency(const void *pa, const void *pb) {
  const ValueCount *a = pa, *b = pb;
  if (a->fail != b->fail) return a->fail > b->fail ? -1 : 1;
  if (a->pass != b->pass) return a->pass < b->pass ? -1 : 1;
  if (a->len != b->len) return a->len < b->len ? -1 : 1;
  return memcmp(a->text, b->text, a->len);
}

#define LR_MAX_STRING 64
/* Prefixes, suffixes and substrings offered as values: up to this many
 * bytes (a mount point under "/tmp/" needs five; with three, "/tm" and "p/"
 * were pieced together and confirmed wrongly). Substrings of texts longer
 * than LR_MAX_STRING stay at 1-3 bytes (an expression's nested elements
 * would cost their length times this many each). */
#define LR_AFFIX_MAX 8
#define LR_MAX_ABSENT 3 /* absence values per string slot */

/* Absence values: the most passing inputs first. */
static int by_passing(const void *pa, const void *pb) {
  const ValueCount *a = pa, *b = pb;
  if (a->pass != b->pass) return a->pass > b->pass ? -1 : 1;
  if (a->len != b->len) return a->len < b->len ? -1 : 1;
  return memcmp(a->text, b->text, a->len);
}

/* The values of a slot's kind of element, counted per input (failing and
 * passing), kept per learner and extended to new inputs only: templates of
 * several patterns share a kind of slot, and the inputs seen before do not
 * change (on the expression example the substrings of every <expr> were
 * counted anew for each template and each learn, a tenth of the CPU). */
typedef struct LrValueCache {
  bool text;                  /* strings (by mode) or numbers (by how) */
  int mode;
  uint32_t sym_count;
  SdSymbol syms[LR_MAX_SYMS];
  uint8_t how[LR_MAX_SYMS];
  ValueTable vt;
  uint32_t upto;              /* inputs counted */
  /* values at LR_AFFIX_MAX bytes and their extensions (learner_affix.c),
     valid for ext_upto inputs: per value, the value then LR_AFFIX_GROWN
     slots of extensions (NULL: none) */
  Array(char *) exts;
  Array(uint32_t) ext_lens;
  uint32_t ext_upto;
} LrValueCache;

static bool text_slot(const LrSlot *s) {
  return s->kind == SD_PLACEHOLDER_STRING || s->kind == SD_PLACEHOLDER_DSTRINGS;
}

static LrValueCache *value_cache(SdLearner *self, const LrSlot *s) {
  bool text = text_slot(s);
  for (uint32_t i = 0; i < self->value_caches.size; i++) {
    LrValueCache *c = self->value_caches.items[i];
    if (c->text == text && (!text || c->mode == s->mode) && c->sym_count == s->sym_count &&
        !memcmp(c->syms, s->syms, s->sym_count * sizeof(SdSymbol)) && !memcmp(c->how, s->how, s->sym_count))
      return c;
  }
  LrValueCache *c = sd_xcalloc(1, sizeof *c);
  c->text = text, c->mode = s->mode, c->sym_count = s->sym_count;
  memcpy(c->syms, s->syms, s->sym_count * sizeof(SdSymbol));
  memcpy(c->how, s->how, s->sym_count);
  array_push(&self->value_caches, c);
  return c;
}

static void extensions_clear(LrValueCache *c) {
  for (uint32_t i = 0; i < c->exts.size; i++) free(c->exts.items[i]);
  array_clear(&c->exts);
  array_clear(&c->ext_lens);
}

/* The extensions of value v (*n of them), computed once per slot kind and
 * set of inputs. */
static char **extensions_of(SdLearner *self, LrValueCache *c, const char *v, uint32_t vlen, uint32_t **lens,
                            uint32_t *n) {
  enum { STRIDE = LR_AFFIX_GROWN + 1 };
  if (c->ext_upto != self->inputs.size) {
    extensions_clear(c);
    c->ext_upto = self->inputs.size;
  }
  uint32_t at = 0;
  while (at < c->exts.size && !(c->ext_lens.items[at] == vlen && !memcmp(c->exts.items[at], v, vlen))) at += STRIDE;
  if (at == c->exts.size) {
    char *grown[LR_AFFIX_GROWN] = {0};
    uint32_t grown_len[LR_AFFIX_GROWN] = {0};
    lr_affix_extensions(self, c->syms, c->sym_count, c->mode, v, vlen, grown, grown_len);
    array_push(&c->exts, sd_xstrndup(v, vlen));
    array_push(&c->ext_lens, vlen);
    for (uint32_t k = 0; k < LR_AFFIX_GROWN; k++) {
      array_push(&c->exts, grown[k]);
      array_push(&c->ext_lens, grown_len[k]);
    }
  }
  *n = 0;
  while (*n < LR_AFFIX_GROWN && c->exts.items[at + 1 + *n]) (*n)++;
  *lens = &c->ext_lens.items[at + 1];
  return &c->exts.items[at + 1];
}

static void value_caches_free(SdLearner *self) {
  for (uint32_t i = 0; i < self->value_caches.size; i++) {
    extensions_clear(self->value_caches.items[i]);
    array_free(&self->value_caches.items[i]->exts);
    array_free(&self->value_caches.items[i]->ext_lens);
    value_table_free(&self->value_caches.items[i]->vt);
    free(self->value_caches.items[i]);
  }
  array_free(&self->value_caches);
}

/* ---- affixes across two fields ---- */

/* A field: a nonterminal of the grammar's own (not one made by desugaring)
 * with more than one text; one with a single text is a token. */
static bool field_symbol(SdLearner *self, SdSymbol s) {
  const SdGrammar *g = self->grammar;
  if (s < 0 || (uint32_t)s >= g->symbol_count || g->symbols[s].kind != SD_SYM_NONTERMINAL || g->symbols[s].generated)
    return false;
  if (!self->field_kinds) self->field_kinds = sd_xcalloc(g->symbol_count, 1);
  if (!self->field_kinds[s]) {
    uint64_t count;
    bool one = sd_grammar_count_derivations(g, s, 1, &count) && count <= 1;
    self->field_kinds[s] = one ? 1 : 2;
  }
  return self->field_kinds[s] == 2;
}

/* Where the fields inside node start and end, relative to its start:
 * next_start[p] (next_end[p]) is the first position >= p where one starts
 * (ends), len + 1 where none does. */
static void field_bounds(SdLearner *self, const SdTree *t, const SdNode *node, uint32_t *next_start,
                         uint32_t *next_end) {
  uint32_t len = node->end - node->start;
  for (uint32_t p = 0; p <= len + 1; p++) next_start[p] = next_end[p] = len + 1;
  for (uint32_t id = node->id + 1; id < node->id + node->size; id++) {
    const SdNode *n = t->nodes[id];
    if (n->end == n->start || !field_symbol(self, n->symbol)) continue;
    uint32_t s = n->start - node->start, e = n->end - node->start;
    if (s < next_start[s]) next_start[s] = s;
    if (e < next_end[e]) next_end[e] = e;
  }
  for (uint32_t p = len + 1; p-- > 0;) {
    if (next_start[p + 1] < next_start[p]) next_start[p] = next_start[p + 1];
    if (next_end[p + 1] < next_end[p]) next_end[p] = next_end[p + 1];
  }
}

/* Can the piece [s, e) of the node's text hold bytes of two fields (one
 * ends inside it, and one starts there or after, inside it)? A quick test:
 * the fields may be nested, the list of one nonterminal (below). */
static bool may_cross_fields(const uint32_t *next_start, const uint32_t *next_end, uint32_t s, uint32_t e) {
  uint32_t pe = next_end[s + 1];
  return pe < e && next_start[pe] < e;
}

/* The fields among node's children (through those made by desugaring)
 * that overlap the bytes [s, e) of the tree. */
static uint32_t fields_over(SdLearner *self, const SdNode *node, uint32_t s, uint32_t e, SdSymbol *out, uint32_t n,
                            uint32_t max) {
  for (uint32_t i = 0; i < node->child_count && n < max; i++) {
    const SdNode *c = node->children[i];
    if (c->end <= s || c->start >= e || c->alternative < 0) continue;
    if (self->grammar->symbols[c->symbol].generated) n = fields_over(self, c, s, e, out, n, max);
    else if (field_symbol(self, c->symbol)) out[n++] = c->symbol;
  }
  return n;
}

/* Does the piece [s, e) of the node's text (relative to its start) hold
 * bytes of two fields of unrelated nonterminals, side by side in the
 * smallest element that holds the piece? Such a piece spells a
 * combination of two elements' texts ("3 9": a codec "mp3" and a rate
 * "96000"), which the patterns over two elements state; as a substring it
 * took a cause from them, true of the one pair seen. A piece of a list of
 * one nonterminal ("Fwd: Fwd:", words of a subject) is one element's. */
static bool across_fields(SdLearner *self, const SdNode *node, const uint32_t *next_start, const uint32_t *next_end,
                          uint32_t s, uint32_t e) {
  if (!may_cross_fields(next_start, next_end, s, e)) return false;
  uint32_t as = node->start + s, ae = node->start + e;
  for (bool deeper = true; deeper;) { /* the smallest element holding the piece */
    deeper = false;
    for (uint32_t i = 0; i < node->child_count && !deeper; i++) {
      const SdNode *c = node->children[i];
      if (c->alternative >= 0 && c->start <= as && ae <= c->end) node = c, deeper = true;
    }
  }
  SdSymbol f[8];
  uint32_t n = fields_over(self, node, as, ae, f, 0, 8);
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = i + 1; j < n; j++)
      if (f[i] != f[j] && !sd_grammar_can_contain(self->grammar, f[i], f[j]) &&
          !sd_grammar_can_contain(self->grammar, f[j], f[i]))
        return true;
  return false;
}

/* Is the literal, where the first failing input that has it as the
 * slot's affix holds it, across two fields? */
static bool affix_across_fields(SdLearner *self, const LrSlot *s, const char *lit, uint32_t n) {
  for (uint32_t i = 0; i < self->inputs.size; i++) {
    if (!lr_is_failing(self, i)) continue;
    const SdTree *tree = self->inputs.items[i];
    for (uint32_t k = 0; k < s->sym_count; k++) {
      SdSymbol sym = s->syms[k];
      if (sym < 0 || (uint32_t)sym >= self->grammar->symbol_count) continue;
      for (uint32_t j = 0; j < tree->by_symbol_count[sym]; j++) {
        const SdNode *node = tree->nodes[tree->by_symbol[sym][j]];
        uint32_t len;
        const char *txt = sd_node_text(tree, node, &len);
        if (n >= len) continue;
        const char *at = s->mode == LR_PREFIX ? (memcmp(txt, lit, n) ? NULL : txt)
                         : s->mode == LR_SUFFIX ? (memcmp(txt + len - n, lit, n) ? NULL : txt + len - n)
                                                : memmem(txt, len, lit, n);
        if (!at) continue;
        uint32_t *next_start = sd_xmalloc((len + 2) * sizeof *next_start), *next_end = sd_xmalloc((len + 2) * sizeof *next_end);
        field_bounds(self, tree, node, next_start, next_end);
        uint32_t from = (uint32_t)(at - txt);
        bool across = across_fields(self, node, next_start, next_end, from, from + n);
        free(next_start);
        free(next_end);
        return across;
      }
    }
  }
  return false;
}

/* Appends to vals[0..m) the extensions of its values at LR_AFFIX_MAX bytes
 * (affix slots only) that are not among them; returns how many (at most
 * LR_AFFIX_GROWN * m). */
static uint32_t extensions(SdLearner *self, const LrSlot *s, LrValueCache *cache, char **vals,
                           uint32_t *lens, uint32_t m) {
  if (!text_slot(s) || !self->failing ||
      (s->mode != LR_PREFIX && s->mode != LR_SUFFIX && s->mode != LR_SUBSTRING))
    return 0;
  uint32_t added = 0;
  for (uint32_t i = 0; i < m; i++) {
    if (lens[i] != LR_AFFIX_MAX) continue;
    uint32_t n, *elens;
    char **exts = extensions_of(self, cache, vals[i], lens[i], &elens, &n);
    for (uint32_t e = 0; e < n; e++) {
      bool known = false;
      for (uint32_t j = 0; j < m + added && !known; j++)
        known = lens[j] == elens[e] && !memcmp(vals[j], exts[e], elens[e]);
      if (known || affix_across_fields(self, s, exts[e], elens[e])) continue;
      vals[m + added] = sd_xstrndup(exts[e], elens[e]);
      lens[m + added] = elens[e];
      added++;
    }
  }
  return added;
}

/* Counts the values of inputs [from, n) into vt. */
static void scan_values(SdLearner *self, const LrSlot *s, ValueTable *vt, uint32_t from) {
  uint32_t n = self->inputs.size, bounds_room = 0, *next_start = NULL, *next_end = NULL;
  char num[32];
  for (uint32_t i = from; i < n; i++) {
    const SdTree *tree = self->inputs.items[i];
    bool failing = lr_is_failing(self, i);
    for (uint32_t k = 0; k < s->sym_count; k++) {
      SdSymbol sym = s->syms[k];
      if (sym < 0 || (uint32_t)sym >= self->grammar->symbol_count) continue;
      uint32_t count = tree->by_symbol_count[sym];
      for (uint32_t j = 0; j < count; j++) {
        const SdNode *node = tree->nodes[tree->by_symbol[sym][j]];
        uint32_t len;
        const char *txt = sd_node_text(tree, node, &len);
        if (!text_slot(s)) {
          int64_t v;
          if (s->how[k] == 1) v = len;
          else if (!lr_parse_int(txt, len, &v)) continue;
          int l = snprintf(num, sizeof num, "%lld", (long long)v);
          value_seen(vt, num, (uint32_t)l, i, failing);
          continue;
        }
        if (s->mode == LR_FULL || len <= 4) {
          if (len <= LR_MAX_STRING) value_seen(vt, txt, len, i, failing);
        }
        if (s->mode != LR_PREFIX && s->mode != LR_SUFFIX && s->mode != LR_SUBSTRING) continue;
        if (len + 2 > bounds_room) {
          bounds_room = 2 * (len + 2);
          next_start = sd_xrealloc(next_start, bounds_room * sizeof *next_start);
          next_end = sd_xrealloc(next_end, bounds_room * sizeof *next_end);
        }
        field_bounds(self, tree, node, next_start, next_end);
        if (s->mode == LR_PREFIX || s->mode == LR_SUFFIX) {
          for (uint32_t l = 1; l <= LR_AFFIX_MAX && l < len; l++) {
            uint32_t at = s->mode == LR_PREFIX ? 0 : len - l;
            value_seen_as(vt, txt + at, l, i, failing, across_fields(self, node, next_start, next_end, at, at + l));
          }
        } else {
          if (len > 4 && len <= LR_MAX_STRING) value_seen(vt, txt, len, i, failing);
          uint32_t longest = len <= LR_MAX_STRING ? LR_AFFIX_MAX : 3;
          for (uint32_t a = 0; a < len; a++)
            for (uint32_t l = 1; l <= longest && a + l <= len && l < len; l++)
              value_seen_as(vt, txt + a, l, i, failing, across_fields(self, node, next_start, next_end, a, a + l));
        }
      }
    }
  }
  free(next_start);
  free(next_end);
}

/* Positions for nth(<?STRING>, a, b): 1 to NTH_SMALL (ISLearn's), or, where
 * b is the whole input (`exists <x> a in start: nth(N, a, start)`: the
 * input has N nodes of a's nonterminal or more, a fixed-size table that
 * overflows), the counts that separate: one more than any passing input
 * has (precision 1) and the fewest a failing input has (recall 1), from 2
 * (1 is mere existence). Positions 1-8 there gave the expression example
 * "at least 6 operators" and 60 more runs. */
enum { NTH_SMALL = 8 };

static bool nth_over_input(const SdConstraint *c, const LrSlot *s) {
  const SdTerm *a = s->atom;
  return a && a->arg_count == 3 && a->args[2]->op == SD_OP_VAR && a->args[2]->var >= 0 &&
         (uint32_t)a->args[2]->var < c->variable_count && c->variables[a->args[2]->var].symbol < 0;
}

/* The nonterminal of nth's container when it is a quantified element (a
 * record), else -1. */
static SdSymbol nth_container(const SdConstraint *c, const LrSlot *s) {
  const SdTerm *a = s->atom;
  if (!a || a->arg_count != 3 || a->args[2]->op != SD_OP_VAR || a->args[2]->var < 0 ||
      (uint32_t)a->args[2]->var >= c->variable_count)
    return -1;
  return c->variables[a->args[2]->var].symbol;
}

/* Nodes of sym in t: in all (container < 0), or the most in one node of
 * container (preorder ids: a node's subtree is [id, id + size)). */
static uint32_t nodes_counted(const SdTree *t, SdSymbol sym, SdSymbol container) {
  if (container < 0) return t->by_symbol_count[sym];
  uint32_t most = 0;
  for (uint32_t k = 0; k < t->by_symbol_count[container]; k++) {
    const SdNode *box = t->nodes[t->by_symbol[container][k]];
    uint32_t n = 0;
    for (uint32_t j = 0; j < t->by_symbol_count[sym]; j++) {
      uint32_t id = t->nodes[t->by_symbol[sym][j]]->id;
      n += id > box->id && id < box->id + box->size;
    }
    if (n > most) most = n;
  }
  return most;
}

static uint32_t nth_positions(SdLearner *self, const SdConstraint *c, const LrSlot *s, uint32_t max, char ***out,
                              uint32_t **out_len, uint32_t *absent_from) {
  uint32_t m = 0;
  *out = sd_xcalloc(NTH_SMALL + 3, sizeof(char *));
  *out_len = sd_xcalloc(NTH_SMALL + 3, sizeof(uint32_t));
  SdSymbol sym = s->sym_count ? s->syms[0] : -1;
  bool whole = nth_over_input(c, s);
  SdSymbol container = whole ? -1 : nth_container(c, s);
  if (sym >= 0 && (uint32_t)sym < self->grammar->symbol_count && (whole || container >= 0)) {
    /* counts: in the input, or the most in one record (makedeps: a rule
       with five prerequisites or more, where ten across two rules pass) */
    uint32_t fewest_failing = UINT32_MAX, most_passing = 0;
    for (uint32_t i = 0; i < self->inputs.size; i++) {
      uint32_t n = nodes_counted(self->inputs.items[i], sym, container);
      if (lr_is_failing(self, i)) fewest_failing = n < fewest_failing ? n : fewest_failing;
      else most_passing = n > most_passing ? n : most_passing;
    }
    uint32_t want[2] = {most_passing + 1, fewest_failing};
    for (int k = 0; k < 2 && m < max; k++)
      if (want[k] >= 2 && want[k] != UINT32_MAX && (k == 0 || want[1] != want[0]) &&
          (self->inputs.size > self->failing || k == 1) && (whole || want[k] > NTH_SMALL))
        (*out)[m++] = sd_format("%u", want[k]);
  }
  /* positions (ISLearn's: the second cell of a row is "b") */
  if (!whole || sym < 0 || (uint32_t)sym >= self->grammar->symbol_count)
    for (uint32_t i = 1; i <= NTH_SMALL && m < max; i++) (*out)[m++] = sd_format("%u", i);
  for (uint32_t i = 0; i < m; i++) (*out_len)[i] = (uint32_t)strlen((*out)[i]);
  *absent_from = m;
  return m;
}

/* Calls fn on the text of each element of the slot's nonterminals in tree
 * (k: the index of its nonterminal in the slot). */
typedef void (*SlotTextFn)(void *ctx, const LrSlot *s, uint32_t k, const char *txt, uint32_t len);
static void each_slot_text(const SdLearner *self, const LrSlot *s, const SdTree *tree, SlotTextFn fn, void *ctx) {
  for (uint32_t k = 0; k < s->sym_count; k++) {
    SdSymbol sym = s->syms[k];
    if (sym < 0 || (uint32_t)sym >= self->grammar->symbol_count) continue;
    for (uint32_t j = 0; j < tree->by_symbol_count[sym]; j++) {
      uint32_t len;
      const char *txt = sd_node_text(tree, tree->nodes[tree->by_symbol[sym][j]], &len);
      fn(ctx, s, k, txt, len);
    }
  }
}

/* Divisors for `str.to.int(x) mod <?INTEGER> = 0` (and its negation): 2
 * to 16, the powers of two to 65536, the powers of ten to 10000 and the
 * other periods of counts and clocks, 20, 24, 25, 30, 50 and 60 (sizes in
 * blocks, alignments, counts by the dozen, the score or the hundred: eggs
 * packed in trays of 20 were stated as "ends in 0" and "divisible by 4" of
 * separate lots, with no 20 to try), and the periods the failing inputs'
 * values share (common_divisors), each kept
 * where failing inputs have a nonzero value of the slot's nonterminals that
 * is a multiple of it more often than passing inputs do, or one that is no
 * multiple of it (shares of the failing and passing inputs); most
 * discriminating first, at most max. The values in failing inputs are no
 * divisors (a sheet of 6 labels fails at 12, 18 and 36 alike). */
static const int64_t DIVISORS[] = {2,    3,    4,    5,    6,     7,     8,     9,    10,  11,  12,  13,
                                   14,   15,   16,   20,   24,    25,    30,    32,   50,  60,  64,  100,
                                   128,  256,  512,  1000, 1024,  2048,  4096,  8192, 10000, 16384, 32768, 65536};
enum { LR_FIXED_DIVISORS = sizeof DIVISORS / sizeof *DIVISORS, LR_SHARED_DIVISORS = 8,
       LR_DIVISORS = LR_FIXED_DIVISORS + LR_SHARED_DIVISORS, LR_SHARED_VALUES = 48 };

typedef struct {
  const int64_t *divisors;
  uint32_t count;
  bool has[2][LR_DIVISORS]; /* [0] a multiple, [1] none */
} Multiples;

static bool slot_value(const LrSlot *s, uint32_t k, const char *txt, uint32_t len, int64_t *v) {
  if (s->how[k] == 1) {
    *v = len;
    return true;
  }
  return lr_parse_int(txt, len, v);
}

static void note_multiples(void *ctx, const LrSlot *s, uint32_t k, const char *txt, uint32_t len) {
  Multiples *m = ctx;
  int64_t v;
  if (!slot_value(s, k, txt, len, &v) || !v) return;
  for (uint32_t d = 0; d < m->count; d++) m->has[v % m->divisors[d] != 0][d] = true;
}

/* The distinct nonzero values of failing inputs, at most LR_SHARED_VALUES. */
typedef struct { int64_t values[LR_SHARED_VALUES]; uint32_t count; } ValueSet;
static void note_value(void *ctx, const LrSlot *s, uint32_t k, const char *txt, uint32_t len) {
  ValueSet *vs = ctx;
  int64_t v;
  if (vs->count == LR_SHARED_VALUES || !slot_value(s, k, txt, len, &v) || !v) return;
  if (v < 0) v = -v;
  for (uint32_t i = 0; i < vs->count; i++)
    if (vs->values[i] == v) return;
  vs->values[vs->count++] = v;
}

static int64_t gcd64(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b, b = t;
  }
  return a;
}

/* Periods outside the fixed list that the failing inputs' values share:
 * the greatest common divisors of two of them, those that recur (two pairs
 * at least), most frequent first, at most LR_SHARED_DIVISORS. A fan that
 * resonates at multiples of 125 rpm fails at 1125, 1500 and 2000, whose
 * pairs share 125, 375 and 500; scored with the fixed ones, 125 stands. */
static uint32_t common_divisors(SdLearner *self, const LrSlot *s, int64_t *out) {
  ValueSet vs = {.count = 0};
  for (uint32_t i = 0; i < self->inputs.size && vs.count < LR_SHARED_VALUES; i++)
    if (lr_is_failing(self, i)) each_slot_text(self, s, self->inputs.items[i], note_value, &vs);
  enum { CANDIDATES = 64 };
  int64_t cand[CANDIDATES];
  uint32_t hits[CANDIDATES], n = 0;
  for (uint32_t i = 0; i < vs.count; i++)
    for (uint32_t j = i + 1; j < vs.count; j++) {
      int64_t g = gcd64(vs.values[i], vs.values[j]);
      bool fixed = g < 2;
      for (uint32_t d = 0; d < LR_FIXED_DIVISORS && !fixed; d++) fixed = DIVISORS[d] == g;
      if (fixed) continue;
      uint32_t c = 0;
      while (c < n && cand[c] != g) c++;
      if (c == n && n < CANDIDATES) cand[n] = g, hits[n++] = 0;
      if (c < n) hits[c]++;
    }
  uint32_t kept = 0;
  for (uint32_t round = 0; round < LR_SHARED_DIVISORS; round++) {
    uint32_t best = UINT32_MAX;
    for (uint32_t c = 0; c < n; c++)
      if (hits[c] >= 2 && (best == UINT32_MAX || hits[c] > hits[best] || (hits[c] == hits[best] && cand[c] < cand[best])))
        best = c;
    if (best == UINT32_MAX) break;
    out[kept++] = cand[best];
    hits[best] = 0;
  }
  return kept;
}

/* The distinct nonzero values of one side's inputs (failing or passing),
 * at most LR_SIDE_VALUES. */
enum { LR_SIDE_VALUES = 256 };
typedef struct { int64_t values[LR_SIDE_VALUES]; uint32_t count; } SideValues;

static void note_side_value(void *ctx, const LrSlot *s, uint32_t k, const char *txt, uint32_t len) {
  SideValues *vs = ctx;
  int64_t v;
  if (vs->count == LR_SIDE_VALUES || !slot_value(s, k, txt, len, &v) || !v) return;
  for (uint32_t i = 0; i < vs->count; i++)
    if (vs->values[i] == v) return;
  vs->values[vs->count++] = v;
}

static bool side_has(const SideValues *vs, int64_t v) {
  for (uint32_t i = 0; i < vs->count; i++)
    if (vs->values[i] == v) return true;
  return false;
}

/* For each divisor, the share of failing inputs that hold a value seen in
 * failing inputs only and a multiple of it, less the share of passing
 * inputs that hold such a value seen in passing inputs only. An element
 * every input holds (the given failing input's other sizes: 128, a
 * multiple of 64, beside 1344 that fails) makes a multiple as common in
 * passing inputs as in failing ones; the values that differ tell the
 * period (slaballoc: requests above 1000 bytes in pages of 64). */
typedef struct {
  const SideValues *other; /* the other side's values */
  const int64_t *divisors;
  uint32_t count;
  bool has[LR_DIVISORS];
} Exclusive;

static void note_exclusive(void *ctx, const LrSlot *s, uint32_t k, const char *txt, uint32_t len) {
  Exclusive *x = ctx;
  int64_t v;
  if (!slot_value(s, k, txt, len, &v) || !v || side_has(x->other, v)) return;
  if (v < 0) v = -v;
  for (uint32_t d = 0; d < x->count; d++) x->has[d] |= v % x->divisors[d] == 0;
}

static void exclusive_scores(SdLearner *self, const LrSlot *s, const int64_t *divisors, uint32_t nd, double *out) {
  SideValues *side = sd_xcalloc(2, sizeof *side);
  for (uint32_t i = 0; i < self->inputs.size; i++)
    each_slot_text(self, s, self->inputs.items[i], note_side_value, &side[lr_is_failing(self, i) ? 0 : 1]);
  uint32_t with[2][LR_DIVISORS] = {{0}}, inputs[2] = {0, 0};
  for (uint32_t i = 0; i < self->inputs.size; i++) {
    int k = lr_is_failing(self, i) ? 0 : 1;
    Exclusive x = {.other = &side[1 - k], .divisors = divisors, .count = nd};
    each_slot_text(self, s, self->inputs.items[i], note_exclusive, &x);
    inputs[k]++;
    for (uint32_t d = 0; d < nd; d++) with[k][d] += x.has[d];
  }
  for (uint32_t d = 0; d < nd; d++)
    out[d] = inputs[0] < 2 || inputs[1] < 1 ? 0 : (double)with[0][d] / inputs[0] - (double)with[1][d] / inputs[1];
  free(side);
}

static uint32_t divisor_values(SdLearner *self, const LrSlot *s, uint32_t max, char ***out, uint32_t **out_len) {
  int64_t divisors[LR_DIVISORS];
  memcpy(divisors, DIVISORS, sizeof DIVISORS);
  uint32_t nd = LR_FIXED_DIVISORS + common_divisors(self, s, divisors + LR_FIXED_DIVISORS);
  uint32_t fail[2][LR_DIVISORS] = {{0}}, pass[2][LR_DIVISORS] = {{0}};
  for (uint32_t i = 0; i < self->inputs.size; i++) {
    Multiples ms = {.divisors = divisors, .count = nd};
    each_slot_text(self, s, self->inputs.items[i], note_multiples, &ms);
    for (int m = 0; m < 2; m++)
      for (uint32_t d = 0; d < nd; d++)
        if (ms.has[m][d]) (lr_is_failing(self, i) ? fail[m] : pass[m])[d]++;
  }
  double F = self->failing ? self->failing : 1, P = self->inputs.size > self->failing ? self->inputs.size - self->failing : 1;
  double score[LR_DIVISORS], exclusive[LR_DIVISORS];
  exclusive_scores(self, s, divisors, nd, exclusive);
  uint32_t order[LR_DIVISORS], n = 0;
  for (uint32_t d = 0; d < nd; d++) {
    double a = fail[0][d] / F - pass[0][d] / P, b = fail[1][d] / F - pass[1][d] / P;
    score[d] = a > b ? a : b;
    if (exclusive[d] > score[d]) score[d] = exclusive[d];
    if (score[d] <= 0) continue;
    uint32_t at = n++;
    while (at > 0 && (score[order[at - 1]] < score[d] ||
                      (score[order[at - 1]] == score[d] && divisors[order[at - 1]] > divisors[d]))) {
      /* the smaller divisor first on ties */
      order[at] = order[at - 1];
      at--;
    }
    order[at] = d;
  }
  if (n > max) n = max;
  *out = sd_xcalloc(n ? n : 1, sizeof(char *));
  *out_len = sd_xcalloc(n ? n : 1, sizeof(uint32_t));
  for (uint32_t k = 0; k < n; k++) {
    char buf[24];
    int len = snprintf(buf, sizeof buf, "%lld", (long long)divisors[order[k]]);
    (*out)[k] = sd_xstrndup(buf, (uint32_t)len);
    (*out_len)[k] = (uint32_t)len;
  }
  return n;
}

/* Puts the k first of items[0, n) under cmp (a total order: the value
 * comparisons end with the text) in order at the front; the rest follow in
 * no order. A slot holds thousands of values where a dozen are kept (every
 * substring of an expression's elements): sorting them all was 3% of the
 * expression example's instructions. */
static void select_best(ValueCount *items, uint32_t n, uint32_t k, int (*cmp)(const void *, const void *)) {
  if (k > n) k = n;
  if (!k) return;
  uint32_t have = 0; /* items[0, have) sorted: the best so far */
  for (uint32_t i = 0; i < n; i++) {
    if (have == k && cmp(&items[i], &items[k - 1]) >= 0) continue;
    ValueCount v = items[i];
    uint32_t at = have < k ? have++ : k - 1;
    if (i != at) items[i] = items[at]; /* the displaced one (or the k-th, dropped) takes i's place */
    while (at > 0 && cmp(&v, &items[at - 1]) < 0) {
      items[at] = items[at - 1];
      at--;
    }
    items[at] = v;
  }
}

/* Strings (or numbers, as text) a slot may take, best first; at most max,
 * then at most max_absent values never seen in a failing input but in many
 * passing ones (for absence: their negations); *absent_from is where those
 * start. A slot under a `not` keeps every value and ranks half of them by
 * passing inputs instead (by_passing_discrimination). */
static uint32_t slot_values(SdLearner *self, const SdConstraint *t_c, const LrSlot *s, uint32_t max, uint32_t max_absent,
                            char ***out, uint32_t **out_len, uint32_t *absent_from) {
  if (s->atom_op == SD_OP_NTH) return nth_positions(self, t_c, s, max, out, out_len, absent_from);
  if (s->divisor) {
    uint32_t n = divisor_values(self, s, max < 4 ? max : 4, out, out_len);
    *absent_from = n;
    return n;
  }
  LrValueCache *cache = value_cache(self, s);
  scan_values(self, s, &cache->vt, cache->upto);
  cache->upto = self->inputs.size;
  /* the selection works on a copy of the counts (their texts are the
     cache's; those returned are copied) */
  ValueTable vt = {0};
  for (uint32_t i = 0; i < cache->vt.items.size; i++) array_push(&vt.items, cache->vt.items.items[i]);
  /* drop values never seen in a failing input (keeping frequent passing
     ones apart, for absence), unless the slot is under a `not`; a piece
     across two fields (across_fields) only for absence or under a `not`:
     "e of" of "set cache off" states the absence of that pair, which no
     pattern over two fields does */
  uint32_t kept = 0;
  uint32_t P = self->inputs.size - self->failing;
  uint32_t often = P / 10 > 2 ? P / 10 : 2;
  Array(ValueCount) absent = {0};
  for (uint32_t i = 0; i < vt.items.size; i++) {
    ValueCount *v = &vt.items.items[i];
    if ((v->fail && !v->across) || !self->failing || s->negated) vt.items.items[kept++] = *v;
    else if (max_absent && !v->fail && v->pass >= often) array_push(&absent, *v);
  }
  vt.items.size = kept;
  sort_learner = self;
  /* half by discrimination, the rest by frequency in failing inputs; under
     a `not`, half by how much more often passing inputs hold the value
     (an nfs mount whose options lack "_netdev": failing inputs hold
     "_netdev" in other entries, and "e", frequent in failing ones, came
     first), the rest as usual */
  uint32_t half = self->inputs.size > self->failing ? (max + 1) / 2 : 0;
  if (half > kept) half = kept;
  uint32_t m = kept < max ? kept : max;
  select_best(vt.items.items, kept, half, s->negated ? by_passing_discrimination : by_discrimination);
  select_best(vt.items.items + half, kept - half, m - half, by_frequency);
  uint32_t ma = absent.size < max_absent ? absent.size : max_absent;
  select_best(absent.items, absent.size, ma, by_passing);
  uint32_t room = m + LR_AFFIX_GROWN * m + ma; /* each value may bring its extensions */
  *out = sd_xcalloc(room ? room : 1, sizeof(char *));
  *out_len = sd_xcalloc(room ? room : 1, sizeof(uint32_t));
  for (uint32_t i = 0; i < m; i++) {
    (*out)[i] = sd_xstrndup(vt.items.items[i].text, vt.items.items[i].len);
    (*out_len)[i] = vt.items.items[i].len;
  }
  uint32_t n = m + extensions(self, s, cache, *out, *out_len, m);
  for (uint32_t i = 0; i < ma; i++) {
    (*out)[n + i] = sd_xstrndup(absent.items[i].text, absent.items[i].len);
    (*out_len)[n + i] = absent.items[i].len;
  }
  array_free(&absent);
  *absent_from = n;
  m = n;
  array_free(&vt.items);
  return m + ma;
}

/* ---------- threshold search ---------- */

/* The template as its slots read now, on input, evaluated or from the
 * memo. What a probe changes is in the key: each slot's literal (its text,
 * and its kind: a real bound is written as a decimal, probe_real) and the
 * operator of its atom (a point's `=` read as an ordering, flip_as);
 * another slot may hold a text while the first is probed. */
static uint64_t template_key(const LrTemplate *t) {
  uint64_t h = t->text_hash;
  for (uint32_t i = 0; i < t->slot_count; i++) {
    const LrSlot *s = &t->slots[i];
    if (!s->term) continue;
    uint32_t ops[3] = {(uint32_t)s->term->op, (uint32_t)s->term->type, s->atom ? (uint32_t)s->atom->op : 0};
    h = sd_hash_bytes(s->term->text, s->term->length, h ^ (0x510 + i));
    h = sd_hash_bytes(ops, sizeof ops, h);
  }
  return h;
}

static bool template_holds(SdLearner *self, LrTemplate *t, uint32_t input) {
  if (!self->memo) return lr_eval(self, t->c, input);
  return memo_eval(self, t->c, lr_memo_record(self->memo, template_key(t)), input);
}

static bool probe_text(SdLearner *self, LrTemplate *t, const char *k, uint32_t len,
                       uint32_t input) {
  LrSlot *s = &t->slots[0];
  s->term->text = k;
  s->term->length = len;
  bool r = template_holds(self, t, input);
  s->term->text = s->sentinel_text;
  s->term->length = s->sentinel_len;
  return r;
}

static bool probe(SdLearner *self, LrTemplate *t, int64_t k, uint32_t input) {
  int l = snprintf(t->probe, sizeof t->probe, "%lld", (long long)k);
  return probe_text(self, t, t->probe, (uint32_t)l, input);
}

/* A text's number as the evaluator reads it (int(float(text))): 1 and *v
 * when it has at most 17 digits (as lr_parse_int's numerals), 2 and its
 * digits when it has more, 0 when the text is no number. */
static int read_number(const char *txt, uint32_t len, int64_t *v, uint32_t *digits) {
  if (lr_parse_int(txt, len, v)) { /* a plain numeral: the same either way */
    *digits = len;
    return 1;
  }
  SdArena scratch = {0};
  SdDec d;
  SdInt iv;
  int r = 0;
  if (sd_dec_parse_numeral(&scratch, txt, len, &d) && sd_dec_to_int(&scratch, d, &iv)) {
    *digits = sd_int_digits(iv);
    r = *digits <= 17 && sd_int_to_i64(iv, v) ? 1 : 2;
  }
  sd_arena_free(&scratch);
  return r;
}

/* Range of the measured values in one input; false if none. Also the sum of
 * their magnitudes (saturating: the range of sums and differences), the most
 * digits of a numeral, and whether some numeral does not fit in int64. */
static bool input_range(SdLearner *self, const LrSlot *s, uint32_t input, int64_t *lo,
                        int64_t *hi, int64_t *sum, uint32_t *digits, bool *big) {
  const SdTree *tree = self->inputs.items[input];
  bool any = false;
  *sum = 0, *digits = 1, *big = false;
  for (uint32_t k = 0; k < s->sym_count; k++) {
    SdSymbol sym = s->syms[k];
    uint32_t count = tree->by_symbol_count[sym];
    for (uint32_t j = 0; j < count; j++) {
      const SdNode *node = tree->nodes[tree->by_symbol[sym][j]];
      uint32_t len;
      const char *txt = sd_node_text(tree, node, &len);
      int64_t v;
      uint32_t nd;
      if (s->how[k] == 1) v = sd_str_chars(txt, len, sd_utf8_valid(txt, len)); /* as the evaluator counts */
      else if (s->how[k] == 2) {
        int r = read_number(txt, len, &v, &nd);
        if (r != 1) {
          if (r == 2) {
            *big = true;
            if (nd > *digits) *digits = nd;
          }
          continue;
        }
      } else {
        int64_t w;
        v = sd_str_chars(txt, len, sd_utf8_valid(txt, len));
        if (read_number(txt, len, &w, &nd) == 1) {
          if (!any || w < *lo) *lo = w;
          if (!any || w > *hi) *hi = w;
          any = true;
        }
      }
      if (!any || v < *lo) *lo = v;
      if (!any || v > *hi) *hi = v;
      any = true;
      int64_t m = v < 0 ? -v : v;
      *sum = *sum > INT64_MAX / 4 - m ? INT64_MAX / 4 : *sum + m;
      uint32_t d = 1;
      for (int64_t q = m; q >= 10; q /= 10) d++;
      if (d > *digits) *digits = d;
    }
  }
  return any || *big;
}

/* ---- decimal numerals of any size (threshold search beyond int64) ---- */

/* x + delta (delta = 1 or -1) for a normalised numeral; malloc'd. */
static char *num_step(const char *x, int delta) {
  bool neg = x[0] == '-';
  const char *m = neg ? x + 1 : x;
  size_t n = strlen(m);
  bool up = (delta > 0) != neg; /* the magnitude grows */
  if (!up && n == 1 && m[0] == '0') return sd_xstrdup("-1"); /* 0 - 1 */
  char *r = sd_xmalloc(n + 3);
  char *d = r + 2;
  memcpy(d, m, n + 1);
  size_t i = n;
  if (up) {
    while (i > 0 && d[i - 1] == '9') d[--i] = '0';
    if (i == 0) *--d = '1';
    else d[i - 1]++;
  } else {
    while (d[i - 1] == '0') d[--i] = '9';
    d[i - 1]--;
    while (d[0] == '0' && d[1]) d++;
  }
  bool zero = d[0] == '0' && !d[1];
  if (neg && !zero) *--d = '-';
  char *out = sd_xstrdup(d);
  free(r);
  return out;
}

/* The smallest m in [0, 10^digits) for which truth(sign m) == want, digit by
 * digit (truth is monotone in m and holds at 10^digits - 1). */
static char *smallest(SdLearner *self, LrTemplate *t, uint32_t input, bool neg, uint32_t digits,
                      bool want) {
  char *buf = sd_xmalloc(digits + 2);
  char *d = buf + 1;
  buf[0] = '-';
  memset(d, '9', digits);
  d[digits] = 0;
  char *tmp = sd_xmalloc(digits + 2);
  for (uint32_t pos = 0; pos < digits; pos++) {
    int lo = 0, hi = 9; /* the digit at pos is the smallest c with truth(prefix c 9..9) */
    while (lo < hi) {
      int mid = (lo + hi) / 2;
      d[pos] = (char)('0' + mid);
      const char *p = d;
      while (p[0] == '0' && p[1]) p++;
      bool zero = p[0] == '0' && !p[1];
      size_t l = strlen(p), o = 0;
      if (neg && !zero) tmp[o++] = '-';
      memcpy(tmp + o, p, l + 1);
      if (probe_text(self, t, tmp, (uint32_t)(l + o), input) == want) hi = mid;
      else lo = mid + 1;
    }
    d[pos] = (char)('0' + lo);
  }
  const char *p = d;
  while (p[0] == '0' && p[1]) p++;
  char *out = neg && !(p[0] == '0' && !p[1]) ? sd_format("-%s", p) : sd_xstrdup(p);
  free(buf);
  free(tmp);
  return out;
}

/* find_flip for inputs whose numbers do not fit in int64. */
static LrFlip find_flip_big(SdLearner *self, LrTemplate *t, uint32_t input, uint32_t digits) {
  LrFlip f = {0};
  char *nines = sd_xmalloc(digits + 2);
  nines[0] = '-';
  memset(nines + 1, '9', digits);
  nines[digits + 1] = 0;
  bool tn = probe_text(self, t, nines, digits + 1, input);
  bool tp = probe_text(self, t, nines + 1, digits, input);
  bool t0 = probe_text(self, t, "0", 1, input);
  free(nines);
  if (tn == tp) {
    f.kind = tp ? LR_TRUE : LR_FALSE;
    return f;
  }
  char *c;
  if (tp != t0) { /* on the positive side: the first k > 0 where truth is tp */
    c = smallest(self, t, input, false, digits, tp);
    if (tp) f.kind = LR_AT_LEAST; /* true iff k >= c */
    else {
      f.kind = LR_AT_MOST; /* true iff k <= c - 1 */
      char *d = num_step(c, -1);
      free(c);
      c = d;
    }
  } else { /* on the negative side: the first -m where truth is tn */
    c = smallest(self, t, input, true, digits, tn);
    if (tn) f.kind = LR_AT_MOST; /* true iff k <= -m */
    else {
      f.kind = LR_AT_LEAST; /* true iff k >= -m + 1 */
      char *d = num_step(c, 1);
      free(c);
      c = d;
    }
  }
  int64_t v;
  if (lr_parse_int(c, (uint32_t)strlen(c), &v)) {
    f.c = v;
    free(c);
  } else {
    f.big = c;
  }
  return f;
}

/* Where the truth flips for one input without probing, for the commonest
 * templates: one quantifier over the whole input whose body compares the
 * bound with the value or length of its own element (`exists <x> e:
 * str.to.int(e) > K`). The flip is then at the largest or smallest measure
 * (a non-numeral's str.to.int makes its atom false). False when t is not
 * such a template, or a value does not fit in int64 (the probes decide).
 * Probing took a third of middle's own CPU (numbers of 20 digits: 70 probes
 * an input and template). */
#define LR_BOUND_DIGITS 200 /* digits of the bounds searched */

/* f's bound: in c when it has 17 digits or fewer (as the probes give it),
 * else as a numeral in big. */
static void set_flip_bound(LrFlip *f, SdInt bound) {
  char *text = sd_int_to_text(bound);
  int64_t small;
  if (lr_parse_int(text, (uint32_t)strlen(text), &small)) {
    f->c = small;
    free(text);
  } else {
    f->big = text;
  }
}

/* When t is one quantifier over the whole input whose one atom orders a
 * function m of its own element against the bound: the quantifier, m and
 * the order read as `m op K`; NULL otherwise. */
static const SdFormula *one_measure(const LrTemplate *t, const SdTerm **m, SdOp *op) {
  const SdFormula *q = t->c->root;
  if ((q->kind != SD_F_EXISTS && q->kind != SD_F_FORALL) || q->in_var >= 0 || q->match || q->child_count != 1 ||
      q->children[0]->kind != SD_F_ATOM || t->slot_count != 1 || !t->slots[0].term)
    return NULL;
  const SdTerm *a = q->children[0]->atom, *k = t->slots[0].term;
  if (a->arg_count != 2 || (a->args[0] != k && a->args[1] != k)) return NULL;
  *m = a->args[0] == k ? a->args[1] : a->args[0];
  *op = a->op;
  if (a->args[0] == k) /* K op m: read as m op' K */
    *op = *op == SD_OP_LT ? SD_OP_GT : *op == SD_OP_GT ? SD_OP_LT : *op == SD_OP_LE ? SD_OP_GE : *op == SD_OP_GE ? SD_OP_LE : *op;
  if ((*op != SD_OP_LT && *op != SD_OP_LE && *op != SD_OP_GT && *op != SD_OP_GE) || (*m)->arg_count != 1 ||
      (*m)->args[0]->op != SD_OP_VAR || (*m)->args[0]->var != q->var)
    return NULL;
  return q;
}

static bool closed_flip(SdLearner *self, LrTemplate *t, uint32_t input, LrFlip *f) {
  const SdConstraint *c = t->c;
  const SdTerm *m;
  SdOp op;
  const SdFormula *q = one_measure(t, &m, &op);
  if (!q || (m->op != SD_OP_STR_TO_INT && m->op != SD_OP_STR_LEN && m->op != SD_OP_ARITH_VALUE)) return false;
  SdSymbol sym = c->variables[q->var].symbol;
  if (sym < 0) return false;
  const SdTree *tree = self->inputs.items[input];
  bool exists = q->kind == SD_F_EXISTS, any = false;
  SdInt lo = sd_int_small(0), hi = sd_int_small(0);
  SdArena scratch = {0};
  for (uint32_t j = 0; j < tree->by_symbol_count[sym]; j++) {
    uint32_t len;
    const char *txt = sd_node_text(tree, tree->nodes[tree->by_symbol[sym][j]], &len);
    SdInt v = sd_int_small(sd_str_chars(txt, len, sd_utf8_valid(txt, len))); /* characters, as the evaluator counts */
    int64_t computed;
    if (m->op == SD_OP_ARITH_VALUE) {
      if (!sd_arith_value(txt, len, &computed)) {
        if (exists) continue; /* undefined: its atom is false */
        sd_arena_free(&scratch);
        f->kind = LR_FALSE;
        return true;
      }
      v = sd_int_small(computed);
    } else if (m->op == SD_OP_STR_TO_INT) { /* as the evaluator reads it: int(float(text)) */
      SdDec d;
      if (!sd_dec_parse_numeral(&scratch, txt, len, &d) || !sd_dec_to_int(&scratch, d, &v)) {
        if (exists) continue; /* its atom is false */
        sd_arena_free(&scratch);
        f->kind = LR_FALSE;
        return true;
      }
      if (sd_int_digits(v) > LR_BOUND_DIGITS - 2) { /* beyond the bounds searched: probed */
        sd_arena_free(&scratch);
        return false;
      }
    }
    if (!any || sd_int_cmp(v, lo) < 0) lo = v;
    if (!any || sd_int_cmp(v, hi) > 0) hi = v;
    any = true;
  }
  if (!any) {
    sd_arena_free(&scratch);
    f->kind = exists ? LR_FALSE : LR_TRUE;
    return true;
  }
  SdInt ext = (op == SD_OP_GT || op == SD_OP_GE) == exists ? hi : lo; /* the measure that decides */
  int64_t step = op == SD_OP_GT ? -1 : op == SD_OP_LT ? 1 : 0;     /* ext > K: K <= ext - 1; ext < K: K >= ext + 1 */
  f->kind = op == SD_OP_GT || op == SD_OP_GE ? LR_AT_MOST : LR_AT_LEAST;
  set_flip_bound(f, sd_int_add(&scratch, ext, sd_int_small(step)));
  sd_arena_free(&scratch);
  return true;
}

/* ---- decimal bounds (str.to.real(e) compared with the bound) ---- */

/* Bounds of a decimal value are searched in units of 10^-LR_REAL_DIGITS
 * (a thermostat failing above 37.5 degrees: "str.to.real(t) > 37.5", where
 * integer bounds gave "> 37", precision 0.98). */
#define LR_REAL_DIGITS 6

/* Is t one quantifier over the whole input whose one atom compares the
 * bound with str.to.real of its own element? (Its flips are read off the
 * values, in units of 10^-LR_REAL_DIGITS.) */
static bool real_template(LrTemplate *t) {
  if (t->real) return t->real == 2;
  const SdTerm *m;
  SdOp op;
  t->real = one_measure(t, &m, &op) && m->op == SD_OP_STR_TO_REAL ? 2 : 1;
  return t->real == 2;
}

/* A bound in units of 10^-LR_REAL_DIGITS (a numeral) as a decimal: "37.5". */
static char *real_bound_text(const char *units) {
  SdArena scratch = {0};
  SdInt v;
  char *out;
  if (sd_int_parse(&scratch, units, strlen(units), &v)) {
    SdDec d = {v, -LR_REAL_DIGITS};
    out = sd_dec_to_text(d);
  } else {
    out = sd_xstrdup(units);
  }
  sd_arena_free(&scratch);
  return out;
}

/* probe_text for a real template: the bound (units) written as a decimal
 * literal while the evaluator reads it. */
static bool probe_real(SdLearner *self, LrTemplate *t, const char *units, uint32_t input) {
  char *text = real_bound_text(units);
  SdTerm *term = t->slots[0].term;
  SdOp op = term->op;
  SdType type = term->type;
  term->op = SD_OP_DECIMAL, term->type = SD_TYPE_REAL;
  bool r = probe_text(self, t, text, (uint32_t)strlen(text), input);
  term->op = op, term->type = type;
  free(text);
  return r;
}

/* The flip of a real template on one input: at the greatest or least value
 * (the one that decides), scaled, rounded the way the comparison asks. */
static void closed_flip_real(SdLearner *self, LrTemplate *t, uint32_t input, LrFlip *f) {
  const SdConstraint *c = t->c;
  const SdTerm *m;
  SdOp op;
  const SdFormula *q = one_measure(t, &m, &op); /* real_template(t) holds */
  SdSymbol sym = c->variables[q->var].symbol;
  const SdTree *tree = self->inputs.items[input];
  bool exists = q->kind == SD_F_EXISTS, any = false;
  SdArena scratch = {0};
  SdDec lo = {sd_int_small(0), 0}, hi = lo;
  for (uint32_t j = 0; sym >= 0 && j < tree->by_symbol_count[sym]; j++) {
    uint32_t len;
    const char *txt = sd_node_text(tree, tree->nodes[tree->by_symbol[sym][j]], &len);
    SdDec v;
    if (!sd_dec_parse_numeral(&scratch, txt, len, &v)) {
      if (exists) continue; /* its atom is false */
      sd_arena_free(&scratch);
      f->kind = LR_FALSE;
      return;
    }
    if (!any || sd_dec_cmp(&scratch, v, lo) < 0) lo = v;
    if (!any || sd_dec_cmp(&scratch, v, hi) > 0) hi = v;
    any = true;
  }
  if (!any) {
    sd_arena_free(&scratch);
    f->kind = exists ? LR_FALSE : LR_TRUE;
    return;
  }
  bool up = op == SD_OP_GT || op == SD_OP_GE;
  SdDec ext = up == exists ? hi : lo, scaled, unit = {sd_int_small(1), LR_REAL_DIGITS};
  SdInt whole;
  sd_dec_mul(&scratch, ext, unit, &scaled);
  sd_dec_to_int(&scratch, scaled, &whole); /* toward zero */
  bool exact = sd_dec_cmp(&scratch, sd_dec_from_int(whole), scaled) == 0;
  int sign = sd_dec_cmp(&scratch, scaled, (SdDec){sd_int_small(0), 0});
  SdInt floor_v = !exact && sign < 0 ? sd_int_sub(&scratch, whole, sd_int_small(1)) : whole;
  SdInt ceil_v = !exact && sign > 0 ? sd_int_add(&scratch, whole, sd_int_small(1)) : whole;
  /* K = k units: ext > K iff k <= ceil - 1; ext >= K iff k <= floor;
     ext < K iff k >= floor + 1; ext <= K iff k >= ceil */
  SdInt bound = op == SD_OP_GT ? sd_int_sub(&scratch, ceil_v, sd_int_small(1))
                : op == SD_OP_GE ? floor_v
                : op == SD_OP_LT ? sd_int_add(&scratch, floor_v, sd_int_small(1))
                                 : ceil_v;
  f->kind = up ? LR_AT_MOST : LR_AT_LEAST;
  set_flip_bound(f, bound);
  sd_arena_free(&scratch);
}

/* A linear form of measures: sum of coef * measure(var) + k_coef * K. */
typedef struct LrLinear {
  int k_coef;
  struct { int coef; SdOp measure; int32_t var; } terms[2];
  uint32_t count;
} LrLinear;

static bool linear_of(const SdTerm *t, const SdTerm *k, int sign, LrLinear *out) {
  if (t == k) {
    out->k_coef += sign;
    return true;
  }
  if ((t->op == SD_OP_ADD || t->op == SD_OP_SUB) && t->arg_count == 2)
    return linear_of(t->args[0], k, sign, out) && linear_of(t->args[1], k, t->op == SD_OP_SUB ? -sign : sign, out);
  if ((t->op == SD_OP_STR_TO_INT || t->op == SD_OP_STR_LEN) && t->arg_count == 1 && t->args[0]->op == SD_OP_VAR &&
      out->count < 2) {
    out->terms[out->count].coef = sign;
    out->terms[out->count].measure = t->op;
    out->terms[out->count++].var = t->args[0]->var;
    return true;
  }
  return false;
}

typedef Array(SdInt) IntList;

/* Every measure of var's elements in tree (inside scope, when not NULL),
 * in *out (scratch); false when one has more digits than the bounds
 * searched. Non-numerals have no value (their atoms are false for every
 * bound). */
static bool measures_of(const SdConstraint *c, const SdTree *tree, const SdNode *scope, int32_t var, SdOp measure,
                        SdArena *scratch, IntList *out) {
  SdSymbol sym = c->variables[var].symbol;
  uint32_t first = 0, count = sym >= 0 ? tree->by_symbol_count[sym] : 0;
  if (scope && sym >= 0) first = sd_tree_range(tree, sym, scope, &count);
  for (uint32_t j = first; j < first + count; j++) {
    uint32_t len;
    const char *txt = sd_node_text(tree, tree->nodes[tree->by_symbol[sym][j]], &len);
    SdInt v = sd_int_small(sd_str_chars(txt, len, sd_utf8_valid(txt, len))); /* characters, as the evaluator counts */
    if (measure == SD_OP_STR_TO_INT) { /* as the evaluator reads it: int(float(text)) */
      SdDec d;
      if (!sd_dec_parse_numeral(scratch, txt, len, &d) || !sd_dec_to_int(scratch, d, &v)) continue;
      if (sd_int_digits(v) > LR_BOUND_DIGITS - 4) return false;
    }
    array_push(out, v);
  }
  return true;
}

/* The least and greatest measure of var's elements in tree (inside scope,
 * when not NULL; as the evaluator reads them); false when none has one (a
 * non-numeral's str.to.int makes its atom false) or one is beyond the
 * bounds searched. */
static bool measure_range(const SdConstraint *c, const SdTree *tree, const SdNode *scope, int32_t var, SdOp measure,
                          SdArena *scratch, SdInt *lo, SdInt *hi, bool *beyond) {
  IntList values = {0};
  *beyond = !measures_of(c, tree, scope, var, measure, scratch, &values);
  bool any = !*beyond && values.size;
  for (uint32_t i = 0; any && i < values.size; i++) {
    if (!i || sd_int_cmp(values.items[i], *lo) < 0) *lo = values.items[i];
    if (!i || sd_int_cmp(values.items[i], *hi) > 0) *hi = values.items[i];
  }
  array_free(&values);
  return any;
}

/* The atom of a template that is two exists over the whole input around
 * one atom holding its one bound (q1 the outer quantifier, q2 the inner);
 * NULL otherwise. */
static const SdTerm *pair_atom(const LrTemplate *t, const SdFormula **q1, const SdFormula **q2) {
  const SdFormula *f = t->c->root;
  if (f->kind != SD_F_EXISTS || f->in_var >= 0 || f->match || f->child_count != 1) return NULL;
  const SdFormula *g = f->children[0];
  if (g->kind != SD_F_EXISTS || g->in_var >= 0 || g->match || g->child_count != 1 ||
      g->children[0]->kind != SD_F_ATOM || t->slot_count != 1 || !t->slots[0].term)
    return NULL;
  *q1 = f, *q2 = g;
  return g->children[0]->atom;
}

/* closed_flip for two exists over the whole input whose atom compares a sum
 * or difference of their measures with the bound (the catalog's "Sum
 * above", "Difference above", "Length field exceeds by"): every pair of
 * elements is tried (one element may stand for both), so the flip is at
 * the extreme of each measure, the greatest or least as its sign and the
 * comparison ask. Probing such sums of numbers beyond int64 took a quarter
 * of the expression example's CPU (digit by digit, up to 200 digits). */
static bool closed_flip_pair(SdLearner *self, LrTemplate *t, uint32_t input, LrFlip *f) {
  const SdConstraint *c = t->c;
  const SdFormula *q1, *q2;
  const SdTerm *a = pair_atom(t, &q1, &q2), *k = t->slots[0].term;
  if (!a) return false;
  SdOp op = a->op;
  if (a->arg_count != 2 || (op != SD_OP_LT && op != SD_OP_LE && op != SD_OP_GT && op != SD_OP_GE)) return false;
  LrLinear lin = {0};
  if (!linear_of(a->args[0], k, 1, &lin) || !linear_of(a->args[1], k, -1, &lin) || lin.count != 2 ||
      (lin.k_coef != 1 && lin.k_coef != -1) || lin.terms[0].var == lin.terms[1].var)
    return false;
  for (uint32_t i = 0; i < 2; i++)
    if (lin.terms[i].var != q1->var && lin.terms[i].var != q2->var) return false;
  /* M + k_coef K op 0 with M the measures' sum: read as m op' K */
  int flip = lin.k_coef == -1 ? 1 : -1; /* m = flip * M */
  if (lin.k_coef == 1) op = op == SD_OP_LT ? SD_OP_GT : op == SD_OP_GT ? SD_OP_LT : op == SD_OP_LE ? SD_OP_GE : SD_OP_LE;
  bool want_max = op == SD_OP_GT || op == SD_OP_GE; /* some pair's m above K: the greatest m decides */
  const SdTree *tree = self->inputs.items[input];
  SdArena scratch = {0};
  SdInt ext = sd_int_small(0);
  for (uint32_t i = 0; i < 2; i++) {
    SdInt lo, hi;
    bool beyond;
    if (!measure_range(c, tree, NULL, lin.terms[i].var, lin.terms[i].measure, &scratch, &lo, &hi, &beyond)) {
      sd_arena_free(&scratch);
      if (beyond) return false;
      f->kind = LR_FALSE; /* no pair has both measures */
      return true;
    }
    bool up = (lin.terms[i].coef * flip > 0) == want_max; /* this measure's greatest makes m greatest */
    SdInt v = up ? hi : lo;
    ext = lin.terms[i].coef * flip > 0 ? sd_int_add(&scratch, ext, v) : sd_int_sub(&scratch, ext, v);
  }
  int64_t step = op == SD_OP_GT ? -1 : op == SD_OP_LT ? 1 : 0;
  f->kind = want_max ? LR_AT_MOST : LR_AT_LEAST;
  set_flip_bound(f, sd_int_add(&scratch, ext, sd_int_small(step)));
  sd_arena_free(&scratch);
  return true;
}

/* The parts of a record template with a text and a bound (the catalog's
 * "Record value above with a text": `exists <C> c in start: ((exists <X> e
 * in c: [not] e = "S") and (exists <V> v in c: str.to.int(v) op K))`): the
 * container's variable, the text's quantifier, whether it is negated and
 * its literal, and the bound's atom; false for any other shape. */
typedef struct RecordText {
  const SdFormula *container, *text_q, *value_q;
  const SdTerm *literal, *bound_atom;
  bool negated;
} RecordText;

static bool text_equality(const SdFormula *body, int32_t var, RecordText *r) {
  r->negated = body->kind == SD_F_NOT;
  if (r->negated) body = body->child_count == 1 ? body->children[0] : NULL;
  if (!body || body->kind != SD_F_ATOM || !body->atom || body->atom->op != SD_OP_EQ || body->atom->arg_count != 2)
    return false;
  const SdTerm *a = body->atom->args[0], *b = body->atom->args[1];
  if (a->op == SD_OP_STRING) a = b, b = body->atom->args[0];
  if (a->op != SD_OP_VAR || a->var != var || b->op != SD_OP_STRING) return false;
  r->literal = b;
  return true;
}

static bool record_text_parts(const LrTemplate *t, RecordText *r) {
  const SdFormula *f = t->c->root;
  if (!f || f->kind != SD_F_EXISTS || f->in_var >= 0 || f->match || f->child_count != 1 || !t->slot_count ||
      !t->slots[0].term)
    return false;
  const SdFormula *both = f->children[0];
  if (both->kind != SD_F_AND || both->child_count != 2) return false;
  r->container = f;
  r->text_q = r->value_q = NULL;
  for (uint32_t i = 0; i < 2; i++) {
    const SdFormula *q = both->children[i];
    if (q->kind != SD_F_EXISTS || q->in_var != f->var || q->match || q->child_count != 1) return false;
    const SdFormula *body = q->children[0];
    const SdTerm *a = body->kind == SD_F_ATOM ? body->atom : NULL;
    if (a && a->arg_count == 2 && a->args[1] == t->slots[0].term &&
        (a->op == SD_OP_LT || a->op == SD_OP_LE || a->op == SD_OP_GT || a->op == SD_OP_GE) &&
        a->args[0]->op == SD_OP_STR_TO_INT && a->args[0]->arg_count == 1 && a->args[0]->args[0]->op == SD_OP_VAR &&
        a->args[0]->args[0]->var == q->var && !r->value_q)
      r->value_q = q, r->bound_atom = a;
    else if (!r->text_q && text_equality(body, q->var, r))
      r->text_q = q;
    else
      return false;
  }
  return r->text_q && r->value_q;
}

/* Does the text condition hold in container node c of tree? */
static bool record_text_holds(const SdConstraint *c, const RecordText *r, const SdTree *tree, const SdNode *node) {
  SdSymbol x = c->variables[r->text_q->var].symbol;
  uint32_t count, first = sd_tree_range(tree, x, node, &count);
  for (uint32_t k = 0; k < count; k++) {
    uint32_t len;
    const char *txt = sd_node_text(tree, tree->nodes[tree->by_symbol[x][first + k]], &len);
    bool equal = len == r->literal->length && !memcmp(txt, r->literal->text, len);
    if (equal != r->negated) return true;
  }
  return false;
}

/* closed_flip for a record template with a text and a bound: over the
 * records where the text condition holds, the greatest (`>`, `>=`) or
 * least (`<`, `<=`) number of the bound's element decides. Probed, the
 * flips of these templates (one per text offered, over every input) were
 * a fifth to a third of the learning of record-shaped subjects (fpsrate,
 * ratecalc: session 48). */
static bool closed_flip_record(SdLearner *self, LrTemplate *t, uint32_t input, LrFlip *f) {
  RecordText r = {0};
  if (!record_text_parts(t, &r)) return false;
  const SdConstraint *c = t->c;
  const SdTree *tree = self->inputs.items[input];
  SdSymbol cs = c->variables[r.container->var].symbol;
  if (cs < 0) return false;
  SdOp op = r.bound_atom->op;
  bool want_max = op == SD_OP_GT || op == SD_OP_GE, any = false;
  SdArena scratch = {0};
  SdInt ext = sd_int_small(0);
  for (uint32_t j = 0; j < tree->by_symbol_count[cs]; j++) {
    const SdNode *node = tree->nodes[tree->by_symbol[cs][j]];
    if (!record_text_holds(c, &r, tree, node)) continue;
    SdInt lo, hi;
    bool beyond;
    if (!measure_range(c, tree, node, r.value_q->var, SD_OP_STR_TO_INT, &scratch, &lo, &hi, &beyond)) {
      if (!beyond) continue; /* no number in this record */
      sd_arena_free(&scratch);
      return false; /* beyond the bounds searched: probed */
    }
    SdInt v = want_max ? hi : lo;
    if (!any || (sd_int_cmp(v, ext) > 0) == want_max) ext = v;
    any = true;
  }
  if (!any) {
    f->kind = LR_FALSE;
  } else {
    int64_t step = op == SD_OP_GT ? -1 : op == SD_OP_LT ? 1 : 0;
    f->kind = want_max ? LR_AT_MOST : LR_AT_LEAST;
    set_flip_bound(f, sd_int_add(&scratch, ext, sd_int_small(step)));
  }
  sd_arena_free(&scratch);
  return true;
}

/* The product of two measures compared with the bound (the catalog's
 * "Product above": an image's width times its height above what the
 * decoder allocates): for a fixed a, a * b is greatest (least) at b's
 * greatest or least value, so over every pair of elements the extreme
 * product is one of the four corners of the two measures' ranges. */
static bool closed_flip_product(SdLearner *self, LrTemplate *t, uint32_t input, LrFlip *f) {
  const SdConstraint *c = t->c;
  const SdFormula *q1, *q2;
  const SdTerm *a = pair_atom(t, &q1, &q2), *k = t->slots[0].term;
  if (!a) return false;
  SdOp op = a->op;
  if (a->arg_count != 2 || a->args[1] != k || a->args[0]->op != SD_OP_MUL || a->args[0]->arg_count != 2 ||
      (op != SD_OP_LT && op != SD_OP_LE && op != SD_OP_GT && op != SD_OP_GE))
    return false;
  SdInt lo[2], hi[2];
  SdArena scratch = {0};
  for (uint32_t i = 0; i < 2; i++) {
    const SdTerm *m = a->args[0]->args[i];
    bool beyond;
    if (m->op != SD_OP_STR_TO_INT || m->arg_count != 1 || m->args[0]->op != SD_OP_VAR ||
        (m->args[0]->var != q1->var && m->args[0]->var != q2->var)) {
      sd_arena_free(&scratch);
      return false;
    }
    if (!measure_range(c, self->inputs.items[input], NULL, m->args[0]->var, SD_OP_STR_TO_INT, &scratch, &lo[i], &hi[i],
                       &beyond)) {
      sd_arena_free(&scratch);
      if (beyond) return false;
      f->kind = LR_FALSE; /* no pair has both numbers */
      return true;
    }
  }
  bool want_max = op == SD_OP_GT || op == SD_OP_GE; /* some product above K: the greatest decides */
  SdInt ext = sd_int_mul(&scratch, lo[0], lo[1]);
  for (int corner = 1; corner < 4; corner++) {
    SdInt v = sd_int_mul(&scratch, corner & 1 ? hi[0] : lo[0], corner & 2 ? hi[1] : lo[1]);
    if ((sd_int_cmp(v, ext) > 0) == want_max && sd_int_cmp(v, ext) != 0) ext = v;
  }
  int64_t step = op == SD_OP_GT ? -1 : op == SD_OP_LT ? 1 : 0;
  f->kind = want_max ? LR_AT_MOST : LR_AT_LEAST;
  set_flip_bound(f, sd_int_add(&scratch, ext, sd_int_small(step)));
  sd_arena_free(&scratch);
  return true;
}

/* $SEMDBG_CHECK_FLIPS: the closed form against the evaluator, at the flip
 * and next to it (and far off on both sides); aborts on a difference. */
static void check_flip(SdLearner *self, LrTemplate *t, uint32_t input, const LrFlip *f) {
  if (f->big) { /* at the bound and a step either side, as numerals */
    char *below = num_step(f->big, -1), *above = num_step(f->big, 1);
    const char *at[3] = {below, f->big, above};
    for (int i = 0; i < 3; i++) {
      bool want = f->kind == LR_AT_MOST ? i <= 1 : i >= 1;
      bool got = t->real == 2 ? probe_real(self, t, at[i], input) : probe_text(self, t, at[i], (uint32_t)strlen(at[i]), input);
      if (got != want) {
        fprintf(stderr, "semdbg: flip %d %s of %s wrong at %s\n", f->kind, f->big, t->text, at[i]);
        abort();
      }
    }
    free(below);
    free(above);
    return;
  }
  int64_t ks[5] = {-1000000, 0, 1000000, f->c - 1, f->c + 1};
  for (int i = 0; i < 5; i++) {
    bool want = f->kind == LR_TRUE || (f->kind == LR_AT_MOST && ks[i] <= f->c) || (f->kind == LR_AT_LEAST && ks[i] >= f->c);
    char units[32];
    snprintf(units, sizeof units, "%lld", (long long)ks[i]);
    if ((t->real == 2 ? probe_real(self, t, units, input) : probe(self, t, ks[i], input)) != want) {
      fprintf(stderr, "semdbg: flip %d %lld of %s wrong at %lld on [%.*s]\n", f->kind, (long long)f->c, t->text,
              (long long)ks[i], (int)self->inputs.items[input]->length, self->inputs.items[input]->text);
      abort();
    }
  }
}

/* ---- bisection over the values the elements take ----
 *
 * When the bound occurs once, in an ordering whose other terms are measures
 * of elements (the value or length of one, `str.to.int(v) > K`; a sum or
 * difference of two, `str.to.int(b) - str.to.int(a) > K`; a ratio,
 * `str.to.int(a) > K * str.to.int(b)` with b never negative), each instance
 * of that atom changes truth at one point that its elements' measures give
 * (v, b - a, a / b), and every instance in the same direction, so the
 * template's truth is monotone in K whatever else it says. Between those
 * points and their neighbours the truth is constant, and bisection over
 * them finds the flip exactly: a few probes where bisection over every
 * number took 60, and digit by digit over numerals of 20 digits 80 (a
 * fifth of middle's own CPU). */

enum { LR_MAX_BREAKPOINTS = 4096 };

static int cmp_int(const void *a, const void *b) { return sd_int_cmp(*(const SdInt *)a, *(const SdInt *)b); }

/* t's bound atom as a linear form of one or two measures with the bound's
 * coefficient 1 or -1, or (*ratio) as m(terms[0]) op K * m(terms[1]). */
static bool bound_form(const LrTemplate *t, LrLinear *lin, bool *ratio) {
  const LrSlot *s = &t->slots[0];
  const SdTerm *a = s->atom, *k = s->term;
  if (!k || !a || a->arg_count != 2 || !ordering(a->op)) return false;
  *ratio = false;
  memset(lin, 0, sizeof *lin);
  if (linear_of(a->args[0], k, 1, lin) && linear_of(a->args[1], k, -1, lin))
    return lin->count >= 1 && (lin->k_coef == 1 || lin->k_coef == -1);
  for (int side = 0; side < 2; side++) {
    const SdTerm *product = a->args[side], *m = NULL;
    if (product->op == SD_OP_MUL && product->arg_count == 2)
      m = product->args[0] == k ? product->args[1] : product->args[1] == k ? product->args[0] : NULL;
    LrLinear l = {0};
    if (m && linear_of(a->args[1 - side], k, 1, &l) && linear_of(m, k, 1, &l) && l.count == 2 && !l.k_coef &&
        l.terms[0].coef == 1 && l.terms[1].coef == 1) {
      *lin = l;
      *ratio = true;
      return true;
    }
  }
  return false;
}

/* Sorts *l and drops repeats. */
static int cmp_i64(const void *a, const void *b);

/* Sorted without repeats. Small values (nearly always) are sorted as
 * int64_t: qsort moving 32-byte SdInts through a comparison function was
 * 9% of the expression example's CPU. */
static void sort_unique(IntList *l) {
  bool small = true;
  for (uint32_t i = 0; i < l->size && small; i++) small = !l->items[i].big;
  if (small && l->size > 1) {
    int64_t *v = sd_xmalloc(l->size * sizeof *v);
    for (uint32_t i = 0; i < l->size; i++) v[i] = l->items[i].small;
    qsort(v, l->size, sizeof *v, cmp_i64);
    uint32_t kept = 0;
    for (uint32_t i = 0; i < l->size; i++)
      if (!kept || v[i] != v[kept - 1]) v[kept++] = v[i];
    for (uint32_t i = 0; i < kept; i++) l->items[i] = sd_int_small(v[i]);
    l->size = kept;
    free(v);
    return;
  }
  if (l->size) qsort(l->items, l->size, sizeof *l->items, cmp_int);
  uint32_t kept = 0;
  for (uint32_t i = 0; i < l->size; i++)
    if (!kept || sd_int_cmp(l->items[i], l->items[kept - 1]) != 0) l->items[kept++] = l->items[i];
  l->size = kept;
}

static void push_around(SdArena *scratch, IntList *out, SdInt v, int reach) {
  for (int d = -reach; d <= reach; d++) array_push(out, d ? sd_int_add(scratch, v, sd_int_small(d)) : v);
}

/* The points where an instance of the bound's atom changes truth, each
 * with its neighbours, sorted, without repeats, in *out (scratch); false
 * when t is no such template, or the instances are too many or could
 * change truth in both directions. */
static bool breakpoints(const LrTemplate *t, const SdTree *tree, SdArena *scratch, IntList *out) {
  LrLinear lin;
  bool ratio;
  if (!bound_form(t, &lin, &ratio)) return false;
  IntList m[2] = {{0}, {0}};
  bool ok = true;
  for (uint32_t i = 0; i < lin.count && ok; i++) {
    ok = measures_of(t->c, tree, NULL, lin.terms[i].var, lin.terms[i].measure, scratch, &m[i]);
    sort_unique(&m[i]); /* many elements, few values (the lengths of characters) */
  }
  uint32_t n1 = lin.count == 2 ? m[1].size : 1;
  if (ok && (uint64_t)m[0].size * n1 > LR_MAX_BREAKPOINTS) ok = false;
  for (uint32_t j = 0; ok && ratio && j < m[1].size; j++) ok = sd_int_cmp(m[1].items[j], sd_int_small(0)) >= 0;
  for (uint32_t i = 0; ok && i < m[0].size; i++)
    for (uint32_t j = 0; j < n1; j++) {
      if (ratio) { /* a op K * b, b > 0: changes next to a / b (truncated, so two either side) */
        SdInt q, r;
        if (sd_int_cmp(m[1].items[j], sd_int_small(0)) > 0 && sd_int_divmod(scratch, m[0].items[i], m[1].items[j], &q, &r))
          push_around(scratch, out, q, 2);
        continue;
      }
      /* sum of coef * measure + k_coef * K op 0: changes next to K = -k_coef * sum */
      SdInt sum = lin.terms[0].coef > 0 ? m[0].items[i] : sd_int_neg(scratch, m[0].items[i]);
      if (lin.count == 2)
        sum = lin.terms[1].coef > 0 ? sd_int_add(scratch, sum, m[1].items[j]) : sd_int_sub(scratch, sum, m[1].items[j]);
      push_around(scratch, out, lin.k_coef > 0 ? sd_int_neg(scratch, sum) : sum, 1);
    }
  array_free(&m[0]);
  array_free(&m[1]);
  if (ok) sort_unique(out);
  return ok;
}

static bool probe_int(SdLearner *self, LrTemplate *t, SdInt k, uint32_t input) {
  char *text = sd_int_to_text(k);
  bool r = probe_text(self, t, text, (uint32_t)strlen(text), input);
  free(text);
  return r;
}

static bool valued_flip(SdLearner *self, LrTemplate *t, uint32_t input, LrFlip *f) {
  SdArena scratch = {0};
  IntList at = {0};
  bool ok = breakpoints(t, self->inputs.items[input], &scratch, &at);
  if (ok && !at.size) {
    f->kind = probe_text(self, t, "0", 1, input) ? LR_TRUE : LR_FALSE;
  } else if (ok) {
    uint32_t lo = 0, hi = at.size - 1;
    bool tl = probe_int(self, t, at.items[lo], input), th = probe_int(self, t, at.items[hi], input);
    if (tl == th) {
      f->kind = tl ? LR_TRUE : LR_FALSE;
    } else {
      while (hi - lo > 1) { /* truth(at[lo]) = tl, truth(at[hi]) = th */
        uint32_t mid = lo + (hi - lo) / 2;
        if (probe_int(self, t, at.items[mid], input) == tl) lo = mid;
        else hi = mid;
      }
      f->kind = tl ? LR_AT_MOST : LR_AT_LEAST; /* true iff k <= at[lo], or iff k >= at[hi] */
      set_flip_bound(f, tl ? at.items[lo] : at.items[hi]);
    }
  }
  array_free(&at);
  sd_arena_free(&scratch);
  if (ok && self->check_flips) check_flip(self, t, input, f);
  return ok;
}

/* Where the truth of the template flips for one input, by bisection. */

static LrFlip probed_flip(SdLearner *self, LrTemplate *t, uint32_t input);

static LrFlip computed_flip(SdLearner *self, LrTemplate *t, uint32_t input);

/* Where the truth of the template flips for one input: from the memo
 * when the learners share one (a later learner asks for the same bounds
 * over the same trees: the threshold search was a fifth of the expression
 * example's learning, most of it repeated), else computed. */
static LrFlip find_flip(SdLearner *self, LrTemplate *t, uint32_t input) {
  real_template(t); /* sets t->real, which the bound search reads after the flips */
  if (!self->memo) return computed_flip(self, t, input);
  uint32_t record = lr_memo_flip_record(self->memo, sd_hash_bytes("flip", 4, template_key(t)));
  uint32_t tree = lr_memo_tree(self->memo, self->inputs.items[input]);
  LrFlip f;
  if (record != LR_MEMO_NONE && lr_memo_flip(self->memo, record, tree, &f)) return f;
  f = computed_flip(self, t, input);
  if (record != LR_MEMO_NONE) lr_memo_set_flip(self->memo, record, tree, &f);
  return f;
}

static LrFlip computed_flip(SdLearner *self, LrTemplate *t, uint32_t input) {
  LrFlip f = {0};
  if (real_template(t)) {
    closed_flip_real(self, t, input, &f);
    if (self->check_flips) check_flip(self, t, input, &f);
    return f;
  }
  if (closed_flip(self, t, input, &f) || closed_flip_pair(self, t, input, &f) ||
      closed_flip_product(self, t, input, &f) || closed_flip_record(self, t, input, &f)) {
    if (self->check_flips) check_flip(self, t, input, &f);
    return f;
  }
  if (valued_flip(self, t, input, &f)) return f;
  return probed_flip(self, t, input);
}

static LrFlip probed_flip(SdLearner *self, LrTemplate *t, uint32_t input) {
  LrFlip f = {0};
  int64_t lo = 0, hi = 0, sum;
  uint32_t digits;
  bool big;
  if (!input_range(self, &t->slots[0], input, &lo, &hi, &sum, &digits, &big)) {
    f.kind = probe(self, t, 0, input) ? LR_TRUE : LR_FALSE;
    return f;
  }
  /* sums and differences of numbers reach beyond any one of them; bounds
     are searched up to LR_BOUND_DIGITS digits (a numeral of thousands of
     digits, which regrown inputs can have, would cost its length squared
     in probes, and no bound is that long) */
  if (big || (t->arith && sum >= INT64_MAX / 4))
    return find_flip_big(self, t, input, digits + 2 < LR_BOUND_DIGITS ? digits + 2 : LR_BOUND_DIGITS);
  if (t->arith) {
    if (-sum < lo) lo = -sum;
    if (sum > hi) hi = sum;
  }
  lo -= 1, hi += 1;
  bool tl = probe(self, t, lo, input), th = probe(self, t, hi, input);
  if (tl == th) {
    f.kind = tl ? LR_TRUE : LR_FALSE;
    return f;
  }
  /* invariant: truth(lo) = tl, truth(hi) = th */
  while (hi - lo > 1) {
    int64_t mid = lo + (hi - lo) / 2;
    if (probe(self, t, mid, input) == tl) lo = mid;
    else hi = mid;
  }
  if (tl) f.kind = LR_AT_MOST, f.c = lo; /* true iff k <= lo */
  else f.kind = LR_AT_LEAST, f.c = hi;   /* true iff k >= hi */
  return f;
}

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

static void sort_i64(int64_t *v, uint32_t n) {
  if (n > 1) qsort(v, n, sizeof(int64_t), cmp_i64);
}

/* Number of entries <= k / >= k in a sorted array. */
static uint32_t count_le(const int64_t *v, uint32_t n, int64_t k) {
  uint32_t lo = 0, hi = n;
  while (lo < hi) {
    uint32_t mid = (lo + hi) / 2;
    if (v[mid] <= k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
static uint32_t count_ge(const int64_t *v, uint32_t n, int64_t k) {
  return n - count_le(v, n, k - 1);
}

/* Is (tp1, fp1) more precise than (tp2, fp2)? -1 / 0 / 1 like a comparison (1 = first better). */
int lr_cmp_precision(uint32_t tp1, uint32_t fp1, uint32_t tp2, uint32_t fp2) {
  uint64_t a = (uint64_t)tp1 * (tp2 + fp2), b = (uint64_t)tp2 * (tp1 + fp1);
  if (tp1 + fp1 == 0) a = 0;
  if (tp2 + fp2 == 0) b = 0;
  return a > b ? 1 : a < b ? -1 : 0;
}
/* F1 = 2tp / (2tp + fp + fn): compare. */
int lr_cmp_f1(uint32_t tp1, uint32_t fp1, uint32_t fn1, uint32_t tp2, uint32_t fp2,
              uint32_t fn2) {
  uint64_t a = 2ull * tp1 * (2ull * tp2 + fp2 + fn2), b = 2ull * tp2 * (2ull * tp1 + fp1 + fn1);
  return a > b ? 1 : a < b ? -1 : 0;
}

/* From the counts at each candidate bound (sorted), pick up to 3: the best F1
 * (then recall), the most precise at the highest recall, and the highest
 * recall that holds on no passing input (a cause of some failures only, the
 * part a disjunction needs: a price above 90000 when coupons fail too);
 * each the middle of its run of bounds with the same counts (invariant mode:
 * its most restrictive end). Returns distinct indices. */
static uint32_t pick_bounds(SdLearner *self, const uint32_t *tp, const uint32_t *fp, uint32_t u,
                            uint32_t dec, uint32_t inc, uint32_t *out) {
  uint32_t F = self->failing, count = 0;
  uint32_t best1 = 0, best2 = 0, best3 = UINT32_MAX;
  for (uint32_t i = 0; i < u; i++) {
    if (fp[i] == 0 && tp[i] > 0 && (best3 == UINT32_MAX || tp[i] > tp[best3])) best3 = i;
    if (i == 0) continue;
    int c = lr_cmp_f1(tp[i], fp[i], F - tp[i], tp[best1], fp[best1], F - tp[best1]);
    if (c > 0 || (c == 0 && tp[i] > tp[best1])) best1 = i;
    if (tp[i] > tp[best2] ||
        (tp[i] == tp[best2] && lr_cmp_precision(tp[i], fp[i], tp[best2], fp[best2]) > 0))
      best2 = i;
  }
  uint32_t picks[3] = {best1, best2, best3};
  uint32_t np = best3 == UINT32_MAX || self->opts.invariants ? 2 : 3;
  for (uint32_t p = 0; p < np; p++) {
    uint32_t b = picks[p];
    uint32_t first = b, last = b;
    while (first > 0 && tp[first - 1] == tp[b] && fp[first - 1] == fp[b]) first--;
    while (last + 1 < u && tp[last + 1] == tp[b] && fp[last + 1] == fp[b]) last++;
    uint32_t pick = first + (last - first) / 2;
    if (self->opts.invariants) pick = dec >= inc ? last : first;
    if (tp[pick] == 0) continue;
    bool again = false;
    for (uint32_t k = 0; k < count; k++) again |= out[k] == pick;
    if (!again) out[count++] = pick;
  }
  return count;
}

static const char *flip_text(const LrFlip *f, char *buf) {
  if (f->big) return f->big;
  snprintf(buf, 32, "%lld", (long long)f->c);
  return buf;
}

static int cmp_num_text(const void *a, const void *b) {
  const char *x = *(const char *const *)a, *y = *(const char *const *)b;
  return sd_compare_numerals(x, strlen(x), y, strlen(y));
}

/* Is a multiple of 10^k in [lo, hi]? Of the multiples around mid (a point
 * of the range: mid truncated to k digits, and one step either side), the
 * first nearest mid is written into *out when out is given. */
static bool multiple_near(SdArena *scratch, SdInt lo, SdInt hi, SdInt mid, uint32_t k, char **out) {
  SdInt step = sd_int_shift10(scratch, sd_int_small(1), k);
  SdInt q = sd_int_shift10(scratch, sd_int_trunc10(scratch, mid, k), k);
  SdInt cands[3] = {sd_int_sub(scratch, q, step), q, sd_int_add(scratch, q, step)};
  int best = -1;
  SdInt best_gap = sd_int_small(0);
  for (int i = 0; i < 3; i++) {
    if (sd_int_cmp(cands[i], lo) < 0 || sd_int_cmp(cands[i], hi) > 0) continue;
    SdInt gap = sd_int_sub(scratch, cands[i], mid);
    if (sd_int_cmp(gap, sd_int_small(0)) < 0) gap = sd_int_neg(scratch, gap);
    if (best < 0 || sd_int_cmp(gap, best_gap) < 0) best = i, best_gap = gap;
  }
  if (best >= 0 && out) *out = sd_int_to_text(cands[best]);
  return best >= 0;
}

/* roundest_bound on numerals of any size (the sweep of choose_bounds_big):
 * the most zeros at the end, then the nearest the middle. A multiple of
 * 10^k in the range is one of 10^(k-1) too, so the most zeros are found by
 * bisection over k (a numeral of thousands of digits took as many steps,
 * each as long as the numeral: an eighth of the calculator's CPU), and the
 * multiples around mid are in the range when any multiple is (it holds
 * mid). */
static char *roundest_numeral(char *const *ks, const uint32_t *tp, const uint32_t *fp, uint32_t u, uint32_t at) {
  uint32_t first = at, last = at;
  while (first > 0 && tp[first - 1] == tp[at] && fp[first - 1] == fp[at]) first--;
  while (last + 1 < u && tp[last + 1] == tp[at] && fp[last + 1] == fp[at]) last++;
  SdArena scratch = {0};
  SdInt lo, hi, mid, rem;
  char *out = NULL;
  if (sd_int_parse(&scratch, ks[first], strlen(ks[first]), &lo) && sd_int_parse(&scratch, ks[last], strlen(ks[last]), &hi)) {
    sd_int_divmod(&scratch, sd_int_add(&scratch, lo, hi), sd_int_small(2), &mid, &rem);
    uint32_t digits = sd_int_digits(lo) > sd_int_digits(hi) ? sd_int_digits(lo) : sd_int_digits(hi);
    /* a multiple of 10^found is in the range; the search looks below 10^above
       (the powers the sweep tried ran from 10^digits down) */
    uint32_t found = 0, above = digits + 1;
    while (above - found > 1) {
      uint32_t k = found + (above - found) / 2;
      SdArenaMark m = sd_arena_mark(&scratch);
      bool in = multiple_near(&scratch, lo, hi, mid, k, NULL);
      sd_arena_reset(&scratch, m);
      if (in) found = k;
      else above = k;
    }
    multiple_near(&scratch, lo, hi, mid, found, &out);
  }
  sd_arena_free(&scratch);
  return out ? out : sd_xstrdup(ks[at]);
}

/* In sorted numerals v[0..n), how many are >= k (or, with le, <= k). */
static uint32_t count_numerals(char *const *v, uint32_t n, const char *k, bool le) {
  size_t kl = strlen(k);
  uint32_t lo = 0, hi = n; /* the first index past the ones below k (not above k, with le) */
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    int r = sd_compare_numerals(v[mid], strlen(v[mid]), k, kl);
    if (le ? r <= 0 : r < 0) lo = mid + 1;
    else hi = mid;
  }
  return le ? lo : n - lo;
}

typedef Array(char *) NumeralList;

static void sort_numerals(NumeralList *l) {
  if (l->size) qsort(l->items, l->size, sizeof(char *), cmp_num_text);
}

/* choose_bounds when some flip point does not fit in int64: the same sweep
 * over numerals, counted by binary search in the sorted flip points. */
static uint32_t choose_bounds_big(SdLearner *self, LrTemplate *t, char **chosen) {
  uint32_t n = self->inputs.size;
  NumeralList ks = {0}, amF = {0}, alF = {0}, amP = {0}, alP = {0};
  uint32_t dec = 0, inc = 0, constF = 0, constP = 0;
  char buf[32];
  for (uint32_t i = 0; i < n; i++) {
    const LrFlip *f = &t->flips.items[i];
    bool failing = lr_is_failing(self, i);
    if (f->kind == LR_TRUE) {
      if (failing) constF++;
      else constP++;
      continue;
    }
    if (f->kind != LR_AT_MOST && f->kind != LR_AT_LEAST) continue;
    if (f->kind == LR_AT_MOST) dec++;
    else inc++;
    const char *c = flip_text(f, buf);
    array_push(f->kind == LR_AT_MOST ? (failing ? &amF : &amP) : (failing ? &alF : &alP), sd_xstrdup(c));
    array_push(&ks, sd_xstrdup(c));
    array_push(&ks, num_step(c, -1));
    array_push(&ks, num_step(c, 1));
  }
  uint32_t count = 0;
  if (ks.size) {
    sort_numerals(&ks);
    sort_numerals(&amF), sort_numerals(&alF), sort_numerals(&amP), sort_numerals(&alP);
    uint32_t u = 0;
    for (uint32_t i = 0; i < ks.size; i++) {
      if (u && !strcmp(ks.items[i], ks.items[u - 1])) free(ks.items[i]);
      else ks.items[u++] = ks.items[i];
    }
    uint32_t *tp = sd_xcalloc(u, sizeof(uint32_t)), *fp = sd_xcalloc(u, sizeof(uint32_t));
    for (uint32_t k = 0; k < u; k++) {
      const char *x = ks.items[k];
      tp[k] = constF + count_numerals(amF.items, amF.size, x, false) + count_numerals(alF.items, alF.size, x, true);
      fp[k] = constP + count_numerals(amP.items, amP.size, x, false) + count_numerals(alP.items, alP.size, x, true);
    }
    uint32_t picks[3];
    uint32_t m = pick_bounds(self, tp, fp, u, dec, inc, picks);
    for (uint32_t p = 0; p < m; p++)
      chosen[count++] = t->real == 2 ? roundest_numeral(ks.items, tp, fp, u, picks[p]) : sd_xstrdup(ks.items[picks[p]]);
    free(tp);
    free(fp);
    for (uint32_t i = 0; i < u; i++) free(ks.items[i]);
  }
  NumeralList *lists[4] = {&amF, &alF, &amP, &alP};
  for (int l = 0; l < 4; l++) {
    for (uint32_t i = 0; i < lists[l]->size; i++) free(lists[l]->items[i]);
    array_free(lists[l]);
  }
  array_free(&ks);
  return count;
}

/* For a decimal bound (units of 10^-LR_REAL_DIGITS): among the bounds
 * that count the same as ks[at] (the run of equal tp and fp around it, and
 * every value between), the roundest, the one with the most trailing zeros
 * (nearest the middle among those): thresholds are written round, "< 0"
 * rather than "< -0.189768" for square roots of negative numbers, 37.5
 * rather than 37.504999 between 37.5 and 37.51. Pinning then checks it. */
static int64_t roundest_bound(const int64_t *ks, const uint32_t *tp, const uint32_t *fp, uint32_t u, uint32_t at) {
  uint32_t first = at, last = at;
  while (first > 0 && tp[first - 1] == tp[at] && fp[first - 1] == fp[at]) first--;
  while (last + 1 < u && tp[last + 1] == tp[at] && fp[last + 1] == fp[at]) last++;
  int64_t lo = ks[first], hi = ks[last], mid = lo + (hi - lo) / 2;
  for (int64_t step = 1000000000000000000LL; step >= 1; step /= 10) {
    /* the multiples of step in [lo, hi]: the one nearest mid */
    int64_t q = mid / step * step;
    int64_t best = INT64_MIN;
    for (int64_t c = q - step; c <= q + step; c += step)
      if (c >= lo && c <= hi && (best == INT64_MIN || llabs(c - mid) < llabs(best - mid))) best = c;
    if (best != INT64_MIN) return best;
    if (step == 1) break;
  }
  return ks[at];
}

/* Search the bound: returns up to 3 chosen values (malloc'd numerals). */
static uint32_t choose_bounds(SdLearner *self, LrTemplate *t, char **chosen) {
  uint32_t n = self->inputs.size;
  for (uint32_t i = 0; i < n; i++)
    if (t->flips.items[i].big) return choose_bounds_big(self, t, chosen);
  Array(int64_t) amF = {0}, alF = {0}, amP = {0}, alP = {0}, ks = {0};
  uint32_t constF = 0, constP = 0, dec = 0, inc = 0;
  for (uint32_t i = 0; i < n; i++) {
    LrFlip f = t->flips.items[i];
    bool failing = lr_is_failing(self, i);
    if (f.kind == LR_TRUE) {
      if (failing) constF++;
      else constP++;
      continue;
    }
    if (f.kind == LR_FALSE) continue;
    if (f.kind == LR_AT_MOST) array_push(failing ? &amF : &amP, f.c), dec++;
    else array_push(failing ? &alF : &alP, f.c), inc++;
    array_push(&ks, f.c);
    if (f.c > INT64_MIN + 1) array_push(&ks, f.c - 1);
    if (f.c < INT64_MAX - 1) array_push(&ks, f.c + 1);
  }
  uint32_t count = 0;
  if (ks.size) {
    sort_i64(amF.items, amF.size);
    sort_i64(alF.items, alF.size);
    sort_i64(amP.items, amP.size);
    sort_i64(alP.items, alP.size);
    sort_i64(ks.items, ks.size);
    uint32_t u = 0;
    for (uint32_t i = 0; i < ks.size; i++)
      if (!u || ks.items[i] != ks.items[u - 1]) ks.items[u++] = ks.items[i];
    ks.size = u;
    uint32_t *tp = sd_xcalloc(u, sizeof(uint32_t)), *fp = sd_xcalloc(u, sizeof(uint32_t));
    for (uint32_t i = 0; i < u; i++) {
      int64_t k = ks.items[i];
      tp[i] = constF + count_ge(amF.items, amF.size, k) + count_le(alF.items, alF.size, k);
      fp[i] = constP + count_ge(amP.items, amP.size, k) + count_le(alP.items, alP.size, k);
    }
    uint32_t picks[3];
    uint32_t m = pick_bounds(self, tp, fp, u, dec, inc, picks);
    for (uint32_t p = 0; p < m; p++) {
      int64_t k = ks.items[picks[p]];
      if (t->real == 2) {
        /* a decimal bound: the whole number next to it on the side that
           keeps every input it holds on, unless only the bound between
           the evidence's values is precise (37.5 where 37 and 38 are not);
           a bound between values fits the evidence more closely than the
           program may ("< -0.189768" for the square roots of negative
           numbers, where "< 0" is meant) */
        k = roundest_bound(ks.items, tp, fp, u, picks[p]);
        int64_t unit = 1000000;
        int64_t whole = dec >= inc ? (k >= 0 ? k / unit : -((-k + unit - 1) / unit)) * unit
                                   : (k >= 0 ? (k + unit - 1) / unit : -(-k / unit)) * unit;
        uint32_t fp_whole = constP + count_ge(amP.items, amP.size, whole) + count_le(alP.items, alP.size, whole);
        if (fp[picks[p]] > 0 || fp_whole == 0) {
          k = whole;
        } else { /* both: in a conjunction the whole one may be as precise */
          char *text = sd_format("%lld", (long long)whole);
          bool again = false;
          for (uint32_t i = 0; i < count; i++) again |= !strcmp(chosen[i], text);
          if (again) free(text);
          else chosen[count++] = text;
        }
      }
      bool again = false;
      char *text = sd_format("%lld", (long long)k);
      for (uint32_t i = 0; i < count; i++) again |= !strcmp(chosen[i], text);
      if (again) free(text);
      else chosen[count++] = text;
    }
    free(tp);
    free(fp);
  }
  array_free(&amF), array_free(&alF), array_free(&amP), array_free(&alP), array_free(&ks);
  return count;
}

/* ---------- instantiation of one template ---------- */

static uint32_t atom_for_values(SdLearner *self, LrTemplate *t, const SdSymbol *tuple,
                                const char *const *values) {
  const SdPattern *p = sd_catalog_pattern(self->catalog, t->pattern);
  char *text = template_text(self, p, tuple, t->mexprs, values);
  return lr_add_atom(self, t->pattern, text, NULL);
}

/* A template whose value slot is a <?DSTRINGS>: the atom holding it as a
 * disjunction over every non-empty set of the slot's best values (those
 * ISLearn keeps: no numbers, no single letters; at most LR_DSTRINGS). */
#define LR_DSTRINGS 5
static void instantiate_dstrings(SdLearner *self, LrTemplate *t) {
  LrSlot *s = &t->slots[0];

  if (t->slot_count != 1 || !s->term) return; /* ISLearn's patterns have it alone */
  char **vals;
  uint32_t *lens, absent, keep = 0;
  uint32_t n = slot_values(self, t->c, s, 4 * LR_DSTRINGS, 0, &vals, &lens, &absent);

  for (uint32_t i = 0; i < n; i++) {
    if (keep < LR_DSTRINGS && lr_dstring_ok(vals[i], lens[i])) {
      vals[keep] = vals[i], lens[keep++] = lens[i];
      continue;
    }
    free(vals[i]);
  }
  for (uint32_t mask = 1; mask < (1u << keep); mask++) {
    SdConstraint *c = lr_disjoin(t->c, s->sentinel_text, s->sentinel_len, vals, lens, mask);
    if (c) lr_use_atom(self, lr_add_atom(self, t->pattern, sd_constraint_to_isla(c), c));
  }
  for (uint32_t i = 0; i < keep; i++) free(vals[i]);
  free(vals);
  free(lens);
}

/* ---------- points of a computed term (`sum = K`) ---------- */

/* The flip of t with its atom's `=` read as op (the bound search's closed
 * forms and probes need an ordering); the atom is restored. */
static LrFlip flip_as(SdLearner *self, LrTemplate *t, uint32_t input, SdOp op) {
  LrSlot *s = &t->slots[0];
  s->atom->op = op, s->atom_op = op;
  LrFlip f = find_flip(self, t, input);
  s->atom->op = SD_OP_EQ, s->atom_op = SD_OP_EQ;
  return f;
}

typedef struct PointCount {
  int64_t value;
  uint32_t fail, pass;
} PointCount;
typedef Array(PointCount) PointCounts;

static void count_point(PointCounts *counts, int64_t v, bool failing) {
  for (uint32_t k = 0; k < counts->size; k++)
    if (counts->items[k].value == v) {
      if (failing) counts->items[k].fail++;
      else counts->items[k].pass++;
      return;
    }
  array_push(counts, ((PointCount){v, failing, !failing}));
}

static double point_score(const SdLearner *self, const PointCount *c) {
  double F = self->failing ? self->failing : 1, P = self->inputs.size - self->failing;
  return c->fail / F - c->pass / (P < 1 ? 1 : P);
}

/* A bound equal to a computed term (two shares adding up to exactly 100):
 * no bisection finds it, and it is no element's text. Per input, the
 * greatest and the least value the term takes (the flips of `term >= K` and
 * `term <= K`); the values met most in failing inputs and least in passing
 * ones, and in more failing inputs than passing ones, are tried, as many as
 * a slot's values (the dates example's `day + month = 32`, as common in
 * passing inputs, cost it 14% more runs in rounds of tie splits). */
static void instantiate_point(SdLearner *self, LrTemplate *t, const SdSymbol *tuple) {
  uint32_t n = self->inputs.size;
  for (uint32_t i = t->flips.size; i < n; i++) {
    array_push(&t->flips, flip_as(self, t, i, SD_OP_GE));
    array_push(&t->lows, flip_as(self, t, i, SD_OP_LE));
  }
  PointCounts counts = {0};
  for (uint32_t i = 0; i < n; i++) {
    const LrFlip *hi = &t->flips.items[i], *lo = &t->lows.items[i];
    bool failing = lr_is_failing(self, i);
    /* `term >= K` holds iff K <= its greatest value; `term <= K` iff K >= its least */
    if (hi->kind == LR_AT_MOST && !hi->big) count_point(&counts, hi->c, failing);
    if (lo->kind == LR_AT_LEAST && !lo->big && !(hi->kind == LR_AT_MOST && !hi->big && hi->c == lo->c))
      count_point(&counts, lo->c, failing);
  }
  uint32_t want = self->opts.max_values ? self->opts.max_values : 1;
  const SdPattern *p = sd_catalog_pattern(self->catalog, t->pattern);
  const char **values = sd_xcalloc(p->placeholder_count, sizeof(char *));
  for (uint32_t made = 0; made < want; made++) {
    PointCount *best = NULL;
    for (uint32_t k = 0; k < counts.size; k++) {
      PointCount *c = &counts.items[k];
      if (c->fail <= c->pass) continue; /* a value no more common in failures than in passes is no cause */
      double sc = point_score(self, c), sb = best ? point_score(self, best) : 0;
      if (!best || sc > sb || (sc == sb && c->value < best->value)) best = c;
    }
    if (!best) break;
    char text[32];
    snprintf(text, sizeof text, "%lld", (long long)best->value);
    values[t->slots[0].placeholder] = text;
    lr_use_atom(self, atom_for_values(self, t, tuple, values));
    best->fail = 0; /* taken */
  }
  free(values);
  array_free(&counts);
}

/* Is lit a factor of a product in term t (the catalog's "Ratio above",
 * `str.to.int(a) > N * str.to.int(b)`)? */
static bool multiplies(const SdTerm *t, const SdTerm *lit) {
  if (!lit) return false;
  if (t->op == SD_OP_MUL)
    for (uint32_t i = 0; i < t->arg_count; i++)
      if (t->args[i] == lit) return true;
  for (uint32_t i = 0; i < t->arg_count; i++)
    if (multiplies(t->args[i], lit)) return true;
  return false;
}

/* A factor beyond LR_MAX_FACTOR says no ratio: the expression example's
 * `a > 249816019144591258402587908644870482408622840108 * b` held where b
 * was 0 and a positive (no passing input's numbers came near that ratio),
 * which other patterns state plainly, and Z3 ran out on every query that
 * carried it (0.2-1.1 s each). Ratios in programs are small: an aspect
 * limit of 4, an inflation limit of 1000. */
#define LR_MAX_FACTOR 1000000
static bool plausible_factor(const char *numeral) {
  const char *d = numeral[0] == '-' ? numeral + 1 : numeral;
  return strlen(d) <= 18 && strtoll(d, NULL, 10) <= LR_MAX_FACTOR;
}

/* The flips kept for one text of a bound_per_text template (made empty). */
static LrTextFlips *text_flips(LrTemplate *t, const char *text, uint32_t len) {
  for (uint32_t k = 0; k < t->text_flips.size; k++) {
    LrTextFlips *tf = &t->text_flips.items[k];
    if (tf->len == len && !memcmp(tf->text, text, len)) return tf;
  }
  array_push(&t->text_flips, ((LrTextFlips){.text = sd_xstrndup(text, len), .len = len}));
  return &t->text_flips.items[t->text_flips.size - 1];
}

/* The threshold search for t's one bound (slots[0]) with the other value
 * slots as values[] holds them: per-input flip points (t->flips, extended
 * to new inputs only), then the bounds that separate the failing inputs. */
/* Does bound k (a numeral) hold on every input on which some bound does?
 * Then it says nothing: "a line with quantity 1 and a price below
 * 9967156942566667815160404215048676" is "a line with quantity 1". */
static bool bound_vacuous(const LrTemplate *t, const char *k) {
  size_t kl = strlen(k);
  for (uint32_t i = 0; i < t->flips.size; i++) {
    const LrFlip *f = &t->flips.items[i];
    if (f->kind != LR_AT_MOST && f->kind != LR_AT_LEAST) continue;
    char c[32];
    const char *at = f->big;
    if (!at) snprintf(c, sizeof c, "%lld", (long long)f->c), at = c;
    int r = sd_compare_numerals(k, kl, at, strlen(at));
    if (f->kind == LR_AT_MOST ? r > 0 : r < 0) return false;
  }
  return true;
}

static void instantiate_bounds(SdLearner *self, LrTemplate *t, const SdSymbol *tuple, const char **values) {
  uint32_t n = self->inputs.size;
  for (uint32_t i = t->flips.size; i < n; i++) {
    LrFlip f = find_flip(self, t, i);
    array_push(&t->flips, f);
  }
  if (t->flips.size > n) t->flips.size = n;
  /* dead on every failing input whatever the bound? */
  bool alive = self->failing == 0;
  for (uint32_t i = 0; i < n && !alive; i++)
    if (lr_is_failing(self, i) && t->flips.items[i].kind != LR_FALSE) alive = true;
  if (!alive) {
    self->stats.pruned++;
    return;
  }
  char *chosen[6]; /* up to 3 bounds, and for a decimal one a whole number beside each */
  uint32_t count = choose_bounds(self, t, chosen);
  bool factor = t->slots[0].atom && multiplies(t->slots[0].atom, t->slots[0].term);
  for (uint32_t c = 0; c < count; c++) {
    if ((factor && !plausible_factor(chosen[c])) || (t->bound_per_text && t->real != 2 && bound_vacuous(t, chosen[c]))) {
      free(chosen[c]);
      continue;
    }
    SdBuf b = {0};
    if (t->real == 2) { /* units of 10^-LR_REAL_DIGITS, as a decimal */
      char *d = real_bound_text(chosen[c]);
      free(chosen[c]);
      chosen[c] = d;
    }
    lr_render_value(t->slots[0].kind, chosen[c], (uint32_t)strlen(chosen[c]), &b);
    free(chosen[c]);
    values[t->slots[0].placeholder] = b.data;
    lr_use_atom(self, atom_for_values(self, t, tuple, values));
    values[t->slots[0].placeholder] = NULL;
    sd_buf_free(&b);
  }
}

/* A bound next to a text in one template (the catalog's "Record value
 * above with a text": a disk of kind "hdd" above N degrees in one slot
 * line): per text the enumeration offers, the threshold search with that
 * text written in, its flips kept per text. Enumerated, the bound was one
 * of the numbers seen in failing inputs, not one between the passing and
 * the failing ones: rackheat at seed 3 fitted `> 30` (and `> 52`) next to
 * "hdd" where the program's bound is 45, and fell short. */
static void instantiate_bound_per_text(SdLearner *self, LrTemplate *t, const SdSymbol *tuple) {
  const SdPattern *p = sd_catalog_pattern(self->catalog, t->pattern);
  LrSlot *text_slot = &t->slots[1];
  uint32_t per_slot = self->opts.max_values ? self->opts.max_values : 1;
  if (per_slot > 6) per_slot = 6;
  char **vals;
  uint32_t *lens, absent_from;
  uint32_t count = slot_values(self, t->c, text_slot, per_slot, 0, &vals, &lens, &absent_from);
  const char **values = sd_xcalloc(p->placeholder_count, sizeof(char *));
  LrFlipList saved = t->flips;
  for (uint32_t v = 0; v < count; v++) {
    SdBuf rendered = {0};
    if (lr_render_value(text_slot->kind, vals[v], lens[v], &rendered)) {
      LrTextFlips *tf = text_flips(t, vals[v], lens[v]);
      text_slot->term->text = tf->text;
      text_slot->term->length = tf->len;
      t->flips = tf->flips;
      values[text_slot->placeholder] = rendered.data;
      instantiate_bounds(self, t, tuple, values);
      tf->flips = t->flips;
      text_slot->term->text = text_slot->sentinel_text;
      text_slot->term->length = text_slot->sentinel_len;
    }
    sd_buf_free(&rendered);
    free(vals[v]);
  }
  t->flips = saved;
  free(vals);
  free(lens);
  free(values);
}

/* Is s the lower bound of its range (`e > N`, `e >= N`, `N < e`, `N <= e`)? */
static bool lower_bound(const LrSlot *s) {
  bool literal_first = s->atom->args[0] == s->term;
  bool greater = s->atom_op == SD_OP_GT || s->atom_op == SD_OP_GE; /* first > second */
  return greater != literal_first;
}

/* A value between two bounds (the catalog's "Value in range": a reserved
 * block of VLANs, 1002-1005, in a list). The numbers seen in failing
 * inputs only, the most discriminating first, each give one range: from
 * the greatest number below it seen in a passing input to the least above
 * it, both left out (a wide range the boundary pinning then narrows). A
 * number with no passing one on a side gives none: that is "Value above"
 * or "Value below". Enumerated from numbers seen in failing inputs, the
 * bounds had left out the ends of the block (`> 1002`); searched one after
 * the other, the first bound alone followed each input's greatest number,
 * not the one in the block. */
/* One number of a range's element: its value (for order), its text. */
typedef struct RangeValue {
  double key;
  int64_t whole;
  const char *text;
  uint32_t len;
  uint32_t fail, pass;
} RangeValue;
typedef Array(RangeValue) RangeValues;

static int by_key(const void *a, const void *b) {
  double x = ((const RangeValue *)a)->key, y = ((const RangeValue *)b)->key;
  return x < y ? -1 : x > y;
}

/* A decimal value as str.to.real reads a plain numeral ("0.75", "2"), else false. */
static bool decimal_key(const char *text, uint32_t len, double *out) {
  if (!len || len > 40) return false;
  char buf[48];
  memcpy(buf, text, len);
  buf[len] = 0;
  for (uint32_t i = 0; i < len; i++)
    if (!((buf[i] >= '0' && buf[i] <= '9') || buf[i] == '.' || (i == 0 && buf[i] == '-'))) return false;
  char *end;
  *out = strtod(buf, &end);
  return end == buf + len;
}

typedef struct { ValueTable *vt; uint32_t input; bool failing; } DecimalSeen;
static void note_decimal(void *ctx, const LrSlot *s, uint32_t k, const char *txt, uint32_t len) {
  (void)s, (void)k;
  DecimalSeen *ds = ctx;
  double d;
  if (decimal_key(txt, len, &d)) value_seen(ds->vt, txt, len, ds->input, ds->failing);
}

/* The numbers of a range's element, with the inputs they are seen in: the
 * learner's value counts (integers), or for `str.to.real` a count of the
 * element's decimal texts, kept on the template and extended to new inputs. */
static void range_values(SdLearner *self, LrTemplate *t, const LrSlot *s, bool real, RangeValues *out) {
  ValueTable *vt;
  if (!real) {
    LrValueCache *cache = value_cache(self, s);
    scan_values(self, s, &cache->vt, cache->upto);
    cache->upto = self->inputs.size;
    vt = &cache->vt;
  } else {
    if (!t->range_values) t->range_values = sd_xcalloc(1, sizeof(ValueTable));
    vt = t->range_values;
    for (uint32_t i = t->range_upto; i < self->inputs.size; i++) {
      DecimalSeen ds = {vt, i, lr_is_failing(self, i)};
      each_slot_text(self, s, self->inputs.items[i], note_decimal, &ds);
    }
    t->range_upto = self->inputs.size;
  }
  for (uint32_t i = 0; i < vt->items.size; i++) {
    const ValueCount *v = &vt->items.items[i];
    RangeValue r = {.text = v->text, .len = v->len, .fail = v->fail, .pass = v->pass};
    if (real ? !decimal_key(v->text, v->len, &r.key) : !lr_parse_int(v->text, v->len, &r.whole)) continue;
    if (!real) r.key = (double)r.whole;
    array_push(out, r);
  }
}

/* The measure a range bound is compared with (`str.to.int(v) > N`: the
 * str.to.int term). */
static const SdTerm *measure_of(const LrSlot *s) { return s->atom->args[s->atom->args[0] == s->term ? 1 : 0]; }

/* Is it `str.to.real`? */
static bool real_measure(const LrSlot *s) { return measure_of(s)->op == SD_OP_STR_TO_REAL; }

static int by_range_discrimination(const void *a, const void *b) {
  const RangeValue *x = a, *y = b;
  double F = sort_learner->failing ? sort_learner->failing : 1;
  double dx = x->fail / F, dy = y->fail / F;
  return dx > dy ? -1 : dx < dy ? 1 : by_key(a, b);
}

/* The ranges of one value table (see instantiate_range), each made an atom
 * with values[] as it holds the other placeholders. */
static void ranges_of(SdLearner *self, LrTemplate *t, const SdSymbol *tuple, const LrSlot *lo, const LrSlot *hi,
                      bool real, const RangeValues *all, const char **values) {
  RangeValues passing = {0}, fails = {0};
  for (uint32_t i = 0; i < all->size; i++)
    if (all->items[i].pass) array_push(&passing, all->items[i]);
    else if (all->items[i].fail) array_push(&fails, all->items[i]);
  if (passing.size > 1) qsort(passing.items, passing.size, sizeof(RangeValue), by_key);
  sort_learner = self;
  if (fails.size > 1) qsort(fails.items, fails.size, sizeof(RangeValue), by_range_discrimination);
  uint32_t want = self->opts.max_values ? self->opts.max_values : 1;
  if (want > 6) want = 6;
  uint32_t made[6][2], nmade = 0;
  for (uint32_t i = 0; i < fails.size && nmade < want; i++) {
    double x = fails.items[i].key;
    /* the passing numbers next to x: passing[b - 1] < x < passing[b] */
    uint32_t b = 0;
    while (b < passing.size && passing.items[b].key < x) b++;
    if (b == 0 || b == passing.size) continue;
    const RangeValue *below = &passing.items[b - 1], *above = &passing.items[b];
    /* two failing numbers in it at least: around one, a range is that
       number (an overfitted cause of a few failures: the expression
       example's `-2 < e < 0` and `426 < e < 932`) */
    uint32_t inside = 0;
    for (uint32_t k = 0; k < fails.size && inside < 2; k++)
      inside += fails.items[k].key > below->key && fails.items[k].key < above->key;
    if (inside < 2) continue;
    bool again = false;
    for (uint32_t k = 0; k < nmade; k++) again |= made[k][0] == b - 1 && made[k][1] == b;
    if (again) continue;
    made[nmade][0] = b - 1, made[nmade][1] = b, nmade++;
    /* `e > below`, `e >= below + 1`; `e < above`, `e <= above - 1`; a
       decimal bound is the text seen */
    char ltext[48], htext[48];
    if (real) {
      snprintf(ltext, sizeof ltext, "%.*s", (int)below->len, below->text);
      snprintf(htext, sizeof htext, "%.*s", (int)above->len, above->text);
    } else {
      bool lo_closed = lo->atom_op == SD_OP_GE || lo->atom_op == SD_OP_LE;
      bool hi_closed = hi->atom_op == SD_OP_GE || hi->atom_op == SD_OP_LE;
      snprintf(ltext, sizeof ltext, "%lld", (long long)(lo_closed ? below->whole + 1 : below->whole));
      snprintf(htext, sizeof htext, "%lld", (long long)(hi_closed ? above->whole - 1 : above->whole));
    }
    SdBuf lb = {0}, hb = {0};
    if (lr_render_value(lo->kind, ltext, (uint32_t)strlen(ltext), &lb) &&
        lr_render_value(hi->kind, htext, (uint32_t)strlen(htext), &hb)) {
      values[lo->placeholder] = lb.data;
      values[hi->placeholder] = hb.data;
      lr_use_atom(self, atom_for_values(self, t, tuple, values));
    }
    sd_buf_free(&lb);
    sd_buf_free(&hb);
  }
  array_free(&passing);
  array_free(&fails);
}

/* The variable a range bound's measure reads (`str.to.int(v) > N`: v), or -1. */
static int32_t measured_var(const LrSlot *s) {
  const SdTerm *m = measure_of(s);
  return m->arg_count == 1 && m->args[0]->op == SD_OP_VAR ? m->args[0]->var : -1;
}

/* Per record holding text (the nodes of the record's symbol with a node of
 * the text's symbol whose text it is), the integers of the value's symbol
 * in it, counted by input verdict. */
static void values_beside_text(SdLearner *self, SdSymbol record, SdSymbol text_sym, const char *text, uint32_t len,
                               SdSymbol value_sym, ValueTable *vt) {
  char num[32];
  for (uint32_t i = 0; i < self->inputs.size; i++) {
    const SdTree *t = self->inputs.items[i];
    bool failing = lr_is_failing(self, i);
    for (uint32_t r = 0; r < t->by_symbol_count[record]; r++) {
      const SdNode *box = t->nodes[t->by_symbol[record][r]];
      bool holds = false;
      for (uint32_t k = 0; k < t->by_symbol_count[text_sym] && !holds; k++) {
        const SdNode *n = t->nodes[t->by_symbol[text_sym][k]];
        uint32_t l;
        const char *s = sd_node_text(t, n, &l);
        holds = n->id > box->id && n->id < box->id + box->size && l == len && !memcmp(s, text, len);
      }
      if (!holds) continue;
      for (uint32_t k = 0; k < t->by_symbol_count[value_sym]; k++) {
        const SdNode *n = t->nodes[t->by_symbol[value_sym][k]];
        if (n->id <= box->id || n->id >= box->id + box->size) continue;
        uint32_t l;
        const char *s = sd_node_text(t, n, &l);
        int64_t v;
        if (!lr_parse_int(s, l, &v)) continue;
        int w = snprintf(num, sizeof num, "%lld", (long long)v);
        value_seen(vt, num, (uint32_t)w, i, failing);
      }
    }
  }
}

/* The integers of the n-th element of sym in each record (nth(n, e, r):
 * preorder within the record), counted by input verdict. */
static void values_at_position(SdLearner *self, SdSymbol record, SdSymbol sym, uint32_t n, ValueTable *vt) {
  char num[32];
  for (uint32_t i = 0; i < self->inputs.size; i++) {
    const SdTree *t = self->inputs.items[i];
    bool failing = lr_is_failing(self, i);
    for (uint32_t r = 0; r < t->by_symbol_count[record]; r++) {
      uint32_t count, first = sd_tree_range(t, sym, t->nodes[t->by_symbol[record][r]], &count);
      if (count < n) continue;
      uint32_t l;
      const char *s = sd_node_text(t, t->nodes[t->by_symbol[sym][first + n - 1]], &l);
      int64_t v;
      if (!lr_parse_int(s, l, &v)) continue;
      int w = snprintf(num, sizeof num, "%lld", (long long)v);
      value_seen(vt, num, (uint32_t)w, i, failing);
    }
  }
}

/* The most elements of sym one record holds, over all inputs. */
static uint32_t most_in_record(const SdLearner *self, SdSymbol record, SdSymbol sym) {
  uint32_t most = 0;
  for (uint32_t i = 0; i < self->inputs.size; i++) {
    const SdTree *t = self->inputs.items[i];
    for (uint32_t r = 0; r < t->by_symbol_count[record]; r++) {
      uint32_t count;
      sd_tree_range(t, sym, t->nodes[t->by_symbol[record][r]], &count);
      if (count > most) most = count;
    }
  }
  return most;
}

static void push_range_values(const ValueTable *vt, RangeValues *all) {
  all->size = 0;
  for (uint32_t k = 0; k < vt->items.size; k++) {
    const ValueCount *x = &vt->items.items[k];
    RangeValue r = {.text = x->text, .len = x->len, .fail = x->fail, .pass = x->pass};
    if (lr_parse_int(x->text, x->len, &r.whole)) r.key = (double)r.whole, array_push(all, r);
  }
}

/* A range at a position in a record ("Record value in range at a
 * position": a TCP window of 256-511, the second number of a segment, where
 * the first, a sequence number, passes in that range): per position the
 * records hold more than one element at, the numbers there. */
static void ranges_at_positions(SdLearner *self, LrTemplate *t, const SdSymbol *tuple, const LrSlot *lo,
                                const LrSlot *hi, const char **values) {
  const LrSlot *pos = &t->slots[2];
  const SdConstraint *c = t->c;
  int32_t value_var = measured_var(lo);
  SdSymbol record = nth_container(c, pos);
  if (value_var < 0 || record < 0 || c->variables[value_var].symbol < 0) return;
  SdSymbol sym = c->variables[value_var].symbol;
  uint32_t most = most_in_record(self, record, sym);
  if (most < 2) return; /* one element a record: "Value in range" says it */
  RangeValues all = {0};
  for (uint32_t n = 1; n <= most && n <= NTH_SMALL; n++) {
    char text[16];
    snprintf(text, sizeof text, "%u", n);
    SdBuf rendered = {0};
    ValueTable vt = {0};
    if (lr_render_value(pos->kind, text, (uint32_t)strlen(text), &rendered)) {
      values_at_position(self, record, sym, n, &vt);
      push_range_values(&vt, &all);
      values[pos->placeholder] = rendered.data;
      ranges_of(self, t, tuple, lo, hi, false, &all, values);
      values[pos->placeholder] = NULL;
    }
    value_table_free(&vt);
    sd_buf_free(&rendered);
  }
  array_free(&all);
}

/* A value between two bounds (the catalog's "Value in range": a reserved
 * block of VLANs, 1002-1005, in a list). The numbers seen in failing
 * inputs only, the most discriminating first, each give one range: from
 * the greatest number below it seen in a passing input to the least above
 * it, both left out (a wide range the boundary pinning then narrows). A
 * number with no passing one on a side gives none: that is "Value above"
 * or "Value below". Enumerated from numbers seen in failing inputs, the
 * bounds had left out the ends of the block (`> 1002`); searched one after
 * the other, the first bound alone followed each input's greatest number,
 * not the one in the block. With a text in the same record ("Record value
 * in range with a text": an allow rule for a port in 6665-6669), the
 * numbers are those of the records that hold the text, per text. */
static void instantiate_range(SdLearner *self, LrTemplate *t, const SdSymbol *tuple) {
  LrSlot *lo = &t->slots[0], *hi = &t->slots[1];
  if (!lower_bound(lo)) lo = &t->slots[1], hi = &t->slots[0];
  if (!lower_bound(lo) || lower_bound(hi)) return;
  bool real = real_measure(lo);
  if (real && (lo->atom_op == SD_OP_GE || lo->atom_op == SD_OP_LE || hi->atom_op == SD_OP_GE || hi->atom_op == SD_OP_LE))
    return; /* between two decimals seen, only strict bounds are what they say */
  const SdPattern *p = sd_catalog_pattern(self->catalog, t->pattern);
  const char **values = sd_xcalloc(p->placeholder_count, sizeof(char *));
  RangeValues all = {0};
  if (t->slot_count == 2) {
    range_values(self, t, lo, real, &all);
    ranges_of(self, t, tuple, lo, hi, real, &all, values);
  } else if (!real && t->slots[2].atom_op == SD_OP_NTH) {
    ranges_at_positions(self, t, tuple, lo, hi, values);
  } else if (!real) {
    const LrSlot *text = &t->slots[2];
    const SdConstraint *c = t->c;
    int32_t value_var = measured_var(lo);
    const SdFormula *qv = value_var >= 0 ? sd_formula_binder(c->root, value_var) : NULL;
    const SdFormula *qt = sd_formula_binder(c->root, text->eq_var);
    if (qv && qt && qv->in_var >= 0 && qv->in_var == qt->in_var && c->variables[qv->in_var].symbol >= 0) {
      SdSymbol record = c->variables[qv->in_var].symbol;
      SdSymbol text_sym = c->variables[text->eq_var].symbol, value_sym = c->variables[value_var].symbol;
      char **vals;
      uint32_t *lens, absent_from;
      uint32_t per = self->opts.max_values ? self->opts.max_values : 1;
      uint32_t count = slot_values(self, c, text, per < 6 ? per : 6, 0, &vals, &lens, &absent_from);
      for (uint32_t v = 0; v < count; v++) {
        SdBuf rendered = {0};
        ValueTable vt = {0};
        if (lr_render_value(text->kind, vals[v], lens[v], &rendered)) {
          values_beside_text(self, record, text_sym, vals[v], lens[v], value_sym, &vt);
          push_range_values(&vt, &all);
          values[text->placeholder] = rendered.data;
          ranges_of(self, t, tuple, lo, hi, real, &all, values);
        }
        value_table_free(&vt);
        sd_buf_free(&rendered);
        free(vals[v]);
      }
      free(vals);
      free(lens);
    }
  }
  array_free(&all);
  free(values);
}

/* The most elements of sym nested in one another in t (each counted with
 * its ancestors of sym). */
static uint32_t deepest(const SdTree *t, SdSymbol sym) {
  uint32_t most = 0;
  for (uint32_t k = 0; k < t->by_symbol_count[sym]; k++) {
    uint32_t n = 0;
    for (const SdNode *a = t->nodes[t->by_symbol[sym][k]]; a; a = a->parent) n += a->symbol == sym;
    if (n > most) most = n;
  }
  return most;
}

/* The text of "some <X> nested depth deep": depth quantifiers, each in the
 * one before, and each element apart from the one before. */
static char *nesting_text(const char *symbol, uint32_t depth) {
  SdBuf b = {0};
  for (uint32_t i = 1; i <= depth; i++) {
    if (i == 1) sd_buf_printf(&b, "exists %s n1 in start: ", symbol);
    else sd_buf_printf(&b, "exists %s n%u in n%u: ", symbol, i, i - 1);
  }
  sd_buf_putc(&b, '(');
  for (uint32_t i = 1; i < depth; i++) sd_buf_printf(&b, "%sdifferent_position(n%u, n%u)", i > 1 ? " and " : "", i, i + 1);
  sd_buf_putc(&b, ')');
  return sd_buf_take(&b);
}

/* An element nested in its own kind (the catalog's "Nested N deep": a
 * parser's stack of three open arrays overflows at the fourth), as deep as
 * the inputs tell apart: one more than any passing input nests, and the
 * least any failing input does (from 2: one element is "Existence"). */
enum { LR_NESTING_MAX = 32 };
static void instantiate_nesting(SdLearner *self, LrTemplate *t, const SdSymbol *tuple) {
  SdSymbol sym = tuple[0];
  for (uint32_t i = t->depths.size; i < self->inputs.size; i++) array_push(&t->depths, deepest(self->inputs.items[i], sym));
  uint32_t fewest_failing = UINT32_MAX, most_passing = 0;
  for (uint32_t i = 0; i < self->inputs.size; i++) {
    uint32_t d = t->depths.items[i];
    if (lr_is_failing(self, i)) fewest_failing = d < fewest_failing ? d : fewest_failing;
    else most_passing = d > most_passing ? d : most_passing;
  }
  uint32_t want[2] = {most_passing + 1, fewest_failing};
  for (int k = 0; k < 2; k++) {
    if (want[k] < 2 || want[k] > LR_NESTING_MAX || (k == 1 && want[1] == want[0])) continue;
    char *text = nesting_text(self->grammar->symbols[sym].name, want[k]);
    uint32_t a = lr_add_atom(self, t->pattern, text, NULL);
    if (a != LR_NONE) self->atoms.items[a].size = 1; /* one statement, however deep */
    lr_use_atom(self, a);
  }
}

static void instantiate(SdLearner *self, LrTemplate *t, const SdSymbol *tuple) {
  const SdPattern *p = sd_catalog_pattern(self->catalog, t->pattern);
  if (t->nesting) {
    instantiate_nesting(self, t, tuple);
    return;
  }
  if (t->slot_count == 0) {
    /* a shape without values ("starts with a letter"): evaluated on every
       input, since holding on no failing input, its negation may be a cause */
    uint32_t a = lr_add_atom(self, t->pattern, sd_xstrdup(t->text), NULL);
    if (a != LR_NONE && !self->opts.invariants) self->atoms.items[a].absence = true;
    lr_use_atom(self, a);
    return;
  }
  if (t->dstrings) {
    instantiate_dstrings(self, t);
    return;
  }
  if (t->point) {
    instantiate_point(self, t, tuple);
    return;
  }
  if (t->bound_per_text) {
    instantiate_bound_per_text(self, t, tuple);
    return;
  }
  if (t->range) {
    instantiate_range(self, t, tuple);
    return;
  }
  const char **values = sd_xcalloc(p->placeholder_count, sizeof(char *));
  if (t->search) {
    instantiate_bounds(self, t, tuple, values);
    free(values);
    return;
  }
  /* enumeration: values per slot, then every combination (bounded) */
  uint32_t per_slot = self->opts.max_values ? self->opts.max_values : 1;
  if (t->slot_count == 2) per_slot = per_slot < 6 ? per_slot : 6;
  if (t->slot_count >= 3) per_slot = 3;
  char **vals[LR_MAX_SLOTS] = {0};
  uint32_t *lens[LR_MAX_SLOTS] = {0};
  uint32_t counts[LR_MAX_SLOTS] = {0}, absent_from[LR_MAX_SLOTS] = {0};
  bool empty = false;
  /* absence values: for single string slots, outside invariant mode */
  uint32_t max_absent = t->slot_count == 1 && t->slots[0].kind == SD_PLACEHOLDER_STRING &&
                                !self->opts.invariants
                            ? LR_MAX_ABSENT
                            : 0;
  for (uint32_t s = 0; s < t->slot_count; s++) {
    counts[s] = slot_values(self, t->c, &t->slots[s], per_slot, max_absent, &vals[s], &lens[s],
                            &absent_from[s]);
    if (!counts[s]) empty = true;
  }
  uint32_t idx[LR_MAX_SLOTS] = {0};
  while (!empty) {
    SdBuf bufs[LR_MAX_SLOTS] = {0};
    bool ok = true;
    for (uint32_t s = 0; s < t->slot_count; s++) {
      const LrSlot *slot = &t->slots[s];
      /* a suffix may hold a line's end or a tab, escaped (a continuation on
         the last line: " \\\n"); prefixes, pieces and whole texts with them
         stay out (remembered lines say nothing: with prefixes allowed,
         cnameloop at seed 1 confirmed `<rr>` starting with "mail.example. IN
         CNAME mail.example", one instance of an alias naming its owner) */
      if (slot->kind == SD_PLACEHOLDER_STRING && slot->mode == LR_SUFFIX)
        sd_buf_append_quoted(&bufs[s], vals[s][idx[s]], lens[s][idx[s]]);
      else if (!lr_render_value(slot->kind, vals[s][idx[s]], lens[s][idx[s]], &bufs[s]))
        ok = false;
      values[slot->placeholder] = bufs[s].data ? bufs[s].data : "";
    }
    if (ok) {
      uint32_t a = atom_for_values(self, t, tuple, values);
      if (a != LR_NONE) {
        LrAtom *atom = &self->atoms.items[a];
        if (t->slot_count == 1 && idx[0] >= absent_from[0]) atom->absence = true;
        if (t->settable && atom->templ == LR_NONE) {
          atom->templ = t->index;
          atom->value = sd_xstrndup(vals[0][idx[0]], lens[0][idx[0]]);
          atom->value_len = lens[0][idx[0]];
        }
      }
      lr_use_atom(self, a);
    }
    for (uint32_t s = 0; s < t->slot_count; s++) sd_buf_free(&bufs[s]);
    uint32_t s = 0;
    while (s < t->slot_count && ++idx[s] == counts[s]) idx[s++] = 0;
    if (s == t->slot_count) break;
  }
  for (uint32_t s = 0; s < t->slot_count; s++) {
    for (uint32_t i = 0; i < counts[s]; i++) free(vals[s][i]);
    free(vals[s]);
    free(lens[s]);
  }
  free(values);
}

/* ---------- learn ---------- */

#define LR_MEXPR_CHOICES 32 /* match expressions per <?MATCHEXPR> and tuple */

/* Every combination of match expressions for the <?MATCHEXPR>s of a
 * pattern whose nonterminals are tuple; true if some template parsed. */
static bool instantiate_mexprs(SdLearner *self, uint32_t pattern, const SdSymbol *tuple) {
  const SdPattern *p = sd_catalog_pattern(self->catalog, pattern);
  const LrPattern *info = &self->patterns[pattern];
  uint32_t n = p->placeholder_count;
  char ***choices = sd_xcalloc(n, sizeof(char **));
  uint32_t *count = sd_xcalloc(n, sizeof(uint32_t)), *at = sd_xcalloc(n, sizeof(uint32_t));
  char **pick = sd_xcalloc(n, sizeof(char *));
  bool any = true, parsed = false;
  for (uint32_t i = 0; i < n; i++) {
    const LrMexpr *m = &info->mexpr[i];
    if (p->placeholders[i].kind != SD_PLACEHOLDER_MATCHEXPR) continue;
    choices[i] = sd_xcalloc(LR_MEXPR_CHOICES, sizeof(char *));
    if (m->slot >= 0) count[i] = lr_mexpr_choices(self->grammar, tuple[m->slot], m, choices[i], LR_MEXPR_CHOICES);
    if (!count[i]) any = false;
  }
  while (any) {
    for (uint32_t i = 0; i < n; i++) pick[i] = choices[i] ? choices[i][at[i]] : NULL;
    LrTemplate *t = get_template(self, pattern, tuple, pick);
    if (t) instantiate(self, t, tuple), parsed = true;
    uint32_t i = 0;
    while (i < n && (!choices[i] || ++at[i] == count[i])) at[i++] = 0;
    if (i == n) break;
  }
  for (uint32_t i = 0; i < n; i++) {
    for (uint32_t j = 0; j < count[i]; j++) free(choices[i][j]);
    free(choices[i]);
  }
  free(choices), free(count), free(at), free(pick);
  return parsed;
}

/* One template per character class for the <?CHARSET>s of a pattern whose
 * nonterminals are tuple (every <?CHARSET> of the pattern takes the same
 * class); true if some template parsed. */
#define LR_CHARSET_CHOICES 12
static bool instantiate_charsets(SdLearner *self, uint32_t pattern, const SdSymbol *tuple) {
  if (!self->charsets_made) {
    self->charsets = sd_xcalloc(LR_CHARSET_CHOICES, sizeof(char *));
    self->charset_count = lr_charset_choices(self->grammar, self->charsets, LR_CHARSET_CHOICES);
    self->charsets_made = true;
  }
  const SdPattern *p = sd_catalog_pattern(self->catalog, pattern);
  char **pick = sd_xcalloc(p->placeholder_count ? p->placeholder_count : 1, sizeof(char *));
  bool parsed = false;
  for (uint32_t c = 0; c < self->charset_count; c++) {
    for (uint32_t i = 0; i < p->placeholder_count; i++)
      pick[i] = p->placeholders[i].kind == SD_PLACEHOLDER_CHARSET ? self->charsets[c] : NULL;
    LrTemplate *t = get_template(self, pattern, tuple, pick);
    if (t) instantiate(self, t, tuple), parsed = true;
  }
  free(pick);
  return parsed;
}

/* The nonterminals a pattern's container slot takes: the relevant ones,
 * then the records (sd_grammar_common_scope, not nesting in themselves)
 * that hold two of the first LR_SCOPE_RELEVANT (or two elements of one),
 * at most LR_EXTRA_CONTAINERS of them. A record is often not relevant
 * itself: quotasum's volume, where used + reserved above 100 in one volume
 * fails, ranked only <used> and <resv>, and "Record sum above" was never
 * tried. */
enum { LR_SCOPE_RELEVANT = 3, LR_EXTRA_CONTAINERS = 2 };
static uint32_t container_choices(const SdLearner *self, const SdSymbol *rel, uint32_t rc, SdSymbol *out) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < rc; i++) out[n++] = rel[i];
  uint32_t top = rc < LR_SCOPE_RELEVANT ? rc : LR_SCOPE_RELEVANT;
  for (uint32_t i = 0; i < top; i++)
    for (uint32_t j = i; j < top && n < rc + LR_EXTRA_CONTAINERS; j++) {
      SdSymbol r = sd_grammar_common_scope(self->grammar, rel[i], rel[j]);
      bool known = r < 0 || lr_self_nesting(self->grammar, r);
      for (uint32_t k = 0; k < n && !known; k++) known = out[k] == r;
      if (!known) out[n++] = r;
    }
  return n;
}

/* The nonterminals a match expression's quantifier takes ("Fields differ":
 * `exists <C> c="{<?MATCHEXPR(a, b)>}"`): the relevant ones, then those
 * with an alternative of two children that are or hold relevant ones (the
 * start included), at most LR_EXTRA_CONTAINERS. The two fields' parent is
 * often not relevant itself: snimismatch's request, whose SNI differs from
 * its Host name (both a <name>), ranked only <name>. */
static uint32_t match_choices(const SdLearner *self, const SdSymbol *rel, uint32_t rc, SdSymbol *out) {
  const SdGrammar *g = self->grammar;
  uint32_t n = 0;
  for (uint32_t i = 0; i < rc; i++) out[n++] = rel[i];
  for (uint32_t p = 0; p < g->symbol_count && n < rc + LR_EXTRA_CONTAINERS; p++) {
    const SdSymbolInfo *si = &g->symbols[p];
    if (si->kind != SD_SYM_NONTERMINAL || si->generated || !si->reachable) continue;
    bool known = false, pair = false;
    for (uint32_t k = 0; k < n && !known; k++) known = out[k] == (SdSymbol)p;
    for (uint32_t a = 0; a < si->alternative_count && !known && !pair; a++) {
      uint32_t held = 0; /* children that are, or hold, a relevant nonterminal */
      for (uint32_t c = 0; c < si->alternatives[a].count; c++) {
        SdSymbol child = si->alternatives[a].symbols[c];
        bool holds = false;
        for (uint32_t r = 0; r < rc && !holds; r++)
          holds = child == rel[r] || (sd_grammar_is_nonterminal(g, child) && sd_grammar_can_contain(g, child, rel[r]));
        held += holds;
      }
      pair = held >= 2;
    }
    if (!known && pair) out[n++] = (SdSymbol)p;
  }
  return n;
}

/* What instantiate_pattern's slots take: container slots (`a in c`) also
 * records, a match expression's quantifier also the fields' parents. */
typedef struct SlotChoices {
  const SdSymbol *relevant, *containers, *parents;
  uint32_t rc, cc, pc;
} SlotChoices;

/* The nonterminal slot of a pattern's first <?RECORD> when it has two or
 * more (a list's records told apart: "Ranges overlap"), else -1. */
static int32_t first_of_two_records(const SdPattern *p, const uint32_t *ph_of, uint32_t k) {
  int32_t first = -1;
  for (uint32_t j = 0; j < k; j++)
    if (p->placeholders[ph_of[j]].record) {
      if (first >= 0) return first;
      first = (int32_t)j;
    }
  return -1;
}

/* May slot `depth`, a field of a record slot, take s? In a pattern over two
 * <?RECORD>s (first: the first one's slot), a record's field is one the
 * record holds at most once (the assembler's numbers nested in a size are
 * no field), and the second record's is one a field of the first took.
 * Patterns over one record (two stamps of a session before one another)
 * are left alone (first is -1). */
static bool second_record_field_ok(const SdGrammar *g, const SdPattern *p, const uint32_t *ph_of, const int32_t *parent,
                                   const SdSymbol *tuple, uint32_t depth, int32_t first, SdSymbol s) {
  uint32_t rec = (uint32_t)parent[depth];
  if (first < 0 || !p->placeholders[ph_of[rec]].record) return true;
  if (!sd_grammar_at_most_once_in(g, tuple[rec], s)) return false;
  if ((int32_t)rec == first) return true;
  for (uint32_t j = 0; j < depth; j++)
    if (parent[j] == first && tuple[j] == s) return true;
  return false;
}

static void instantiate_pattern(SdLearner *self, uint32_t pattern, const SlotChoices *ch) {
  const SdSymbol *relevant = ch->relevant;
  uint32_t rc = ch->rc;
  const SdPattern *p = sd_catalog_pattern(self->catalog, pattern);
  LrPattern *info = &self->patterns[pattern];
  uint32_t k = p->nonterminal_count;
  /* placeholder index of the i-th nonterminal slot, and its container slot */
  uint32_t *ph_of = sd_xcalloc(k ? k : 1, sizeof(uint32_t));
  int32_t *parent = sd_xcalloc(k ? k : 1, sizeof(int32_t));
  bool *numeric = sd_xcalloc(k ? k : 1, sizeof(bool));
  bool *measured = sd_xcalloc(k ? k : 1, sizeof(bool));
  for (uint32_t i = 0, j = 0; i < p->placeholder_count; i++)
    if (sd_placeholder_is_nonterminal(p->placeholders[i].kind)) ph_of[j++] = i;
  if (k == 0) {
    LrTemplate *t = info->has_charset ? NULL : get_template(self, pattern, NULL, NULL);
    if (info->has_charset) instantiate_charsets(self, pattern, NULL);
    if (t) instantiate(self, t, NULL);
    goto done;
  }
  if (rc == 0) goto done;
  /* (two records told apart by different_position, "Ranges overlap", are
     two of one list too) */
  bool ordered = !info->has_mexpr && (strstr(p->constraint, "before(") || strstr(p->constraint, "after(") ||
                                      strstr(p->constraint, "consecutive(") ||
                                      strstr(p->constraint, "different_position("));
  bool under_forall = strstr(p->constraint, "forall") != NULL;
  int32_t first_record = ordered ? first_of_two_records(p, ph_of, k) : -1;
  /* ... but an order alone (the catalog's "Comes before": `before(a, b)`,
     the text's only parenthesis) says that two kinds of items come in that
     order, which where the grammar fixes it only restates that both are
     there, and where it does not is the cause (stubhdr: a header set after
     the body has been written) */
  bool pure_order = ordered && strchr(p->constraint, '(') == strrchr(p->constraint, '(');
  SdSymbol *tuple = sd_xcalloc(k, sizeof(SdSymbol));
  uint32_t *idx = sd_xcalloc(k, sizeof(uint32_t));
  /* odometer over relevant^k, the first slot varying slowest; prune tuples the
     grammar cannot nest and non-numeric nonterminals under str.to.int */
  /* per slot, what it takes: the relevant nonterminals, or containers[]
     (a container slot), or parents[] (a match expression's quantifier) */
  const SdSymbol **takes = sd_xcalloc(k, sizeof(SdSymbol *));
  uint32_t *takes_n = sd_xcalloc(k, sizeof(uint32_t));
  for (uint32_t i = 0; i < k; i++) {
    takes[i] = relevant, takes_n[i] = rc;
    for (uint32_t j = 0; j < k; j++)
      if (info->container[ph_of[j]] == (int32_t)ph_of[i]) takes[i] = ch->containers, takes_n[i] = ch->cc;
    for (uint32_t j = 0; j < p->placeholder_count; j++)
      if (p->placeholders[j].kind == SD_PLACEHOLDER_MATCHEXPR && info->mexpr[j].slot == (int32_t)i)
        takes[i] = ch->parents, takes_n[i] = ch->pc;
  }
  uint32_t depth = 0;
  idx[0] = 0;
  for (;;) {
    if (idx[depth] >= takes_n[depth]) {
      if (depth == 0) break;
      depth--;
      idx[depth]++;
      continue;
    }
    /* refresh what the first parse taught us */
    for (uint32_t i = 0; i < k; i++) {
      numeric[i] = info->numeric[ph_of[i]];
      measured[i] = info->measured[ph_of[i]];
      int32_t c = info->container[ph_of[i]];
      parent[i] = -1;
      if (c >= 0)
        for (uint32_t j = 0; j < i; j++)
          if (ph_of[j] == (uint32_t)c) parent[i] = (int32_t)j;
    }
    SdSymbol s = takes[depth][idx[depth]];
    bool ok = true;
    if (numeric[depth] && !self->grammar->symbols[s].numeric) ok = false;
    /* a <?RECORD> is one of a list's records */
    if (ok && p->placeholders[ph_of[depth]].record &&
        (sd_grammar_exactly_once(self->grammar, s) || lr_self_nesting(self->grammar, s)))
      ok = false;
    if (ok && parent[depth] >= 0) {
      SdSymbol outer = tuple[parent[depth]];
      /* "Nested N deep" nests one nonterminal in itself, and only that */
      bool nested = info->nests && outer == s && lr_self_nesting(self->grammar, s);
      if ((outer == s && !nested) || (info->nests && outer != s) || !sd_grammar_can_contain(self->grammar, outer, s))
        ok = false;
    }
    /* two numbers compared or added, or a number and a length, are two
       elements: not one nested in the other (exists <number> a: exists <y>
       b would also bind a to y's own number; decimal's temperature above
       the length of its own integer part, and heartbleed's length field
       above the length of its own first digit, only restated thresholds,
       and ties with them cost Z3 seconds); so are two lengths added (a
       rule's length and its own name's: aclgroup, session 51, fell short
       at seed 1 where such sums crowded out the record's pairs) */
    for (uint32_t j = 0; ok && parent[depth] < 0 && j < depth; j++)
      if ((numeric[j] || numeric[depth] || measured[j] || measured[depth]) && parent[j] < 0 && tuple[j] != s &&
          (sd_grammar_can_contain(self->grammar, tuple[j], s) || sd_grammar_can_contain(self->grammar, s, tuple[j])))
        ok = false;
    /* two slots over the whole input bound to a nonterminal every input has
       exactly once are one element: a relation of it to itself (its length
       below its own value, heartbleed's <payload-length>) only restates a
       threshold, and ties with it cost the solver seconds */
    for (uint32_t j = 0; ok && parent[depth] < 0 && j < depth; j++)
      if (parent[j] < 0 && tuple[j] == s && sd_grammar_exactly_once(self->grammar, s)) ok = false;
    /* an order between elements of two nonterminals is mostly the grammar's
       layout (a field before another): ordering patterns compare elements
       of one nonterminal (a timestamp earlier than a previous line's);
       ISLearn's match expressions ("defined before use") bind their own,
       and so does an order under a forall (no definition of a name before
       its use: a use and a definition are two nonterminals) */
    for (uint32_t j = 0; ok && ordered && !under_forall && !pure_order && parent[depth] < 0 && j < depth; j++)
      if (parent[j] < 0 && tuple[j] != s) ok = false;
    /* two records of one list told apart ("Ranges overlap": a's start and
       span against b's start) compare like with like: a field of the second
       takes a nonterminal some field of the first took (the overlap
       patterns cost 4 s a learn each on an assembler's nested sizes) */
    if (ok && parent[depth] >= 0 && !second_record_field_ok(self->grammar, p, ph_of, parent, tuple, depth, first_record, s))
      ok = false;
    if (!ok) {
      idx[depth]++;
      continue;
    }
    tuple[depth] = s;
    if (depth + 1 < k) {
      depth++;
      idx[depth] = 0;
      continue;
    }
    bool parsed = info->has_mexpr     ? instantiate_mexprs(self, pattern, tuple)
                  : info->has_charset ? instantiate_charsets(self, pattern, tuple)
                                      : false;
    if (!info->has_mexpr && !info->has_charset) {
      LrTemplate *t = get_template(self, pattern, tuple, NULL);
      if (t) instantiate(self, t, tuple);
      parsed = t != NULL;
    }
    if (info->reported && !info->ever_parsed) break; /* the pattern does not parse at all */
    if (parsed) info->ever_parsed = true;
    idx[depth]++;
  }
  free(tuple);
  free(idx);
  free(takes);
  free(takes_n);
done:
  free(ph_of);
  free(parent);
  free(numeric);
  free(measured);
}

void sd_learner_learn(SdLearner *self, const SdSymbol *relevant, uint32_t relevant_count) {
  self->epoch++;
  array_clear(&self->used);
  array_clear(&self->hints);
  /* distinct nonterminals, in the given order */
  SdSymbol *rel = sd_xcalloc(relevant_count ? relevant_count : 1, sizeof(SdSymbol));
  uint32_t rc = 0;
  for (uint32_t i = 0; i < relevant_count; i++) {
    SdSymbol s = relevant[i];
    if (s < 0 || (uint32_t)s >= self->grammar->symbol_count ||
        !sd_grammar_is_nonterminal(self->grammar, s))
      continue;
    bool dup = false;
    for (uint32_t j = 0; j < rc; j++) dup |= rel[j] == s;
    if (!dup) rel[rc++] = s;
  }
  SdSymbol *containers = sd_xcalloc(rc + LR_EXTRA_CONTAINERS + 1, sizeof(SdSymbol));
  SdSymbol *parents = sd_xcalloc(rc + LR_EXTRA_CONTAINERS + 1, sizeof(SdSymbol));
  SlotChoices ch = {.relevant = rel, .rc = rc, .containers = containers, .parents = parents};
  ch.cc = container_choices(self, rel, rc, containers);
  ch.pc = match_choices(self, rel, rc, parents);
  sd_stop_cut_begin(); /* after a stop (semdbg/stop.h) the results are thrown away */
  for (uint32_t p = 0; p < sd_catalog_count(self->catalog) && !sd_stop_requested(); p++) {
    clock_t t0 = self->trace_patterns ? clock() : 0;
    instantiate_pattern(self, p, &ch);
    if (self->trace_patterns)
      fprintf(stderr, "semdbg: learn: %s: %.3f s\n", sd_catalog_pattern(self->catalog, p)->name, (double)(clock() - t0) / CLOCKS_PER_SEC);
  }
  free(rel);
  free(containers);
  free(parents);
  lr_sets(self);
  lr_rank(self);
  if (!sd_stop_requested() && lr_scopes(self)) lr_rank(self);
  sd_stop_cut_end();
}

void sd_learner_free(SdLearner *self) {
  if (!self) return;
  lr_results_free(self);
  value_caches_free(self);
  for (uint32_t i = 0; i < self->charset_count; i++) free(self->charsets[i]);
  free(self->charsets);
  free(self->field_kinds);
  for (uint32_t i = 0; i < self->atoms.size; i++) {
    LrAtom *a = &self->atoms.items[i];
    free(a->text);
    free(a->short_text);
    free(a->value);
    free(a->bits);
    sd_constraint_free(a->c);
  }
  array_free(&self->atoms);
  for (uint32_t i = 0; i < self->templates.size; i++) {
    LrTemplate *t = self->templates.items[i];
    free(t->text);
    sd_constraint_free(t->c);
    uint32_t np = sd_catalog_pattern(self->catalog, t->pattern)->placeholder_count;
    for (uint32_t k = 0; t->mexprs && k < np; k++) free(t->mexprs[k]);
    free(t->mexprs);
    for (uint32_t f = 0; f < t->flips.size; f++) free(t->flips.items[f].big);
    array_free(&t->flips);
    for (uint32_t k = 0; k < t->text_flips.size; k++) {
      LrTextFlips *tf = &t->text_flips.items[k];
      for (uint32_t f = 0; f < tf->flips.size; f++) free(tf->flips.items[f].big);
      array_free(&tf->flips);
      free(tf->text);
    }
    array_free(&t->text_flips);
    if (t->range_values) value_table_free(t->range_values);
    free(t->range_values);
    for (uint32_t f = 0; f < t->lows.size; f++) free(t->lows.items[f].big);
    array_free(&t->lows);
    array_free(&t->depths);
    free(t);
  }
  array_free(&self->templates);
  lr_map_free(&self->atom_map);
  lr_map_free(&self->template_map);
  for (uint32_t i = 0; i < sd_catalog_count(self->catalog); i++)
    pattern_free(&self->patterns[i], sd_catalog_pattern(self->catalog, i)->placeholder_count);
  free(self->patterns);
  array_free(&self->inputs);
  array_free(&self->fail_bits);
  array_free(&self->fail_prefix);
  array_free(&self->used);
  array_free(&self->hints);
  free(self);
}

/* ---------- catalog check ---------- */

/* A match expression for a <?MATCHEXPR> over *in, or, when *in has none,
 * over another nonterminal of the grammar (then *in is that one); NULL when
 * no nonterminal of the grammar has one (the pattern does not apply). */
static char *sample_mexpr(const SdGrammar *g, const SdPattern *p, uint32_t ph, SdSymbol *in) {
  LrMexpr m;
  lr_mexpr_read(g, p, ph, &m);
  char *one[1] = {NULL};
  if (!lr_mexpr_choices(g, *in, &m, one, 1))
    for (uint32_t s = 0; s < g->symbol_count && !one[0]; s++)
      if (sd_grammar_is_nonterminal(g, (SdSymbol)s) && lr_mexpr_choices(g, (SdSymbol)s, &m, one, 1))
        *in = (SdSymbol)s;
  lr_mexpr_free(&m);
  return one[0];
}

uint32_t sd_catalog_check(const SdCatalog *self, const SdGrammar *grammar, bool warn_only,
                          SdDiagnostics *diags) {
  uint32_t good = 0;
  /* sample nonterminals: the first ones of the grammar other than the start */
  SdSymbol sample[8];
  uint32_t ns = 0;
  for (uint32_t s = 0; s < grammar->symbol_count && ns < 8; s++)
    if (sd_grammar_is_nonterminal(grammar, (SdSymbol)s) && (SdSymbol)s != grammar->start)
      sample[ns++] = (SdSymbol)s;
  if (!ns) sample[ns++] = grammar->start;
  for (uint32_t i = 0; i < sd_catalog_count(self); i++) {
    const SdPattern *p = sd_catalog_pattern(self, i);
    const char **vals = sd_xcalloc(p->placeholder_count ? p->placeholder_count : 1, sizeof(char *));
    char **owned = sd_xcalloc(p->placeholder_count ? p->placeholder_count : 1, sizeof(char *));
    uint32_t nt = 0;
    SdSymbol last = sample[0];
    uint32_t last_k = 0;
    bool applies = true;
    for (uint32_t k = 0; k < p->placeholder_count && applies; k++) {
      switch (p->placeholders[k].kind) {
      case SD_PLACEHOLDER_NONTERMINAL:
        last = sample[nt++ % ns], last_k = k;
        vals[k] = grammar->symbols[last].name;
        break;
      case SD_PLACEHOLDER_NONTERMINAL_STRING:
        vals[k] = owned[k] = sd_format("\"%s\"", grammar->symbols[sample[nt++ % ns]].name);
        break;
      case SD_PLACEHOLDER_MATCHEXPR: /* its quantifier's nonterminal one that has it */
        vals[k] = owned[k] = sample_mexpr(grammar, p, k, &last);
        applies = owned[k] != NULL;
        if (!owned[last_k]) vals[last_k] = grammar->symbols[last].name;
        break;
      case SD_PLACEHOLDER_CHARSET: { /* the grammar's first class, if it has one */
        char *one[1] = {NULL};
        applies = lr_charset_choices(grammar, one, 1) == 1;
        vals[k] = owned[k] = one[0];
        break;
      }
      case SD_PLACEHOLDER_INTEGER: vals[k] = "1"; break;
      default: vals[k] = "\"1\""; break; /* strings: a number fits where numbers are needed too */
      }
    }
    /* no instance in this grammar: nothing to warn about, nothing to learn */
    char *text = applies ? sd_pattern_instantiate(p, vals) : NULL;
    for (uint32_t k = 0; k < p->placeholder_count; k++) free(owned[k]);
    free(owned);
    if (!text) {
      free(vals);
      continue;
    }
    SdConstraintError err = {0};
    SdConstraint *c = sd_constraint_parse(grammar, text, strlen(text), &err);
    if (c) {
      good++;
      sd_constraint_free(c);
    } else if (diags) {
      sd_diagnostics_add(diags, warn_only, sd_catalog_path(self),
                         p->constraint_line + (err.line > 0 ? err.line - 1 : 0),
                         err.line > 1 ? err.column : 1,
                         "pattern '%s': the constraint does not parse after instantiation: %s",
                         p->name, err.message ? err.message : "syntax error");
    }
    free(err.message);
    free(text);
    free(vals);
  }
  return good;
}
