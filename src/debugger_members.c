/* debugger_members.c: a cause's small elements completed by experiment.
 *
 * Before a cause is accepted, each place of it that is about one element
 * of a small nonterminal (at most DBG_MEMBERS_MAX texts in the grammar) is
 * tried with every other text of that element, in a failing input of the
 * place's own disjunct, everything else kept. A place is a formula in a
 * positive position (under and, or and exists only) that reads one
 * variable alone, bound by an exists: `<month> = "09"`, `<deck> in {"A",
 * "C"}`, `not str.contains(r, "000") or str.to.int(r) > 88198`. The texts
 * that fail there, outside every cause found, join the place, which is
 * then written as the set of its element's texts that fail (those it held
 * on, and those found), where the cause so completed still holds on no
 * passing input.
 *
 * The categorical counterpart of pinning a boundary: a set is learned from
 * how often each text fails overall, and a text that passes in most
 * contexts is left out (the dates example learned `<day> = "31"` with
 * "09", then "04" and "06", then "11", a cause and three to five rounds
 * each: 474-537 runs). Each place is varied on a failure of its own
 * disjunct: varied on another's, every text passes and says nothing (the
 * dates example at seed 4 had every month tried with the other cause's day
 * 30 and was confirmed without June and September). The element varied is
 * each element of the nonterminal in that input that the place holds on,
 * in turn (at most MEMBERS_NODES_TRIED); a variant on which the cause
 * still holds does not run, so an element that does not make the failure
 * costs no run. */
#include <stdlib.h>
#include <string.h>

#include "constraint_internal.h"
#include "debugger_internal.h"
#include "semdbg/parser.h"

enum { MEMBERS_PLACES = 8, MEMBERS_NODES_TRIED = 4, MEMBERS_RUNS = 64 };

typedef struct Place {
  SdFormula *f; /* in the cause */
  int32_t var;
  SdSymbol symbol;
} Place;

typedef struct Places {
  Place items[MEMBERS_PLACES];
  uint32_t n;
} Places;

/* ---- places ---- */

static bool small_symbol(const Debugger *d, SdSymbol s) {
  uint64_t count;
  return s >= 0 && sd_grammar_count_derivations(d->grammar, s, DBG_MEMBERS_MAX, &count) && count <= DBG_MEMBERS_MAX;
}

static bool term_reads_only(const SdTerm *t, int32_t v, const bool *bound, bool *reads) {
  if (t->op == SD_OP_VAR) {
    if (t->var == v) *reads = true;
    else if (t->var < 0 || !bound[t->var]) return false;
  }
  for (uint32_t i = 0; i < t->arg_count; i++)
    if (!term_reads_only(t->args[i], v, bound, reads)) return false;
  return true;
}

/* Does f read no variable but v (and those it binds itself)? */
static bool formula_reads_only(const SdFormula *f, int32_t v, bool *bound, bool *reads) {
  if (f->kind == SD_F_ATOM) return !f->atom || term_reads_only(f->atom, v, bound, reads);
  bool binds = sd_formula_is_tree_quantifier(f->kind) || sd_formula_is_int_quantifier(f->kind);
  if (binds) {
    if (f->match || f->var < 0) return false;
    if (sd_formula_is_tree_quantifier(f->kind) && !(f->in_var == v || (f->in_var >= 0 && bound[f->in_var])))
      return false; /* over the whole input: not about v alone */
    if (f->in_var == v) *reads = true;
    bound[f->var] = true;
  }
  bool ok = true;
  for (uint32_t i = 0; i < f->child_count && ok; i++) ok = formula_reads_only(f->children[i], v, bound, reads);
  if (binds) bound[f->var] = false;
  return ok;
}

static bool reads_only(const SdConstraint *c, const SdFormula *f, int32_t v) {
  bool *bound = sd_xcalloc(c->variable_count + 1, sizeof(bool)), reads = false;
  bool ok = formula_reads_only(f, v, bound, &reads);
  free(bound);
  return ok && reads;
}

static void walk(const Debugger *d, const SdConstraint *c, SdFormula *f, Places *out);

/* The places about v in g (the body of v's quantifier, or its parts). */
static void collect(const Debugger *d, const SdConstraint *c, SdFormula *g, int32_t v, Places *out) {
  if (out->n >= MEMBERS_PLACES) return;
  if (reads_only(c, g, v)) {
    out->items[out->n++] = (Place){g, v, c->variables[v].symbol};
    return;
  }
  if (g->kind == SD_F_AND || g->kind == SD_F_OR) {
    for (uint32_t i = 0; i < g->child_count; i++) collect(d, c, g->children[i], v, out);
    return;
  }
  walk(d, c, g, out);
}

/* The places of f, in a fixed order (a clone gives the same). */
static void walk(const Debugger *d, const SdConstraint *c, SdFormula *f, Places *out) {
  if (f->kind == SD_F_AND || f->kind == SD_F_OR) {
    for (uint32_t i = 0; i < f->child_count; i++) walk(d, c, f->children[i], out);
    return;
  }
  if (f->kind != SD_F_EXISTS || f->match || f->var < 0) return;
  if (small_symbol(d, c->variables[f->var].symbol)) collect(d, c, f->children[0], f->var, out);
  else walk(d, c, f->children[0], out);
}

static void places_of(const Debugger *d, const SdConstraint *c, Places *out) {
  out->n = 0;
  if (c->root) walk(d, c, c->root, out);
}

/* ---- the input varied ---- */

static bool formula_within(const SdFormula *in, const SdFormula *f) {
  if (in == f) return true;
  for (uint32_t i = 0; i < in->child_count; i++)
    if (formula_within(in->children[i], f)) return true;
  return false;
}

/* The disjuncts of a cause (none when it is no or), and which of them
 * holds a given formula. */
typedef struct Branches {
  uint32_t n, own;
  SdConstraint *items[MEMBERS_PLACES];
} Branches;

static void branches_init(Branches *b, const SdConstraint *cause, const SdFormula *place) {
  const SdFormula *root = cause->root;
  b->n = root->kind == SD_F_OR && root->child_count <= MEMBERS_PLACES ? root->child_count : 0, b->own = 0;
  for (uint32_t j = 0; j < b->n; j++) {
    b->items[j] = dbg_sub_constraint(cause, root->children[j]);
    if (formula_within(root->children[j], place)) b->own = j;
  }
}

static void branches_free(Branches *b) {
  for (uint32_t j = 0; j < b->n; j++) sd_constraint_free(b->items[j]);
}

/* 0 where the own disjunct does not hold on t, 1 where another holds too,
 * 2 where it holds alone. */
static int holds_alone(const Branches *b, const SdConstraint *cause, const SdTree *t) {
  if (!sd_constraint_eval(b->n ? b->items[b->own] : cause, t, NULL)) return 0;
  for (uint32_t j = 0; j < b->n; j++)
    if (j != b->own && sd_constraint_eval(b->items[j], t, NULL)) return 1;
  return 2;
}

/* The newest failing input on which the place's disjunct of the cause (the
 * cause itself when it is no or) holds, one on which no other disjunct
 * holds first; NULL when none. */
static const SdTree *place_base(const Debugger *d, const SdConstraint *cause, const SdFormula *place) {
  Branches b;
  branches_init(&b, cause, place);
  const SdTree *alone = NULL, *any = NULL;
  for (uint32_t k = d->failing.size; k-- > 0 && !alone;) {
    const SdTree *t = d->evidence.items[d->failing.items[k]].tree;
    int h = holds_alone(&b, cause, t);
    if (h == 2) alone = t;
    else if (h == 1 && !any) any = t;
  }
  branches_free(&b);
  return alone ? alone : any;
}

/* One element of a base varied: the texts it takes are read back from the
 * inputs labelled, which keep the base's text around its span. */
typedef struct Probe {
  uint32_t place;
  const SdTree *base;
  uint32_t start, end; /* the element's span in base */
} Probe;

typedef struct Variants {
  Debugger *d;
  const SdConstraint *cause;
  const Probe *probe;
  SdSymbol symbol;
  TreeList *out;
  SdHashSet *made;
} Variants;

static bool add_variant(void *ctx, const char *text, size_t length) {
  Variants *v = ctx;
  if (v->out->size >= MEMBERS_RUNS) return false;
  const SdTree *base = v->probe->base;
  if (length == v->probe->end - v->probe->start && !memcmp(base->text + v->probe->start, text, length)) return true;
  SdTree *sub = sd_parse(v->d->parser, v->symbol, text, length, NULL);
  if (!sub) return true;
  const SdNode *node = NULL;
  for (uint32_t j = 0; j < base->by_symbol_count[v->symbol] && !node; j++) {
    const SdNode *x = base->nodes[base->by_symbol[v->symbol][j]];
    if (x->start == v->probe->start && x->end == v->probe->end) node = x;
  }
  SdTree *t = node ? sd_tree_clone_replacing(base, node, sub->root) : NULL;
  sd_tree_free(sub);
  uint64_t h = t ? sd_hash_bytes(t->text, t->length, 0x3e3b) : 0;
  if (t && !dbg_seen(v->d, t) && !sd_hash_set_has(v->made, h) && !sd_constraint_eval(v->cause, t, NULL) &&
      !dbg_cause_holds(v->d, t)) {
    sd_hash_set_add(v->made, h);
    array_push(v->out, t);
  } else {
    sd_tree_free(t);
  }
  return true;
}

/* Does the place hold on this text of its element? */
static bool place_holds_on(Debugger *d, const SdConstraint *alone, SdSymbol s, const char *text, size_t length) {
  SdTree *t = sd_parse(d->parser, s, text, length, NULL);
  bool holds = t && sd_constraint_eval(alone, t, NULL);
  sd_tree_free(t);
  return holds;
}

/* `exists <S> v in start: place`: the place on one element alone. */
static SdConstraint *place_alone(const SdConstraint *c, const Place *p) {
  SdFormula *body = p->f;
  SdFormula q = {.kind = SD_F_EXISTS, .children = &body, .child_count = 1, .var = p->var, .in_var = -1};
  return dbg_sub_constraint(c, &q);
}

/* The probes of every place: the elements of its nonterminal in its base
 * that the place holds on (those that may make the failure), at most
 * MEMBERS_NODES_TRIED each. */
static uint32_t make_probes(Debugger *d, const SdConstraint *cause, const Places *places, Probe *out, uint32_t max) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < places->n; i++) {
    const SdTree *base = place_base(d, cause, places->items[i].f);
    SdSymbol s = places->items[i].symbol;
    SdConstraint *alone = base ? place_alone(cause, &places->items[i]) : NULL;
    for (uint32_t j = 0, tried = 0; base && j < base->by_symbol_count[s] && tried < MEMBERS_NODES_TRIED && n < max; j++) {
      const SdNode *x = base->nodes[base->by_symbol[s][j]];
      if (!place_holds_on(d, alone, s, base->text + x->start, x->end - x->start)) continue;
      out[n++] = (Probe){i, base, x->start, x->end};
      tried++;
    }
    sd_constraint_free(alone);
  }
  return n;
}

typedef Array(char *) TextList;

static bool has_text(const TextList *l, const char *text, size_t length) {
  for (uint32_t i = 0; i < l->size; i++)
    if (strlen(l->items[i]) == length && !memcmp(l->items[i], text, length)) return true;
  return false;
}

/* The texts of the probe's element that failed in the inputs labelled
 * since evidence index `from`, added to out. */
static void failed_texts(const Debugger *d, const Probe *p, uint32_t from, TextList *out) {
  const SdTree *base = p->base;
  uint32_t head = p->start, tail = base->length - p->end;
  for (uint32_t i = from; i < d->evidence.size; i++) {
    const Evidence *e = &d->evidence.items[i];
    const SdTree *t = e->tree;
    if (e->verdict != SD_VERDICT_FAIL || t->length < head + tail || memcmp(t->text, base->text, head) ||
        memcmp(t->text + t->length - tail, base->text + p->end, tail))
      continue;
    const char *text = t->text + head;
    size_t len = t->length - head - tail;
    if (!has_text(out, text, len)) array_push(out, sd_xstrndup(text, len));
  }
}

/* ---- joining ---- */

/* `var = "text"` (var bound in c) as a new formula of c; a set of texts
 * when n > 1 (`var = t1 or var = t2 ...`). */
SdFormula *dbg_text_equality(SdConstraint *c, int32_t var, const char *const *texts, const uint32_t *lengths,
                             uint32_t n) {
  if (n != 1) {
    SdFormula *any = sd_formula_new(c, SD_F_OR, n);
    for (uint32_t i = 0; i < n; i++) any->children[i] = dbg_text_equality(c, var, texts + i, lengths + i, 1);
    return any;
  }
  SdFormula *f = sd_formula_new(c, SD_F_ATOM, 0);
  f->atom = sd_term_new(c, SD_OP_EQ, SD_TYPE_BOOL, 2);
  SdTerm *v = sd_term_new(c, SD_OP_VAR, SD_TYPE_NODE, 0);
  v->var = var;
  SdTerm *lit = sd_term_new(c, SD_OP_STRING, SD_TYPE_STRING, 0);
  lit->text = sd_arena_strndup(c->arena, texts[0], lengths[0]);
  lit->length = lengths[0];
  f->atom->args[0] = v;
  f->atom->args[1] = lit;
  return f;
}

typedef struct Domain {
  Debugger *d;
  SdConstraint *holds; /* `exists <S> v: place` */
  SdSymbol symbol;
  const TextList *failed;
  TextList *out;
} Domain;

/* A text of the element joins the set where the place held on it or it
 * failed. */
static bool domain_text(void *ctx, const char *text, size_t length) {
  Domain *m = ctx;
  bool in = has_text(m->failed, text, length) || place_holds_on(m->d, m->holds, m->symbol, text, length);
  if (in && !has_text(m->out, text, length)) array_push(m->out, sd_xstrndup(text, length));
  return true;
}

/* The place of c rewritten in place as the set of its element's texts on
 * which it held or that failed; false (c untouched) when the grammar's
 * texts cannot be listed. */
static bool rewrite_place(Debugger *d, SdConstraint *c, const Place *p, const TextList *failed) {
  SdConstraint *holds = place_alone(c, p);
  TextList set = {0};
  Domain m = {d, holds, p->symbol, failed, &set};
  bool ok = sd_grammar_each_text(d->grammar, p->symbol, DBG_MEMBERS_MAX, domain_text, &m) && set.size;
  sd_constraint_free(holds);
  if (ok) {
    uint32_t *lengths = sd_xmalloc(set.size * sizeof *lengths);
    for (uint32_t i = 0; i < set.size; i++) lengths[i] = (uint32_t)strlen(set.items[i]);
    SdFormula *f = dbg_text_equality(c, p->var, (const char *const *)set.items, lengths, set.size);
    free(lengths);
    f->line = p->f->line, f->column = p->f->column;
    *p->f = *f;
  }
  for (uint32_t i = 0; i < set.size; i++) free(set.items[i]);
  array_free(&set);
  return ok;
}

/* Whether c holds on every failing input labelled since `from` that no
 * cause found explains, and on no passing input. */
static bool fits(Debugger *d, const SdConstraint *c, uint32_t from) {
  for (uint32_t i = from; i < d->evidence.size; i++)
    if (d->evidence.items[i].verdict == SD_VERDICT_FAIL && !dbg_cause_holds(d, d->evidence.items[i].tree) &&
        !sd_constraint_eval(c, d->evidence.items[i].tree, NULL))
      return false;
  for (uint32_t k = 0; k < d->passing.size; k++)
    if (sd_constraint_eval(c, d->evidence.items[d->passing.items[k]].tree, NULL)) return false;
  return true;
}

/* The failing texts of place k's probes joined to it, in *completed (the
 * cause so far), where the cause so completed fits. */
static void join_place(Debugger *d, const SdConstraint *cause, const Places *orig, uint32_t k, const Probe *probes,
                       uint32_t np, uint32_t from, SdConstraint **completed) {
  TextList failed = {0};
  for (uint32_t i = 0; i < np; i++)
    if (probes[i].place == k) failed_texts(d, &probes[i], from, &failed);
  if (failed.size) {
    SdConstraint *trial = sd_constraint_clone(*completed ? *completed : cause);
    Places now;
    places_of(d, trial, &now);
    bool same = now.n == orig->n && now.items[k].var == orig->items[k].var;
    if (same && rewrite_place(d, trial, &now.items[k], &failed) && fits(d, trial, from)) {
      sd_constraint_free(*completed);
      *completed = trial;
    } else {
      sd_constraint_free(trial);
    }
  }
  for (uint32_t i = 0; i < failed.size; i++) free(failed.items[i]);
  array_free(&failed);
}

/* ---- a table of two elements of one record ----
 * A disjunct that is two places about two small elements of one record and
 * nothing else (`exists <body> r: (exists <style> s in r: s = "italic")
 * and (exists <weight> w in r: w > 798 or w < 202)`) may stand for a
 * table of pairs no set of either states: italic fails at 100, 200, 800
 * and 900, condensed only at 100 and 900 (fontface). When the two
 * nonterminals have at most MEMBERS_RUNS pairs of texts, every pair is
 * tried in the record of a failing input the disjunct holds on alone, and
 * the disjunct is written as the table's rows grouped by the columns that
 * fail: `exists <body> r: exists <style> s in r: exists <weight> w in r:
 * ((s = "italic" and w in {...}) or (s in {...} and w in {...}))`. It
 * stands when it fits the evidence (fits). */

typedef struct Table {
  Debugger *d;
  TextList rows, cols;
} Table;

static bool add_row(void *ctx, const char *text, size_t length) {
  array_push((TextList *)ctx, sd_xstrndup(text, length));
  return true;
}

static void free_texts(TextList *l) {
  for (uint32_t i = 0; i < l->size; i++) free(l->items[i]);
  array_free(l);
}

/* Is f made of the two places and the exists and ands around them only? */
static bool only_places(const SdFormula *f, const Place *a, const Place *b) {
  if (f == a->f || f == b->f) return true;
  if (f->kind == SD_F_AND || (f->kind == SD_F_EXISTS && !f->match && (f->var == a->var || f->var == b->var))) {
    for (uint32_t i = 0; i < f->child_count; i++)
      if (!only_places(f->children[i], a, b)) return false;
    return true;
  }
  return false;
}

/* Is f an exists over records with two places in it and nothing else,
 * about two small nonterminals of at most MEMBERS_RUNS pairs? Its places
 * and record variable into *pa, *pb, *record. */
static bool record_table(const Debugger *d, const SdConstraint *cause, const SdFormula *f, Place *pa, Place *pb,
                         int32_t *record) {
  if (f->kind != SD_F_EXISTS || f->match || f->in_var >= 0 || f->child_count != 1) return false;
  Places ps = {0};
  walk(d, cause, (SdFormula *)f, &ps);
  if (ps.n != 2 || ps.items[0].var == ps.items[1].var || ps.items[0].symbol == ps.items[1].symbol) return false;
  const SdFormula *q0 = sd_formula_binder(f, ps.items[0].var), *q1 = sd_formula_binder(f, ps.items[1].var);
  if (!q0 || !q1 || q0->in_var != f->var || q1->in_var != f->var) return false;
  if (!only_places(f->children[0], &ps.items[0], &ps.items[1])) return false;
  uint64_t c0, c1;
  if (!sd_grammar_count_derivations(d->grammar, ps.items[0].symbol, DBG_MEMBERS_MAX, &c0) ||
      !sd_grammar_count_derivations(d->grammar, ps.items[1].symbol, DBG_MEMBERS_MAX, &c1) || c0 * c1 > MEMBERS_RUNS ||
      c0 < 2 || c1 < 2)
    return false;
  *pa = ps.items[0], *pb = ps.items[1], *record = f->var;
  return true;
}

/* The disjunct of cause (index into its or, or the cause itself) that is a
 * two-place record table, with its places and record variable; -1 when
 * none. With conjuncts, also a disjunct that is a conjunction with such a
 * record among its parts (the table, if it fits, stands for all of it). */
static int32_t table_disjunct(const Debugger *d, const SdConstraint *cause, bool conjuncts, Place *pa, Place *pb,
                              int32_t *record) {
  const SdFormula *root = cause->root;
  uint32_t n = root->kind == SD_F_OR ? root->child_count : 1;
  for (uint32_t k = 0; k < n && k < MEMBERS_PLACES; k++) {
    const SdFormula *f = root->kind == SD_F_OR ? root->children[k] : root;
    bool found = record_table(d, cause, f, pa, pb, record);
    for (uint32_t i = 0; conjuncts && !found && f->kind == SD_F_AND && i < f->child_count; i++)
      found = record_table(d, cause, f->children[i], pa, pb, record);
    if (found) return root->kind == SD_F_OR ? (int32_t)k : 0;
  }
  return -1;
}

SdTree *dbg_with_pair(Debugger *d, const SdTree *base, const SdNode *na, const SdNode *nb, SdSymbol sa, SdSymbol sb,
                      const char *ta, const char *tb) {
  uint32_t pa[256], pb[256], da = sd_node_path(na, pa, 256), db = sd_node_path(nb, pb, 256);
  if (da > 256 || db > 256) return NULL;
  SdTree *xa = sd_parse(d->parser, sa, ta, strlen(ta), NULL), *xb = xa ? sd_parse(d->parser, sb, tb, strlen(tb), NULL) : NULL;
  SdTree *result = NULL;
  if (xa && xb) {
    SdTree *half = sd_tree_clone_replacing(base, sd_tree_follow(base, pb, db), xb->root);
    const SdNode *at = sd_tree_follow(half, pa, da);
    if (at && at->symbol == sa) result = sd_tree_clone_replacing(half, at, xa->root);
    sd_tree_free(half);
  }
  sd_tree_free(xa), sd_tree_free(xb);
  return result;
}

int dbg_label_of(const Debugger *d, const SdTree *t) {
  for (uint32_t i = d->evidence.size; i-- > 0;) {
    const Evidence *e = &d->evidence.items[i];
    if (e->tree->length == t->length && !memcmp(e->tree->text, t->text, t->length))
      return e->other ? -1 : e->verdict == SD_VERDICT_FAIL ? 1 : e->verdict == SD_VERDICT_PASS ? 0 : -1;
  }
  return -1;
}

/* `(a = "t1" or a = "t2" ...)` for the texts of l whose bit is set, as
 * ISLa (texts of a small nonterminal: printable, quotes and backslashes
 * escaped). */
static void append_set(SdBuf *out, const char *var, const TextList *l, const bool *in) {
  sd_buf_putc(out, '(');
  for (uint32_t i = 0, k = 0; i < l->size; i++) {
    if (!in[i]) continue;
    if (k++) sd_buf_append(out, " or ", 4);
    sd_buf_printf(out, "%s = \"", var);
    for (const char *c = l->items[i]; *c; c++) {
      if (*c == '"' || *c == '\\') sd_buf_putc(out, '\\');
      sd_buf_putc(out, *c);
    }
    sd_buf_putc(out, '"');
  }
  sd_buf_putc(out, ')');
}

/* The table as a disjunct (ISLa text): rows with the same failing columns
 * grouped; NULL when no cell fails or a text cannot be written. */
static char *table_text(const Debugger *d, SdSymbol record, const Place *pa, const Place *pb, const Table *tb,
                        const bool *fails) {
  uint32_t nr = tb->rows.size, nc = tb->cols.size;
  bool *done = sd_xcalloc(nr, 1), *rows = sd_xcalloc(nr, 1);
  SdBuf out = {0};
  sd_buf_printf(&out, "exists %s r in start: exists %s a in r: exists %s b in r: (", d->grammar->symbols[record].name,
                d->grammar->symbols[pa->symbol].name,
                d->grammar->symbols[pb->symbol].name);
  uint32_t groups = 0;
  for (uint32_t i = 0; i < nr; i++) {
    const bool *row = fails + (size_t)i * nc;
    bool any = false;
    for (uint32_t j = 0; j < nc; j++) any |= row[j];
    if (done[i] || !any) continue;
    memset(rows, 0, nr);
    for (uint32_t k = i; k < nr; k++)
      if (!done[k] && !memcmp(fails + (size_t)k * nc, row, nc)) rows[k] = done[k] = true;
    if (groups++) sd_buf_append(&out, " or ", 4);
    sd_buf_putc(&out, '(');
    append_set(&out, "a", &tb->rows, rows);
    sd_buf_append(&out, " and ", 5);
    append_set(&out, "b", &tb->cols, row);
    sd_buf_putc(&out, ')');
  }
  sd_buf_putc(&out, ')');
  free(done), free(rows);
  if (!groups) {
    sd_buf_free(&out);
    return NULL;
  }
  return sd_buf_take(&out);
}

/* The first record (of record's nonterminal) in base holding an element of
 * each place's nonterminal on which that place holds: into *na, *nb. */
static void find_pair(Debugger *d, const SdConstraint *cause, const SdTree *base, int32_t record, const Place *pa,
                      const Place *pb, const SdNode **na, const SdNode **nb) {
  SdSymbol rs = cause->variables[record].symbol;
  SdConstraint *alone_a = place_alone(cause, pa), *alone_b = place_alone(cause, pb);
  for (uint32_t r = 0; r < base->by_symbol_count[rs] && !*nb; r++) {
    const SdNode *rec = base->nodes[base->by_symbol[rs][r]];
    const SdNode *a = NULL, *b = NULL;
    for (uint32_t i = rec->id + 1; i < rec->id + rec->size && (!a || !b); i++) {
      const SdNode *x = base->nodes[i];
      if (!a && x->symbol == pa->symbol && place_holds_on(d, alone_a, pa->symbol, base->text + x->start, x->end - x->start))
        a = x;
      else if (!b && x->symbol == pb->symbol &&
               place_holds_on(d, alone_b, pb->symbol, base->text + x->start, x->end - x->start))
        b = x;
    }
    if (a && b) *na = a, *nb = b;
  }
  sd_constraint_free(alone_a), sd_constraint_free(alone_b);
}

/* The failing input a table is made in, with its pair in *na, *nb: one
 * on which the table's disjunct holds alone, with the fewest records of
 * the record's nonterminal (a pair varied beside another record that
 * fails by itself fails in every cell: lensmount at seed 2, an EF lens
 * with an MFT circle before the lens varied), the newest of those. */
static const SdTree *table_base(Debugger *d, const SdConstraint *cause, int32_t record, const Place *pa,
                                const Place *pb, const SdNode **na, const SdNode **nb) {
  Branches b;
  branches_init(&b, cause, pa->f);
  SdSymbol rs = cause->variables[record].symbol;
  const SdTree *best = NULL;
  uint64_t best_score = UINT64_MAX;
  for (uint32_t k = d->failing.size; k-- > 0;) {
    const SdTree *t = d->evidence.items[d->failing.items[k]].tree;
    int h = holds_alone(&b, cause, t);
    uint64_t score = (h == 1 ? (uint64_t)1 << 32 : 0) + t->by_symbol_count[rs];
    if (!h || score >= best_score) continue;
    const SdNode *a = NULL, *x = NULL;
    find_pair(d, cause, t, record, pa, pb, &a, &x);
    if (!a || !x || !a->parent || !x->parent) continue;
    best = t, best_score = score, *na = a, *nb = x;
  }
  branches_free(&b);
  return best;
}

/* Can every text of l be written as an ISLa string literal here (printable
 * ASCII; quotes and backslashes are escaped)? */
static bool writable(const TextList *l) {
  for (uint32_t i = 0; i < l->size; i++)
    for (const unsigned char *c = (const unsigned char *)l->items[i]; *c; c++)
      if (*c < 0x20 || *c >= 0x7f) return false;
  return true;
}

/* Does c hold on every failing input that b holds on and no cause found
 * explains? */
static bool explains_as_much(const Debugger *d, const SdConstraint *b, const SdConstraint *c) {
  for (uint32_t k = 0; k < d->failing.size; k++) {
    const SdTree *t = d->evidence.items[d->failing.items[k]].tree;
    if (!dbg_cause_holds(d, t) && sd_constraint_eval(b, t, NULL) && !sd_constraint_eval(c, t, NULL)) return false;
  }
  return true;
}

/* The cause with disjunct k replaced by the table over records of symbol
 * rs, or the table alone where the other disjuncts hold where a pair of
 * the table passed (fontface: "a weight of 100 and a style other than
 * normal", which oblique 100 is); NULL when neither fits (and, with
 * as_much, explains what the cause did). */
static SdConstraint *with_table(Debugger *d, const SdConstraint *cause, int32_t k, SdSymbol rs, const Place *pa,
                                const Place *pb, const Table *tb, const bool *fails, uint32_t from, bool as_much) {
  char *text = table_text(d, rs, pa, pb, tb, fails);
  SdConstraintError err = {0};
  SdConstraint *table = text ? sd_constraint_parse(d->grammar, text, strlen(text), &err) : NULL;
  free(err.message);
  free(text);
  if (!table) return NULL;
  const SdFormula *root = cause->root;
  uint32_t n = root->kind == SD_F_OR ? root->child_count : 1;
  SdConstraint *parts[MEMBERS_PLACES], *result = table;
  if (n > 1) {
    for (uint32_t j = 0; j < n; j++) parts[j] = (int32_t)j == k ? table : dbg_sub_constraint(cause, root->children[j]);
    result = sd_constraint_or((const SdConstraint *const *)parts, n);
    for (uint32_t j = 0; j < n; j++)
      if ((int32_t)j != k) sd_constraint_free(parts[j]);
    if (fits(d, result, from) && (!as_much || explains_as_much(d, cause, result))) {
      sd_constraint_free(table);
      return result;
    }
    sd_constraint_free(result);
    result = table;
  }
  if (fits(d, result, from) && (!as_much || explains_as_much(d, cause, result))) return result;
  sd_constraint_free(result);
  return NULL;
}

/* The nearest element enclosing both a and b. */
static const SdNode *common_record(const SdNode *a, const SdNode *b) {
  for (const SdNode *r = a->parent; r; r = r->parent)
    if (sd_node_is_ancestor(r, b)) return r;
  return NULL;
}

/* The cause with its record-table disjunct written as the table every pair
 * of the two elements makes in one failing record; NULL when none applies,
 * a pair is labelled neither way, or the result does not fit. With
 * conjuncts, a record that is one part of a conjunction stands for all of
 * it, where the table explains every failure the cause did. The records
 * quantified are those of the nearest element enclosing both in the
 * failing input (a lens, not any item: filters take the same mounts
 * harmlessly) where that fits, else the cause's own. */
static SdConstraint *complete_table(Debugger *d, const SdConstraint *cause, bool conjuncts, bool *error) {
  Place pa, pb;
  int32_t record;
  int32_t k = table_disjunct(d, cause, conjuncts, &pa, &pb, &record);
  if (k < 0) return NULL;
  /* the two elements, in one record of the base, on which both places hold */
  const SdNode *na = NULL, *nb = NULL;
  const SdTree *base = table_base(d, cause, record, &pa, &pb, &na, &nb);
  if (!base) return NULL;
  Table tb = {d, {0}, {0}};
  sd_grammar_each_text(d->grammar, pa.symbol, DBG_MEMBERS_MAX, add_row, &tb.rows);
  sd_grammar_each_text(d->grammar, pb.symbol, DBG_MEMBERS_MAX, add_row, &tb.cols);
  if (!writable(&tb.rows) || !writable(&tb.cols)) {
    free_texts(&tb.rows), free_texts(&tb.cols);
    return NULL;
  }
  uint32_t nr = tb.rows.size, nc = tb.cols.size, cells = nr * nc;
  SdTree **made = sd_xcalloc(cells ? cells : 1, sizeof(SdTree *));
  TreeList batch = {0};
  for (uint32_t i = 0; i < nr; i++)
    for (uint32_t j = 0; j < nc; j++) {
      made[i * nc + j] = dbg_with_pair(d, base, na, nb, pa.symbol, pb.symbol, tb.rows.items[i], tb.cols.items[j]);
      if (made[i * nc + j] && !dbg_seen(d, made[i * nc + j])) array_push(&batch, sd_tree_clone(made[i * nc + j]));
    }
  SdConstraint *result = NULL;
  uint32_t from = d->evidence.size;
  const SdNode *common = common_record(na, nb);
  SdSymbol own = cause->variables[record].symbol, near = common ? common->symbol : own;
  if (dbg_run_tagged(d, &batch, "table") < 0) {
    *error = true;
  } else {
    bool *fails = sd_xcalloc(cells ? cells : 1, 1), known = true;
    for (uint32_t c = 0; c < cells && known; c++) {
      int v = made[c] ? dbg_label_of(d, made[c]) : -1;
      known = v >= 0;
      fails[c] = v == 1;
    }
    if (known && near != own) result = with_table(d, cause, k, near, &pa, &pb, &tb, fails, from, conjuncts);
    if (known && !result) result = with_table(d, cause, k, own, &pa, &pb, &tb, fails, from, conjuncts);
    free(fails);
  }
  for (uint32_t c = 0; c < cells; c++) sd_tree_free(made[c]);
  free(made);
  free_texts(&tb.rows), free_texts(&tb.cols);
  return result;
}

SdConstraint *dbg_complete_table(Debugger *d, const SdConstraint *cause, bool *ran, bool *error) {
  Place pa, pb;
  int32_t record;
  *ran = *error = false;
  if (table_disjunct(d, cause, true, &pa, &pb, &record) < 0) return NULL;
  uint64_t key = sd_hash_bytes(&cause->variables[record].symbol, sizeof(SdSymbol), (uint64_t)pa.symbol * 65599u + (uint64_t)pb.symbol);
  if (!sd_hash_set_add(&d->tabled, key)) return NULL;
  uint32_t before = d->evidence.size;
  SdConstraint *table = complete_table(d, cause, true, error);
  *ran = d->evidence.size > before;
  if (table) {
    char *text = sd_constraint_to_short(table);
    dbg_progress(d, "members: a table of two elements, tried before acceptance: %s", text);
    free(text);
  }
  return table;
}

SdConstraint *dbg_complete_members(Debugger *d, const SdConstraint *cause, bool *error) {
  *error = false;
  SdConstraint *table = complete_table(d, cause, false, error);
  if (*error || table) {
    if (table) {
      char *text = sd_constraint_to_short(table);
      dbg_progress(d, "members: the cause completed by experiment, a table of two elements: %s", text);
      free(text);
    }
    return table;
  }
  Places places;
  places_of(d, cause, &places);
  Probe probes[MEMBERS_PLACES * MEMBERS_NODES_TRIED];
  uint32_t np = make_probes(d, cause, &places, probes, MEMBERS_PLACES * MEMBERS_NODES_TRIED);
  TreeList batch = {0};
  SdHashSet made = {0};
  for (uint32_t i = 0; i < np; i++) {
    Variants v = {d, cause, &probes[i], places.items[probes[i].place].symbol, &batch, &made};
    sd_grammar_each_text(d->grammar, v.symbol, DBG_MEMBERS_MAX, add_variant, &v);
  }
  sd_hash_set_free(&made);
  if (!batch.size) {
    array_free(&batch);
    return NULL;
  }
  uint32_t from = d->evidence.size;
  if (dbg_run_tagged(d, &batch, "members") < 0) {
    *error = true;
    return NULL;
  }
  SdConstraint *completed = NULL;
  for (uint32_t k = 0; k < places.n; k++) join_place(d, cause, &places, k, probes, np, from, &completed);
  if (completed) {
    char *text = sd_constraint_to_short(completed);
    dbg_progress(d, "members: the cause completed by experiment: %s", text);
    free(text);
  }
  return completed;
}
