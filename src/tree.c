/* tree.c: derivation trees. Nodes are allocated in the tree's arena and
 * never freed individually. sd_tree_refresh() walks the tree once (an
 * explicit stack, so deep left-recursive trees are fine) to render the text,
 * assign preorder ids, spans and depths, and build the per-symbol index that
 * quantifiers use: because ids are preorder, the <T> nodes inside a subtree
 * are one contiguous run of by_symbol[T], found by binary search. */
#include "semdbg/tree.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "constraint_internal.h"
#include "array.h"
#include "json_util.h"
#include "util.h"

SdTree *sd_tree_new(const SdGrammar *grammar) {
  SdTree *t = sd_xcalloc(1, sizeof *t);
  t->grammar = grammar;
  t->arena = sd_xcalloc(1, sizeof(SdArena));
  sd_arena_init(t->arena);
  return t;
}

static void free_index(SdTree *t) {
  sd_eval_cache_free(t->eval_cache);
  t->eval_cache = NULL;
  if (t->by_symbol) free(t->by_symbol[t->grammar->symbol_count]); /* the block of all ids */
  free(t->by_symbol);
  free(t->by_symbol_count);
  free(t->nodes);
  free(t->text);
  t->by_symbol = NULL;
  t->by_symbol_count = NULL;
  t->nodes = NULL;
  t->text = NULL;
}

void sd_tree_free(SdTree *self) {
  if (!self) return;
  free_index(self);
  sd_arena_free(self->arena);
  free(self->arena);
  free(self);
}

SdNode *sd_tree_new_node(SdTree *self, SdSymbol symbol, int32_t alternative,
                         uint32_t child_count) {
  SdNode *n = sd_arena_alloc(self->arena, sizeof *n);
  n->symbol = symbol;
  n->alternative = alternative;
  n->child_count = child_count;
  if (child_count) n->children = sd_arena_alloc(self->arena, child_count * sizeof(SdNode *));
  return n;
}

SdNode *sd_tree_new_leaf(SdTree *self, SdSymbol symbol, const char *text, uint32_t length) {
  SdNode *n = sd_tree_new_node(self, symbol, -1, 0);
  n->leaf = sd_arena_strndup(self->arena, text, length);
  n->leaf_length = length;
  return n;
}

void sd_tree_set_root(SdTree *self, SdNode *root) {
  self->root = root;
  root->parent = NULL;
  sd_tree_refresh(self);
}

/* Deep copy of node into self's arena, with the subtrees at skip[k] (when
 * met) copied from with[k] instead. */
static SdNode *copy_substituting(SdTree *self, const SdNode *node, const SdNode *const *skip,
                                 const SdNode *const *with, uint32_t n) {
  /* iterative deep copy: pairs (source, destination slot) */
  typedef struct Job {
    const SdNode *src;
    SdNode **slot;
    SdNode *parent;
    bool substituted;
  } Job;
  Array(Job) stack = {0};
  SdNode *result = NULL;
  array_push(&stack, ((Job){node, &result, NULL, false}));
  while (stack.size) {
    Job j = array_pop(&stack);
    for (uint32_t k = 0; k < n && !j.substituted; k++)
      if (j.src == skip[k]) j.src = with[k], j.substituted = true;
    SdNode *m;
    if (j.src->alternative < 0 && j.src->child_count == 0)
      m = sd_tree_new_leaf(self, j.src->symbol, j.src->leaf ? j.src->leaf : "", j.src->leaf_length);
    else
      m = sd_tree_new_node(self, j.src->symbol, j.src->alternative, j.src->child_count);
    m->parent = j.parent;
    *j.slot = m;
    for (uint32_t i = j.src->child_count; i-- > 0;)
      array_push(&stack, ((Job){j.src->children[i], &m->children[i], m, j.substituted}));
  }
  array_free(&stack);
  return result;
}

SdNode *sd_tree_copy_node(SdTree *self, const SdNode *node) { return copy_substituting(self, node, NULL, NULL, 0); }

SdTree *sd_tree_clone_replacing(const SdTree *self, const SdNode *node, const SdNode *replacement) {
  return sd_tree_clone_replacing_many(self, &node, &replacement, 1);
}

SdTree *sd_tree_clone_replacing_many(const SdTree *self, const SdNode *const *nodes,
                                     const SdNode *const *replacements, uint32_t n) {
  SdTree *t = sd_tree_new(self->grammar);
  if (self->root) sd_tree_set_root(t, copy_substituting(t, self->root, nodes, replacements, n));
  return t;
}

/* A copy of an indexed tree whose index is copied, not rebuilt: the nodes
 * in one block of the new arena, in the same preorder, so every id, span
 * and run of by_symbol stays as it is. Search walks and fuzzing clone a
 * tree per step, and the rebuilt index was half of what a clone cost. */
static SdTree *clone_indexed(const SdTree *self) {
  SdTree *t = sd_tree_new(self->grammar);
  uint32_t n = self->node_count, nsym = self->grammar->symbol_count;
  SdNode *block = sd_arena_alloc_uninit(t->arena, n * sizeof(SdNode)); /* each node copied whole below */
  t->nodes = sd_xmalloc(n * sizeof(SdNode *));
  for (uint32_t i = 0; i < n; i++) t->nodes[i] = &block[i];
  for (uint32_t i = 0; i < n; i++) {
    const SdNode *src = self->nodes[i];
    SdNode *m = &block[i];
    *m = *src;
    m->parent = src->parent ? &block[src->parent->id] : NULL;
    m->children = NULL;
    m->leaf = NULL;
    if (src->child_count) {
      m->children = sd_arena_alloc_uninit(t->arena, src->child_count * sizeof(SdNode *));
      for (uint32_t c = 0; c < src->child_count; c++) m->children[c] = &block[src->children[c]->id];
    } else if (src->alternative < 0) {
      m->leaf = sd_arena_strndup(t->arena, src->leaf ? src->leaf : "", src->leaf_length);
    }
  }
  t->root = &block[0];
  t->node_count = n;
  t->length = self->length;
  t->text = sd_xmalloc((size_t)self->length + 1);
  memcpy(t->text, self->text, (size_t)self->length + 1);
  t->by_symbol_count = sd_xmalloc((nsym ? nsym : 1) * sizeof(uint32_t));
  memcpy(t->by_symbol_count, self->by_symbol_count, nsym * sizeof(uint32_t));
  t->by_symbol = sd_xmalloc((nsym + 1) * sizeof(uint32_t *));
  uint32_t *ids = sd_xmalloc(n * sizeof(uint32_t));
  memcpy(ids, self->by_symbol[nsym], n * sizeof(uint32_t));
  t->by_symbol[nsym] = ids;
  for (uint32_t s = 0; s < nsym; s++) t->by_symbol[s] = ids + (self->by_symbol[s] - self->by_symbol[nsym]);
  return t;
}

SdTree *sd_tree_clone(const SdTree *self) {
  if (self->root && self->node_count && self->nodes && self->nodes[0] == self->root && self->by_symbol && self->text)
    return clone_indexed(self);
  SdTree *t = sd_tree_new(self->grammar);
  if (self->root) sd_tree_set_root(t, sd_tree_copy_node(t, self->root));
  return t;
}

SdNode *sd_tree_replace(SdTree *self, SdNode *node, const SdNode *replacement) {
  SdNode *copy = sd_tree_copy_node(self, replacement);
  SdNode *parent = node->parent;
  copy->parent = parent;
  if (!parent) {
    self->root = copy;
  } else {
    for (uint32_t i = 0; i < parent->child_count; i++)
      if (parent->children[i] == node) parent->children[i] = copy;
  }
  sd_tree_refresh(self);
  return copy;
}

/* by_symbol[s]: the ids of s's nodes in preorder, all in one block (kept
 * as by_symbol[nsym]): filled backwards from each run's end, so each
 * pointer ends at its run's start (one allocation, not one per symbol: a
 * refresh per varied input: malloc and free were about 15% of middle's own time). */
static void index_by_symbol(SdTree *self, uint32_t nsym) {
  self->by_symbol_count = sd_xcalloc(nsym, sizeof(uint32_t));
  self->by_symbol = sd_xmalloc((nsym + 1) * sizeof(uint32_t *));
  uint32_t *ids = sd_xmalloc((self->node_count ? self->node_count : 1) * sizeof(uint32_t));
  self->by_symbol[nsym] = ids;
  for (uint32_t i = 0; i < self->node_count; i++) self->by_symbol_count[self->nodes[i]->symbol]++;
  uint32_t end = 0;
  for (uint32_t s = 0; s < nsym; s++) {
    end += self->by_symbol_count[s];
    self->by_symbol[s] = ids + end;
  }
  for (uint32_t i = self->node_count; i-- > 0;) *--self->by_symbol[self->nodes[i]->symbol] = i;
}

void sd_tree_refresh(SdTree *self) {
  uint32_t nodes_before = self->nodes ? self->node_count : 0, length_before = self->text ? self->length : 0;
  free_index(self);
  if (!self->root) return;
  uint32_t nsym = self->grammar->symbol_count;
  Array(SdNode *) order = {0};
  SdBuf text = {0};
  /* room for about as much as before (a replaced element or two): growing
     from nothing was a twentieth of a tie split's tree edits */
  array_reserve(&order, nodes_before + 16);
  sd_buf_reserve(&text, (size_t)length_before + 64);
  text.data[0] = 0; /* an input with no text at all stays a terminated empty string */
  /* preorder walk; on exit from a node set its end and size */
  typedef struct Frame {
    SdNode *node;
    uint32_t next_child;
  } Frame;
  Array(Frame) stack = {0};
  self->root->parent = NULL;
  self->root->depth = 0;
  array_push(&stack, ((Frame){self->root, 0}));
  self->root->id = 0;
  self->root->start = 0;
  array_push(&order, self->root);
  while (stack.size) {
    Frame *f = array_back(&stack);
    SdNode *n = f->node;
    if (n->child_count == 0 && n->alternative < 0 && f->next_child == 0) {
      sd_buf_append(&text, n->leaf, n->leaf_length);
    }
    if (f->next_child < n->child_count) {
      SdNode *c = n->children[f->next_child++];
      c->parent = n;
      c->depth = n->depth + 1;
      c->id = order.size;
      c->start = (uint32_t)text.len;
      array_push(&order, c);
      array_push(&stack, ((Frame){c, 0}));
      continue;
    }
    n->end = (uint32_t)text.len;
    n->size = order.size - n->id;
    stack.size--;
  }
  array_free(&stack);
  self->nodes = order.items;
  self->node_count = order.size;
  self->length = (uint32_t)text.len;
  self->text = text.data ? sd_buf_take(&text) : sd_xcalloc(1, 1);
  index_by_symbol(self, nsym);
}

static uint32_t lower_bound(const uint32_t *a, uint32_t n, uint32_t key) {
  uint32_t lo = 0, hi = n;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (a[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

uint32_t sd_tree_range(const SdTree *self, SdSymbol s, const SdNode *within, uint32_t *count) {
  *count = 0;
  if (!self->by_symbol || s < 0 || (uint32_t)s >= self->grammar->symbol_count) return 0;
  const uint32_t *ids = self->by_symbol[s];
  uint32_t n = self->by_symbol_count[s];
  if (!within) within = self->root;
  uint32_t lo = lower_bound(ids, n, within->id);
  uint32_t hi = lower_bound(ids, n, within->id + within->size);
  *count = hi - lo;
  return lo;
}

bool sd_node_is_ancestor(const SdNode *ancestor, const SdNode *node) {
  return node->id >= ancestor->id && node->id < ancestor->id + ancestor->size;
}

uint32_t sd_node_path(const SdNode *node, uint32_t *out, uint32_t max) {
  uint32_t depth = node->depth;
  for (const SdNode *n = node; n->parent; n = n->parent) {
    uint32_t i = 0;
    while (n->parent->children[i] != n) i++;
    if (n->depth - 1 < max) out[n->depth - 1] = i;
  }
  return depth;
}

SdNode *sd_tree_follow(const SdTree *self, const uint32_t *path, uint32_t depth) {
  SdNode *n = self->root;
  for (uint32_t d = 0; d < depth && n; d++)
    n = path[d] < n->child_count ? n->children[path[d]] : NULL;
  return n;
}

/* Append node i's line of the text form. */
static void text_line(const SdTree *self, uint32_t i, SdBuf *b) {
  const SdNode *n = self->nodes[i];
  uint32_t indent = n->depth < SD_TREE_TEXT_MAX_INDENT ? n->depth : SD_TREE_TEXT_MAX_INDENT;
  for (uint32_t d = 0; d < indent; d++) sd_buf_puts(b, "  ");
  if (n->depth > SD_TREE_TEXT_MAX_INDENT) sd_buf_printf(b, "[%u] ", n->depth);
  const SdSymbolInfo *si = &self->grammar->symbols[n->symbol];
  if (si->kind == SD_SYM_NONTERMINAL) sd_buf_puts(b, si->name);
  else sd_buf_append_quoted(b, n->leaf, n->leaf_length);
  sd_buf_putc(b, '\n');
}

char *sd_tree_to_text(const SdTree *self) {
  SdBuf b = {0};
  for (uint32_t i = 0; i < self->node_count; i++) text_line(self, i, &b);
  return sd_buf_take(&b);
}

bool sd_tree_print(const SdTree *self, void *file) {
  SdBuf b = {0};
  bool ok = true;
  for (uint32_t i = 0; i < self->node_count && ok; i++) {
    text_line(self, i, &b);
    if (b.len >= 65536 || i + 1 == self->node_count) {
      ok = fwrite(b.data, 1, b.len, file) == b.len;
      b.len = 0;
    }
  }
  sd_buf_free(&b);
  return ok;
}

uint32_t sd_tree_height(const SdTree *self, const SdNode *node) {
  uint32_t deepest = node->depth;
  for (uint32_t k = node->id; k < node->id + node->size; k++) /* the subtree, in preorder */
    if (self->nodes[k]->depth > deepest) deepest = self->nodes[k]->depth;
  return deepest - node->depth;
}

static cJSON *node_to_json(const SdTree *self, const SdNode *node);

cJSON *sd_tree_to_json(const SdTree *self, const SdNode *node) {
  if (!node) node = self->root;
  if (sd_tree_height(self, node) > SD_TREE_JSON_MAX_DEPTH) return NULL;
  return node_to_json(self, node);
}

/* Recursive, at most SD_TREE_JSON_MAX_DEPTH levels deep. */
static cJSON *node_to_json(const SdTree *self, const SdNode *node) {
  const SdSymbolInfo *si = &self->grammar->symbols[node->symbol];
  cJSON *o = cJSON_CreateObject();
  if (si->kind == SD_SYM_NONTERMINAL) {
    cJSON_AddStringToObject(o, "symbol", si->name);
    cJSON_AddNumberToObject(o, "alternative", node->alternative);
  } else {
    cJSON_AddItemToObject(o, "text", sd_json_bytes(node->leaf, node->leaf_length));
  }
  cJSON_AddNumberToObject(o, "start", node->start);
  cJSON_AddNumberToObject(o, "end", node->end);
  if (si->kind == SD_SYM_NONTERMINAL) {
    cJSON *kids = cJSON_AddArrayToObject(o, "children");
    for (uint32_t i = 0; i < node->child_count; i++)
      cJSON_AddItemToArray(kids, node_to_json(self, node->children[i]));
  }
  return o;
}
