/* debugger_siblings.c: a threshold's siblings, found by experiment.
 *
 * A cause that joins one text of a small element to a threshold on a
 * number in the same record (`exists <ttl> r: <unit> in r = "h" and
 * str.to.int(<num> in r) > 720`) names one category of several, and the
 * program's threshold often differs from category to category (a ttl of
 * seconds, minutes, hours or days overflows past 2592000, 43200, 720 or
 * 30), while for some there is none. Learning finds such causes one at a
 * time, from how often each pair fails among random inputs, and misses the
 * rarer ones. Here each other text of the element (at most
 * DBG_MEMBERS_MAX) is put in the cause's record in a failing input the
 * cause explains alone, with the number at its extreme on the cause's side
 * (the greatest numeral its nonterminal derives, for `>`): where that
 * fails and no cause found explains it, the cause with that text (a
 * sibling) is returned, and the debugger settles it as any cause found:
 * pinning its boundary moves its threshold to the program's by experiment
 * (9999999s fails; then 2592000s passes and 2592001s fails). A text whose
 * extreme passes has no threshold among the values the grammar derives and
 * costs that one run. */
#include <stdlib.h>
#include <string.h>

#include "constraint_internal.h"
#include "debugger_internal.h"

/* The cause's form: record r (bound over the whole input), a place `p =
 * "t"` on an element of a small nonterminal in r, and a threshold on the
 * value of another element n in r (`str.to.int(n) > K`, either way round). */
typedef struct Shape {
  int32_t record, place, number;
  const SdTerm *text;  /* the place's literal */
  const SdTerm *bound; /* the threshold's literal */
  SdOp op;             /* the threshold's comparison, with the number on the left */
  bool greater;        /* the cause holds above its threshold */
  uint32_t places, thresholds;
} Shape;

/* Is var bound by an exists (no match expression) ranging in record? */
static bool in_record(const SdConstraint *c, int32_t var, int32_t record) {
  const SdFormula *q = sd_formula_binder(c->root, var);
  return q && q->kind == SD_F_EXISTS && !q->match && q->in_var == record;
}

static bool small_symbol(const Debugger *d, SdSymbol s) {
  uint64_t count;
  return s >= 0 && sd_grammar_count_derivations(d->grammar, s, DBG_MEMBERS_MAX, &count) && count >= 2;
}

/* An atom `p = "t"` or a comparison of str.to.int(n) with an integer. */
static void note_atom(const Debugger *d, const SdConstraint *c, const SdTerm *a, Shape *s) {
  if (a->arg_count != 2) return;
  const SdTerm *l = a->args[0], *r = a->args[1];
  if (a->op == SD_OP_EQ && l->op == SD_OP_VAR && r->op == SD_OP_STRING &&
      small_symbol(d, c->variables[l->var].symbol) && in_record(c, l->var, s->record)) {
    s->places++, s->place = l->var, s->text = r;
    return;
  }
  bool ordering = a->op == SD_OP_LT || a->op == SD_OP_LE || a->op == SD_OP_GT || a->op == SD_OP_GE;
  if (!ordering) return;
  int side = l->op == SD_OP_STR_TO_INT && r->op == SD_OP_INT ? 0 : r->op == SD_OP_STR_TO_INT && l->op == SD_OP_INT ? 1 : -1;
  const SdTerm *m = side == 0 ? l : r;
  if (side < 0 || m->args[0]->op != SD_OP_VAR || !in_record(c, m->args[0]->var, s->record)) return;
  static const SdOp flipped[] = {[SD_OP_LT] = SD_OP_GT, [SD_OP_LE] = SD_OP_GE, [SD_OP_GT] = SD_OP_LT, [SD_OP_GE] = SD_OP_LE};
  s->op = side == 0 ? a->op : flipped[a->op];
  s->thresholds++, s->number = m->args[0]->var, s->bound = side == 0 ? r : l;
  s->greater = s->op == SD_OP_GT || s->op == SD_OP_GE;
}

/* Atoms in positive positions (under and and exists only) into s. */
static bool walk(const Debugger *d, const SdConstraint *c, const SdFormula *f, Shape *s) {
  if (f->kind == SD_F_ATOM) {
    note_atom(d, c, f->atom, s);
    return true;
  }
  if (f->kind != SD_F_AND && f->kind != SD_F_EXISTS) return f->kind == SD_F_TRUE;
  for (uint32_t i = 0; i < f->child_count; i++)
    if (!walk(d, c, f->children[i], s)) return false;
  return true;
}

static bool find_shape(const Debugger *d, const SdConstraint *c, Shape *s) {
  const SdFormula *root = c->root;
  if (!root || root->kind != SD_F_EXISTS || root->match || root->in_var >= 0) return false;
  *s = (Shape){.record = root->var, .place = -1, .number = -1};
  return walk(d, c, root->children[0], s) && s->places == 1 && s->thresholds == 1 && s->place != s->number;
}

/* The term of b where a has t (b a clone of a: the same shape). */
static SdTerm *twin_term(const SdTerm *a, SdTerm *b, const SdTerm *t) {
  if (a == t) return b;
  for (uint32_t i = 0; i < a->arg_count; i++) {
    SdTerm *x = twin_term(a->args[i], b->args[i], t);
    if (x) return x;
  }
  return NULL;
}

static SdTerm *twin(const SdFormula *a, SdFormula *b, const SdTerm *t) {
  if (a->kind == SD_F_ATOM) return a->atom && b->atom ? twin_term(a->atom, b->atom, t) : NULL;
  for (uint32_t i = 0; i < a->child_count; i++) {
    SdTerm *x = twin(a->children[i], b->children[i], t);
    if (x) return x;
  }
  return NULL;
}

/* The cause with the place's text replaced. */
static SdConstraint *with_text(const SdConstraint *c, const Shape *s, const char *text, uint32_t len) {
  SdConstraint *copy = sd_constraint_clone(c);
  SdTerm *lit = twin(c->root, copy->root, s->text);
  if (!lit) {
    sd_constraint_free(copy);
    return NULL;
  }
  lit->text = sd_arena_strndup(copy->arena, text, len);
  lit->length = len;
  return copy;
}

/* Does the number's text meet the threshold? */
static bool meets(const Shape *s, const char *text, uint32_t len) {
  SdArena scratch = {0};
  SdInt v, k;
  bool ok = sd_int_parse(&scratch, text, len, &v) && sd_int_parse(&scratch, s->bound->text, s->bound->length, &k);
  int c = ok ? sd_int_cmp(v, k) : 0;
  sd_arena_free(&scratch);
  if (!ok) return false;
  switch (s->op) {
    case SD_OP_GT: return c > 0;
    case SD_OP_GE: return c >= 0;
    case SD_OP_LT: return c < 0;
    default: return c <= 0;
  }
}

/* In t, a record holding the place's text and a number meeting the
 * threshold: those two nodes into *place, *number. */
static bool pair_in(const SdConstraint *c, const Shape *s, const SdTree *t, const SdNode **place,
                    const SdNode **number) {
  SdSymbol rs = c->variables[s->record].symbol, ps = c->variables[s->place].symbol, ns = c->variables[s->number].symbol;
  for (uint32_t r = 0; r < t->by_symbol_count[rs]; r++) {
    const SdNode *rec = t->nodes[t->by_symbol[rs][r]];
    const SdNode *a = NULL, *b = NULL;
    for (uint32_t i = rec->id + 1; i < rec->id + rec->size && (!a || !b); i++) {
      const SdNode *x = t->nodes[i];
      uint32_t len = x->end - x->start;
      if (!a && x->symbol == ps && len == s->text->length && !memcmp(t->text + x->start, s->text->text, len)) a = x;
      else if (!b && x->symbol == ns && meets(s, t->text + x->start, len)) b = x;
    }
    if (a && b) {
      *place = a, *number = b;
      return true;
    }
  }
  return false;
}

/* A failing input the cause explains and no other cause does (any it
 * explains where there is none such), with the place's and the number's
 * nodes in one record of it. */
static const SdTree *base_of(const Debugger *d, const SdConstraint *c, const Shape *s, const SdNode **place,
                             const SdNode **number) {
  const SdTree *any = NULL;
  for (uint32_t k = d->failing.size; k-- > 0;) {
    const SdTree *t = d->evidence.items[d->failing.items[k]].tree;
    const SdNode *a, *b;
    if (!sd_constraint_eval(c, t, NULL) || !pair_in(c, s, t, &a, &b)) continue;
    bool alone = true;
    for (uint32_t i = 0; i < d->causes.size && alone; i++)
      alone = sd_constraint_equal(d->causes.items[i].constraint, c) ||
              !sd_constraint_eval(d->causes.items[i].constraint, t, NULL);
    if (!any || alone) any = t, *place = a, *number = b;
    if (alone) break;
  }
  return any;
}

typedef struct Sibling {
  SdConstraint *cause;
  SdTree *probe;
} Sibling;

typedef struct Gather {
  Debugger *d;
  const SdConstraint *cause;
  const Shape *shape;
  const SdTree *base;
  const SdNode *place, *number;
  const char *extreme;
  Sibling *out;
  uint32_t n, max;
} Gather;

/* One other text of the place: its sibling and input, where the sibling
 * holds on that input and no cause found does. */
static bool add_sibling(void *ctx, const char *text, size_t length) {
  Gather *g = ctx;
  const Shape *s = g->shape;
  if (g->n >= g->max || (length == s->text->length && !memcmp(text, s->text->text, length))) return true;
  char *t = sd_xstrndup(text, length);
  SdTree *probe = dbg_with_pair(g->d, g->base, g->place, g->number, g->place->symbol, g->number->symbol, t, g->extreme);
  free(t);
  SdConstraint *sib = probe ? with_text(g->cause, s, text, (uint32_t)length) : NULL;
  if (!sib || !sd_constraint_eval(sib, probe, NULL) || dbg_cause_holds(g->d, probe)) {
    sd_constraint_free(sib);
    sd_tree_free(probe);
    return true;
  }
  g->out[g->n++] = (Sibling){sib, probe};
  return true;
}

int dbg_sibling_causes(Debugger *d, const SdConstraint *cause, SdConstraint **out, uint32_t max) {
  Shape s;
  bool ok = find_shape(d, cause, &s);
  if (!ok) return 0;
  const SdNode *place = NULL, *number = NULL;
  const SdTree *base = base_of(d, cause, &s, &place, &number);
  char *extreme = base ? dbg_extreme_numeral(d, number->symbol, s.greater) : NULL;
  if (!extreme) return 0;
  Sibling found[DBG_MEMBERS_MAX];
  Gather g = {d, cause, &s, base, place, number, extreme, found, 0, DBG_MEMBERS_MAX};
  sd_grammar_each_text(d->grammar, place->symbol, DBG_MEMBERS_MAX, add_sibling, &g);
  free(extreme);
  TreeList batch = {0};
  for (uint32_t i = 0; i < g.n; i++)
    if (!dbg_seen(d, found[i].probe)) array_push(&batch, sd_tree_clone(found[i].probe));
  int rc = batch.size ? dbg_run_tagged(d, &batch, "siblings") : (array_free(&batch), 0);
  uint32_t n = 0;
  for (uint32_t i = 0; i < g.n; i++) {
    if (rc >= 0 && n < max && dbg_label_of(d, found[i].probe) == 1 && !dbg_cause_holds(d, found[i].probe)) {
      out[n++] = found[i].cause;
      char *text = sd_constraint_to_short(found[i].cause);
      dbg_progress(d, "siblings: the cause with another text fails at its extreme: %s", text);
      free(text);
    } else {
      sd_constraint_free(found[i].cause);
    }
    sd_tree_free(found[i].probe);
  }
  return rc < 0 ? -1 : (int)n;
}
