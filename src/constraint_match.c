/* constraint_match.c: match expressions and XPath steps on quantifiers.
 *
 * ISLa parses a match expression (`"{<var> lhs} := <rhs>"`) with the
 * grammar from the quantified nonterminal, its placeholders standing for
 * whole subtrees, and matches a node when the node's tree has that parse as
 * a prefix. Here the node's subtree is matched directly: a cut through it
 * (a sequence of subtrees and terminal leaves, in document order) must read
 * as the items: a text item is spelled by terminal leaves, a <T> or
 * {<T> x} item is one whole <T> subtree. The cut is searched in preorder
 * (a node's subtree is ids [id, id + size), so "take the node whole" is a
 * jump and "look inside" a step), taking a node whole before looking inside
 * it, with backtracking over those choices; the first cut found binds the
 * variables. Where the match expression has one parse (as usual) this is
 * ISLa's match; where it has several, ISLa uses the one its parser finds
 * first, this accepts any. Optional groups `[...]` are tried left out
 * first, then in (ISLa's order: by how many are in, then left to right).
 * XPath steps then bind their variables by following children.
 *
 * Also here: copying, comparing and hashing match expressions (with the
 * variable maps of constraint_nnf.c). */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "constraint_internal.h"

#define MATCH_STEPS 1000000 /* per node and combination: beyond, no match */
#define MAX_GROUPS 12

typedef struct Elem {
  SdMatchKind kind;
  const char *text;
  uint32_t length;
  SdSymbol symbol;
  int32_t var;
} Elem;

typedef struct Choice {
  uint32_t id, ei, pos, bound;
} Choice;

typedef Array(Elem) Elems;

/* The items of the groups in mask (and those in no group), adjacent texts joined. */
static void flatten(const SdMatch *m, uint32_t mask, Elems *out, SdBuf *texts) {
  out->size = 0;
  texts->len = 0;
  /* texts are copied into one buffer, joined ones contiguous; pointers are
     fixed up after it stops growing */
  Array(uint32_t) offsets = {0};
  for (uint32_t i = 0; i < m->item_count; i++) {
    const SdMatchItem *it = &m->items[i];
    if (it->group >= 0 && !(mask >> it->group & 1)) continue;
    if (it->kind == SD_MATCH_TEXT) {
      if (!it->length) continue;
      if (out->size && out->items[out->size - 1].kind == SD_MATCH_TEXT) {
        out->items[out->size - 1].length += it->length;
      } else {
        array_push(out, ((Elem){SD_MATCH_TEXT, NULL, it->length, -1, -1}));
        array_push(&offsets, (uint32_t)texts->len);
      }
      sd_buf_append(texts, it->text, it->length);
      continue;
    }
    array_push(out, ((Elem){it->kind, NULL, 0, it->symbol, it->var}));
    array_push(&offsets, UINT32_MAX);
  }
  for (uint32_t k = 0; k < out->size; k++)
    if (out->items[k].kind == SD_MATCH_TEXT) out->items[k].text = texts->data + offsets.items[k];
  array_free(&offsets);
}

/* Is there a cut of root's subtree reading as el[0..n)? Binds the
 * variables of the cut found. */
static bool cut(const SdTree *t, const SdNode *root, const Elem *el, uint32_t n, const SdNode **bind) {
  uint32_t id = root->id, end = root->id + root->size, ei = 0, pos = 0;
  Array(Choice) choices = {0};
  Array(int32_t) bound = {0};
  bool whole_first = true, found = false;
  for (uint64_t steps = 0; steps < MATCH_STEPS; steps++) {
    bool ok = true;
    if (id == end) {
      if (ei == n) {
        found = true;
        break;
      }
      ok = false;
    } else {
      const SdNode *x = t->nodes[id];
      if (whole_first && ei < n && el[ei].kind != SD_MATCH_TEXT && el[ei].symbol == x->symbol) {
        array_push(&choices, ((Choice){id, ei, pos, bound.size}));
        if (el[ei].kind == SD_MATCH_VARIABLE) {
          bind[el[ei].var] = x;
          array_push(&bound, el[ei].var);
        }
        id += x->size;
        ei++;
        continue;
      }
      whole_first = true;
      uint32_t len = x->end - x->start;
      if (x->child_count || len == 0) {
        id++; /* look inside, or an empty leaf */
      } else if (ei < n && el[ei].kind == SD_MATCH_TEXT && el[ei].length - pos >= len &&
                 !memcmp(el[ei].text + pos, t->text + x->start, len)) {
        pos += len;
        if (pos == el[ei].length) ei++, pos = 0;
        id++;
      } else {
        ok = false;
      }
    }
    if (ok) continue;
    if (!choices.size) break;
    Choice c = array_pop(&choices);
    id = c.id, ei = c.ei, pos = c.pos;
    while (bound.size > c.bound) bind[array_pop(&bound)] = NULL;
    whole_first = false; /* the other way: look inside */
  }
  if (!found)
    while (bound.size) bind[array_pop(&bound)] = NULL;
  array_free(&choices);
  array_free(&bound);
  return found;
}

/* The k-th child of symbol s of node x, looking through EBNF's helper nodes. */
static const SdNode *child_of(const SdTree *t, const SdNode *x, SdSymbol s, uint32_t *k) {
  for (uint32_t i = 0; i < x->child_count; i++) {
    const SdNode *c = x->children[i];
    if (c->symbol == s) {
      if ((*k)-- == 0) return c;
    } else if (sd_grammar_is_nonterminal(t->grammar, c->symbol) && t->grammar->symbols[c->symbol].generated) {
      const SdNode *r = child_of(t, c, s, k);
      if (r) return r;
    }
  }
  return NULL;
}

static bool follow_paths(const SdMatch *m, const SdTree *t, const SdNode **bind) {
  for (uint32_t i = 0; i < m->path_count; i++) {
    const SdMatchPath *p = &m->paths[i];
    const SdNode *x = bind[p->from];
    for (uint32_t k = 0; x && k < p->step_count; k++) {
      uint32_t nth = p->indices[k];
      x = child_of(t, x, p->symbols[k], &nth);
    }
    if (!x) return false;
    bind[p->var] = x;
  }
  return true;
}

/* The subsets of n groups in ISLa's order (itertools' powerset): by size,
 * then lexicographically; calls try() until it returns true. */
static bool subsets(uint32_t n, uint32_t size, uint32_t from, uint32_t mask,
                    bool (*try)(void *, uint32_t), void *user) {
  if (size == 0) return try(user, mask);
  for (uint32_t g = from; g + size <= n; g++)
    if (subsets(n, size - 1, g + 1, mask | 1u << g, try, user)) return true;
  return false;
}

typedef struct Try {
  const SdMatch *m;
  const SdTree *t;
  const SdNode *node;
  const SdNode **bind;
  Elems elems;
  SdBuf texts;
} Try;

static bool try_mask(void *user, uint32_t mask) {
  Try *x = user;
  flatten(x->m, mask, &x->elems, &x->texts);
  return cut(x->t, x->node, x->elems.items, x->elems.size, x->bind);
}

bool sd_match_node(const SdMatch *m, const SdTree *t, const SdNode *node, const SdNode **bind) {
  if (m->item_count) {
    Try x = {m, t, node, bind, {0}, {0}};
    bool found = false;
    for (uint32_t size = 0; size <= m->group_count && !found; size++)
      found = subsets(m->group_count, size, 0, 0, try_mask, &x);
    array_free(&x.elems);
    sd_buf_free(&x.texts);
    if (!found) return false;
  }
  return follow_paths(m, t, bind);
}

uint32_t sd_match_max_groups(void) { return MAX_GROUPS; }

/* ---- the variables a match binds ---- */

uint32_t sd_match_bound(const SdMatch *m, int32_t *out) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < m->item_count; i++)
    if (m->items[i].kind == SD_MATCH_VARIABLE) {
      if (out) out[n] = m->items[i].var;
      n++;
    }
  for (uint32_t i = 0; i < m->path_count; i++) {
    if (out) out[n] = m->paths[i].var;
    n++;
  }
  return n;
}

/* ---- copying, comparing, hashing ---- */

SdMatch *sd_match_copy(SdConstraint *to, const SdMatch *m, const int32_t *var_map) {
  SdMatch *r = sd_arena_alloc(to->arena, sizeof *r);
  *r = *m;
  if (m->item_count) {
    r->items = sd_arena_alloc(to->arena, m->item_count * sizeof(SdMatchItem));
    for (uint32_t i = 0; i < m->item_count; i++) {
      r->items[i] = m->items[i];
      if (m->items[i].text) r->items[i].text = sd_arena_strndup(to->arena, m->items[i].text, m->items[i].length);
      if (m->items[i].kind == SD_MATCH_VARIABLE) r->items[i].var = var_map[m->items[i].var];
    }
  }
  if (m->path_count) {
    r->paths = sd_arena_alloc(to->arena, m->path_count * sizeof(SdMatchPath));
    for (uint32_t i = 0; i < m->path_count; i++) {
      const SdMatchPath *p = &m->paths[i];
      SdMatchPath *q = &r->paths[i];
      *q = *p;
      q->var = var_map[p->var];
      q->from = var_map[p->from];
      q->symbols = sd_arena_dup(to->arena, p->symbols, p->step_count * sizeof(SdSymbol));
      q->indices = sd_arena_dup(to->arena, p->indices, p->step_count * sizeof(uint32_t));
    }
  }
  return r;
}

bool sd_match_same_shape(const SdMatch *a, const SdMatch *b) {
  if (!a || !b) return a == b;
  if (a->item_count != b->item_count || a->group_count != b->group_count || a->path_count != b->path_count)
    return false;
  for (uint32_t i = 0; i < a->item_count; i++) {
    const SdMatchItem *x = &a->items[i], *y = &b->items[i];
    if (x->kind != y->kind || x->group != y->group || x->symbol != y->symbol || x->length != y->length ||
        (x->length && memcmp(x->text, y->text, x->length)))
      return false;
  }
  for (uint32_t i = 0; i < a->path_count; i++) {
    const SdMatchPath *x = &a->paths[i], *y = &b->paths[i];
    if (x->step_count != y->step_count) return false;
    for (uint32_t k = 0; k < x->step_count; k++)
      if (x->symbols[k] != y->symbols[k] || x->indices[k] != y->indices[k]) return false;
  }
  return true;
}

uint64_t sd_match_shape_hash(const SdMatch *m, uint64_t acc) {
  if (!m) return acc;
  acc = sd_hash_bytes(&m->item_count, sizeof m->item_count, acc);
  for (uint32_t i = 0; i < m->item_count; i++) {
    const SdMatchItem *x = &m->items[i];
    int64_t key[3] = {x->kind, x->group, x->symbol};
    acc = sd_hash_bytes(key, sizeof key, acc);
    if (x->length) acc = sd_hash_bytes(x->text, x->length, acc);
  }
  for (uint32_t i = 0; i < m->path_count; i++) {
    const SdMatchPath *p = &m->paths[i];
    acc = sd_hash_bytes(p->symbols, p->step_count * sizeof(SdSymbol), acc);
    acc = sd_hash_bytes(p->indices, p->step_count * sizeof(uint32_t), acc);
  }
  return acc;
}
