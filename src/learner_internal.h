/* learner_internal.h: what learner.c (instantiation, evaluation cache) and
 * learner_rank.c (scoring, combinations, ranking) share. */
#ifndef SEMDBG_LEARNER_INTERNAL_H
#define SEMDBG_LEARNER_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "array.h"
#include "semdbg/learner.h"
#include "util.h"

#define LR_NONE UINT32_MAX
#define LR_MAX_SLOTS 4
#define LR_MAX_SYMS 8
#define LR_MAX_POOL 128
#define LR_MAX_PARTS 12   /* atoms in a conjunction (max_conjunction is capped here) */
#define LR_GREEDY_POOL 400 /* atoms a greedy conjunction may add */

/* Open-addressing map from byte strings (owned elsewhere) to indices. */
typedef struct LrMapSlot {
  uint64_t hash;
  const char *key;
  uint32_t len;
  uint32_t value;
} LrMapSlot;
typedef struct LrMap {
  LrMapSlot *slots;
  uint32_t cap, size;
} LrMap;
uint64_t lr_hash(const char *key, uint32_t len);
/* learner_memo.c */
#define LR_MEMO_NONE UINT32_MAX
uint32_t lr_memo_tree(SdLearnerMemo *self, const SdTree *t); /* the tree's id in the memo */
/* the record of an atom's truths, under the hash of what decides them
   (LR_MEMO_NONE: the memo is full) */
uint32_t lr_memo_record(SdLearnerMemo *self, uint64_t key);
int lr_memo_truth(const SdLearnerMemo *self, uint32_t record, uint32_t tree); /* 1, 0, -1 unknown */
void lr_memo_set(SdLearnerMemo *self, uint32_t record, uint32_t tree, bool held);
uint32_t lr_map_get(const LrMap *m, const char *key, uint32_t len, uint64_t h);
void lr_map_put(LrMap *m, const char *key, uint32_t len, uint64_t h, uint32_t value);
void lr_map_free(LrMap *m);

/* One instantiated constraint and its cached truth values. */
typedef struct LrAtom {
  char *text;          /* the ISLa text it was parsed from (the cache key) */
  uint32_t text_len;
  uint64_t text_hash;  /* lr_hash of text (the key of its memo record) */
  uint32_t memo_record; /* its record in the memo (lr_memo_record), once memo_looked */
  bool memo_looked;
  SdConstraint *c;
  uint32_t pattern;
  uint64_t *bits;      /* truth per input */
  uint32_t words;      /* allocated words of bits */
  uint32_t upto;       /* every input below is evaluated */
  uint32_t fail_upto;  /* every failing input below is evaluated */
  uint32_t tp;         /* true failing inputs among the evaluated ones */
  uint32_t epoch;      /* last learn() that produced it */
  uint32_t size;       /* atoms in the formula */
  char *short_text;    /* sd_constraint_to_short, made when first ranked */
  int kind;            /* LR_PLAIN, LR_NEGATION (of `base`), LR_SET (of values of `templ`) */
  uint32_t base;       /* LR_NEGATION: the negated atom */
  bool complement;     /* LR_NEGATION: true exactly where the base is false (no atom of the
                          base can be undefined, where both are false), so not evaluated */
  uint32_t negation;   /* its negation atom, LR_NONE if not made */
  bool absence;        /* evaluate on every input (never pruned): its negation may matter */
  uint32_t templ;      /* an equality of one variable with a value: its template, else LR_NONE */
  char *value;         /* ... and the value (raw bytes) */
  uint32_t value_len;
  uint32_t scoped_with; /* a conjunction of this pattern's atom and this atom inside one
                           record (learner_scopes.c), else LR_NONE */
  bool within;          /* ... both about one element (one nonterminal), not a record */
  bool in_record;       /* a relation of its pattern's elements inside one record (learner_scopes.c) */
  bool in_context;      /* its pattern's atom ranged in one context of its element (learner_scopes.c):
                           no derived form in the ranking, read as one catalog atom */
  SdSymbol single;      /* the nonterminal of its one existential quantifier over the whole
                           input, around a quantifier-free body; -1 for any other shape
                           (lr_single_symbol: asked per atom and nonterminal by the scopes) */
  uint64_t pool_bits;   /* its truth on the pool's inputs (sd_learner_set_pool), once pooled */
  bool pooled;
} LrAtom;

enum { LR_PLAIN, LR_NEGATION, LR_SET };

enum { LR_FULL, LR_PREFIX, LR_SUFFIX, LR_SUBSTRING };
enum { LR_FALSE, LR_TRUE, LR_AT_MOST, LR_AT_LEAST };

/* A value placeholder in a parsed template. */
typedef struct LrSlot {
  uint32_t placeholder;
  SdPlaceholderKind kind;
  SdTerm *term;             /* the sentinel literal (NULL if the parser folded it) */
  const char *sentinel_text;
  uint32_t sentinel_len;
  SdOp atom_op;             /* the operator of the atom holding it */
  SdTerm *atom;             /* that atom (NULL if the parser folded the literal) */
  int mode;                 /* strings: LR_FULL / PREFIX / SUFFIX / SUBSTRING */
  SdSymbol syms[LR_MAX_SYMS];
  uint8_t how[LR_MAX_SYMS]; /* 0 text, 1 str.len, 2 str.to.int */
  uint32_t sym_count;
  int32_t eq_var;           /* `(= v S)` / `(= S v)`: the variable v, else -1 */
  bool divisor;             /* the divisor of a `mod` (values: divisor_values) */
  bool negated;             /* a str.contains slot under a `not` in the pattern */
} LrSlot;

typedef struct LrFlip {
  int kind;  /* LR_FALSE, LR_TRUE (for every bound), LR_AT_MOST (true iff k <= c), LR_AT_LEAST */
  int64_t c;
  char *big; /* the bound as a numeral when it does not fit in int64 (then c is unused) */
} LrFlip;

typedef Array(LrFlip) LrFlipList;

/* learner_memo.c: flips shared by the learners of a diagnosis, under a
   template's key (what decides them, as for truths); a copy of big is
   made either way */
uint32_t lr_memo_flip_record(SdLearnerMemo *self, uint64_t key); /* LR_MEMO_NONE: full */
bool lr_memo_flip(const SdLearnerMemo *self, uint32_t record, uint32_t tree, LrFlip *out);
void lr_memo_set_flip(SdLearnerMemo *self, uint32_t record, uint32_t tree, const LrFlip *f);

/* The flips of a bound_per_text template with one text written in. */
typedef struct LrTextFlips {
  char *text;
  uint32_t len;
  LrFlipList flips;
} LrTextFlips;

/* A pattern with its nonterminals filled in; value slots hold sentinels. */
typedef struct LrTemplate {
  char *text;
  uint64_t text_hash;      /* lr_hash of text (the memo's key, with the slots' texts) */
  uint32_t index;          /* in self->templates */
  uint32_t pattern;
  bool valid;
  SdConstraint *c;
  LrSlot slots[LR_MAX_SLOTS];
  uint32_t slot_count;
  bool search;             /* one bound in an ordering comparison: threshold search */
  bool arith;              /* the bound's atom adds or subtracts */
  bool point;              /* one integer slot in `sum = K` (a term that computes): its values
                              are the term's extremes on the inputs (instantiate_point) */
  Array(LrFlip) lows;      /* point: per input, the flip of `term <= K` (flips: `term >= K`) */
  bool settable;           /* one string slot in `(= var S)` under existential quantifiers only:
                              values can be or-ed into a set (learner_sets.c) */
  LrFlipList flips;        /* per input, for the search */
  bool bound_per_text;     /* two value slots: a bound in an ordering comparison (slots[0])
                              and a text (instantiate_bound_per_text) */
  bool range;              /* two integer bounds, each compared directly with a measure: a
                              value between them (instantiate_range) */
  Array(LrTextFlips) text_flips; /* bound_per_text: the flips per text */
  void *range_values;      /* range over str.to.real: the element's decimal texts counted
                              (a ValueTable, learner.c) */
  uint32_t range_upto;     /* inputs counted there */
  char probe[32];
  char **mexprs;           /* per placeholder: the match expression text of a <?MATCHEXPR>,
                              NULL otherwise (owned) */
  bool dstrings;           /* its one value slot is a <?DSTRINGS>: sets of strings */
  uint8_t real;            /* 0 not known yet; 1 no; 2 its bound compares with a decimal value
                              (real_template): flips and bounds in units of 10^-LR_REAL_DIGITS */
  bool nesting;            /* an element in another of its kind (sd_formula_nesting_depth):
                              written as deep as the inputs tell (instantiate_nesting) */
  Array(uint32_t) depths;  /* nesting: per input, the most elements nested in one another */
} LrTemplate;

/* An ISLearn <?MATCHEXPR(a, <T> b, ...)> placeholder: its variables (a type
 * of -1: any nonterminal) and the nonterminal slot of its quantifier. */
#define LR_MEXPR_VARS 8
typedef struct LrMexpr {
  uint32_t count;
  char *names[LR_MEXPR_VARS];
  SdSymbol types[LR_MEXPR_VARS];
  int32_t slot;       /* index into the nonterminal tuple, -1: not found */
  bool equated;       /* the pattern compares its two variables' texts (= a b) */
} LrMexpr;

/* What the learner knows about a pattern. */
typedef struct LrPattern {
  LrMexpr *mexpr;     /* per placeholder: a <?MATCHEXPR(...)> (count 0 otherwise) */
  bool has_mexpr;
  bool has_charset;   /* a <?CHARSET>: one template per character class (learner_charsets.c) */
  bool nests;         /* its two elements differ in position, the second in the first: an
                         element nested in its own kind ("Nested N deep") */
  char **var_names;   /* per placeholder: the variable a <?NONTERMINAL> binds */
  int32_t *container; /* per placeholder: the placeholder binding its `in` variable, -1 */
  bool *numeric;      /* per placeholder: its variable is used under str.to.int */
  bool *measured;     /* per placeholder: its variable's length is added, subtracted or multiplied */
  bool learned;       /* numeric[] was filled from a parse */
  bool reported;      /* a parse error was reported */
  bool ever_parsed;
} LrPattern;

/* A scored candidate of the current round: an atom or a combination. */
typedef struct LrItem {
  uint64_t *bits;     /* owned for combinations */
  bool owned;
  uint32_t tp, fp;
  uint32_t size, text_len; /* text_len: 0 until item_text_len makes it */
  uint32_t atom;      /* LR_NONE for combinations */
  uint32_t parts[LR_MAX_PARTS];
  uint32_t part_count;
  bool disjunction;
  uint64_t hash;
  uint32_t group;
} LrItem;

typedef struct LrGroup {
  uint32_t best;      /* item index */
  Array(uint32_t) members;
} LrGroup;

struct SdLearner {
  SdLearnerMemo *memo; /* shared truths of atoms on inputs, or NULL (learner_memo.c) */
  const SdGrammar *grammar;
  const SdCatalog *catalog;
  SdLearnerOptions opts;
  LrPattern *patterns;
  Array(SdTree *) inputs;
  Array(uint64_t) fail_bits;
  Array(uint32_t) fail_prefix;
  uint32_t failing;
  Array(LrAtom) atoms;
  LrMap atom_map;
  Array(LrTemplate *) templates;
  LrMap template_map;
  bool check_flips;     /* $SEMDBG_CHECK_FLIPS, read once */
  bool trace_patterns;  /* $SEMDBG_LEARN_TRACE: each pattern's CPU seconds per learn, to stderr */
  uint32_t epoch;
  Array(uint32_t) used; /* atoms produced (and not pruned) by the last learn() */
  /* results of the last learn() */
  Array(LrItem) items;
  Array(LrGroup) groups;
  Array(SdCandidate) ranked;
  Array(uint32_t) ranked_item;
  Array(SdConstraint *) built; /* combinations made for the ranking */
  Array(uint32_t) hints;       /* pairs of atoms (a set, its partner) to conjoin */
  Array(struct LrValueCache *) value_caches; /* learner.c: the values slots take, per kind of slot */
  SdLearnerStats stats;
  SdTree *const *pool;         /* sd_learner_set_pool (not owned) */
  uint32_t pool_size;
  char **charsets;             /* learner_charsets.c: the grammar's character classes, made on
                                  first need */
  uint32_t charset_count;
  bool charsets_made;
  uint8_t *field_kinds;        /* learner.c: per nonterminal, 0 not yet known, 1 a token, 2 a field */
};

bool lr_is_failing(const SdLearner *self, uint32_t i);
bool lr_eval(SdLearner *self, const SdConstraint *c, uint32_t input);
bool lr_atom_update(SdLearner *self, uint32_t index);
uint32_t lr_needed(const SdLearner *self);
uint32_t lr_count_atoms(const SdConstraint *c);
bool lr_parse_int(const char *s, uint32_t len, int64_t *out);
/* learner_affix.c: value v of a prefix / suffix / substring slot grown as long
 * as every failing input with it has it, and that cut back to a change of
 * kind of byte: up to LR_AFFIX_GROWN texts (malloc'd) into out; how many */
enum { LR_AFFIX_GROWN = 3 };
uint32_t lr_affix_extensions(const SdLearner *self, const SdSymbol *syms, uint32_t sym_count, int mode,
                             const char *v, uint32_t vlen, char **out, uint32_t *out_len);
void lr_pattern_analyse(SdLearner *self, uint32_t index);
void lr_pattern_error(SdLearner *self, uint32_t pattern, const char *message);
int lr_cmp_precision(uint32_t tp1, uint32_t fp1, uint32_t tp2, uint32_t fp2);
int lr_cmp_f1(uint32_t tp1, uint32_t fp1, uint32_t fn1, uint32_t tp2, uint32_t fp2, uint32_t fn2);

/* The nonterminal of c when c is one existential quantifier over the whole
 * input around a quantifier-free body, else -1 (learner_scopes.c). */
SdSymbol lr_single_symbol(const SdConstraint *c);
uint32_t lr_add_atom(SdLearner *self, uint32_t pattern, char *text, SdConstraint *parsed);
void lr_use_atom(SdLearner *self, uint32_t index);
bool lr_render_value(SdPlaceholderKind kind, const char *v, uint32_t len, SdBuf *out);

/* learner_sets.c */
void lr_sets(SdLearner *self);
/* Scoped forms of the best conjunctions' pairs (learner_scopes.c): the
 * number of new atoms produced; rank again when there are some. */
uint32_t lr_scopes(SdLearner *self);
/* Can an element of s hold another one (an expression's <term> inside a
 * <term>)? Such a nonterminal is no record (learner_scopes.c). */
bool lr_self_nesting(const SdGrammar *g, SdSymbol s);

/* learner_rank.c */
void lr_rank(SdLearner *self);
void lr_results_free(SdLearner *self);

/* ---- learner_islearn.c: ISLearn's <?MATCHEXPR(..)> and <?DSTRINGS> ---- */
/* Read the variables of placeholder ph (a <?MATCHEXPR(...)>) of pattern p. */
void lr_mexpr_read(const SdGrammar *g, const SdPattern *p, uint32_t ph, LrMexpr *out);
void lr_mexpr_free(LrMexpr *m);
/* The match expressions (text inside the quotes) a quantifier over `in` can
 * have for m's variables: each alternative of `in` (ISLearn expands one
 * level) with the variables at its nonterminals, in order; at most max,
 * malloc'd into out. */
/* ---- learner_charsets.c ---- */
/* The character classes of the grammar's character sets (at most max), each
 * a regex text matching one character of it (malloc'd); their count. */
uint32_t lr_charset_choices(const SdGrammar *g, char **out, uint32_t max);

uint32_t lr_mexpr_choices(const SdGrammar *g, SdSymbol in, const LrMexpr *m, char **out, uint32_t max);
/* c with the atom holding the string literal `sentinel` replaced by the
 * disjunction of its copies with the values in mask (a new constraint). */
SdConstraint *lr_disjoin(const SdConstraint *c, const char *sentinel, uint32_t sentinel_len,
                         char *const *values, const uint32_t *lengths, uint32_t mask);
/* A value ISLearn puts in a <?DSTRINGS> set (no number, no single letter). */
bool lr_dstring_ok(const char *v, uint32_t len);

#endif
