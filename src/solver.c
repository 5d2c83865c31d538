/* solver.c: constraint-driven input generation (`semdbg fuzz --constraint`).
 *
 * sd_solver_generate works in three phases, cheapest first:
 *  1. fuzz and filter: random trees (and mutated seed trees) that satisfy
 *     the constraint are kept while that hits often enough;
 *  2. Z3: a tree structure (fuzzed or a seed, forced through the nonterminals
 *     an exists needs when they are missing) is fixed; the constraint in
 *     negation normal form is grounded on it (exists: a few random candidate
 *     nodes, forall: all matching nodes, structural atoms decided on the
 *     tree); the "leaf-most" bound nodes (those with no other bound node
 *     below them) become Z3 string variables restricted to their
 *     nonterminal's regex and a length bound, the other nodes' texts are
 *     concatenations of their children. Each model is spliced into the text;
 *     blocking clauses, random length targets and, now and then, boundary
 *     equations (a > b  ->  a = b + 1) make successive solutions differ;
 *  3. fuzz and filter again with the remaining budget.
 * Every candidate is re-parsed from the start symbol and checked with the
 * evaluator before it is returned, and texts already known (the avoid set)
 * are never returned. Before giving up when nothing hits, an abstraction of
 * the constraint (each exists variable an independent string over a superset
 * of its nonterminal's language, forall and structural atoms relaxed) is
 * sent to Z3: unsat there proves the constraint unsatisfiable. */
#include "semdbg/solver.h"
#include "semdbg/stop.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "lengths.h"
#include "array.h"
#include "semdbg/fuzzer.h"
#include "semdbg/parser.h"
#include "solver_internal.h"
#include "util.h"

#define EXISTS_CHOICES 4    /* candidate nodes tried per exists in one grounding */
#define FORALL_LIMIT 256    /* matching nodes beyond which a forall is not grounded */
#define ATOM_LIMIT 4096     /* ground atoms per query */
#define PER_GROUP 4         /* solutions asked per tree structure */
#define GROUP_FAILURES 6    /* consecutive fruitless structures before Z3 is dropped */
#define ABSTRACT_RLIMIT 400000 /* Z3 resources for the unsatisfiability proof */
#define LENGTHS_MAX 255     /* lengths solved as integers, texts drawn (lengths.c) */

struct SdSolver {
  const SdGrammar *g;
  SdSolverOptions opts;
  SdRng rng;
  SdFuzzer *fuzzer;
  SdParser *parser;
  SdHashSet avoid; /* hashes of texts never to return */
  /* the Z3 context of the current generate call: a fresh one per call (a
     context kept across calls made later queries two to three times slower
     as its state grew) */
  SdZ3 *z;
  SdLengths *lengths; /* the lengths each symbol derives (made on first need) */
  /* constraints on which Z3 found nothing and ran out of rlimit: later calls
     for them skip Z3 and only fuzz (hashes; a small ring) */
  uint64_t hopeless[64];
  uint32_t hopeless_count;
  SdSolverStats stats;
};

static bool is_hopeless(const SdSolver *s, uint64_t h) {
  uint32_t n = s->hopeless_count < 64 ? s->hopeless_count : 64;
  for (uint32_t i = 0; i < n; i++)
    if (s->hopeless[i] == h) return true;
  return false;
}

const char *sd_solve_status_name(SdSolveStatus status) {
  switch (status) {
  case SD_SOLVE_OK: return "ok";
  case SD_SOLVE_PARTIAL: return "partial";
  case SD_SOLVE_UNSAT: return "unsat";
  case SD_SOLVE_UNKNOWN: return "unknown";
  }
  return "?";
}

void sd_solver_options_init(SdSolverOptions *self) {
  memset(self, 0, sizeof *self);
  self->seed = 1;
  self->max_size = 120;
  self->rlimit = 4000000;
}

SdSolver *sd_solver_new(const SdGrammar *g, const SdSolverOptions *opts) {
  SdSolver *s = sd_xcalloc(1, sizeof *s);
  s->g = g;
  sd_solver_options_init(&s->opts);
  if (opts) s->opts = *opts;
  if (!s->opts.max_size) s->opts.max_size = 120;
  if (!s->opts.rlimit) s->opts.rlimit = 4000000;
  sd_rng_seed(&s->rng, s->opts.seed ^ 0x5eedc0de);
  SdFuzzerOptions fo = {.seed = s->opts.seed, .max_size = s->opts.max_size};
  s->fuzzer = sd_fuzzer_new(g, &fo);
  s->parser = sd_parser_new(g);
  /* Work-around: parser.c passes a NULL array to qsort (UBSan error) when
   * the very first parse of a parser indexes no item; one parse from the
   * start symbol allocates that array for good. */
  sd_parser_accepts(s->parser, g->start, "", 0);
  return s;
}

void sd_solver_set_effort(SdSolver *self, uint64_t rlimit, uint32_t max_queries, uint64_t *old_rlimit,
                          uint32_t *old_max_queries) {
  if (old_rlimit) *old_rlimit = self->opts.rlimit;
  if (old_max_queries) *old_max_queries = self->opts.max_queries;
  self->opts.rlimit = rlimit ? rlimit : 4000000;
  self->opts.max_queries = max_queries;
}

/* The Z3 context for one generate call. */
static SdZ3 *call_context(SdSolver *self) {
  self->z = sd_z3_new(self->g, self->opts.rlimit, (uint32_t)self->opts.seed);
  return self->z;
}

/* After a call: count its queries, free the context (a crashed one is
 * leaked, solver_z3.c). */
static void end_call(SdSolver *self) {
  self->stats.z3_queries += self->z->queries;
  sd_z3_free(self->z);
  self->z = NULL;
}

void sd_solver_free(SdSolver *self) {
  if (!self) return;
  sd_fuzzer_free(self->fuzzer);
  sd_parser_free(self->parser);
  sd_hash_set_free(&self->avoid);
  sd_z3_free(self->z);
  sd_lengths_free(self->lengths);
  free(self);
}

void sd_solver_stats(const SdSolver *self, SdSolverStats *out) { *out = self->stats; }

/* ---------- sets of text hashes ---------- */

static uint64_t text_hash(const char *text, size_t length) {
  uint64_t h = sd_hash_bytes(text, length, 0x7e47);
  return h ? h : 1;
}

void sd_solver_avoid(SdSolver *self, const char *text, size_t length) {
  sd_hash_set_add(&self->avoid, text_hash(text, length));
}

static bool avoided(const SdSolver *self, uint64_t h) { return sd_hash_set_has(&self->avoid, h); }

/* ---------- one generate call ---------- */

enum { MAX_UNKNOWNS = 2 };        /* per generate call */
enum { CHEAP_RLIMIT = 1000000 };  /* per query, when Z3 only adds variety */

typedef struct Gen {
  SdSolver *s;
  const SdConstraint *c;   /* as given (used for the final check) */
  SdConstraint *nnf;       /* negation normal form (grounded) */
  SdTree *const *seeds;
  uint32_t seed_count;
  SdHashSet seed_texts;
  SdTree **out;
  uint32_t n, produced;
  uint64_t attempts, budget;
  uint64_t z3_budget;      /* queries */
  SdZ3 *z;
  uint32_t base_length;    /* length bound from the constraint's constants */
  SdSymbol symbols[16];    /* nonterminals the constraint quantifies over */
  uint32_t symbol_count;
  uint32_t z3_unknowns;    /* queries that ran out of rlimit in this call */
  uint32_t z3_hits;        /* inputs from Z3 models in this call */
  bool has_atoms;
  bool unsat;
} Gen;

/* Re-parse, check and keep a candidate text. */
static bool accept_text(Gen *gen, const char *text, size_t length, bool from_z3) {
  uint64_t h = text_hash(text, length);
  if (avoided(gen->s, h) || sd_hash_set_has(&gen->seed_texts, h)) return false;
  SdParseError err = {0};
  SdTree *t = sd_parse(gen->s->parser, -1, text, length, &err);
  if (!t) {
    free(err.message);
    return false;
  }
  if (!sd_constraint_eval(gen->c, t, NULL)) {
    sd_tree_free(t);
    return false;
  }
  sd_solver_avoid(gen->s, text, length);
  gen->out[gen->produced++] = t;
  if (from_z3) gen->s->stats.z3_hits++, gen->z3_hits++;
  else gen->s->stats.fuzz_hits++;
  return true;
}

static void count_attempt(Gen *gen) {
  gen->attempts++;
  gen->s->stats.attempts++;
}

/* A random nonterminal node of the tree (NULL if none). */
static SdNode *random_nonterminal(Gen *gen, SdTree *t) {
  for (int tries = 0; tries < 16; tries++) {
    SdNode *x = t->nodes[sd_rng_below(&gen->s->rng, t->node_count)];
    if (sd_grammar_is_nonterminal(gen->s->g, x->symbol)) return x;
  }
  return sd_grammar_is_nonterminal(gen->s->g, t->root->symbol) ? t->root : NULL;
}

/* A fresh random tree, or a seed with one or two subtrees regenerated. */
/* Regrow one node of a nonterminal the constraint talks about, with a size
 * budget scaled by the constraint's constants: this reaches long texts and
 * big numbers (`str.len(<field>) > 52`) that Z3 4.8's sequence solver finds
 * slow, and random derivations of the whole input rarely hit. */
static bool regrow_constrained(Gen *gen, SdTree *t) {
  SdSolver *s = gen->s;
  if (!gen->symbol_count) return false;
  SdSymbol sym = gen->symbols[sd_rng_below(&s->rng, gen->symbol_count)];
  uint32_t count;
  uint32_t first = sd_tree_range(t, sym, NULL, &count);
  if (!count) return false;
  SdNode *x = sd_tree_node(t, t->by_symbol[sym][first + sd_rng_below(&s->rng, count)]);
  uint32_t lo = s->g->symbols[sym].min_size;
  uint32_t max = lo + sd_rng_below(&s->rng, 4 * gen->base_length + 16);
  sd_tree_replace(t, x, sd_fuzz_node_sized(s->fuzzer, t, sym, max));
  return true;
}

static SdTree *random_tree(Gen *gen, bool mutate_seed) {
  SdSolver *s = gen->s;
  SdTree *t;
  if (gen->seed_count && sd_rng_below(&s->rng, 2) == 0) {
    t = sd_tree_clone(gen->seeds[sd_rng_below(&s->rng, gen->seed_count)]);
    if (mutate_seed) {
      uint32_t k = 1 + sd_rng_below(&s->rng, 2);
      for (uint32_t i = 0; i < k; i++) {
        if (sd_rng_below(&s->rng, 2) && regrow_constrained(gen, t)) continue;
        SdNode *x = random_nonterminal(gen, t);
        if (x) sd_fuzz_regenerate(s->fuzzer, t, x);
      }
    }
    return t;
  }
  t = sd_fuzz_tree(s->fuzzer, -1);
  if (mutate_seed && sd_rng_below(&s->rng, 2)) regrow_constrained(gen, t);
  return t;
}

static void fuzz_once(Gen *gen) {
  count_attempt(gen);
  SdTree *t = random_tree(gen, true);
  uint64_t h = text_hash(t->text, t->length);
  if (!avoided(gen->s, h) && !sd_hash_set_has(&gen->seed_texts, h) && sd_constraint_eval(gen->c, t, NULL))
    accept_text(gen, t->text, t->length, false);
  sd_tree_free(t);
}

/* ---------- grounding on a fixed tree ---------- */

enum { G_TRUE, G_FALSE, G_AND, G_OR, G_NOT, G_ATOM };

typedef struct G G;
struct G {
  int kind;
  G **kids;
  uint32_t count;
  const SdTerm *atom;       /* G_ATOM */
  const SdNode **env;       /* G_ATOM: node per variable */
  Z3_ast z3;                /* G_ATOM: its translation */
};

typedef struct Ground {
  Gen *gen;
  SdTree *tree;
  SdArena arena;
  uint32_t atoms;
  bool too_big;
  SdSymbol missing;          /* an exists found no candidate: its symbol */
  const SdNode *missing_in;  /* ... and its scope */
  Array(G *) atom_list;
} Ground;

static G g_true = {G_TRUE, NULL, 0, NULL, NULL, NULL};
static G g_false = {G_FALSE, NULL, 0, NULL, NULL, NULL};

static G *g_new(Ground *gr, int kind, uint32_t count) {
  G *x = sd_arena_alloc(&gr->arena, sizeof *x);
  x->kind = kind;
  x->count = count;
  if (count) x->kids = sd_arena_alloc(&gr->arena, count * sizeof(G *));
  return x;
}

static G *g_not(Ground *gr, G *a) {
  if (a->kind == G_TRUE) return &g_false;
  if (a->kind == G_FALSE) return &g_true;
  if (a->kind == G_NOT) return a->kids[0];
  G *x = g_new(gr, G_NOT, 1);
  x->kids[0] = a;
  return x;
}

/* AND / OR of a list, with constants folded. */
static G *g_join(Ground *gr, int kind, G **items, uint32_t n) {
  int unit = kind == G_AND ? G_TRUE : G_FALSE, zero = kind == G_AND ? G_FALSE : G_TRUE;
  uint32_t keep = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (items[i]->kind == zero) return zero == G_TRUE ? &g_true : &g_false;
    if (items[i]->kind != unit) items[keep++] = items[i];
  }
  if (keep == 0) return unit == G_TRUE ? &g_true : &g_false;
  if (keep == 1) return items[0];
  G *x = g_new(gr, kind, keep);
  memcpy(x->kids, items, keep * sizeof(G *));
  return x;
}

static G *g_join2(Ground *gr, int kind, G *a, G *b) {
  G *items[2] = {a, b};
  return g_join(gr, kind, items, 2);
}

static G *ground(Ground *gr, const SdFormula *f, const SdNode **env);

static G *ground_quantifier(Ground *gr, const SdFormula *f, const SdNode **env) {
  const SdConstraint *c = gr->gen->nnf;
  SdSymbol sym = c->variables[f->var].symbol;
  const SdNode *scope = f->in_var >= 0 ? env[f->in_var] : gr->tree->root;
  if (!scope || sym < 0) return &g_false;
  uint32_t count, first = sd_tree_range(gr->tree, sym, scope, &count);
  bool exists = f->kind == SD_F_EXISTS;
  if (count == 0) {
    if (exists && gr->missing < 0) gr->missing = sym, gr->missing_in = scope;
    return exists ? &g_false : &g_true;
  }
  if (!exists && count > FORALL_LIMIT) {
    gr->too_big = true;
    return &g_false;
  }
  /* exists: a random selection of candidates, in random order */
  uint32_t *ids = sd_xmalloc(count * sizeof(uint32_t));
  for (uint32_t i = 0; i < count; i++) ids[i] = gr->tree->by_symbol[sym][first + i];
  uint32_t take = count;
  if (exists) {
    SdRng *rng = &gr->gen->s->rng;
    for (uint32_t i = 0; i + 1 < count; i++) {
      uint32_t j = i + sd_rng_below(rng, count - i);
      uint32_t tmp = ids[i];
      ids[i] = ids[j], ids[j] = tmp;
    }
    if (take > EXISTS_CHOICES) take = EXISTS_CHOICES;
  }
  G **items = sd_xmalloc(take * sizeof(G *));
  const SdNode **inner = sd_xmalloc((c->variable_count + 1) * sizeof(SdNode *));
  memcpy(inner, env, c->variable_count * sizeof(SdNode *));
  for (uint32_t i = 0; i < take; i++) {
    inner[f->var] = gr->tree->nodes[ids[i]];
    items[i] = ground(gr, f->children[0], inner);
  }
  G *r = g_join(gr, exists ? G_OR : G_AND, items, take);
  free(inner);
  free(items);
  free(ids);
  return r;
}

static G *ground(Ground *gr, const SdFormula *f, const SdNode **env) {
  if (gr->too_big) return &g_false;
  const SdConstraint *c = gr->gen->nnf;
  switch (f->kind) {
  case SD_F_TRUE: return &g_true;
  case SD_F_FALSE: return &g_false;
  case SD_F_ATOM: {
    if (++gr->atoms > ATOM_LIMIT) {
      gr->too_big = true;
      return &g_false;
    }
    G *x = g_new(gr, G_ATOM, 0);
    x->atom = f->atom;
    x->env = sd_arena_dup(&gr->arena, env, (c->variable_count + 1) * sizeof(SdNode *));
    array_push(&gr->atom_list, x);
    return x;
  }
  case SD_F_NOT: return g_not(gr, ground(gr, f->children[0], env));
  case SD_F_AND: case SD_F_OR: {
    G **items = sd_xmalloc(f->child_count * sizeof(G *));
    for (uint32_t i = 0; i < f->child_count; i++) items[i] = ground(gr, f->children[i], env);
    G *r = g_join(gr, f->kind == SD_F_AND ? G_AND : G_OR, items, f->child_count);
    free(items);
    return r;
  }
  case SD_F_IMPLIES:
    return g_join2(gr, G_OR, g_not(gr, ground(gr, f->children[0], env)), ground(gr, f->children[1], env));
  case SD_F_IFF: case SD_F_XOR: {
    G *a = ground(gr, f->children[0], env), *b = ground(gr, f->children[1], env);
    G *na = g_not(gr, a), *nb = g_not(gr, b);
    if (f->kind == SD_F_XOR) nb = b, b = g_not(gr, b);
    return g_join2(gr, G_OR, g_join2(gr, G_AND, a, b), g_join2(gr, G_AND, na, nb));
  }
  case SD_F_FORALL: case SD_F_EXISTS: return ground_quantifier(gr, f, env);
  }
  return &g_false;
}

/* ---------- nodes referenced by SMT atoms ---------- */

static bool is_structural(SdOp op) {
  return op == SD_OP_INSIDE || op == SD_OP_BEFORE || op == SD_OP_AFTER || op == SD_OP_COUNT;
}

/* How an SMT atom uses a variable: its text, str.to.int of it, str.len of it. */
typedef enum VarUse { USE_TEXT, USE_NUMBER, USE_LENGTH } VarUse;

/* Calls fn for each variable in an SMT (not structural) position of term t,
 * with how it is used. */
static void smt_vars(const SdTerm *t, void (*fn)(void *, int32_t, VarUse), void *user) {
  if (t->op == SD_OP_VAR) {
    fn(user, t->var, USE_TEXT);
    return;
  }
  if ((t->op == SD_OP_STR_TO_INT || t->op == SD_OP_STR_LEN) && t->arg_count == 1 && t->args[0]->op == SD_OP_VAR) {
    fn(user, t->args[0]->var, t->op == SD_OP_STR_LEN ? USE_LENGTH : USE_NUMBER);
    return;
  }
  if (t->op == SD_OP_COUNT) {
    if (t->arg_count) smt_vars(t->args[t->arg_count - 1], fn, user);
    return;
  }
  if (is_structural(t->op)) return;
  for (uint32_t i = 0; i < t->arg_count; i++) smt_vars(t->args[i], fn, user);
}

static bool has_smt_var(const SdTerm *t) {
  if (t->op == SD_OP_VAR) return true;
  if (t->op == SD_OP_COUNT) return t->arg_count && has_smt_var(t->args[t->arg_count - 1]);
  if (is_structural(t->op)) return false;
  for (uint32_t i = 0; i < t->arg_count; i++)
    if (has_smt_var(t->args[i])) return true;
  return false;
}

static bool formula_has_smt(const SdFormula *f) {
  if (f->kind == SD_F_ATOM) return has_smt_var(f->atom);
  for (uint32_t i = 0; i < f->child_count; i++)
    if (formula_has_smt(f->children[i])) return true;
  return false;
}

/* Length bound suggested by the constants of the constraint. */
static void scan_constants(const SdTerm *t, uint32_t *bound) {
  uint32_t want = 0;
  if (t->op == SD_OP_INT || t->op == SD_OP_DECIMAL) {
    uint32_t digits = t->length;
    want = digits + 6;
    if (digits <= 4) {
      uint32_t v = (uint32_t)strtoul(t->text[0] == '-' ? t->text + 1 : t->text, NULL, 10);
      if (v + 6 > want) want = v + 6;
    }
  } else if (t->op == SD_OP_STRING) {
    want = t->length + 8;
  }
  if (want > *bound) *bound = want;
  for (uint32_t i = 0; i < t->arg_count; i++) scan_constants(t->args[i], bound);
}

static void scan_formula(const SdFormula *f, uint32_t *bound) {
  if (f->kind == SD_F_ATOM) scan_constants(f->atom, bound);
  for (uint32_t i = 0; i < f->child_count; i++) scan_formula(f->children[i], bound);
}

/* ---------- one Z3 query group on one tree structure ---------- */

typedef Array(Z3_ast) Z3Asts;

typedef struct Query {
  Gen *gen;
  Ground *gr;
  SdTree *tree;
  int32_t *solved;        /* per node id: index into vars, or -1 */
  bool *contains;         /* per node id: a solved node is in its subtree */
  Array(const SdNode *) solved_nodes;
  Z3Asts vars;            /* per solved node: a string variable, or an int one when numeric
                             or lengthy */
  bool *numeric;          /* per solved node: solved as an integer (used only under str.to.int) */
  bool *lengthy;          /* per solved node: its length solved as an integer (used only under
                             str.len), its text drawn from the grammar (lengths.c) */
  bool *text_used;        /* per node id: its text is needed as a string */
  uint8_t *uses;          /* per node id: the VarUse bits of its references */
  const SdNode **env;     /* of the atom being translated */
  bool failed;
} Query;

static void mark_referenced(void *user, int32_t var, VarUse use) {
  Query *q = user;
  if (var < 0 || !q->env[var]) return;
  const SdNode *n = q->env[var];
  if (use == USE_TEXT) q->text_used[n->id] = true;
  q->uses[n->id] |= (uint8_t)(1u << use);
  if (q->solved[n->id] == -2) return;
  q->solved[n->id] = -2; /* referenced; decided below */
  array_push(&q->solved_nodes, n);
}

static Z3_ast node_text(Query *q, const SdNode *n) {
  SdZ3 *z = q->gen->z;
  if (q->solved[n->id] >= 0) return q->vars.items[q->solved[n->id]];
  if (!q->contains[n->id] || n->child_count == 0) {
    uint32_t len;
    const char *text = sd_node_text(q->tree, n, &len);
    return sd_z3_lstring(z, text, len);
  }
  if (n->child_count == 1) return node_text(q, n->children[0]);
  Z3_ast *parts = sd_xmalloc(n->child_count * sizeof(Z3_ast));
  Z3_ast r = NULL;
  bool ok = true;
  for (uint32_t i = 0; i < n->child_count && ok; i++) ok = (parts[i] = node_text(q, n->children[i])) != NULL;
  if (ok) r = Z3_mk_seq_concat(z->ctx, n->child_count, parts);
  free(parts);
  return r;
}

static Z3_ast binder_var_int(void *user, int32_t var) {
  Query *q = user;
  if (var < 0 || !q->env[var]) return NULL;
  int32_t i = q->solved[q->env[var]->id];
  return i >= 0 && q->numeric[i] ? q->vars.items[i] : NULL;
}

static Z3_ast binder_var_length(void *user, int32_t var) {
  Query *q = user;
  if (var < 0 || !q->env[var]) return NULL;
  int32_t i = q->solved[q->env[var]->id];
  return i >= 0 && q->lengthy[i] ? q->vars.items[i] : NULL;
}

static Z3_ast binder_var_domain(void *user, int32_t var) {
  Query *q = user;
  if (var < 0 || !q->env[var]) return NULL;
  int32_t i = q->solved[q->env[var]->id];
  return i >= 0 && !q->numeric[i] && !q->lengthy[i] ? sd_z3_symbol_regex(q->gen->z, q->env[var]->symbol, NULL)
                                                     : NULL;
}

static Z3_ast binder_var_text(void *user, int32_t var) {
  Query *q = user;
  if (var < 0 || !q->env[var]) return NULL;
  return node_text(q, q->env[var]);
}

static const SdNode *term_node(Query *q, const SdTerm *t) {
  if (t->op != SD_OP_VAR || t->var < 0) return NULL;
  return q->env[t->var];
}

/* a before b: neither contains the other and a comes first (as the evaluator). */
static bool in_order(const SdNode *a, const SdNode *b) {
  return !sd_node_is_ancestor(a, b) && !sd_node_is_ancestor(b, a) && a->id < b->id;
}

static Z3_ast binder_structural(void *user, const SdTerm *t) {
  Query *q = user;
  Z3_context ctx = q->gen->z->ctx;
  if (t->op == SD_OP_COUNT) {
    const SdNode *in = t->arg_count ? term_node(q, t->args[0]) : NULL;
    if (!in) return NULL;
    uint32_t count;
    sd_tree_range(q->tree, t->symbol, in, &count);
    return Z3_mk_int(ctx, (int)count, q->gen->z->int_sort);
  }
  if (t->arg_count != 2) return NULL;
  const SdNode *a = term_node(q, t->args[0]), *b = term_node(q, t->args[1]);
  if (!a || !b) return NULL;
  bool v = false;
  if (t->op == SD_OP_INSIDE) v = a != b && sd_node_is_ancestor(b, a);
  else if (t->op == SD_OP_BEFORE) v = in_order(a, b);
  else if (t->op == SD_OP_AFTER) v = in_order(b, a);
  return v ? Z3_mk_true(ctx) : Z3_mk_false(ctx);
}

static Z3_ast translate(Query *q, const G *x, const SdZ3Binder *b) {
  SdZ3 *z = q->gen->z;
  switch (x->kind) {
  case G_TRUE: return Z3_mk_true(z->ctx);
  case G_FALSE: return Z3_mk_false(z->ctx);
  case G_ATOM: return x->z3;
  case G_NOT: {
    Z3_ast a = translate(q, x->kids[0], b);
    return a ? Z3_mk_not(z->ctx, a) : NULL;
  }
  default: {
    Z3_ast *parts = sd_xmalloc(x->count * sizeof(Z3_ast));
    bool ok = true;
    for (uint32_t i = 0; i < x->count && ok; i++) ok = (parts[i] = translate(q, x->kids[i], b)) != NULL;
    Z3_ast r = !ok ? NULL : x->kind == G_AND ? Z3_mk_and(z->ctx, x->count, parts) : Z3_mk_or(z->ctx, x->count, parts);
    free(parts);
    return r;
  }
  }
}

/* Boundary equations: for each comparison literal L, L => (sides at the boundary). */
static void collect_boundaries(Query *q, const G *x, bool negated, const SdZ3Binder *b,
                               Z3Asts *out) {
  SdZ3 *z = q->gen->z;
  if (x->kind == G_ATOM) {
    q->env = x->env;
    Z3_ast eq = sd_z3_boundary(z, q->gen->nnf, x->atom, negated, b);
    if (eq && x->z3) {
      Z3_ast lit = negated ? Z3_mk_not(z->ctx, x->z3) : x->z3;
      array_push(out, Z3_mk_implies(z->ctx, lit, eq));
    }
    return;
  }
  if (x->kind == G_NOT) {
    collect_boundaries(q, x->kids[0], !negated, b, out);
    return;
  }
  for (uint32_t i = 0; i < x->count; i++) collect_boundaries(q, x->kids[i], negated, b, out);
}

/* Distance (in derivation steps) from each symbol to a node of symbol target. */
static uint32_t *distances_to(const SdGrammar *g, SdSymbol target) {
  uint32_t *d = sd_xmalloc(g->symbol_count * sizeof(uint32_t));
  for (uint32_t s = 0; s < g->symbol_count; s++) d[s] = UINT32_MAX;
  d[target] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t s = 0; s < g->symbol_count; s++) {
      const SdSymbolInfo *si = &g->symbols[s];
      if (si->kind != SD_SYM_NONTERMINAL) continue;
      for (uint32_t a = 0; a < si->alternative_count; a++) {
        if (si->alternatives[a].min_size == UINT32_MAX) continue;
        for (uint32_t k = 0; k < si->alternatives[a].count; k++) {
          uint32_t dk = d[si->alternatives[a].symbols[k]];
          if (dk != UINT32_MAX && dk + 1 < d[s]) d[s] = dk + 1, changed = true;
        }
      }
    }
  }
  return d;
}

/* A random derivation of symbol that contains a <target> node. */
static SdNode *forced_node(Gen *gen, SdTree *t, SdSymbol symbol, SdSymbol target, const uint32_t *dist) {
  SdSolver *s = gen->s;
  if (symbol == target) return sd_fuzz_node(s->fuzzer, t, symbol, 8 + sd_rng_below(&s->rng, s->opts.max_size / 2 + 1));
  const SdSymbolInfo *si = &s->g->symbols[symbol];
  /* choose among (alternative, position) pairs that get closer to the target */
  uint32_t pick_alt = 0, pick_pos = 0, seen = 0;
  for (uint32_t a = 0; a < si->alternative_count; a++) {
    if (si->alternatives[a].min_size == UINT32_MAX) continue;
    for (uint32_t k = 0; k < si->alternatives[a].count; k++)
      if (dist[si->alternatives[a].symbols[k]] + 1 == dist[symbol] && sd_rng_below(&s->rng, ++seen) == 0)
        pick_alt = a, pick_pos = k;
  }
  const SdAlternative *alt = &si->alternatives[pick_alt];
  SdNode *n = sd_tree_new_node(t, symbol, (int32_t)pick_alt, alt->count);
  for (uint32_t k = 0; k < alt->count; k++) {
    SdNode *child = k == pick_pos ? forced_node(gen, t, alt->symbols[k], target, dist)
                                  : sd_fuzz_node(s->fuzzer, t, alt->symbols[k], 4 + sd_rng_below(&s->rng, 24));
    child->parent = n;
    n->children[k] = child;
  }
  return n;
}

/* Rebuild a random node of the scope that can contain target so that it does. */
static bool force_symbol(Gen *gen, SdTree *t, SdSymbol target, const SdNode *scope) {
  const SdGrammar *g = gen->s->g;
  Array(SdNode *) cands = {0};
  for (uint32_t id = scope->id; id < scope->id + scope->size; id++) {
    SdNode *x = t->nodes[id];
    if (sd_grammar_is_nonterminal(g, x->symbol) && (x->symbol == target || sd_grammar_can_contain(g, x->symbol, target)))
      array_push(&cands, x);
  }
  bool ok = cands.size > 0;
  if (ok) {
    uint32_t *dist = distances_to(g, target);
    SdNode *x = cands.items[sd_rng_below(&gen->s->rng, cands.size)];
    if (dist[x->symbol] == UINT32_MAX) ok = false;
    else sd_tree_replace(t, x, forced_node(gen, t, x->symbol, target, dist));
    free(dist);
  }
  array_free(&cands);
  return ok;
}

static uint32_t uniform(SdRng *rng, uint32_t lo, uint32_t hi) {
  return hi <= lo ? lo : lo + sd_rng_below(rng, hi - lo + 1);
}

/* Splice the solved values into the tree's text. */
static char *splice(Query *q, char **values, size_t *lengths, size_t *out_len) {
  SdBuf b = {0};
  uint32_t at = 0;
  /* solved nodes are disjoint; visit them in document order */
  uint32_t k = q->solved_nodes.size;
  uint32_t *order = sd_xmalloc((k ? k : 1) * sizeof(uint32_t));
  for (uint32_t i = 0; i < k; i++) order[i] = i;
  for (uint32_t i = 1; i < k; i++)
    for (uint32_t j = i; j > 0 && q->solved_nodes.items[order[j]]->start < q->solved_nodes.items[order[j - 1]]->start; j--) {
      uint32_t tmp = order[j];
      order[j] = order[j - 1], order[j - 1] = tmp;
    }
  for (uint32_t i = 0; i < k; i++) {
    const SdNode *n = q->solved_nodes.items[order[i]];
    if (n->start < at) continue; /* nested in a node spliced before (the result is re-checked) */
    sd_buf_append(&b, q->tree->text + at, n->start - at);
    sd_buf_append(&b, values[order[i]], lengths[order[i]]);
    at = n->end;
  }
  sd_buf_append(&b, q->tree->text + at, q->tree->length - at);
  free(order);
  *out_len = b.len;
  return b.data ? sd_buf_take(&b) : sd_xcalloc(1, 1);
}

/* The decimal text of an integer in a model (malloc'd). */
static char *model_number(SdZ3 *z, Z3_model m, Z3_ast v, size_t *length) {
  Z3_ast val = NULL;
  if (!Z3_model_eval(z->ctx, m, v, true, &val) || !val || !Z3_is_numeral_ast(z->ctx, val)) return NULL;
  Z3_string s = Z3_get_numeral_string(z->ctx, val);
  if (!s || !sd_is_numeral(s, strlen(s))) return NULL;
  *length = strlen(s);
  return sd_xstrdup(s);
}

/* Returns the number of inputs produced from this structure; *unsat is set
 * when the grounded query itself was unsatisfiable. */
/* The longest text a solved node gets: the constraint's constants allow
 * for, four more than it has now, four more than its shortest. */
static uint32_t length_bound(const Gen *gen, const SdNode *n) {
  uint32_t hi = gen->base_length, len = n->end - n->start, min = gen->s->g->symbols[n->symbol].min_length;
  if (len + 4 > hi) hi = len + 4;
  if (min + 4 > hi) hi = min + 4;
  return hi;
}

/* The length sets of the solver's grammar (made on first need), NULL when
 * the grammar is too big for them to pay. */
static SdLengths *solver_lengths(SdSolver *s) {
  if (!s->lengths) s->lengths = sd_lengths_new(s->g, LENGTHS_MAX);
  return s->lengths;
}

/* An integer for the length of solved node n (index i), within what its
 * nonterminal can make and the query's length bound. */
static Z3_ast length_var(Query *q, const SdNode *n, uint32_t i) {
  SdZ3 *z = q->gen->z;
  Z3_context ctx = z->ctx;
  char name[32];
  snprintf(name, sizeof name, "l%u", i);
  Z3_ast v = Z3_mk_const(ctx, Z3_mk_string_symbol(ctx, name), z->int_sort);
  uint32_t lo = q->gen->s->g->symbols[n->symbol].min_length, hi = length_bound(q->gen, n);
  Z3_solver_assert(ctx, z->solver, Z3_mk_ge(ctx, v, Z3_mk_int(ctx, (int)lo, z->int_sort)));
  Z3_solver_assert(ctx, z->solver, Z3_mk_le(ctx, v, Z3_mk_int(ctx, (int)hi, z->int_sort)));
  return v;
}

/* A word of the length the model gives v, drawn from symbol (NULL: none). */
static char *model_word(SdSolver *s, Z3_model m, SdZ3 *z, SdSymbol symbol, Z3_ast v, size_t *length) {
  Z3_ast value = NULL;
  int n;
  if (!Z3_model_eval(z->ctx, m, v, true, &value) || !Z3_get_numeral_int(z->ctx, value, &n) || n < 0) return NULL;
  char *word = sd_lengths_sample(s->lengths, symbol, (uint32_t)n, &s->rng);
  if (word) *length = (size_t)n;
  return word;
}

static uint32_t z3_group(Gen *gen, bool *unsat, bool *unknown) {
  SdSolver *s = gen->s;
  SdZ3 *z = gen->z;
  Z3_context ctx = z->ctx;
  *unsat = *unknown = false;
  SdTree *tree = random_tree(gen, false);
  Ground gr = {.gen = gen, .tree = tree};
  sd_arena_init(&gr.arena);
  uint32_t nv = gen->nnf->variable_count;
  const SdNode **env = sd_xcalloc(nv + 1, sizeof(SdNode *));
  G *root = NULL;
  for (int round = 0; round < 8; round++) {
    for (uint32_t v = 0; v < nv; v++) env[v] = gen->nnf->variables[v].symbol < 0 ? tree->root : NULL;
    sd_arena_free(&gr.arena);
    sd_arena_init(&gr.arena);
    array_clear(&gr.atom_list);
    gr.atoms = 0;
    gr.too_big = false;
    gr.missing = -1;
    root = ground(&gr, gen->nnf->root, env);
    if (root->kind != G_FALSE || gr.too_big || gr.missing < 0) break;
    if (!force_symbol(gen, tree, gr.missing, gr.missing_in)) break;
  }
  uint32_t made = 0;
  Query q = {.gen = gen, .gr = &gr, .tree = tree};
  q.solved = sd_xmalloc(tree->node_count * sizeof(int32_t));
  q.contains = sd_xcalloc(tree->node_count, sizeof(bool));
  q.text_used = sd_xcalloc(tree->node_count, sizeof(bool));
  q.uses = sd_xcalloc(tree->node_count, 1);
  for (uint32_t i = 0; i < tree->node_count; i++) q.solved[i] = -1;
  if (root->kind == G_FALSE || gr.too_big) goto done;
  /* referenced nodes; the leaf-most ones are solved for */
  for (uint32_t i = 0; i < gr.atom_list.size; i++) {
    q.env = gr.atom_list.items[i]->env;
    smt_vars(gr.atom_list.items[i]->atom, mark_referenced, &q);
  }
  {
    uint32_t keep = 0;
    for (uint32_t i = 0; i < q.solved_nodes.size; i++) {
      const SdNode *n = q.solved_nodes.items[i];
      bool inner = false;
      for (uint32_t j = 0; j < q.solved_nodes.size && !inner; j++) {
        const SdNode *m = q.solved_nodes.items[j];
        inner = m != n && m->id > n->id && m->id < n->id + n->size;
      }
      if (!inner) q.solved_nodes.items[keep++] = n;
    }
    for (uint32_t i = 0; i < q.solved_nodes.size; i++) q.solved[q.solved_nodes.items[i]->id] = -1;
    q.solved_nodes.size = keep;
  }
  if (q.solved_nodes.size == 0) {
    /* nothing to solve: the structure alone decides */
    count_attempt(gen);
    made += accept_text(gen, tree->text, tree->length, false);
    goto done;
  }
  sd_z3_push(z);
  bool ok = true;
  q.numeric = sd_xcalloc(q.solved_nodes.size, sizeof(bool));
  q.lengthy = sd_xcalloc(q.solved_nodes.size, sizeof(bool));
  for (uint32_t i = 0; i < q.solved_nodes.size && ok; i++) {
    const SdNode *n = q.solved_nodes.items[i];
    q.solved[n->id] = (int32_t)i;
    for (const SdNode *a = n; a; a = a->parent) q.contains[a->id] = true;
    const SdSymbolInfo *si = &s->g->symbols[n->symbol];
    char name[32];
    /* used only as str.to.int(n), and no bound node around it needs its
     * text: solve for the number (Z3's str.to_int is slow), print it later */
    bool alone = true; /* no bound node around it needs its text */
    for (const SdNode *a = n->parent; a && alone; a = a->parent)
      if (q.text_used[a->id] || q.solved[a->id] == -2) alone = false;
    q.numeric[i] = alone && q.uses[n->id] == 1u << USE_NUMBER && si->numeric;
    /* used only as str.len(n): solve for the length, draw a word of it */
    q.lengthy[i] = alone && q.uses[n->id] == 1u << USE_LENGTH && solver_lengths(s) &&
                   length_bound(gen, n) <= LENGTHS_MAX;
    if (q.lengthy[i]) {
      array_push(&q.vars, length_var(&q, n, i));
      continue;
    }
    if (q.numeric[i]) {
      snprintf(name, sizeof name, "i%u", i);
      Z3_ast v = Z3_mk_const(ctx, Z3_mk_string_symbol(ctx, name), z->int_sort);
      array_push(&q.vars, v);
      uint32_t digits = gen->base_length;
      char *bound = sd_xmalloc(digits + 2);
      bound[0] = '1';
      memset(bound + 1, '0', digits);
      bound[digits + 1] = 0;
      Z3_ast limit = Z3_mk_numeral(ctx, bound, z->int_sort);
      free(bound);
      Z3_solver_assert(ctx, z->solver, Z3_mk_lt(ctx, v, limit));
      Z3_ast low = sd_z3_symbol_may_sign(z, n->symbol) ? Z3_mk_unary_minus(ctx, limit) : Z3_mk_int(ctx, 0, z->int_sort);
      Z3_solver_assert(ctx, z->solver, Z3_mk_ge(ctx, v, low));
      continue;
    }
    snprintf(name, sizeof name, "s%u", i);
    Z3_ast v = sd_z3_string_var(z, name);
    array_push(&q.vars, v);
    Z3_ast re = sd_z3_symbol_regex(z, n->symbol, NULL);
    uint32_t hi = length_bound(gen, n);
    if (!re || !v) {
      ok = false;
      break;
    }
    Z3_ast l = Z3_mk_seq_length(ctx, v);
    Z3_solver_assert(ctx, z->solver, Z3_mk_seq_in_re(ctx, v, re));
    Z3_solver_assert(ctx, z->solver, Z3_mk_ge(ctx, l, Z3_mk_int(ctx, (int)si->min_length, z->int_sort)));
    Z3_solver_assert(ctx, z->solver, Z3_mk_le(ctx, l, Z3_mk_int(ctx, (int)hi, z->int_sort)));
  }
  SdZ3Binder binder = {.user = &q, .var_text = binder_var_text, .structural = binder_structural,
                       .var_int = binder_var_int, .var_domain = binder_var_domain,
                       .var_length = binder_var_length};
  for (uint32_t i = 0; i < gr.atom_list.size && ok; i++) {
    G *a = gr.atom_list.items[i];
    q.env = a->env;
    a->z3 = sd_z3_atom(z, gen->nnf, a->atom, &binder);
    ok = a->z3 != NULL;
  }
  Z3_ast formula = ok ? translate(&q, root, &binder) : NULL;
  if (!formula || sd_z3_failed(z)) {
    sd_z3_pop(z);
    goto done;
  }
  Z3_solver_assert(ctx, z->solver, formula);
  Z3Asts bounds = {0};
  collect_boundaries(&q, root, false, &binder, &bounds);
  uint32_t k = q.solved_nodes.size;
  char **values = sd_xcalloc(k, sizeof(char *));
  size_t *lengths = sd_xcalloc(k, sizeof(size_t));
  for (uint32_t round = 0; round < PER_GROUP && gen->produced < gen->n; round++) {
    if (gen->attempts >= gen->budget || z->queries >= gen->z3_budget || gen->z3_unknowns >= MAX_UNKNOWNS) break;
    sd_z3_push(z);
    bool extras = false;
    if (bounds.size && sd_rng_below(&s->rng, 3) == 0) {
      for (uint32_t i = 0; i < bounds.size; i++) Z3_solver_assert(ctx, z->solver, bounds.items[i]);
      extras = true;
    }
    for (uint32_t i = 0; i < k; i++) {
      if (sd_rng_below(&s->rng, 2)) continue;
      const SdNode *n = q.solved_nodes.items[i];
      if (q.numeric[i]) { /* a random number of digits: |v| >= 10^(d-1) */
        uint32_t d = 1 + sd_rng_below(&s->rng, gen->base_length);
        char *bound = sd_xmalloc(d + 1);
        bound[0] = '1';
        memset(bound + 1, '0', d - 1);
        bound[d] = 0;
        Z3_ast b = Z3_mk_numeral(ctx, bound, z->int_sort);
        free(bound);
        bool negative = sd_z3_symbol_may_sign(z, n->symbol) && sd_rng_below(&s->rng, 2);
        Z3_solver_assert(ctx, z->solver, negative ? Z3_mk_le(ctx, q.vars.items[i], Z3_mk_unary_minus(ctx, b))
                                                  : Z3_mk_ge(ctx, q.vars.items[i], b));
        extras = true;
        continue;
      }
      uint32_t lo = s->g->symbols[n->symbol].min_length;
      uint32_t hi = gen->base_length > lo + 4 ? gen->base_length : lo + 4;
      Z3_ast l = q.lengthy[i] ? q.vars.items[i] : Z3_mk_seq_length(ctx, q.vars.items[i]);
      Z3_solver_assert(ctx, z->solver, Z3_mk_eq(ctx, l, Z3_mk_int(ctx, (int)uniform(&s->rng, lo, hi), z->int_sort)));
      extras = true;
    }
    count_attempt(gen);
    Z3_lbool r = sd_z3_check(z);
    if (r == Z3_L_UNDEF) gen->z3_unknowns++;
    if (r != Z3_L_TRUE && extras && gen->z3_unknowns < MAX_UNKNOWNS) {
      sd_z3_pop(z);
      sd_z3_push(z);
      r = sd_z3_check(z);
      if (r == Z3_L_UNDEF) gen->z3_unknowns++;
    }
    bool got = false;
    if (r == Z3_L_TRUE) {
      Z3_model m = Z3_solver_get_model(ctx, z->solver);
      if (m) {
        Z3_model_inc_ref(ctx, m);
        got = true;
        for (uint32_t i = 0; i < k; i++) {
          free(values[i]);
          values[i] = q.numeric[i] ? model_number(z, m, q.vars.items[i], &lengths[i])
                      : q.lengthy[i] ? model_word(s, m, z, q.solved_nodes.items[i]->symbol, q.vars.items[i], &lengths[i])
                                     : sd_z3_model_string(z, m, q.vars.items[i], &lengths[i]);
          if (!values[i]) got = false;
        }
        Z3_model_dec_ref(ctx, m);
      }
    }
    sd_z3_pop(z);
    if (r == Z3_L_FALSE) *unsat = true;
    if (r == Z3_L_UNDEF) *unknown = true;
    if (!got) break;
    /* each value must be a word of its nonterminal, then the whole text must parse and satisfy */
    bool words = true;
    for (uint32_t i = 0; i < k && words; i++)
      words = sd_parser_accepts(s->parser, q.solved_nodes.items[i]->symbol, values[i], lengths[i]);
    if (words) {
      size_t len;
      char *text = splice(&q, values, lengths, &len);
      made += accept_text(gen, text, len, true);
      free(text);
    }
    /* block this assignment */
    Z3_ast *eqs = sd_xmalloc(k * sizeof(Z3_ast));
    for (uint32_t i = 0; i < k; i++)
      eqs[i] = Z3_mk_eq(ctx, q.vars.items[i], q.numeric[i] ? Z3_mk_numeral(ctx, values[i], z->int_sort)
                                              : q.lengthy[i] ? Z3_mk_int(ctx, (int)lengths[i], z->int_sort)
                                                             : sd_z3_lstring(z, values[i], lengths[i]));
    Z3_solver_assert(ctx, z->solver, Z3_mk_not(ctx, k == 1 ? eqs[0] : Z3_mk_and(ctx, k, eqs)));
    free(eqs);
    if (sd_z3_failed(z)) break;
  }
  for (uint32_t i = 0; i < k; i++) free(values[i]);
  free(values);
  free(lengths);
  array_free(&bounds);
  sd_z3_pop(z);
done:
  free(q.solved);
  free(q.contains);
  free(q.text_used);
  free(q.uses);
  free(q.numeric);
  free(q.lengthy);
  array_free(&q.solved_nodes);
  array_free(&q.vars);
  array_free(&gr.atom_list);
  sd_arena_free(&gr.arena);
  free(env);
  sd_tree_free(tree);
  return made;
}

/* ---------- proof of unsatisfiability by abstraction ---------- */

typedef struct Abstract {
  Gen *gen;
  Z3_ast *vars; /* per variable, made on first use */
  bool failed;
} Abstract;

static Z3_ast abstract_var(void *user, int32_t var) {
  Abstract *a = user;
  const SdConstraint *c = a->gen->nnf;
  if (var < 0 || (uint32_t)var >= c->variable_count) return NULL;
  if (!a->vars[var]) {
    SdZ3 *z = a->gen->z;
    char name[32];
    snprintf(name, sizeof name, "a%d", var);
    a->vars[var] = sd_z3_string_var(z, name);
    SdSymbol sym = c->variables[var].symbol;
    if (sym < 0) sym = a->gen->s->g->start;
    Z3_ast re = sd_z3_symbol_superset(z, sym);
    if (!re) return NULL;
    Z3_solver_assert(z->ctx, z->solver, Z3_mk_seq_in_re(z->ctx, a->vars[var], re));
  }
  return a->vars[var];
}

static Z3_ast abstract_domain(void *user, int32_t var) {
  Abstract *a = user;
  const SdConstraint *c = a->gen->nnf;
  if (var < 0 || (uint32_t)var >= c->variable_count) return NULL;
  SdSymbol sym = c->variables[var].symbol;
  return sd_z3_symbol_superset(a->gen->z, sym < 0 ? a->gen->s->g->start : sym);
}

static Z3_ast abstract_structural(void *user, const SdTerm *t) {
  Abstract *a = user;
  SdZ3 *z = a->gen->z;
  return Z3_mk_fresh_const(z->ctx, "st", t->op == SD_OP_COUNT ? z->int_sort : Z3_mk_bool_sort(z->ctx));
}

static Z3_ast abstract(Abstract *a, const SdFormula *f, const SdZ3Binder *b) {
  SdZ3 *z = a->gen->z;
  const SdConstraint *c = a->gen->nnf;
  const SdGrammar *g = a->gen->s->g;
  switch (f->kind) {
  case SD_F_TRUE: return Z3_mk_true(z->ctx);
  case SD_F_FALSE: return Z3_mk_false(z->ctx);
  case SD_F_ATOM: return sd_z3_atom(z, c, f->atom, b);
  case SD_F_NOT: {
    if (f->children[0]->kind != SD_F_ATOM) return NULL; /* only literals keep the relaxation sound */
    Z3_ast x = abstract(a, f->children[0], b);
    return x ? Z3_mk_not(z->ctx, x) : NULL;
  }
  case SD_F_AND: case SD_F_OR: {
    Z3_ast *parts = sd_xmalloc(f->child_count * sizeof(Z3_ast));
    bool ok = true;
    for (uint32_t i = 0; i < f->child_count && ok; i++) ok = (parts[i] = abstract(a, f->children[i], b)) != NULL;
    Z3_ast r = !ok ? NULL : f->kind == SD_F_AND ? Z3_mk_and(z->ctx, f->child_count, parts)
                                                : Z3_mk_or(z->ctx, f->child_count, parts);
    free(parts);
    return r;
  }
  case SD_F_FORALL: return Z3_mk_true(z->ctx);
  case SD_F_EXISTS: {
    SdSymbol sym = c->variables[f->var].symbol;
    SdSymbol in = f->in_var >= 0 ? c->variables[f->in_var].symbol : g->start;
    if (in < 0) in = g->start;
    if (sym < 0) return NULL;
    if (sym != in && !sd_grammar_can_contain(g, in, sym)) return Z3_mk_false(z->ctx);
    if (in == g->start && sym != g->start && !g->symbols[sym].reachable) return Z3_mk_false(z->ctx);
    return abstract(a, f->children[0], b);
  }
  default: return NULL; /* IMPLIES/IFF/XOR do not survive NNF */
  }
}

static bool proven_unsat(Gen *gen) {
  SdZ3 *z = gen->z;
  Abstract a = {.gen = gen};
  a.vars = sd_xcalloc(gen->nnf->variable_count + 1, sizeof(Z3_ast));
  sd_z3_push(z);
  SdZ3Binder b = {.user = &a, .var_text = abstract_var, .structural = abstract_structural,
                  .var_domain = abstract_domain};
  Z3_ast f = abstract(&a, gen->nnf->root, &b);
  bool unsat = false;
  if (f && !sd_z3_failed(z)) {
    /* a proof is cheap when there is one; do not let this check eat the budget */
    uint64_t limit = gen->s->opts.rlimit < ABSTRACT_RLIMIT ? gen->s->opts.rlimit : ABSTRACT_RLIMIT;
    sd_z3_set_rlimit(z, limit);
    Z3_solver_assert(z->ctx, z->solver, f);
    unsat = sd_z3_check(z) == Z3_L_FALSE;
    sd_z3_set_rlimit(z, gen->s->opts.rlimit);
  }
  sd_z3_pop(z);
  free(a.vars);
  return unsat;
}

/* ---------- the generate loop ---------- */

uint32_t sd_solver_generate(SdSolver *self, const SdConstraint *c, SdTree *const *seeds,
                            uint32_t seed_count, uint32_t n, SdTree **out,
                            SdSolveStatus *status) {
  Gen gen = {.s = self, .c = c, .seeds = seeds, .seed_count = seeds ? seed_count : 0, .out = out, .n = n};
  if (status) *status = SD_SOLVE_OK;
  if (n == 0) return 0;
  sd_stop_cut_begin(); /* after a stop, a candidate whose check is cut is not produced */
  gen.nnf = sd_constraint_nnf(c);
  if (!gen.nnf) gen.nnf = sd_constraint_clone(c);
  for (uint32_t i = 0; i < gen.seed_count; i++)
    sd_hash_set_add(&gen.seed_texts, text_hash(seeds[i]->text, seeds[i]->length));
  gen.budget = self->opts.max_attempts ? self->opts.max_attempts : 200 + 40 * (uint64_t)n;
  gen.z3_budget = self->opts.max_queries ? self->opts.max_queries : 24 + 6 * (uint64_t)n;
  gen.has_atoms = formula_has_smt(gen.nnf->root);
  gen.base_length = 12;
  scan_formula(gen.nnf->root, &gen.base_length);
  if (gen.base_length > 2048) gen.base_length = 2048;
  gen.symbol_count = sd_constraint_symbols(c, gen.symbols, 16);
  if (gen.symbol_count > 16) gen.symbol_count = 16;

  /* 1. fuzz and filter, while it pays; leave a quarter to Z3 for diversity */
  uint32_t fuzz_target = gen.has_atoms ? n - n / 4 : n;
  uint64_t fuzz_limit = gen.budget / 2;
  while (gen.produced < fuzz_target && gen.attempts < fuzz_limit && !sd_stop_requested()) {
    fuzz_once(&gen);
    if (gen.attempts >= 64 && gen.produced * 20 < gen.attempts) break; /* under 5% hits */
  }
  /* 2. Z3 on fixed structures */
  uint64_t chash = sd_constraint_hash(c);
  if (gen.produced < n && !is_hopeless(self, chash)) {
    gen.z = call_context(self);
    if (gen.produced >= fuzz_target) {
      /* fuzzing hit well: Z3 only adds boundary values, and only while cheap */
      sd_z3_set_rlimit(gen.z, self->opts.rlimit < CHEAP_RLIMIT ? self->opts.rlimit : CHEAP_RLIMIT);
      if (gen.z3_budget > 4) gen.z3_budget = 4;
    }
    if (gen.produced == 0 && proven_unsat(&gen)) gen.unsat = true;
    uint32_t failures = 0;
    while (!gen.unsat && !gen.z->crashed && gen.produced < n && gen.attempts < gen.budget &&
           gen.z->queries < gen.z3_budget && failures < GROUP_FAILURES && !sd_stop_requested()) {
      bool unsat, unknown;
      uint32_t made = z3_group(&gen, &unsat, &unknown);
      if (gen.z->crashed) break; /* the context is abandoned (solver_z3.c) */
      failures = made ? 0 : failures + 1;
      /* queries that exhaust their rlimit cost seconds each: after a few,
         leave the rest to fuzzing */
      if (unknown && gen.z3_unknowns >= MAX_UNKNOWNS) break;
    }
    if (gen.z3_unknowns >= MAX_UNKNOWNS && gen.z3_hits < gen.z3_unknowns)
      self->hopeless[self->hopeless_count++ % 64] = chash;
    end_call(self);
    gen.z = NULL;
  }
  /* 3. fuzz and filter with what is left */
  while (!gen.unsat && gen.produced < n && gen.attempts < gen.budget && !sd_stop_requested()) fuzz_once(&gen);

  if (status) {
    if (gen.produced == n) *status = SD_SOLVE_OK;
    else if (gen.produced) *status = SD_SOLVE_PARTIAL;
    else *status = gen.unsat ? SD_SOLVE_UNSAT : SD_SOLVE_UNKNOWN;
  }
  sd_hash_set_free(&gen.seed_texts);
  sd_constraint_free(gen.nnf);
  sd_stop_cut_end();
  return gen.produced;
}
