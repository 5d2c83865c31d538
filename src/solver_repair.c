/* solver_repair.c: repairs of generated inputs for semantic predicates the
 * solver cannot hand to Z3, as ISLa's solver does (a semantic predicate
 * computes the subtree that makes it true): for internet_checksum(h, c),
 * the checksum digits of every <C> node (the first one inside each <H>
 * node) are overwritten with the checksum of its header. And for two
 * fields a match expression binds that must be equal (`forall <req>
 * r="...{<pw> a}...{<pw> b}": a = b`, ISLa's XML tags), the second takes
 * the first's text in every element that matches: two random passwords
 * are almost never equal, and Z3 made 2 such inputs of 50 in 0.7 s. The
 * repaired text is returned for the caller to re-parse and check. */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "constraint_internal.h"
#include "solver_internal.h"
#include "util.h"

typedef struct Patch {
  uint32_t start, end;
  char *text;
} Patch;

typedef Array(Patch) Patches;

static SdSymbol var_symbol(const SdConstraint *c, const SdTerm *t, const SdTree *tree) {
  if (t->op != SD_OP_VAR) return -2;
  SdSymbol s = c->variables[t->var].symbol;
  return s == -1 ? tree->root->symbol : s;
}

/* The checksum's text with its four hex digits replaced (NULL when it does
 * not have exactly four non-blank characters). */
static char *rewritten(const SdTree *t, const SdNode *c, const char digits[5]) {
  uint32_t n = c->end - c->start, k = 0;
  char *r = sd_xstrndup(t->text + c->start, n);
  for (uint32_t i = 0; i < n; i++)
    if (r[i] != ' ' && r[i] != '\t' && r[i] != '\n' && r[i] != '\r') {
      if (k == 4) break;
      r[i] = digits[k++];
    }
  if (k != 4) {
    free(r);
    return NULL;
  }
  return r;
}

static void checksum_patches(const SdConstraint *c, const SdTerm *atom, const SdTree *t, Patches *out) {
  SdSymbol hs = var_symbol(c, atom->args[0], t), cs = var_symbol(c, atom->args[1], t);
  if (hs < 0 || cs < 0) return;
  uint32_t count, first = sd_tree_range(t, hs, NULL, &count);
  for (uint32_t k = 0; k < count; k++) {
    const SdNode *h = t->nodes[t->by_symbol[hs][first + k]];
    uint32_t in, at = sd_tree_range(t, cs, h, &in);
    if (!in) continue;
    const SdNode *ck = t->nodes[t->by_symbol[cs][at]];
    char digits[5];
    if (!sd_internet_checksum_digits(t, h, ck, digits)) continue;
    char *text = rewritten(t, ck, digits);
    if (text) array_push(out, ((Patch){ck->start, ck->end, text}));
  }
}

/* Is f a quantifier with a match expression whose body says two of the
 * variables it binds are equal? */
static bool matched_equality(const SdFormula *f) {
  if ((f->kind != SD_F_FORALL && f->kind != SD_F_EXISTS) || !f->match || f->child_count != 1) return false;
  const SdFormula *b = f->children[0];
  return b->kind == SD_F_ATOM && b->atom->op == SD_OP_EQ && b->atom->arg_count == 2 &&
         b->atom->args[0]->op == SD_OP_VAR && b->atom->args[1]->op == SD_OP_VAR;
}

static void equality_patches(const SdConstraint *c, const SdFormula *q, const SdTree *t, Patches *out) {
  const SdTerm *atom = q->children[0]->atom;
  int32_t a = atom->args[0]->var, b = atom->args[1]->var;
  SdSymbol rs = c->variables[q->var].symbol;
  if (rs < 0 || a < 0 || b < 0) return;
  const SdNode **bind = sd_xcalloc(c->variable_count + 1, sizeof *bind);
  uint32_t count, first = sd_tree_range(t, rs, NULL, &count);
  for (uint32_t k = 0; k < count; k++) {
    memset(bind, 0, (c->variable_count + 1) * sizeof *bind);
    if (!sd_match_node(q->match, t, t->nodes[t->by_symbol[rs][first + k]], bind)) continue;
    const SdNode *na = bind[a], *nb = bind[b];
    if (!na || !nb || na == nb || na->symbol != nb->symbol) continue;
    uint32_t la = na->end - na->start, lb = nb->end - nb->start;
    if (la == lb && !memcmp(t->text + na->start, t->text + nb->start, la)) continue;
    array_push(out, ((Patch){nb->start, nb->end, sd_xstrndup(t->text + na->start, la)}));
  }
  free(bind);
}

static void collect(const SdConstraint *c, const SdFormula *f, const SdTree *t, Patches *out) {
  if (f->kind == SD_F_NOT) return; /* a negated predicate needs no repair */
  if (f->kind == SD_F_ATOM && f->atom->op == SD_OP_INTERNET_CHECKSUM) checksum_patches(c, f->atom, t, out);
  if (matched_equality(f)) equality_patches(c, f, t, out);
  for (uint32_t i = 0; i < f->child_count; i++) collect(c, f->children[i], t, out);
}

static int by_start(const void *a, const void *b) {
  const Patch *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

bool sd_solver_needs_repair(const SdFormula *f) {
  if (f->kind == SD_F_ATOM) return f->atom->op == SD_OP_INTERNET_CHECKSUM;
  if (matched_equality(f)) return true;
  for (uint32_t i = 0; i < f->child_count; i++)
    if (sd_solver_needs_repair(f->children[i])) return true;
  return false;
}

char *sd_solver_repair(const SdConstraint *nnf, const SdTree *tree, size_t *length) {
  Patches patches = {0};
  collect(nnf, nnf->root, tree, &patches);
  if (!patches.size) {
    array_free(&patches);
    return NULL;
  }
  qsort(patches.items, patches.size, sizeof(Patch), by_start);
  SdBuf b = {0};
  uint32_t at = 0;
  for (uint32_t i = 0; i < patches.size; i++) {
    Patch *p = &patches.items[i];
    if (p->start >= at) { /* overlapping ones (nested headers): the first wins */
      sd_buf_append(&b, tree->text + at, p->start - at);
      sd_buf_puts(&b, p->text);
      at = p->end;
    }
    free(p->text);
  }
  sd_buf_append(&b, tree->text + at, tree->length - at);
  array_free(&patches);
  *length = b.len;
  return b.data ? sd_buf_take(&b) : sd_xcalloc(1, 1);
}
