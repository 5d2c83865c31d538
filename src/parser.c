/* parser.c: an Earley parser (Earley 1970, with the Aycock-Horspool treatment
 * of nullable symbols) that builds one derivation tree.
 *
 * Items are (dotted rule, origin) pairs stored in one growing array; set k is
 * a contiguous run of it. Each item keeps two back-pointers set when it is
 * first created: `prev` (the same rule one dot earlier) and `child` (the
 * completed item, scanned terminal or empty derivation that moved the dot).
 * Since an item is never re-created, the first derivation found wins, which
 * makes ambiguous inputs resolve deterministically: within a set, items are
 * processed in creation order, rules are predicted in grammar order, so
 * earlier alternatives and earlier completions are preferred. Back-pointers
 * always point to older items, so the tree walk cannot loop.
 *
 * Completion looks up the items of an older set waiting on a symbol through a
 * per-set index sorted by symbol, built once when the set is finished. Left
 * recursion is linear. Right recursion would be quadratic (there is no Leo
 * optimisation), so simple right-recursive lists are parsed as left recursion
 * through virtual nonterminals and their trees rebuilt (see is_list_nonterminal),
 * and EBNF repetitions desugar into left recursion. */
#include "semdbg/parser.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "array.h"
#include "grammar_internal.h"
#include "util.h"

#define NONE UINT32_MAX
#define CHILD_TERMINAL (UINT32_MAX - 1)
#define CHILD_EPSILON (UINT32_MAX - 2)

typedef struct Item {
  uint32_t state;   /* dotted rule */
  uint32_t origin;
  uint32_t end;     /* the set it belongs to */
  uint32_t prev;    /* item with the dot one symbol earlier, or NONE */
  uint32_t child;   /* completed item, CHILD_TERMINAL or CHILD_EPSILON */
} Item;

typedef struct Waiting {
  SdSymbol symbol;
  uint32_t item;
} Waiting;

typedef struct Pending {
  Item item;
  uint32_t next;    /* next pending item for the same position */
} Pending;

struct SdParser {
  const SdGrammar *grammar;
  /* symbols: the grammar's, then three virtual nonterminals per list (below) */
  uint32_t symbol_count;
  bool *is_nonterminal, *nullable;
  SdSymbol *list_base;             /* per grammar symbol: first virtual symbol, or -1 */
  /* rules: the grammar's alternatives, with list nonterminals rewritten */
  uint32_t rule_count;
  SdSymbol *rule_lhs;
  int32_t *rule_alt;               /* the grammar alternative the rule stands for, or -1 */
  uint8_t *rule_kind;
  uint32_t *rule_state;            /* first dotted state of the rule */
  uint32_t *first_rule, *rule_n;   /* per symbol: its rules */
  /* dotted states */
  uint32_t state_count;
  uint32_t *state_rule;
  SdSymbol *state_next;            /* symbol after the dot, -1 when complete */
  int32_t *empty_alt;              /* per nullable nonterminal: alternative of an empty derivation */
  /* per-parse workspace */
  Array(Item) items;
  Array(uint32_t) set_start;
  Array(Waiting) waiting;
  Array(uint32_t) waiting_start;
  Array(Pending) pending;
  uint32_t *pending_head, *pending_tail;
  uint64_t *hash_keys;
  uint32_t *hash_vals, *hash_gen;
  uint32_t hash_cap, generation;
  uint32_t *predicted;             /* per symbol: generation it was predicted in */
};

static void compute_empty_alternatives(SdParser *p) {
  const SdGrammar *g = p->grammar;
  p->empty_alt = sd_xmalloc(g->symbol_count * sizeof(int32_t));
  for (uint32_t s = 0; s < g->symbol_count; s++) p->empty_alt[s] = -1;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t s = 0; s < g->symbol_count; s++) {
      const SdSymbolInfo *si = &g->symbols[s];
      if (si->kind != SD_SYM_NONTERMINAL || p->empty_alt[s] >= 0) continue;
      for (uint32_t a = 0; a < si->alternative_count && p->empty_alt[s] < 0; a++) {
        bool ok = true;
        for (uint32_t k = 0; k < si->alternatives[a].count && ok; k++) {
          SdSymbol c = si->alternatives[a].symbols[k];
          ok = g->symbols[c].kind == SD_SYM_NONTERMINAL && p->empty_alt[c] >= 0;
        }
        if (ok) p->empty_alt[s] = (int32_t)a, changed = true;
      }
    }
  }
}

/* Right recursion costs Earley quadratic time (every completion walks the
 * whole chain of open items), so a "list" nonterminal
 *     <r> ::= a1 <r> | a2 <r> | b1 | b2      (no other use of <r> in its rules,
 *                                             no a_i nullable, <r> in no larger cycle)
 * is parsed through three virtual nonterminals as left recursion,
 *     <r> ::= L B    L ::= "" | L A    A ::= a1 | a2    B ::= b1 | b2
 * and the right-nested tree of the grammar is rebuilt from the result. */
enum { RULE_NORMAL, RULE_LIST, RULE_LIST_EMPTY, RULE_LIST_STEP, RULE_LIST_PART };

static bool is_list_nonterminal(const SdGrammar *g, const int32_t *comp, SdSymbol r) {
  const SdSymbolInfo *si = &g->symbols[r];
  if (si->kind != SD_SYM_NONTERMINAL) return false;
  uint32_t recursive = 0, plain = 0;
  for (uint32_t a = 0; a < si->alternative_count; a++) {
    const SdAlternative *alt = &si->alternatives[a];
    bool prefix_nullable = true;
    for (uint32_t k = 0; k < alt->count; k++) {
      SdSymbol c = alt->symbols[k];
      bool last = k + 1 == alt->count;
      if (c == r && !last) return false;
      if (c == r) continue;
      /* r derives c, so c derives r exactly when they share a component */
      if (g->symbols[c].kind == SD_SYM_NONTERMINAL && comp[c] == comp[r]) return false;
      if (!g->symbols[c].nullable) prefix_nullable = false;
    }
    if (alt->count && alt->symbols[alt->count - 1] == r) {
      if (alt->count < 2 || prefix_nullable) return false;
      recursive++;
    } else {
      plain++;
    }
  }
  return recursive && plain;
}

typedef struct RuleBuilder {
  Array(SdSymbol) lhs;
  Array(int32_t) alt;
  Array(uint8_t) kind;
  Array(uint32_t) start, length;
  Array(SdSymbol) symbols;
} RuleBuilder;

static void emit(RuleBuilder *b, SdSymbol lhs, int32_t alt, uint8_t kind, const SdSymbol *syms,
                 uint32_t n) {
  array_push(&b->lhs, lhs);
  array_push(&b->alt, alt);
  array_push(&b->kind, kind);
  array_push(&b->start, b->symbols.size);
  array_push(&b->length, n);
  for (uint32_t k = 0; k < n; k++) array_push(&b->symbols, syms[k]);
}

SdParser *sd_parser_new(const SdGrammar *grammar) {
  SdParser *p = sd_xcalloc(1, sizeof *p);
  p->grammar = grammar;
  uint32_t nsym = grammar->symbol_count, lists = 0;
  p->list_base = sd_xmalloc((nsym ? nsym : 1) * sizeof(SdSymbol));
  int32_t *comp = sd_xmalloc((nsym ? nsym : 1) * sizeof(int32_t));
  sd_grammar_components(grammar, comp);
  Array(SdSymbol) list_of = {0}; /* per list: its grammar nonterminal */
  for (uint32_t s = 0; s < nsym; s++) {
    p->list_base[s] = -1;
    if (is_list_nonterminal(grammar, comp, (SdSymbol)s)) {
      p->list_base[s] = (SdSymbol)(nsym + 3 * lists++);
      array_push(&list_of, (SdSymbol)s);
    }
  }
  free(comp);
  p->symbol_count = nsym + 3 * lists;
  p->is_nonterminal = sd_xcalloc(p->symbol_count, sizeof(bool));
  p->nullable = sd_xcalloc(p->symbol_count, sizeof(bool));
  p->first_rule = sd_xcalloc(p->symbol_count, sizeof(uint32_t));
  p->rule_n = sd_xcalloc(p->symbol_count, sizeof(uint32_t));
  for (uint32_t s = 0; s < nsym; s++) {
    p->is_nonterminal[s] = grammar->symbols[s].kind == SD_SYM_NONTERMINAL;
    p->nullable[s] = grammar->symbols[s].nullable;
    if (p->list_base[s] >= 0) {
      SdSymbol v = p->list_base[s];
      p->is_nonterminal[v] = p->is_nonterminal[v + 1] = p->is_nonterminal[v + 2] = true;
      p->nullable[v] = true;               /* L */
      p->nullable[v + 2] = p->nullable[s]; /* B */
    }
  }
  RuleBuilder b = {0};
  /* rules of symbol s are contiguous: grammar symbols first, then the virtual ones */
  for (uint32_t s = 0; s < p->symbol_count; s++) {
    p->first_rule[s] = b.lhs.size;
    if (s < nsym) {
      const SdSymbolInfo *si = &grammar->symbols[s];
      if (p->list_base[s] >= 0) {
        SdSymbol lb[2] = {p->list_base[s], p->list_base[s] + 2};
        emit(&b, (SdSymbol)s, -1, RULE_LIST, lb, 2);
      } else {
        for (uint32_t a = 0; a < si->alternative_count; a++)
          emit(&b, (SdSymbol)s, (int32_t)a, RULE_NORMAL, si->alternatives[a].symbols,
               si->alternatives[a].count);
      }
    } else {
      uint32_t which = (s - nsym) % 3;
      SdSymbol list = list_of.items[(s - nsym) / 3];
      const SdSymbolInfo *si = &grammar->symbols[list];
      if (which == 0) { /* L ::= "" | L A */
        SdSymbol step[2] = {(SdSymbol)s, (SdSymbol)s + 1};
        emit(&b, (SdSymbol)s, -1, RULE_LIST_EMPTY, NULL, 0);
        emit(&b, (SdSymbol)s, -1, RULE_LIST_STEP, step, 2);
      } else {
        for (uint32_t a = 0; a < si->alternative_count; a++) {
          const SdAlternative *alt = &si->alternatives[a];
          bool recursive = alt->count && alt->symbols[alt->count - 1] == list;
          if (recursive != (which == 1)) continue;
          emit(&b, (SdSymbol)s, (int32_t)a, RULE_LIST_PART, alt->symbols,
               recursive ? alt->count - 1 : alt->count);
        }
      }
    }
    p->rule_n[s] = b.lhs.size - p->first_rule[s];
  }
  array_free(&list_of);
  p->rule_count = b.lhs.size;
  p->rule_lhs = b.lhs.items;
  p->rule_alt = b.alt.items;
  p->rule_kind = b.kind.items;
  p->rule_state = sd_xmalloc((p->rule_count + 1) * sizeof(uint32_t));
  for (uint32_t r = 0; r < p->rule_count; r++) {
    p->rule_state[r] = p->state_count;
    p->state_count += b.length.items[r] + 1;
  }
  p->state_rule = sd_xmalloc((p->state_count + 1) * sizeof(uint32_t));
  p->state_next = sd_xmalloc((p->state_count + 1) * sizeof(SdSymbol));
  for (uint32_t r = 0; r < p->rule_count; r++)
    for (uint32_t d = 0; d <= b.length.items[r]; d++) {
      p->state_rule[p->rule_state[r] + d] = r;
      p->state_next[p->rule_state[r] + d] =
          d < b.length.items[r] ? b.symbols.items[b.start.items[r] + d] : -1;
    }
  array_free(&b.start);
  array_free(&b.length);
  array_free(&b.symbols);
  compute_empty_alternatives(p);
  p->predicted = sd_xcalloc(p->symbol_count, sizeof(uint32_t));
  return p;
}

void sd_parser_free(SdParser *self) {
  if (!self) return;
  free(self->rule_lhs);
  free(self->rule_alt);
  free(self->rule_kind);
  free(self->list_base);
  free(self->is_nonterminal);
  free(self->nullable);
  free(self->rule_state);
  free(self->first_rule);
  free(self->rule_n);
  free(self->state_rule);
  free(self->state_next);
  free(self->empty_alt);
  free(self->predicted);
  array_free(&self->items);
  array_free(&self->set_start);
  array_free(&self->waiting);
  array_free(&self->waiting_start);
  array_free(&self->pending);
  free(self->pending_head);
  free(self->pending_tail);
  free(self->hash_keys);
  free(self->hash_vals);
  free(self->hash_gen);
  free(self);
}

static inline uint32_t state_dot(const SdParser *p, uint32_t state) {
  return state - p->rule_state[p->state_rule[state]];
}

/* ---------- per-set dedup table (generation-stamped open addressing) ---------- */

static inline uint64_t item_key(uint32_t state, uint32_t origin) {
  return ((uint64_t)state << 32) | origin;
}

static inline uint32_t hash_slot(uint64_t key, uint32_t cap) {
  key ^= key >> 33;
  key *= 0xff51afd7ed558ccdULL;
  key ^= key >> 33;
  return (uint32_t)key & (cap - 1);
}

static void hash_rebuild(SdParser *p, uint32_t set_begin);

static uint32_t hash_find(SdParser *p, uint64_t key) {
  uint32_t i = hash_slot(key, p->hash_cap);
  while (p->hash_gen[i] == p->generation) {
    if (p->hash_keys[i] == key) return p->hash_vals[i];
    i = (i + 1) & (p->hash_cap - 1);
  }
  return NONE;
}

static void hash_insert(SdParser *p, uint64_t key, uint32_t val) {
  uint32_t i = hash_slot(key, p->hash_cap);
  while (p->hash_gen[i] == p->generation) i = (i + 1) & (p->hash_cap - 1);
  p->hash_gen[i] = p->generation;
  p->hash_keys[i] = key;
  p->hash_vals[i] = val;
}

static void hash_rebuild(SdParser *p, uint32_t set_begin) {
  uint32_t n = p->items.size - set_begin;
  if (n * 2 < p->hash_cap) return;
  uint32_t cap = p->hash_cap ? p->hash_cap : 64;
  while (n * 2 >= cap) cap *= 2;
  free(p->hash_keys);
  free(p->hash_vals);
  free(p->hash_gen);
  p->hash_cap = cap;
  p->hash_keys = sd_xmalloc(cap * sizeof(uint64_t));
  p->hash_vals = sd_xmalloc(cap * sizeof(uint32_t));
  p->hash_gen = sd_xcalloc(cap, sizeof(uint32_t));
  p->generation++;
  for (uint32_t i = set_begin; i < p->items.size; i++)
    hash_insert(p, item_key(p->items.items[i].state, p->items.items[i].origin), i);
}

/* Add an item to the current set unless it is there already. */
static void add_item(SdParser *p, uint32_t set_begin, Item it) {
  uint64_t key = item_key(it.state, it.origin);
  if (hash_find(p, key) != NONE) return;
  array_push(&p->items, it);
  hash_insert(p, key, p->items.size - 1);
  hash_rebuild(p, set_begin);
}

static void add_pending(SdParser *p, uint32_t pos, Item it) {
  Pending pe = {it, NONE};
  array_push(&p->pending, pe);
  uint32_t idx = p->pending.size - 1;
  if (p->pending_head[pos] == NONE) p->pending_head[pos] = idx;
  else p->pending.items[p->pending_tail[pos]].next = idx;
  p->pending_tail[pos] = idx;
}

static int compare_waiting(const void *a, const void *b) {
  const Waiting *x = a, *y = b;
  if (x->symbol != y->symbol) return x->symbol < y->symbol ? -1 : 1;
  return x->item < y->item ? -1 : x->item > y->item;
}

/* Index the finished set k's items by the nonterminal after their dot. */
static void index_set(SdParser *p, uint32_t k) {
  uint32_t begin = p->set_start.items[k], end = p->items.size;
  uint32_t first = p->waiting.size;
  array_push(&p->waiting_start, first);
  for (uint32_t i = begin; i < end; i++) {
    SdSymbol next = p->state_next[p->items.items[i].state];
    if (next >= 0 && p->is_nonterminal[next])
      array_push(&p->waiting, ((Waiting){next, i}));
  }
  if (p->waiting.size > first)
    qsort(p->waiting.items + first, p->waiting.size - first, sizeof(Waiting), compare_waiting);
}

static void complete(SdParser *p, uint32_t set_begin, uint32_t item_index) {
  Item it = p->items.items[item_index];
  SdSymbol lhs = p->rule_lhs[p->state_rule[it.state]];
  uint32_t lo = p->waiting_start.items[it.origin];
  uint32_t hi = it.origin + 1 < p->waiting_start.size ? p->waiting_start.items[it.origin + 1]
                                                      : p->waiting.size;
  /* binary search for the first entry with symbol lhs */
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (p->waiting.items[mid].symbol < lhs) lo = mid + 1;
    else hi = mid;
  }
  uint32_t end = it.origin + 1 < p->waiting_start.size ? p->waiting_start.items[it.origin + 1]
                                                       : p->waiting.size;
  for (uint32_t w = lo; w < end && p->waiting.items[w].symbol == lhs; w++) {
    const Item *wi = &p->items.items[p->waiting.items[w].item];
    Item nx = {wi->state + 1, wi->origin, it.end, p->waiting.items[w].item, item_index};
    add_item(p, set_begin, nx);
  }
}

static void predict(SdParser *p, uint32_t set_begin, uint32_t k, uint32_t item_index,
                    SdSymbol sym) {
  if (p->predicted[sym] != k + 1) {
    p->predicted[sym] = k + 1;
    for (uint32_t r = p->first_rule[sym]; r < p->first_rule[sym] + p->rule_n[sym]; r++)
      add_item(p, set_begin, (Item){p->rule_state[r], k, k, NONE, NONE});
  }
  if (p->nullable[sym]) {
    const Item *it = &p->items.items[item_index];
    add_item(p, set_begin, (Item){it->state + 1, it->origin, k, item_index, CHILD_EPSILON});
  }
}

static void scan(SdParser *p, uint32_t k, uint32_t item_index, SdSymbol sym, const char *input,
                 size_t length) {
  const SdSymbolInfo *si = &p->grammar->symbols[sym];
  const Item *it = &p->items.items[item_index];
  Item nx = {it->state + 1, it->origin, 0, item_index, CHILD_TERMINAL};
  if (si->kind == SD_SYM_CHARSET) {
    if (k < length && sd_charset_has(si, (unsigned char)input[k])) {
      nx.end = k + 1;
      add_pending(p, k + 1, nx);
    }
  } else if (k + si->length <= length && !memcmp(input + k, si->bytes, si->length)) {
    nx.end = k + si->length;
    add_pending(p, k + si->length, nx);
  }
}

static void reset(SdParser *p, size_t length) {
  array_clear(&p->items);
  array_clear(&p->set_start);
  array_clear(&p->waiting);
  array_clear(&p->waiting_start);
  array_clear(&p->pending);
  free(p->pending_head);
  free(p->pending_tail);
  p->pending_head = sd_xmalloc((length + 1) * sizeof(uint32_t));
  p->pending_tail = sd_xmalloc((length + 1) * sizeof(uint32_t));
  for (size_t i = 0; i <= length; i++) p->pending_head[i] = NONE;
  memset(p->predicted, 0, p->symbol_count * sizeof(uint32_t));
  if (!p->hash_cap) {
    p->hash_cap = 64;
    p->hash_keys = sd_xmalloc(64 * sizeof(uint64_t));
    p->hash_vals = sd_xmalloc(64 * sizeof(uint32_t));
    p->hash_gen = sd_xcalloc(64, sizeof(uint32_t));
  }
}

/* Run the recogniser; returns the accepting item or NONE, and the furthest
 * set that had items in *furthest. */
static uint32_t recognise(SdParser *p, SdSymbol start, const char *input, size_t length,
                          uint32_t *furthest) {
  reset(p, length);
  uint32_t pending_max = 0;
  *furthest = 0;
  for (uint32_t k = 0; k <= length; k++) {
    uint32_t begin = p->items.size;
    array_push(&p->set_start, begin);
    p->generation++;
    if (p->generation == 0) { /* wrapped: clear stamps */
      memset(p->hash_gen, 0, p->hash_cap * sizeof(uint32_t));
      p->generation = 1;
    }
    if (k == 0) {
      for (uint32_t r = p->first_rule[start]; r < p->first_rule[start] + p->rule_n[start]; r++)
        add_item(p, begin, (Item){p->rule_state[r], 0, 0, NONE, NONE});
      p->predicted[start] = 1;
    }
    for (uint32_t q = p->pending_head[k]; q != NONE; q = p->pending.items[q].next)
      add_item(p, begin, p->pending.items[q].item);
    for (uint32_t i = begin; i < p->items.size; i++) {
      uint32_t state = p->items.items[i].state;
      SdSymbol next = p->state_next[state];
      if (next < 0) {
        if (p->items.items[i].origin < k) complete(p, begin, i);
      } else if (p->is_nonterminal[next]) {
        predict(p, begin, k, i, next);
      } else {
        uint32_t before = p->pending.size;
        scan(p, k, i, next, input, length);
        if (p->pending.size > before && p->pending.items[p->pending.size - 1].item.end > pending_max)
          pending_max = p->pending.items[p->pending.size - 1].item.end;
      }
    }
    index_set(p, k);
    if (p->items.size > begin) *furthest = k;
    else if (k >= pending_max) break; /* nothing can continue */
  }
  if (p->set_start.size != length + 1) return NONE;
  uint32_t begin = p->set_start.items[length];
  for (uint32_t i = begin; i < p->items.size; i++) {
    const Item *it = &p->items.items[i];
    if (it->origin == 0 && p->state_next[it->state] < 0 &&
        p->rule_lhs[p->state_rule[it->state]] == start)
      return i;
  }
  return NONE;
}

bool sd_parser_accepts(SdParser *self, SdSymbol start, const char *input, size_t length) {
  if (start < 0) start = self->grammar->start;
  uint32_t furthest;
  return recognise(self, start, input, length, &furthest) != NONE;
}

/* ---------- tree building ---------- */

static SdNode *empty_derivation(SdParser *p, SdTree *t, SdSymbol sym) {
  /* nullable nonterminals only; explicit stack */
  typedef struct Job {
    SdSymbol sym;
    SdNode **slot;
  } Job;
  Array(Job) stack = {0};
  SdNode *root = NULL;
  array_push(&stack, ((Job){sym, &root}));
  while (stack.size) {
    Job j = array_pop(&stack);
    int32_t a = p->empty_alt[j.sym];
    const SdAlternative *alt = &p->grammar->symbols[j.sym].alternatives[a];
    SdNode *n = sd_tree_new_node(t, j.sym, a, alt->count);
    *j.slot = n;
    for (uint32_t k = 0; k < alt->count; k++) array_push(&stack, ((Job){alt->symbols[k], &n->children[k]}));
  }
  array_free(&stack);
  return root;
}

typedef struct BuildJob {
  uint32_t item;
  SdNode **slot;
} BuildJob;
typedef Array(BuildJob) BuildStack;

/* Fill node->children[0 .. dot) from the completed item's back-pointers;
 * children that are nonterminals become jobs. */
static void fill_children(SdParser *p, SdTree *t, const char *text, uint32_t item, SdNode *node,
                          BuildStack *stack) {
  uint32_t rule = p->state_rule[p->items.items[item].state];
  uint32_t cur = item;
  for (uint32_t d = state_dot(p, p->items.items[item].state); d-- > 0;) {
    const Item *ci = &p->items.items[cur];
    SdSymbol sym = p->state_next[p->rule_state[rule] + d];
    if (ci->child == CHILD_TERMINAL) {
      uint32_t from = p->items.items[ci->prev].end;
      SdNode *leaf = sd_tree_new_node(t, sym, -1, 0);
      leaf->leaf = text + from;
      leaf->leaf_length = ci->end - from;
      node->children[d] = leaf;
    } else if (ci->child == CHILD_EPSILON) {
      node->children[d] = empty_derivation(p, t, sym);
    } else {
      array_push(stack, ((BuildJob){ci->child, &node->children[d]}));
    }
    cur = ci->prev;
  }
}

static SdNode *part_node(SdParser *p, SdTree *t, const char *text, SdSymbol list, uint32_t item,
                         uint32_t extra, BuildStack *stack) {
  uint32_t rule = p->state_rule[p->items.items[item].state];
  uint32_t n = state_dot(p, p->items.items[item].state);
  SdNode *node = sd_tree_new_node(t, list, p->rule_alt[rule], n + extra);
  fill_children(p, t, text, item, node, stack);
  return node;
}

/* Rebuild the right-nested tree of a list nonterminal from its L B parse. */
static SdNode *list_node(SdParser *p, SdTree *t, const char *text, uint32_t item,
                         BuildStack *stack) {
  const Item *whole = &p->items.items[item];
  SdSymbol list = p->rule_lhs[p->state_rule[whole->state]];
  SdNode *tail = whole->child == CHILD_EPSILON
                     ? empty_derivation(p, t, list)
                     : part_node(p, t, text, list, whole->child, 0, stack);
  uint32_t cur = p->items.items[whole->prev].child; /* the L item (or epsilon) */
  while (cur != CHILD_EPSILON && p->rule_kind[p->state_rule[p->items.items[cur].state]] == RULE_LIST_STEP) {
    const Item *step = &p->items.items[cur];
    SdNode *node = part_node(p, t, text, list, step->child, 1, stack);
    node->children[node->child_count - 1] = tail;
    tail = node;
    cur = p->items.items[step->prev].child;
  }
  return tail;
}

static SdTree *build_tree(SdParser *p, uint32_t accept, const char *input, size_t length) {
  SdTree *t = sd_tree_new(p->grammar);
  char *text = sd_arena_strndup(t->arena, input, length);
  BuildStack stack = {0};
  SdNode *root = NULL;
  array_push(&stack, ((BuildJob){accept, &root}));
  while (stack.size) {
    BuildJob j = array_pop(&stack);
    uint32_t rule = p->state_rule[p->items.items[j.item].state];
    if (p->rule_kind[rule] == RULE_LIST) {
      *j.slot = list_node(p, t, text, j.item, &stack);
      continue;
    }
    SdNode *n = sd_tree_new_node(t, p->rule_lhs[rule], p->rule_alt[rule],
                                 state_dot(p, p->items.items[j.item].state));
    *j.slot = n;
    fill_children(p, t, text, j.item, n, &stack);
  }
  array_free(&stack);
  sd_tree_set_root(t, root);
  return t;
}

/* ---------- errors ---------- */

static void describe_byte(SdBuf *b, int c) {
  if (c == '\'') sd_buf_puts(b, "'\\''");
  else if (c >= 0x20 && c < 0x7f) sd_buf_printf(b, "'%c'", c);
  else if (c == '\n') sd_buf_puts(b, "'\\n'");
  else if (c == '\t') sd_buf_puts(b, "'\\t'");
  else if (c == '\r') sd_buf_puts(b, "'\\r'");
  else sd_buf_printf(b, "byte 0x%02x", c);
}

static void quote_byte(SdBuf *b, int c) {
  char ch = (char)c;
  sd_buf_append_quoted(b, &ch, 1);
}

static void error_message(SdParser *p, uint32_t f, const char *input, size_t length,
                          SdParseError *error) {
  const SdGrammar *g = p->grammar;
  uint32_t begin = p->set_start.items[f];
  uint32_t end = f + 1 < p->set_start.size ? p->set_start.items[f + 1] : p->items.size;
  /* longest prefix of an expected literal that matches the input at f */
  uint32_t best = 0;
  for (uint32_t i = begin; i < end; i++) {
    SdSymbol next = p->state_next[p->items.items[i].state];
    if (next < 0 || p->is_nonterminal[next] || g->symbols[next].kind != SD_SYM_LITERAL) continue;
    const SdSymbolInfo *si = &g->symbols[next];
    uint32_t m = 0;
    while (m < si->length && f + m < length && input[f + m] == si->bytes[m]) m++;
    if (m < si->length && m > best) best = m;
  }
  uint8_t set[32] = {0};
  Array(SdSymbol) words = {0};
  bool can_end = false;
  for (uint32_t i = begin; i < end; i++) {
    const Item *it = &p->items.items[i];
    SdSymbol next = p->state_next[it->state];
    if (next < 0) {
      if (it->origin == 0) can_end = true;
      continue;
    }
    if (p->is_nonterminal[next]) continue;
    const SdSymbolInfo *si = &g->symbols[next];
    if (si->kind == SD_SYM_CHARSET) {
      if (best == 0)
        for (int k = 0; k < 32; k++) set[k] |= si->set[k];
      continue;
    }
    uint32_t m = 0;
    while (m < si->length && f + m < length && input[f + m] == si->bytes[m]) m++;
    if (m != best) continue;
    if (si->length == 1) {
      unsigned char c = (unsigned char)si->bytes[0];
      set[c >> 3] |= (uint8_t)(1u << (c & 7));
      continue;
    }
    bool seen = false;
    for (uint32_t w = 0; w < words.size; w++) seen = seen || words.items[w] == next;
    if (!seen) array_push(&words, next);
  }
  size_t at = f + best;
  SdBuf b = {0};
  if (at >= length) sd_buf_puts(&b, "unexpected end of input");
  else {
    sd_buf_puts(&b, "unexpected ");
    describe_byte(&b, (unsigned char)input[at]);
  }
  SdBuf exp = {0};
  int n_expected = 0;
  for (int c = 0; c < 256; c++) {
    if (!((set[c >> 3] >> (c & 7)) & 1)) continue;
    int e = c;
    while (e + 1 < 256 && ((set[(e + 1) >> 3] >> ((e + 1) & 7)) & 1)) e++;
    if (e - c >= 2) {
      if (n_expected) sd_buf_puts(&exp, ", ");
      n_expected += 2; /* a range is several choices */
      quote_byte(&exp, c);
      sd_buf_puts(&exp, "..");
      quote_byte(&exp, e);
    } else {
      for (int x = c; x <= e; x++) {
        if (n_expected++) sd_buf_puts(&exp, ", ");
        quote_byte(&exp, x);
      }
    }
    c = e;
  }
  for (uint32_t w = 0; w < words.size; w++) {
    if (n_expected++) sd_buf_puts(&exp, ", ");
    sd_buf_puts(&exp, g->symbols[words.items[w]].name);
  }
  if (can_end && at < length) {
    if (n_expected++) sd_buf_puts(&exp, ", ");
    sd_buf_puts(&exp, "end of input");
  }
  if (n_expected == 1) sd_buf_printf(&b, ", expected %s", exp.data);
  else if (n_expected > 1) sd_buf_printf(&b, ", expected one of %s", exp.data);
  sd_buf_free(&exp);
  array_free(&words);
  error->offset = at;
  sd_line_col(input, length, at, &error->line, &error->column);
  error->message = sd_buf_take(&b);
}

SdTree *sd_parse(SdParser *self, SdSymbol start, const char *input, size_t length,
                 SdParseError *error) {
  if (start < 0) start = self->grammar->start;
  if (error) memset(error, 0, sizeof *error);
  if (length >= UINT32_MAX - 2) {
    if (error) error->message = sd_xstrdup("input too large");
    return NULL;
  }
  uint32_t furthest = 0;
  uint32_t accept = recognise(self, start, input, length, &furthest);
  if (accept == NONE) {
    if (error) error_message(self, furthest, input, length, error);
    return NULL;
  }
  return build_tree(self, accept, input, length);
}

SdTree *sd_parse_file(SdParser *self, SdSymbol start, const char *path, char **error) {
  size_t length;
  const char *why = NULL;
  char *text = sd_read_file(path, &length, &why);
  if (!text) {
    *error = sd_format("%s: %s", path, why ? why : "cannot read");
    return NULL;
  }
  SdParseError pe;
  SdTree *t = sd_parse(self, start, text, length, &pe);
  free(text);
  if (!t) {
    *error = sd_format("%s:%d:%d: %s", path, pe.line, pe.column, pe.message);
    free(pe.message);
  }
  return t;
}
