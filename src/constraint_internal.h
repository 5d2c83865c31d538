/* constraint_internal.h: what the constraint_*.c files share and nobody
 * else needs: node constructors in a constraint's arena, the arbitrary
 * precision integers of the evaluator, a scratch allocator with marks, and
 * the regular-expression matcher (Brzozowski derivatives). */
#ifndef SEMDBG_CONSTRAINT_INTERNAL_H
#define SEMDBG_CONSTRAINT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "semdbg/constraint.h"
#include "util.h"

/* ---- construction (constraint_nnf.c) ---- */

/* An empty constraint with its own arena and no root yet. */
SdConstraint *sd_constraint_new_empty(const SdGrammar *grammar);
/* Append a variable (name copied into the arena); returns its index. */
int32_t sd_constraint_add_variable(SdConstraint *self, const char *name, SdSymbol symbol,
                                   bool implicit);
SdFormula *sd_formula_new(SdConstraint *c, SdFormulaKind kind, uint32_t child_count);
SdTerm *sd_term_new(SdConstraint *c, SdOp op, SdType type, uint32_t arg_count);
/* Deep copy of a formula/term of `from` into `to`; var_map maps variables of
 * `from` to variables of `to`. With fresh_binders, every quantifier in the
 * copy binds a new variable of `to` (var_map is updated). */
SdFormula *sd_formula_copy(SdConstraint *to, const SdConstraint *from, const SdFormula *f,
                           int32_t *var_map, bool fresh_binders);
SdTerm *sd_term_copy(SdConstraint *to, const SdTerm *t, const int32_t *var_map);
/* `exists <N> x: (P(x) and Q(x))` from `exists <N> x: P(x)` and `exists <N>
 * y: Q(y)`, both over the whole input without a match expression: the two
 * conditions on one element; NULL when a and b are not of that form. */
SdConstraint *sd_constraint_and_within(const SdConstraint *a, const SdConstraint *b);
/* rel with cond's condition put on the element rel binds of cond's
 * nonterminal: from `exists <N> x: P(x)` and a relation that binds exactly
 * one <N> by an existential, `... exists <N> v ...: (P(v) and ...)`
 * (`exists <fixture> f: exists <addr> a in f: (a <= 512 and exists <chans>
 * c in f: a + c > 513)`); NULL when they are not of that form. */
SdConstraint *sd_constraint_and_on(const SdConstraint *cond, const SdConstraint *rel);
/* Give every variable a unique, valid, non-reserved name (implicit ones are
 * derived from their nonterminal). */
void sd_constraint_name_variables(SdConstraint *self);
/* A copy that reads alike constraints meaning the same on every input of
 * the grammar (once-only nonterminals' quantifiers, comparisons' direction;
 * constraint_canon.c): for comparing candidates, not for showing. */
SdConstraint *sd_constraint_canonical(const SdConstraint *self);
bool sd_constraint_reserved_word(const char *name);
/* Does the term mention a variable? Could it be undefined (str.to.int,
 * str.to.real, div, mod, internet_checksum, hex_to_decimal)? */
bool sd_term_has_var(const SdTerm *t);
bool sd_term_is_partial(const SdTerm *t);
/* arith.value: the value of a text read as integer arithmetic (numerals,
 * + - * / %, unary signs, parentheses, min, max, abs, mod); false where it
 * is not one or a step divides by zero or overflows (constraint_arith.c). */
bool sd_arith_value(const char *text, size_t length, int64_t *out);
bool sd_formula_equal_in(const SdConstraint *c, const SdFormula *a, const SdFormula *b);

/* Truth value of an atom without variables (constraint_eval.c): 1 true,
 * 0 false, -1 undefined (false whether negated or not). */
int sd_term_eval_const(const SdConstraint *c, const SdTerm *t);
/* D (2 or more) when f is a chain of D existential quantifiers over one
 * nonterminal, each in the one before, whose body says each differs from
 * the one before (different_position): an element nested D deep; else 0
 * (constraint_eval.c). */
uint32_t sd_formula_nesting_depth(const SdConstraint *c, const SdFormula *f);
/* The tree quantifier (forall or exists) that binds var in f (f may be
 * NULL), or NULL (constraint_nnf.c). */
const SdFormula *sd_formula_binder(const SdFormula *f, int32_t var);
/* The comparison that holds where op does not (defined values): < and >=,
 * <= and >; any other op as it is (constraint_nnf.c). */
SdOp sd_op_negated(SdOp op);

/* ---- operator table (constraint_print.c) ---- */
const char *sd_op_name(SdOp op); /* canonical SMT-LIB / ISLa name */

/* Temporaries live in an arena (arena.h) with marks. */

/* ---- integers of any size (constraint_bigint.c) ----
 * Small values live in `small`; others are a sign and decimal digits, least
 * significant first, without leading zeros, allocated in a scratch. */
typedef struct SdInt {
  bool big;
  bool neg;       /* big only */
  int64_t small;
  uint32_t ndig;  /* big only */
  uint8_t *dig;   /* big only */
} SdInt;
static inline SdInt sd_int_small(int64_t v) {
  SdInt r = {0};
  r.small = v;
  return r;
}
/* Parse a decimal numeral ([+-]?[0-9]+); false if it is not one. */
bool sd_int_parse(SdArena *s, const char *text, size_t len, SdInt *out);
int sd_int_cmp(SdInt a, SdInt b);
SdInt sd_int_add(SdArena *s, SdInt a, SdInt b);
SdInt sd_int_sub(SdArena *s, SdInt a, SdInt b);
SdInt sd_int_mul(SdArena *s, SdInt a, SdInt b);
SdInt sd_int_neg(SdArena *s, SdInt a);
/* SMT-LIB div/mod (Euclidean: 0 <= r < |b|); false when b = 0. */
bool sd_int_divmod(SdArena *s, SdInt a, SdInt b, SdInt *q, SdInt *r);
/* Fits in int64? Then *out = value. */
bool sd_int_to_i64(SdInt a, int64_t *out);
/* Decimal text (malloc'd). */
char *sd_int_to_text(SdInt a);
/* Number of decimal digits of |a| (0 for 0); a * 10^k; a / 10^k truncated
 * toward zero. */
uint32_t sd_int_digits(SdInt a);
SdInt sd_int_shift10(SdArena *s, SdInt a, uint32_t k);
SdInt sd_int_trunc10(SdArena *s, SdInt a, uint32_t k);

/* ---- exact decimals: m * 10^e (constraint_bigint.c) ----
 * Not necessarily normalised (trailing zeros in m are allowed). Operations
 * that would need more than SD_DEC_DIGIT_LIMIT digits, or exponents beyond
 * SD_DEC_EXP_LIMIT, fail (the value is undefined). */
#define SD_DEC_DIGIT_LIMIT 100000
#define SD_DEC_EXP_LIMIT 100000
typedef struct SdDec {
  SdInt m;
  int32_t e;
} SdDec;
SdDec sd_dec_from_int(SdInt a);
int sd_dec_cmp(SdArena *s, SdDec a, SdDec b);
bool sd_dec_add(SdArena *s, SdDec a, SdDec b, SdDec *out);
bool sd_dec_sub(SdArena *s, SdDec a, SdDec b, SdDec *out);
bool sd_dec_mul(SdArena *s, SdDec a, SdDec b, SdDec *out);
SdDec sd_dec_neg(SdArena *s, SdDec a);
/* Truncated toward zero (false: too large). */
bool sd_dec_to_int(SdArena *s, SdDec a, SdInt *out);
/* Normalised text: "-37.5", "0.25", "100" (malloc'd). */
char *sd_dec_to_text(SdDec a);
/* The exact value of a numeral as Python's int() / float() accept it
 * (ISLa's str.to.int is int(float(s))): white space around, sign, digits
 * with single underscores between them, fraction, exponent; Unicode digits
 * and spaces when the text is valid UTF-8. False for anything else (also
 * "", "inf", "nan") and for exponents beyond the limit. */
bool sd_dec_parse_numeral(SdArena *s, const char *text, size_t len, SdDec *out);

/* ---- predicates (constraint_predicates.c) ---- */
/* Structural predicates of two nodes as ISLa defines them on paths:
 * inside (reflexive), before, after, same_position, different_position. */
bool sd_nodes_relate(SdOp op, const SdNode *a, const SdNode *b);
/* Frees a tree's evaluator cache (SdTree.eval_cache; NULL is fine). */
void sd_eval_cache_free(struct SdEvalCache *cache);
/* Is op a structural predicate (decided by the tree's shape alone)? */
bool sd_is_structural_op(SdOp op);
/* A text atom `str.contains(x, L)`, `str.prefixof(L, x)`, `str.suffixof(L,
 * x)` or `x = L` (either side) with a string literal L: x and L; false for
 * any other atom. */
bool sd_text_atom_parts(const SdTerm *t, const SdTerm **x, const SdTerm **lit);
/* A structural atom on its two nodes (for nth: the 2nd and 3rd argument). */
bool sd_structural_holds(const SdTree *t, const SdTerm *atom, const SdNode *a, const SdNode *b);
/* ISLearn's internet_checksum: 1 holds, 0 not, -1 undefined (no hex bytes,
 * or the checksum does not lie in the header). */
int sd_internet_checksum(const SdTree *t, const SdNode *header, const SdNode *checksum);
/* The four upper-case hex digits the checksum should have (false: no hex bytes). */
bool sd_internet_checksum_digits(const SdTree *t, const SdNode *header, const SdNode *checksum,
                                 char out[5]);
/* ISLearn's hex_to_int of a text; Python's int() of a text. False when not one. */
bool sd_hex_value(SdArena *s, const char *text, size_t n, SdInt *out);
bool sd_python_int(SdArena *s, const char *text, size_t n, SdInt *out);

/* ---- match expressions and XPath steps (constraint_match.c) ---- */
/* Is node in the range of a quantifier with this match? Binds the match's
 * variables in bind (indexed by variable; bind[from] of each path must be
 * set, the quantifier's own variable to node). */
bool sd_match_node(const SdMatch *m, const SdTree *t, const SdNode *node, const SdNode **bind);
/* Most optional groups a match expression may have. */
uint32_t sd_match_max_groups(void);
/* The variables a match binds (items, then paths); writes them when out. */
uint32_t sd_match_bound(const SdMatch *m, int32_t *out);
/* Copy into to's arena, variables mapped through var_map. */
SdMatch *sd_match_copy(SdConstraint *to, const SdMatch *m, const int32_t *var_map);
/* Same items and steps (variables aside: the caller compares those). */
bool sd_match_same_shape(const SdMatch *a, const SdMatch *b);
uint64_t sd_match_shape_hash(const SdMatch *m, uint64_t acc);

/* ---- characters (constraint_utf8.c) ----
 * A string that is valid UTF-8 (shortest forms, no surrogates, at most
 * U+10FFFF) is a sequence of code points; any other string is a sequence of
 * bytes, each one character whose code is the byte's value. */
bool sd_utf8_valid(const char *s, size_t n);
/* Decode one code point of a valid string; returns its length in bytes. */
uint32_t sd_utf8_decode(const char *s, uint32_t *cp);
/* Encode a code point (at most U+10FFFF); returns the number of bytes (1..4). */
uint32_t sd_utf8_encode(uint32_t cp, char out[4]);
/* Characters in s[0..n), valid telling how to read it. */
uint32_t sd_str_chars(const char *s, uint32_t n, bool valid);
/* Byte offset of character k (n when k is past the end). */
uint32_t sd_str_offset(const char *s, uint32_t n, bool valid, uint64_t k);
/* Python's str.isspace() for non-ASCII code points; Unicode decimal digit
 * value (category Nd) or -1. Tables of Unicode 14.0 (Python 3.11). */
bool sd_unicode_is_space(uint32_t cp);
int sd_unicode_decimal(uint32_t cp);

/* ---- regular expressions (constraint_regex.c) ---- */
typedef struct SdRe SdRe;
typedef struct SdReCtx SdReCtx;
SdReCtx *sd_re_ctx_new(void);
void sd_re_ctx_free(SdReCtx *self);
size_t sd_re_ctx_size(const SdReCtx *self); /* nodes made so far */
SdRe *sd_re_none(SdReCtx *c);
SdRe *sd_re_eps(SdReCtx *c);
SdRe *sd_re_set(SdReCtx *c, const uint8_t set[32]);
SdRe *sd_re_byte(SdReCtx *c, unsigned char b);
SdRe *sd_re_concat(SdReCtx *c, SdRe *a, SdRe *b);
SdRe *sd_re_union(SdReCtx *c, SdRe *a, SdRe *b);
SdRe *sd_re_star(SdReCtx *c, SdRe *a);
SdRe *sd_re_comp(SdReCtx *c, SdRe *a);
SdRe *sd_re_string(SdReCtx *c, const char *s, size_t n);
/* Code points lo..hi as the UTF-8 byte sequences that encode them
 * (surrogates excluded). */
SdRe *sd_re_utf8_range(SdReCtx *c, uint32_t lo, uint32_t hi);
/* Does the whole of s match? *ok is set false if the automaton grew past
 * its limit (the answer is then unknown). */
bool sd_re_match(SdReCtx *c, SdRe *r, const char *s, size_t n, bool *ok);

#endif
