/* solver_internal.h: the parts of the constraint solver shared between
 * solver.c (orchestration), solver_z3.c (Z3 context, queries, translation of
 * constraint terms) and solver_regex.c (a nonterminal's language as a Z3
 * regular expression). Not a public API. */
#ifndef SEMDBG_SOLVER_INTERNAL_H
#define SEMDBG_SOLVER_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <z3.h>

#include "semdbg/constraint.h"
#include "semdbg/grammar.h"
#include "semdbg/tree.h"

/* One Z3 context with one solver, and per-symbol caches that live as long
 * as the context (its ASTs are not reference counted: they die with it). */
typedef struct SdZ3 {
  Z3_context ctx;
  Z3_solver solver;
  Z3_sort str_sort, int_sort, re_sort;
  const SdGrammar *grammar;
  uint64_t queries;        /* Z3_solver_check calls */
  uint32_t unroll_depth;   /* recursion unrolling for non-regular nonterminals */
  uint32_t random_seed;
  uint64_t rlimit;         /* the solver's rlimit parameter as last set (setting it costs) */
  int trace;               /* $SEMDBG_SOLVER_TRACE: 1 = time each query, 2 = also print it */
  double traced_rlimit;    /* the context's rlimit count after the last traced query */
  bool crashed;            /* Z3 crashed in a check: the context is not touched again */
  /* solver_regex.c caches */
  Z3_ast byte_re;          /* [\x00-\xff] */
  Z3_ast *regex;           /* per symbol: exact (regular) or bounded; NULL = not built */
  Z3_ast *bounded;         /* [depth * symbol_count + s] for non-regular symbols */
  int32_t *scc;            /* per symbol: strongly connected component (nonterminals) */
  uint8_t *sign;           /* per symbol: 1 = can derive '-' or '+' somewhere, 2 = cannot, 0 = unknown */
  uint8_t *canonical;      /* per symbol: 1 = every text is a numeral without sign or leading zero, 2 = not, 0 = unknown */
  /* str.to.int of a term that may carry a sign: x = sign ++ magnitude, asserted
   * once per scope (entries made inside a scope are dropped when it is popped) */
  struct SdZ3Split { Z3_ast x, sign, magnitude; } *splits;
  uint32_t split_count, split_cap;
  uint32_t *scope_marks;
  uint32_t scope_depth, scope_cap;
} SdZ3;

SdZ3 *sd_z3_new(const SdGrammar *g, uint64_t rlimit, uint32_t random_seed);
void sd_z3_free(SdZ3 *self);
/* Did the last Z3 call fail (it then returned NULL)? Clears the error. */
bool sd_z3_failed(SdZ3 *self);
Z3_ast sd_z3_lstring(SdZ3 *self, const char *bytes, size_t length);
Z3_ast sd_z3_string_var(SdZ3 *self, const char *name);
/* Z3_solver_push / pop (use these: they keep the split cache in step). */
void sd_z3_push(SdZ3 *self);
void sd_z3_pop(SdZ3 *self);
/* Set the solver's resource limit per check (0: none). */
void sd_z3_set_rlimit(SdZ3 *self, uint64_t rlimit);
/* Z3_solver_check, counted. */
Z3_lbool sd_z3_check(SdZ3 *self);
double sd_z3_spent(SdZ3 *self); /* Z3's resource count so far */
/* The value of a string term in a model, byte-exact (malloc'd, NUL-terminated). */
char *sd_z3_model_string(SdZ3 *self, Z3_model m, Z3_ast term, size_t *length);

/* ---- solver_regex.c ---- */
/* Caches and components; called by sd_z3_new / sd_z3_free. */
void sd_z3_regex_init(SdZ3 *self);
void sd_z3_regex_free(SdZ3 *self);
/* The language of symbol s: exact when the symbol is regular (*exact = true),
 * otherwise its derivations with at most unroll_depth nested recursive
 * expansions (an under-approximation: every word is in the language). NULL on
 * a Z3 error. */
Z3_ast sd_z3_symbol_regex(SdZ3 *self, SdSymbol s, bool *exact);
/* A superset of the language: exact when regular, otherwise all byte strings. */
Z3_ast sd_z3_symbol_superset(SdZ3 *self, SdSymbol s);
/* Can some terminal below s contain '-' or '+'? (str.to.int needs a sign only then) */
bool sd_z3_symbol_may_sign(SdZ3 *self, SdSymbol s);
/* Is every text of s made of digits, with no leading zero ("0", "7", "42",
 * never "07")? Then a text longer than k digits has a value of at least
 * 10^k: solver_z3.c tells Z3 so. From the grammar, once per symbol. */
bool sd_z3_symbol_canonical(SdZ3 *self, SdSymbol s);
/* [\x00-\xff]* */
Z3_ast sd_z3_bytes_star(SdZ3 *self);

/* ---- term translation (solver_z3.c) ---- */
typedef struct SdZ3Binder {
  void *user;
  /* The string term standing for variable var's text. */
  Z3_ast (*var_text)(void *user, int32_t var);
  /* Structural subterms, decided outside Z3: INSIDE/BEFORE/AFTER give a Z3
   * bool, COUNT the Z3 int count of the node's <nt> descendants. */
  Z3_ast (*structural)(void *user, const SdTerm *term);
  /* Optional: an integer variable standing for str.to.int(var), when the
   * caller solves var as a number (NULL: use the string). */
  Z3_ast (*var_int)(void *user, int32_t var);
  /* Optional: an integer variable standing for str.len(var), when the caller
   * solves var's length alone and draws its text later (NULL: use the string). */
  Z3_ast (*var_length)(void *user, int32_t var);
  /* Optional: the regex var's text is known to be in (it is asserted
   * elsewhere); memberships of var are intersected with it, which Z3 decides
   * far better than two separate memberships. */
  Z3_ast (*var_domain)(void *user, int32_t var);
} SdZ3Binder;

/* An atom (boolean term) as a Z3 bool, including the side condition that
 * every str.to.int argument is a numeral (else the atom is false). NULL on
 * failure (unsupported term or Z3 error). */
Z3_ast sd_z3_atom(SdZ3 *self, const SdConstraint *c, const SdTerm *atom, const SdZ3Binder *b);
/* `not atom` as ISLa reads it: the side conditions hold and the atom does
 * not (an undefined atom is false under a negation too). */
Z3_ast sd_z3_atom_negated(SdZ3 *self, const SdConstraint *c, const SdTerm *atom, const SdZ3Binder *b);
/* For an integer comparison atom (negated: under a NOT), an equation that
 * puts the two sides at the boundary (a > b: a = b + 1; a <= b: a = b); NULL
 * when the atom is not such a comparison. */
Z3_ast sd_z3_boundary(SdZ3 *self, const SdConstraint *c, const SdTerm *atom, bool negated,
                      const SdZ3Binder *b);

/* ---- solver_search.c ---- */
/* Local search over the top-level conjuncts of nnf (negation normal form,
 * kept alive by the caller): derivations made anew with the fuzzer and rng,
 * of up to about size_budget nodes above a symbol's minimum, texts
 * copied between nodes (parsed with parser), and words of the lengths and
 * with the literals the constraint asks for (lengths, when not NULL). */
typedef struct SdSearch SdSearch;
struct SdFuzzer;
struct SdRng;
struct SdParser;
struct SdLengths;
SdSearch *sd_search_new(const SdGrammar *g, struct SdFuzzer *fuzzer, struct SdParser *parser, struct SdRng *rng,
                        const struct SdLengths *lengths, const SdConstraint *nnf, uint32_t size_budget);
void sd_search_free(SdSearch *self);
/* Witnesses in the seeds (kept alive by the caller) of the conjuncts that
 * are an exists over the whole input: a quarter of the steps on such a
 * conjunct graft one of them in place of a node of its nonterminal. */
void sd_search_add_donors(SdSearch *self, SdTree *const *seeds, uint32_t seed_count);
/* Walk from t (taken over) for at most `steps` steps: a tree on which every
 * conjunct holds, or NULL (t is freed). */
SdTree *sd_search_walk(SdSearch *self, SdTree *t, uint32_t steps);
/* Does the constraint draw boundaries the search can write (a length or a
 * value compared with a literal)? */
bool sd_search_has_boundaries(const SdSearch *self);
/* A copy of t with one node at such a boundary (a <payload> of exactly 53
 * bytes, a <day> of "29"), or NULL when t has no node it bounds or no such
 * text derives; the caller checks the constraint. */
SdTree *sd_search_boundary(SdSearch *self, const SdTree *t);

/* ---- solver_grid.c ---- */
/* Takes over t, an input made by the grid; returns true when no more are
 * wanted. */
typedef bool (*SdGridAccept)(void *ctx, SdTree *t);
/* When every one of symbols derives at most a few texts: inputs made from
 * each base (at most a few) with its outermost nodes of those symbols
 * given every combination of their texts (or, when too many, a sample),
 * each fed to accept. True when every combination of every base was fed
 * and accept never had enough; false when the symbols derive too many
 * texts, a base had too many such nodes or none, or accept had enough. */
struct SdParser;
struct SdRng;
bool sd_grid_fill(const SdGrammar *grammar, struct SdParser *parser, struct SdRng *rng, const SdSymbol *symbols,
                  uint32_t symbol_count, SdTree *const *bases, uint32_t base_count, SdGridAccept accept, void *ctx);

/* ---- solver_repair.c ---- */
/* Does the formula have semantic predicates that repairs make true
 * (internet_checksum)? */
bool sd_solver_needs_repair(const SdFormula *f);
/* The tree's text with those predicates made true where the grammar's
 * shape allows (malloc'd; NULL when nothing applies). */
char *sd_solver_repair(const SdConstraint *nnf, const SdTree *tree, size_t *length);

#endif
