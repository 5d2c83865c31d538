/* constraint_nnf.c: building, copying and comparing constraints, and the
 * logical transformations: clone, negation normal form, simplification,
 * negation, conjunction/disjunction of constraints.
 *
 * Every transformation builds a fresh constraint with a builder that copies
 * the source formula into the new arena, mapping variables. When a subformula
 * is duplicated (iff and xor in NNF) the second copy's quantifiers get new
 * variables, so every variable is bound by exactly one quantifier. A
 * simplification pass then folds constants, removes double negations,
 * flattens and/or and drops duplicate conjuncts/disjuncts, and unused
 * variables are compacted away. Negating an atom keeps NOT(atom), except for
 * an ordering comparison, which flips (not a > b -> a <= b): as in ISLa, an
 * atom whose value is undefined (str.to.int of a non-numeral, division by
 * zero) is false under a negation too, and so is the flipped comparison.
 * Integer quantifiers swap like tree quantifiers. Equality and hashing
 * number the variables in binding order, so names do not matter. */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "constraint_internal.h"

/* ---- construction ---- */

SdConstraint *sd_constraint_new_empty(const SdGrammar *grammar) {
  SdConstraint *c = sd_xcalloc(1, sizeof *c);
  c->grammar = grammar;
  c->arena = sd_xcalloc(1, sizeof(SdArena));
  sd_arena_init(c->arena);
  return c;
}

void sd_constraint_free(SdConstraint *self) {
  if (!self) return;
  sd_arena_free(self->arena);
  free(self->arena);
  free(self->variables);
  free(self);
}

int32_t sd_constraint_add_variable(SdConstraint *self, const char *name, SdSymbol symbol,
                                   bool implicit) {
  uint32_t n = self->variable_count;
  if ((n & (n - 1)) == 0) /* 0 or a power of two: grow */
    self->variables = sd_xrealloc(self->variables, (n ? n * 2 : 4) * sizeof(SdVariable));
  SdVariable *v = &self->variables[n];
  v->name = name ? sd_arena_strndup(self->arena, name, strlen(name)) : NULL;
  v->symbol = symbol;
  v->implicit = implicit;
  self->variable_count = n + 1;
  return (int32_t)n;
}

SdFormula *sd_formula_new(SdConstraint *c, SdFormulaKind kind, uint32_t child_count) {
  SdFormula *f = sd_arena_alloc(c->arena, sizeof *f);
  f->kind = kind;
  f->child_count = child_count;
  if (child_count) f->children = sd_arena_alloc(c->arena, child_count * sizeof(SdFormula *));
  f->var = f->in_var = -1;
  return f;
}

SdTerm *sd_term_new(SdConstraint *c, SdOp op, SdType type, uint32_t arg_count) {
  SdTerm *t = sd_arena_alloc(c->arena, sizeof *t);
  t->op = op;
  t->type = type;
  t->arg_count = arg_count;
  if (arg_count) t->args = sd_arena_alloc(c->arena, arg_count * sizeof(SdTerm *));
  t->var = -1;
  t->symbol = -1;
  return t;
}

SdTerm *sd_term_copy(SdConstraint *to, const SdTerm *t, const int32_t *var_map) {
  SdTerm *r = sd_term_new(to, t->op, t->type, t->arg_count);
  r->var = t->op == SD_OP_VAR ? (var_map ? var_map[t->var] : t->var) : -1;
  if (t->text) {
    r->text = sd_arena_strndup(to->arena, t->text, t->length);
    r->length = t->length;
  }
  r->bool_value = t->bool_value;
  r->symbol = t->symbol;
  r->line = t->line;
  r->column = t->column;
  for (uint32_t i = 0; i < t->arg_count; i++) r->args[i] = sd_term_copy(to, t->args[i], var_map);
  return r;
}

/* The variables a quantifier's match binds (the parser allows at most
 * MATCH_VARS_MAX). */
#define MATCH_VARS_MAX 256
static uint32_t match_vars(const SdMatch *m, int32_t *out) {
  if (!m || sd_match_bound(m, NULL) > MATCH_VARS_MAX) return 0;
  return sd_match_bound(m, out);
}

SdFormula *sd_formula_copy(SdConstraint *to, const SdConstraint *from, const SdFormula *f,
                           int32_t *var_map, bool fresh_binders) {
  SdFormula *r = sd_formula_new(to, f->kind, f->child_count);
  r->line = f->line;
  r->column = f->column;
  if (f->kind == SD_F_ATOM) r->atom = sd_term_copy(to, f->atom, var_map);
  if (sd_formula_is_quantifier(f->kind)) {
    r->in_var = f->in_var < 0 ? -1 : var_map[f->in_var];
    if (fresh_binders) {
      const SdVariable *v = &from->variables[f->var];
      var_map[f->var] = sd_constraint_add_variable(to, v->name, v->symbol, v->implicit);
    }
    r->var = var_map[f->var];
    if (f->match) {
      int32_t bound[MATCH_VARS_MAX];
      uint32_t n = match_vars(f->match, bound);
      for (uint32_t i = 0; fresh_binders && i < n; i++) {
        const SdVariable *v = &from->variables[bound[i]];
        var_map[bound[i]] = sd_constraint_add_variable(to, v->name, v->symbol, v->implicit);
      }
      r->match = sd_match_copy(to, f->match, var_map);
    }
  }
  for (uint32_t i = 0; i < f->child_count; i++)
    r->children[i] = sd_formula_copy(to, from, f->children[i], var_map, fresh_binders);
  return r;
}

bool sd_term_has_var(const SdTerm *t) {
  if (t->op == SD_OP_VAR) return true;
  for (uint32_t i = 0; i < t->arg_count; i++)
    if (sd_term_has_var(t->args[i])) return true;
  return false;
}

bool sd_term_is_partial(const SdTerm *t) {
  if (t->op == SD_OP_STR_TO_INT || t->op == SD_OP_STR_TO_REAL || t->op == SD_OP_DIV ||
      t->op == SD_OP_MOD || t->op == SD_OP_INTERNET_CHECKSUM || t->op == SD_OP_HEX_TO_DECIMAL ||
      t->op == SD_OP_ARITH_VALUE)
    return true;
  for (uint32_t i = 0; i < t->arg_count; i++)
    if (sd_term_is_partial(t->args[i])) return true;
  return false;
}

/* ---- names ---- */

static bool valid_name(const char *s) {
  if (!s || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') || s[0] == '_'))
    return false;
  for (const char *q = s; *q; q++)
    if (!((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') ||
          *q == '_' || *q == '-' || *q == '.' || *q == '^'))
      return false;
  /* a name ending in '.' would glue to a following token */
  return s[strlen(s) - 1] != '.';
}

/* The names given so far, and per base name the next suffix to try: hashed,
 * so that naming n variables takes about n steps, not n^2 or n^3 (30,000
 * conjuncts over one nonterminal, each with its own variable, took minutes).
 * Keys are name hashes in open addressing; a collision only makes a name
 * look taken, and another suffix is tried. */
typedef struct Names {
  uint64_t *keys;   /* 0: empty */
  uint32_t *next;   /* per base name: its next suffix */
  uint32_t mask;
} Names;

static uint64_t name_key(const char *name) {
  uint64_t h = sd_hash_bytes(name, strlen(name), 0x4a3e5);
  return h ? h : 1;
}

static uint32_t name_slot(const Names *t, uint64_t key) {
  uint32_t i = (uint32_t)key & t->mask;
  while (t->keys[i] && t->keys[i] != key) i = (i + 1) & t->mask;
  return i;
}

static bool name_taken(const Names *taken, const char *name) { return taken->keys[name_slot(taken, name_key(name))] != 0; }

static void name_add(Names *t, const char *name) {
  uint64_t key = name_key(name);
  t->keys[name_slot(t, key)] = key;
}

/* The next suffix to try for base (0 first), counted up. */
static uint32_t *suffix_of(Names *bases, const char *base) {
  uint64_t key = name_key(base);
  uint32_t i = name_slot(bases, key);
  bases->keys[i] = key;
  return &bases->next[i];
}

static void names_init(Names *t, uint32_t n) {
  uint32_t cap = 16;
  while (cap < 4 * (uint64_t)n + 16) cap *= 2;
  t->keys = sd_xcalloc(cap, sizeof *t->keys);
  t->next = sd_xcalloc(cap, sizeof *t->next);
  t->mask = cap - 1;
}

static void names_free(Names *t) {
  free(t->keys);
  free(t->next);
}

void sd_constraint_name_variables(SdConstraint *self) {
  /* pass 0: valid explicit names keep theirs (first come); pass 1: the rest */
  uint32_t n = self->variable_count;
  const char **want = sd_xcalloc(n ? n : 1, sizeof(char *));
  for (uint32_t i = 0; i < n; i++) {
    SdVariable *v = &self->variables[i];
    want[i] = v->name;
    v->name = NULL;
  }
  Names taken, bases;
  names_init(&taken, 2 * n + 1);
  names_init(&bases, n);
  /* `start` first, so nobody else takes it */
  for (uint32_t i = 0; i < n; i++)
    if (self->variables[i].symbol == -1) self->variables[i].name = "start";
  name_add(&taken, "start");
  for (int pass = 0; pass < 2; pass++) {
    for (uint32_t i = 0; i < n; i++) {
      SdVariable *v = &self->variables[i];
      if (v->name) continue;
      bool ok = valid_name(want[i]) && !sd_constraint_reserved_word(want[i]);
      if (pass == 0) {
        if (ok && !name_taken(&taken, want[i])) v->name = want[i], name_add(&taken, want[i]);
        continue;
      }
      SdBuf b = {0};
      if (ok) {
        sd_buf_puts(&b, want[i]);
      } else {
        const char *nt = v->symbol >= 0 ? self->grammar->symbols[v->symbol].name : "<v>";
        size_t len = strlen(nt);
        for (size_t k = 1; k + 1 < len; k++) {
          char ch = nt[k];
          bool good = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                      (ch >= '0' && ch <= '9') || ch == '_' || ch == '-';
          sd_buf_putc(&b, good ? ch : '_');
        }
        if (!b.len || !((b.data[0] >= 'a' && b.data[0] <= 'z') ||
                        (b.data[0] >= 'A' && b.data[0] <= 'Z') || b.data[0] == '_')) {
          char *rest = sd_buf_take(&b);
          sd_buf_printf(&b, "v_%s", rest);
          free(rest);
        }
      }
      char *base = sd_buf_take(&b);
      char *name = sd_xstrdup(base);
      uint32_t *k = suffix_of(&bases, base);
      while (sd_constraint_reserved_word(name) || name_taken(&taken, name)) {
        free(name);
        name = sd_format("%s_%u", base, (*k)++);
      }
      v->name = sd_arena_strndup(self->arena, name, strlen(name));
      name_add(&taken, v->name);
      free(name);
      free(base);
    }
  }
  names_free(&taken);
  names_free(&bases);
  free(want);
}

/* ---- equality and hashing, up to variable names ---- */

typedef struct Num {
  const SdConstraint *c;
  int32_t *num; /* per variable: binding number, -1 unbound */
} Num;

typedef struct EqCtx {
  Num a, b;
  int32_t counter;
} EqCtx;

static bool var_eq(EqCtx *e, int32_t va, int32_t vb) {
  if (va < 0 || vb < 0) return va == vb;
  int32_t na = e->a.num[va], nb = e->b.num[vb];
  if (na >= 0 || nb >= 0) return na == nb;
  /* free in the compared parts: the same variable, or both `start` */
  if (e->a.c == e->b.c) return va == vb;
  return e->a.c->variables[va].symbol == -1 && e->b.c->variables[vb].symbol == -1;
}

static bool term_eq(EqCtx *e, const SdTerm *a, const SdTerm *b) {
  if (a->op != b->op || a->type != b->type || a->arg_count != b->arg_count) return false;
  switch (a->op) {
    case SD_OP_VAR: return var_eq(e, a->var, b->var);
    case SD_OP_STRING:
    case SD_OP_INT:
    case SD_OP_DECIMAL:
      return a->length == b->length && !memcmp(a->text, b->text, a->length);
    case SD_OP_BOOL: return a->bool_value == b->bool_value;
    case SD_OP_COUNT:
      if (a->symbol != b->symbol) return false;
      break;
    case SD_OP_LEVEL:
      if (a->symbol != b->symbol || strcmp(a->text, b->text)) return false;
      break;
    default: break;
  }
  for (uint32_t i = 0; i < a->arg_count; i++)
    if (!term_eq(e, a->args[i], b->args[i])) return false;
  return true;
}

static bool formula_eq(EqCtx *e, const SdFormula *a, const SdFormula *b) {
  if (a->kind != b->kind || a->child_count != b->child_count) return false;
  if (a->kind == SD_F_ATOM) return term_eq(e, a->atom, b->atom);
  if (sd_formula_is_quantifier(a->kind)) {
    if (e->a.c->variables[a->var].symbol != e->b.c->variables[b->var].symbol) return false;
    if ((a->in_var < 0) != (b->in_var < 0)) return false;
    if (a->in_var >= 0 && !var_eq(e, a->in_var, b->in_var)) return false;
    if (!sd_match_same_shape(a->match, b->match)) return false;
    int32_t va[MATCH_VARS_MAX + 1], vb[MATCH_VARS_MAX + 1], oa[MATCH_VARS_MAX + 1], ob[MATCH_VARS_MAX + 1];
    uint32_t n = match_vars(a->match, va + 1);
    match_vars(b->match, vb + 1);
    va[0] = a->var, vb[0] = b->var;
    bool r = true;
    for (uint32_t i = 0; i <= n; i++) {
      if (i && e->a.c->variables[va[i]].symbol != e->b.c->variables[vb[i]].symbol) r = false;
      oa[i] = e->a.num[va[i]], ob[i] = e->b.num[vb[i]];
      e->a.num[va[i]] = e->b.num[vb[i]] = e->counter++;
    }
    for (uint32_t i = 0; r && a->match && i < a->match->path_count; i++)
      r = var_eq(e, a->match->paths[i].from, b->match->paths[i].from);
    r = r && formula_eq(e, a->children[0], b->children[0]);
    for (uint32_t i = n + 1; i-- > 0;) e->a.num[va[i]] = oa[i], e->b.num[vb[i]] = ob[i];
    return r;
  }
  for (uint32_t i = 0; i < a->child_count; i++)
    if (!formula_eq(e, a->children[i], b->children[i])) return false;
  return true;
}

static int32_t *fresh_numbers(const SdConstraint *c) {
  int32_t *n = sd_xmalloc((c->variable_count ? c->variable_count : 1) * sizeof(int32_t));
  for (uint32_t i = 0; i < c->variable_count; i++) n[i] = -1;
  return n;
}

bool sd_formula_equal_in(const SdConstraint *c, const SdFormula *a, const SdFormula *b) {
  EqCtx e = {{c, fresh_numbers(c)}, {c, fresh_numbers(c)}, 0};
  bool r = formula_eq(&e, a, b);
  free(e.a.num);
  free(e.b.num);
  return r;
}

bool sd_constraint_equal(const SdConstraint *a, const SdConstraint *b) {
  if (!a || !b) return a == b;
  if (!a->root || !b->root) return a->root == b->root;
  EqCtx e = {{a, fresh_numbers(a)}, {b, fresh_numbers(b)}, 0};
  bool r = formula_eq(&e, a->root, b->root);
  free(e.a.num);
  free(e.b.num);
  return r;
}

typedef struct HashCtx {
  const SdConstraint *c;
  int32_t *num;
  int32_t counter;
} HashCtx;

static uint64_t mix(uint64_t h, uint64_t v) {
  return sd_hash_bytes(&v, sizeof v, h);
}

static uint64_t var_hash(HashCtx *h, int32_t v) {
  if (v < 0) return 0x5eed;
  if (h->num[v] >= 0) return (uint64_t)h->num[v] * 2 + 1;
  return 0x5741; /* free: start */
}

static uint64_t term_hash(HashCtx *h, const SdTerm *t, uint64_t acc) {
  acc = mix(acc, (uint64_t)t->op * 131 + t->arg_count);
  switch (t->op) {
    case SD_OP_VAR: return mix(acc, var_hash(h, t->var));
    case SD_OP_STRING:
    case SD_OP_INT:
    case SD_OP_DECIMAL: return sd_hash_bytes(t->text, t->length, mix(acc, t->length));
    case SD_OP_BOOL: return mix(acc, t->bool_value);
    case SD_OP_COUNT: acc = mix(acc, (uint64_t)t->symbol); break;
    case SD_OP_LEVEL: acc = sd_hash_bytes(t->text, t->length, mix(acc, (uint64_t)t->symbol)); break;
    default: break;
  }
  for (uint32_t i = 0; i < t->arg_count; i++) acc = term_hash(h, t->args[i], acc);
  return acc;
}

static uint64_t formula_hash(HashCtx *h, const SdFormula *f, uint64_t acc) {
  acc = mix(acc, (uint64_t)f->kind * 977 + f->child_count);
  if (f->kind == SD_F_ATOM) return term_hash(h, f->atom, acc);
  if (sd_formula_is_quantifier(f->kind)) {
    acc = mix(acc, (uint64_t)h->c->variables[f->var].symbol);
    acc = mix(acc, f->in_var < 0 ? 0x1234 : var_hash(h, f->in_var));
    acc = sd_match_shape_hash(f->match, acc);
    int32_t v[MATCH_VARS_MAX + 1], old[MATCH_VARS_MAX + 1];
    uint32_t n = match_vars(f->match, v + 1);
    v[0] = f->var;
    for (uint32_t i = 0; i <= n; i++) old[i] = h->num[v[i]], h->num[v[i]] = h->counter++;
    for (uint32_t i = 0; f->match && i < f->match->path_count; i++)
      acc = mix(acc, var_hash(h, f->match->paths[i].from));
    acc = formula_hash(h, f->children[0], acc);
    for (uint32_t i = n + 1; i-- > 0;) h->num[v[i]] = old[i];
    return acc;
  }
  for (uint32_t i = 0; i < f->child_count; i++) acc = formula_hash(h, f->children[i], acc);
  return acc;
}

uint64_t sd_constraint_hash(const SdConstraint *self) {
  if (!self->root) return 0;
  HashCtx h = {self, fresh_numbers(self), 0};
  uint64_t r = formula_hash(&h, self->root, 0xc0ffee);
  free(h.num);
  return r;
}

/* ---- builder: copy with variable mapping and renaming apart ---- */

typedef struct Bld {
  SdConstraint *dst;
  const SdConstraint *src;
  int32_t *map;   /* src variable -> dst variable */
  bool *bound;    /* dst variables already bound by some quantifier */
  uint32_t bound_cap;
} Bld;

static void bld_init(Bld *b, const SdConstraint *src) {
  b->src = src;
  b->dst = sd_constraint_new_empty(src->grammar);
  for (uint32_t i = 0; i < src->variable_count; i++) {
    const SdVariable *v = &src->variables[i];
    sd_constraint_add_variable(b->dst, v->name, v->symbol, v->implicit);
  }
  b->map = sd_xmalloc((src->variable_count ? src->variable_count : 1) * sizeof(int32_t));
  for (uint32_t i = 0; i < src->variable_count; i++) b->map[i] = (int32_t)i;
  b->bound_cap = 0;
  b->bound = NULL;
}

static bool *bound_slot(Bld *b, int32_t v) {
  if ((uint32_t)v >= b->bound_cap) {
    uint32_t cap = b->bound_cap ? b->bound_cap : 16;
    while (cap <= (uint32_t)v) cap *= 2;
    b->bound = sd_xrealloc(b->bound, cap * sizeof(bool));
    memset(b->bound + b->bound_cap, 0, (cap - b->bound_cap) * sizeof(bool));
    b->bound_cap = cap;
  }
  return &b->bound[v];
}

/* map a src binder to a dst variable not bound elsewhere; returns the old mapping */
static int32_t bld_bind(Bld *b, int32_t src_var) {
  int32_t old = b->map[src_var];
  int32_t v = old;
  if (*bound_slot(b, v)) {
    const SdVariable *sv = &b->src->variables[src_var];
    v = sd_constraint_add_variable(b->dst, sv->name, sv->symbol, sv->implicit);
  }
  *bound_slot(b, v) = true;
  b->map[src_var] = v;
  return old;
}

static SdFormula *fnew(Bld *b, SdFormulaKind k, uint32_t n, const SdFormula *pos) {
  SdFormula *f = sd_formula_new(b->dst, k, n);
  f->line = pos->line;
  f->column = pos->column;
  return f;
}

static SdFormula *not_of(Bld *b, SdFormula *f) {
  SdFormula *n = fnew(b, SD_F_NOT, 1, f);
  n->children[0] = f;
  return n;
}

static SdFormula *pair(Bld *b, SdFormulaKind k, SdFormula *x, SdFormula *y, const SdFormula *pos) {
  SdFormula *f = fnew(b, k, 2, pos);
  f->children[0] = x;
  f->children[1] = y;
  return f;
}

static SdFormulaKind dual_quantifier(SdFormulaKind k) {
  switch (k) {
    case SD_F_FORALL: return SD_F_EXISTS;
    case SD_F_EXISTS: return SD_F_FORALL;
    case SD_F_FORALL_INT: return SD_F_EXISTS_INT;
    default: return SD_F_FORALL_INT;
  }
}

SdOp sd_op_negated(SdOp op) {
  switch (op) {
    case SD_OP_LT: return SD_OP_GE;
    case SD_OP_LE: return SD_OP_GT;
    case SD_OP_GT: return SD_OP_LE;
    case SD_OP_GE: return SD_OP_LT;
    default: return op;
  }
}

/* The variables f's match binds get dst variables (old mappings in olds),
 * and r a copy of the match. */
static uint32_t bind_match(Bld *b, const SdFormula *f, SdFormula *r, int32_t *olds) {
  int32_t vars[MATCH_VARS_MAX];
  uint32_t n = match_vars(f->match, vars);
  for (uint32_t i = 0; i < n; i++) olds[i] = bld_bind(b, vars[i]);
  if (f->match) r->match = sd_match_copy(b->dst, f->match, b->map);
  return n;
}

static void unbind_match(Bld *b, const SdFormula *f, const int32_t *olds, uint32_t n) {
  int32_t vars[MATCH_VARS_MAX];
  match_vars(f->match, vars);
  for (uint32_t i = n; i-- > 0;) b->map[vars[i]] = olds[i];
}

/* Copy f into the builder's constraint; with nnf, as negation normal form of
 * (neg ? not f : f). */
static SdFormula *xform(Bld *b, const SdFormula *f, bool neg, bool nnf) {
  if (!nnf) {
    SdFormula *r = fnew(b, f->kind, f->child_count, f);
    if (f->kind == SD_F_ATOM) r->atom = sd_term_copy(b->dst, f->atom, b->map);
    if (sd_formula_is_quantifier(f->kind)) {
      r->in_var = f->in_var < 0 ? -1 : b->map[f->in_var];
      int32_t old = bld_bind(b, f->var), olds[MATCH_VARS_MAX];
      r->var = b->map[f->var];
      uint32_t n = bind_match(b, f, r, olds);
      r->children[0] = xform(b, f->children[0], false, false);
      unbind_match(b, f, olds, n);
      b->map[f->var] = old;
    } else {
      for (uint32_t i = 0; i < f->child_count; i++)
        r->children[i] = xform(b, f->children[i], false, false);
    }
    return neg ? not_of(b, r) : r;
  }
  switch (f->kind) {
    case SD_F_TRUE:
    case SD_F_FALSE: return fnew(b, (f->kind == SD_F_TRUE) != neg ? SD_F_TRUE : SD_F_FALSE, 0, f);
    case SD_F_ATOM: {
      SdFormula *r = fnew(b, SD_F_ATOM, 0, f);
      r->atom = sd_term_copy(b->dst, f->atom, b->map);
      if (!neg) return r;
      SdOp op = r->atom->op;
      if (op == SD_OP_LT || op == SD_OP_LE || op == SD_OP_GT || op == SD_OP_GE) {
        r->atom->op = sd_op_negated(op);
        return r;
      }
      return not_of(b, r);
    }
    case SD_F_NOT: return xform(b, f->children[0], !neg, true);
    case SD_F_AND:
    case SD_F_OR: {
      SdFormulaKind k = f->kind;
      if (neg) k = k == SD_F_AND ? SD_F_OR : SD_F_AND;
      SdFormula *r = fnew(b, k, f->child_count, f);
      for (uint32_t i = 0; i < f->child_count; i++)
        r->children[i] = xform(b, f->children[i], neg, true);
      return r;
    }
    case SD_F_IMPLIES: {
      const SdFormula *x = f->children[0], *y = f->children[1];
      if (!neg) return pair(b, SD_F_OR, xform(b, x, true, true), xform(b, y, false, true), f);
      return pair(b, SD_F_AND, xform(b, x, false, true), xform(b, y, true, true), f);
    }
    case SD_F_IFF:
    case SD_F_XOR: {
      const SdFormula *x = f->children[0], *y = f->children[1];
      bool same = (f->kind == SD_F_IFF) != neg; /* true: both equal */
      SdFormula *l = pair(b, SD_F_AND, xform(b, x, false, true), xform(b, y, !same, true), f);
      SdFormula *r = pair(b, SD_F_AND, xform(b, x, true, true), xform(b, y, same, true), f);
      return pair(b, SD_F_OR, l, r, f);
    }
    case SD_F_FORALL:
    case SD_F_EXISTS:
    case SD_F_FORALL_INT:
    case SD_F_EXISTS_INT: {
      SdFormulaKind k = f->kind;
      if (neg) k = dual_quantifier(k);
      SdFormula *r = fnew(b, k, 1, f);
      r->in_var = f->in_var < 0 ? -1 : b->map[f->in_var];
      int32_t old = bld_bind(b, f->var), olds[MATCH_VARS_MAX];
      r->var = b->map[f->var];
      uint32_t n = bind_match(b, f, r, olds);
      r->children[0] = xform(b, f->children[0], neg, true);
      unbind_match(b, f, olds, n);
      b->map[f->var] = old;
      return r;
    }
  }
  return NULL;
}

/* ---- simplification (in place, on a freshly built tree) ---- */

static bool is_const(const SdFormula *f, bool value) {
  return f->kind == (value ? SD_F_TRUE : SD_F_FALSE);
}

static SdFormula *konst(SdConstraint *c, bool value, const SdFormula *pos) {
  SdFormula *f = sd_formula_new(c, value ? SD_F_TRUE : SD_F_FALSE, 0);
  f->line = pos->line;
  f->column = pos->column;
  return f;
}

static SdFormula *simp(SdConstraint *c, SdFormula *f);

static SdFormula *simp_not(SdConstraint *c, SdFormula *f) {
  SdFormula *x = f->children[0];
  if (x->kind == SD_F_TRUE || x->kind == SD_F_FALSE) return konst(c, x->kind == SD_F_FALSE, f);
  if (x->kind == SD_F_NOT) return x->children[0];
  return f;
}

static SdFormula *simp(SdConstraint *c, SdFormula *f) {
  for (uint32_t i = 0; i < f->child_count; i++) f->children[i] = simp(c, f->children[i]);
  switch (f->kind) {
    case SD_F_ATOM:
      if (!sd_term_has_var(f->atom)) { /* an undefined one stays: false also under not */
        int v = sd_term_eval_const(c, f->atom);
        if (v >= 0) return konst(c, v == 1, f);
      }
      return f;
    case SD_F_NOT: return simp_not(c, f);
    case SD_F_AND:
    case SD_F_OR: {
      bool is_and = f->kind == SD_F_AND;
      Array(SdFormula *) kids = {0};
      for (uint32_t i = 0; i < f->child_count; i++) {
        SdFormula *k = f->children[i];
        uint32_t n = k->kind == f->kind ? k->child_count : 1;
        for (uint32_t j = 0; j < n; j++) {
          SdFormula *x = k->kind == f->kind ? k->children[j] : k;
          if (is_const(x, !is_and)) { /* false in and, true in or */
            array_free(&kids);
            return konst(c, !is_and, f);
          }
          if (is_const(x, is_and)) continue;
          bool dup = false;
          for (uint32_t m = 0; m < kids.size && !dup; m++)
            dup = sd_formula_equal_in(c, kids.items[m], x);
          if (!dup) array_push(&kids, x);
        }
      }
      SdFormula *r;
      if (kids.size == 0) r = konst(c, is_and, f);
      else if (kids.size == 1) r = kids.items[0];
      else {
        r = sd_formula_new(c, f->kind, kids.size);
        r->line = f->line;
        r->column = f->column;
        memcpy(r->children, kids.items, kids.size * sizeof(SdFormula *));
      }
      array_free(&kids);
      return r;
    }
    case SD_F_IMPLIES:
    case SD_F_IFF:
    case SD_F_XOR: {
      SdFormula *x = f->children[0], *y = f->children[1];
      SdFormula *n;
      if (f->kind == SD_F_IMPLIES) {
        if (is_const(x, true)) return y;
        if (is_const(x, false) || is_const(y, true)) return konst(c, true, f);
        if (is_const(y, false)) {
          n = sd_formula_new(c, SD_F_NOT, 1);
          n->children[0] = x;
          return simp_not(c, n);
        }
        return f;
      }
      for (int side = 0; side < 2; side++) {
        SdFormula *k = side ? y : x, *other = side ? x : y;
        if (k->kind != SD_F_TRUE && k->kind != SD_F_FALSE) continue;
        bool keep = (f->kind == SD_F_IFF) == (k->kind == SD_F_TRUE);
        if (keep) return other;
        n = sd_formula_new(c, SD_F_NOT, 1);
        n->line = f->line;
        n->column = f->column;
        n->children[0] = other;
        return simp_not(c, n);
      }
      return f;
    }
    case SD_F_FORALL:
      if (is_const(f->children[0], true)) return konst(c, true, f);
      return f;
    case SD_F_EXISTS:
      if (is_const(f->children[0], false)) return konst(c, false, f);
      return f;
    case SD_F_FORALL_INT: /* over a domain that is never empty */
    case SD_F_EXISTS_INT:
      if (is_const(f->children[0], true) || is_const(f->children[0], false)) return f->children[0];
      return f;
    default: return f;
  }
}

/* ---- compaction: drop variables nothing uses, renumber the rest ---- */

static void mark_term(const SdTerm *t, bool *used) {
  if (t->op == SD_OP_VAR) used[t->var] = true;
  for (uint32_t i = 0; i < t->arg_count; i++) mark_term(t->args[i], used);
}
static void mark(const SdFormula *f, bool *used) {
  if (f->kind == SD_F_ATOM) mark_term(f->atom, used);
  if (sd_formula_is_quantifier(f->kind)) {
    used[f->var] = true;
    if (f->in_var >= 0) used[f->in_var] = true;
    int32_t vars[MATCH_VARS_MAX];
    uint32_t n = match_vars(f->match, vars);
    for (uint32_t i = 0; i < n; i++) used[vars[i]] = true;
  }
  for (uint32_t i = 0; i < f->child_count; i++) mark(f->children[i], used);
}
static void renum_term(SdTerm *t, const int32_t *m) {
  if (t->op == SD_OP_VAR) t->var = m[t->var];
  for (uint32_t i = 0; i < t->arg_count; i++) renum_term(t->args[i], m);
}
static void renum(SdFormula *f, const int32_t *m) {
  if (f->kind == SD_F_ATOM) renum_term(f->atom, m);
  if (sd_formula_is_quantifier(f->kind)) {
    f->var = m[f->var];
    if (f->in_var >= 0) f->in_var = m[f->in_var];
    SdMatch *x = f->match;
    for (uint32_t i = 0; x && i < x->item_count; i++)
      if (x->items[i].kind == SD_MATCH_VARIABLE) x->items[i].var = m[x->items[i].var];
    for (uint32_t i = 0; x && i < x->path_count; i++) {
      x->paths[i].var = m[x->paths[i].var];
      x->paths[i].from = m[x->paths[i].from];
    }
  }
  for (uint32_t i = 0; i < f->child_count; i++) renum(f->children[i], m);
}

/* Shared formula nodes (from simplification returning children) are fine:
 * renumbering visits a shared node twice only if the tree is a DAG, which
 * the builder never makes (every node is fresh), so each is renumbered once. */
static void compact(SdConstraint *c) {
  uint32_t n = c->variable_count;
  bool *used = sd_xcalloc(n ? n : 1, sizeof(bool));
  mark(c->root, used);
  int32_t *m = sd_xmalloc((n ? n : 1) * sizeof(int32_t));
  SdVariable *vars = sd_xmalloc((n ? n : 1) * sizeof(SdVariable));
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    m[i] = used[i] ? (int32_t)k : -1;
    if (used[i]) vars[k++] = c->variables[i];
  }
  renum(c->root, m);
  free(c->variables);
  c->variables = NULL;
  c->variable_count = 0;
  for (uint32_t i = 0; i < k; i++)
    sd_constraint_add_variable(c, vars[i].name, vars[i].symbol, vars[i].implicit);
  free(vars);
  free(m);
  free(used);
}

static SdConstraint *finish(Bld *b, SdFormula *root, bool simplify) {
  if (simplify) root = simp(b->dst, root);
  b->dst->root = root;
  free(b->map);
  free(b->bound);
  compact(b->dst);
  sd_constraint_name_variables(b->dst);
  return b->dst;
}

SdConstraint *sd_constraint_clone(const SdConstraint *self) {
  Bld b;
  bld_init(&b, self);
  SdFormula *root = self->root ? xform(&b, self->root, false, false) : NULL;
  b.dst->root = root;
  free(b.map);
  free(b.bound);
  /* an exact copy: same variables, same names */
  return b.dst;
}

SdConstraint *sd_constraint_simplify(const SdConstraint *self) {
  Bld b;
  bld_init(&b, self);
  return finish(&b, xform(&b, self->root, false, false), true);
}

SdConstraint *sd_constraint_nnf(const SdConstraint *self) {
  Bld b;
  bld_init(&b, self);
  return finish(&b, xform(&b, self->root, false, true), true);
}

SdConstraint *sd_constraint_negate(const SdConstraint *self) {
  Bld b;
  bld_init(&b, self);
  return finish(&b, xform(&b, self->root, true, true), true);
}

static SdConstraint *combine(const SdConstraint *const *parts, uint32_t count, bool is_and) {
  if (count == 0) return NULL;
  SdConstraint *dst = sd_constraint_new_empty(parts[0]->grammar);
  SdFormula *root = sd_formula_new(dst, is_and ? SD_F_AND : SD_F_OR, count);
  int32_t start = -1;
  for (uint32_t p = 0; p < count; p++) {
    const SdConstraint *src = parts[p];
    int32_t *map = sd_xmalloc((src->variable_count ? src->variable_count : 1) * sizeof(int32_t));
    for (uint32_t i = 0; i < src->variable_count; i++) {
      const SdVariable *v = &src->variables[i];
      if (v->symbol == -1) {
        if (start < 0) start = sd_constraint_add_variable(dst, "start", -1, true);
        map[i] = start;
      } else {
        map[i] = sd_constraint_add_variable(dst, v->name, v->symbol, v->implicit);
      }
    }
    root->children[p] = sd_formula_copy(dst, src, src->root, map, false);
    free(map);
  }
  if (count == 1) root = root->children[0];
  Bld b = {0};
  b.dst = dst;
  return finish(&b, root, true);
}

SdConstraint *sd_constraint_and(const SdConstraint *const *parts, uint32_t count) {
  return combine(parts, count, true);
}

/* One existential quantifier over the whole input, of a nonterminal, with
 * a match expression or none: its variable, -1 if f is not one. */
static int32_t whole_input_exists(const SdFormula *f) {
  return f && f->kind == SD_F_EXISTS && f->in_var < 0 && f->child_count == 1 ? f->var : -1;
}

SdConstraint *sd_constraint_and_within(const SdConstraint *a, const SdConstraint *b) {
  int32_t va = whole_input_exists(a->root), vb = whole_input_exists(b->root);
  if (va < 0 || vb < 0 || a->root->match || b->root->match || a->variables[va].symbol < 0 ||
      a->variables[va].symbol != b->variables[vb].symbol)
    return NULL;
  SdConstraint *dst = sd_constraint_new_empty(a->grammar);
  int32_t start = -1, elem = sd_constraint_add_variable(dst, a->variables[va].name, a->variables[va].symbol, false);
  SdFormula *both = sd_formula_new(dst, SD_F_AND, 2);
  const SdConstraint *src[2] = {a, b};
  for (int p = 0; p < 2; p++) {
    int32_t *map = sd_xmalloc((src[p]->variable_count ? src[p]->variable_count : 1) * sizeof(int32_t));
    for (uint32_t i = 0; i < src[p]->variable_count; i++) {
      const SdVariable *v = &src[p]->variables[i];
      if ((int32_t)i == (p ? vb : va)) map[i] = elem;
      else if (v->symbol == -1) map[i] = start >= 0 ? start : (start = sd_constraint_add_variable(dst, "start", -1, true));
      else map[i] = sd_constraint_add_variable(dst, v->name, v->symbol, v->implicit);
    }
    both->children[p] = sd_formula_copy(dst, src[p], src[p]->root->children[0], map, false);
    free(map);
  }
  SdFormula *root = sd_formula_new(dst, SD_F_EXISTS, 1);
  root->var = elem;
  root->in_var = -1;
  root->children[0] = both;
  Bld bl = {0};
  bl.dst = dst;
  return finish(&bl, root, true);
}

/* The existential quantifier of rel (under its existentials only) that
 * binds an element of symbol; NULL when none does or several do. */
static SdFormula *binder_of(const SdConstraint *rel, SdFormula *f, SdSymbol symbol, uint32_t *count) {
  SdFormula *found = NULL;
  if (f->kind == SD_F_EXISTS && f->var >= 0 && rel->variables[f->var].symbol == symbol) found = f, (*count)++;
  if (f->kind != SD_F_EXISTS && f->kind != SD_F_AND) return found;
  for (uint32_t i = 0; i < f->child_count; i++) {
    SdFormula *g = binder_of(rel, f->children[i], symbol, count);
    if (g) found = g;
  }
  return found;
}

SdConstraint *sd_constraint_and_on(const SdConstraint *cond, const SdConstraint *rel) {
  int32_t vc = whole_input_exists(cond->root);
  if (vc < 0 || cond->root->match || cond->variables[vc].symbol < 0 || !rel->root) return NULL;
  SdConstraint *dst = sd_constraint_clone(rel);
  uint32_t count = 0;
  SdFormula *q = binder_of(dst, dst->root, cond->variables[vc].symbol, &count);
  if (!q || count != 1 || q->match || q->child_count != 1) {
    sd_constraint_free(dst);
    return NULL;
  }
  int32_t *map = sd_xmalloc((cond->variable_count ? cond->variable_count : 1) * sizeof(int32_t));
  int32_t start = -1;
  for (uint32_t i = 0; i < dst->variable_count && start < 0; i++)
    if (dst->variables[i].symbol == -1) start = (int32_t)i;
  for (uint32_t i = 0; i < cond->variable_count; i++) {
    const SdVariable *v = &cond->variables[i];
    if ((int32_t)i == vc) map[i] = q->var;
    else if (v->symbol == -1) map[i] = start >= 0 ? start : (start = sd_constraint_add_variable(dst, "start", -1, true));
    else map[i] = sd_constraint_add_variable(dst, v->name, v->symbol, v->implicit);
  }
  SdFormula *both = sd_formula_new(dst, SD_F_AND, 2);
  both->children[0] = sd_formula_copy(dst, cond, cond->root->children[0], map, false);
  both->children[1] = q->children[0];
  q->children[0] = both;
  free(map);
  sd_constraint_name_variables(dst);
  return dst;
}

SdConstraint *sd_constraint_or(const SdConstraint *const *parts, uint32_t count) {
  return combine(parts, count, false);
}

/* ---- symbols ---- */

typedef Array(SdSymbol) SymbolArray;

static void collect_symbols(const SdConstraint *c, const SdFormula *f, SdSymbol *out,
                            uint32_t max, uint32_t *n, SymbolArray *seen) {
  if (sd_formula_is_quantifier(f->kind)) {
    SdSymbol s = c->variables[f->var].symbol;
    bool dup = false;
    for (uint32_t i = 0; i < seen->size && !dup; i++) dup = seen->items[i] == s;
    if (!dup && s >= 0) {
      array_push(seen, s);
      if (*n < max) out[*n] = s;
      (*n)++;
    }
  }
  for (uint32_t i = 0; i < f->child_count; i++) collect_symbols(c, f->children[i], out, max, n, seen);
}

uint32_t sd_constraint_symbols(const SdConstraint *self, SdSymbol *out, uint32_t max) {
  uint32_t n = 0;
  SymbolArray seen = {0};
  if (self->root) collect_symbols(self, self->root, out, max, &n, &seen);
  array_free(&seen);
  return n;
}

const SdFormula *sd_formula_binder(const SdFormula *f, int32_t var) {
  if (!f) return NULL;
  if (sd_formula_is_tree_quantifier(f->kind) && f->var == var) return f;
  for (uint32_t i = 0; i < f->child_count; i++) {
    const SdFormula *b = sd_formula_binder(f->children[i], var);
    if (b) return b;
  }
  return NULL;
}
