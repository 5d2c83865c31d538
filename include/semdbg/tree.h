/* semdbg/tree.h: derivation trees, one type for parsed and generated inputs.
 * Nodes live in the tree's arena. After any structural change call
 * sd_tree_refresh(), which re-renders the text and recomputes spans, preorder
 * ids and the per-nonterminal index. */
#ifndef SEMDBG_TREE_H
#define SEMDBG_TREE_H

#include "semdbg/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "semdbg/grammar.h"

typedef struct SdNode SdNode;
struct SdNode {
  SdSymbol symbol;
  int32_t alternative;   /* chosen alternative for nonterminals, -1 for terminals */
  SdNode **children;
  uint32_t child_count;
  SdNode *parent;
  const char *leaf;      /* terminal text (in the arena) */
  uint32_t leaf_length;
  /* valid after sd_tree_refresh(): */
  uint32_t start, end;   /* byte span of the node's text in tree->text */
  uint32_t id;           /* preorder index; the subtree is ids [id, id + size) */
  uint32_t size;         /* nodes in the subtree, itself included */
  uint32_t depth;        /* root = 0 */
};

typedef struct SdArena SdArena;

typedef struct SdTree {
  const SdGrammar *grammar;
  SdArena *arena;
  SdNode *root;
  /* valid after sd_tree_refresh(): */
  char *text;            /* the input the tree derives (NUL-terminated, may hold NULs) */
  uint32_t length;
  SdNode **nodes;        /* all nodes in preorder */
  uint32_t node_count;
  uint32_t **by_symbol;  /* by_symbol[s] = preorder ids of the nodes of symbol s */
  uint32_t *by_symbol_count;
  /* what the constraint evaluator learned of this tree (the least and
     greatest values of a nonterminal's elements: constraint_eval.c), made on
     first need and dropped by sd_tree_refresh */
  struct SdEvalCache *eval_cache;
} SdTree;

SD_API SdTree *sd_tree_new(const SdGrammar *grammar);
SD_API void sd_tree_free(SdTree *self);
SD_API SdTree *sd_tree_clone(const SdTree *self);

/* Node construction in the tree's arena. */
SD_API SdNode *sd_tree_new_node(SdTree *self, SdSymbol symbol, int32_t alternative,
                                uint32_t child_count);
SD_API SdNode *sd_tree_new_leaf(SdTree *self, SdSymbol symbol, const char *text, uint32_t length);
SD_API void sd_tree_set_root(SdTree *self, SdNode *root);
/* Deep-copy a subtree (from any tree) into this tree's arena. */
SD_API SdNode *sd_tree_copy_node(SdTree *self, const SdNode *node);
/* Replace `node` (a node of this tree) by a deep copy of `replacement`; returns
 * the copy. Refreshes the tree. */
SD_API SdNode *sd_tree_replace(SdTree *self, SdNode *node, const SdNode *replacement);
/* A copy of this tree with `node` (one of its nodes) replaced by a deep copy
 * of `replacement` (from any tree): sd_tree_clone then sd_tree_replace in one
 * walk and one refresh. */
SD_API SdTree *sd_tree_clone_replacing(const SdTree *self, const SdNode *node, const SdNode *replacement);
/* The same for n disjoint subtrees of self at once (one copy, one refresh). */
SD_API SdTree *sd_tree_clone_replacing_many(const SdTree *self, const SdNode *const *nodes,
                                            const SdNode *const *replacements, uint32_t n);
SD_API void sd_tree_refresh(SdTree *self);

/* Text of a subtree (points into tree->text; not NUL-terminated). */
static inline const char *sd_node_text(const SdTree *t, const SdNode *n, uint32_t *length) {
  *length = n->end - n->start;
  return t->text + n->start;
}
/* The nodes of symbol s inside subtree `within` (itself included), in document
 * order: *count entries of tree->by_symbol[s] starting at the returned index. */
SD_API uint32_t sd_tree_range(const SdTree *self, SdSymbol s, const SdNode *within, uint32_t *count);
static inline SdNode *sd_tree_node(const SdTree *self, uint32_t id) { return self->nodes[id]; }
SD_API bool sd_node_is_ancestor(const SdNode *ancestor, const SdNode *node); /* or equal */
/* Path from the root: child indices, written to out (up to max); returns depth. */
SD_API uint32_t sd_node_path(const SdNode *node, uint32_t *out, uint32_t max);
SD_API SdNode *sd_tree_follow(const SdTree *self, const uint32_t *path, uint32_t depth);

/* Indented text ("<start>" then children, terminals quoted), two spaces a
 * level down to SD_TREE_TEXT_MAX_INDENT levels; a deeper node is indented as
 * far as that and its line starts with its depth in brackets ("[1234] <expr>"),
 * so that the text stays linear in the number of nodes however deep the tree. */
#define SD_TREE_TEXT_MAX_INDENT 32
SD_API char *sd_tree_to_text(const SdTree *self);
/* The same text written to a FILE * as it is made (no copy of it all in
 * memory); false when a write failed. */
SD_API bool sd_tree_print(const SdTree *self, void *file);
/* Levels below a node (0 for a leaf); iterative, needs a refreshed tree. */
SD_API uint32_t sd_tree_height(const SdTree *self, const SdNode *node);
/* Deepest subtree sd_tree_to_json writes (cJSON prints and frees recursively). */
#define SD_TREE_JSON_MAX_DEPTH 1000
/* JSON (cJSON) object: {"symbol": .., "alternative": .., "start": .., "end": .., "children": [..]}
 * (node NULL: the root); NULL when the subtree is more than SD_TREE_JSON_MAX_DEPTH
 * levels high (callers report it, e.g. with sd_tree_height). */
SD_API struct cJSON *sd_tree_to_json(const SdTree *self, const SdNode *node);

#endif
