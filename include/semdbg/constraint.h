/* semdbg/constraint.h: the ISLa constraint language (ISLa's syntax and
 * predicates, ISLearn's predicates, semdbg's decimals): syntax tree,
 * parser, printers, evaluator over derivation trees, negation normal form
 * and simplification.
 *
 * A constraint owns an arena holding all of its nodes; free it as a whole.
 *
 * Conventions (docs/constraint.md has the language and its semantics):
 * - Every variable except `start` is bound by exactly one quantifier (an
 *   integer variable by `forall int`/`exists int`; the variables of a match
 *   expression and of XPath steps by the quantifier whose `match` has them), and
 *   variable names are unique valid ISLa identifiers. A term `start` is an
 *   SD_OP_VAR whose variable has symbol -1 (it stands for the root; no
 *   quantifier binds it, and it exists only when used); a quantifier's in_var
 *   is -1 for `in start`.
 * - Argument layouts: EQ/LT/LE/GT/GE, DIV, MOD, prefixof/suffixof/contains,
 *   in_re, INSIDE/BEFORE/AFTER: 2; ADD, SUB, MUL, STR_CONCAT, RE_CONCAT,
 *   RE_UNION: 2 or more (SUB is left-to-right: (- a b c) = a - b - c); NEG,
 *   STR_LEN, STR_TO_INT, STR_TO_REAL, STR_TO_CODE, STR_FROM_CODE, unary regex
 *   ops, STR_TO_RE: 1; STR_AT: (s, i);
 *   STR_SUBSTR: (s, start, length); RE_RANGE: two SD_OP_STRING literals;
 *   RE_LOOP: (r, lo[, hi]) with non-negative SD_OP_INT literals (no hi: at
 *   least lo); RE_ALLCHAR/RE_ALL/RE_NONE: 0; COUNT: (tree variable, number)
 *   with the counted nonterminal in `symbol` (a variable given as the number
 *   is wrapped in STR_TO_INT); SAME_POSITION, DIFFERENT_POSITION,
 *   DIRECT_CHILD, CONSECUTIVE, INTERNET_CHECKSUM, HEX_TO_DECIMAL: 2 (the
 *   decimal may be an integer variable); NTH: (n, a, b) with n a
 *   positive SD_OP_INT literal; LEVEL: (a, b) with the relation ("EQ", "GE",
 *   "LE", "GT", "LT") in `text` and the nonterminal in `symbol`;
 *   STR_REPLACE, STR_REPLACE_ALL: (s, t, u); STR_INDEXOF: (s, t, i);
 *   STR_FROM_INT, STR_IS_DIGIT, ABS: 1; STR_LT, STR_LE, RE_DIFF: 2;
 *   RE_INTER: 2 or more.
 * - SD_OP_INT text is normalised: no leading zeros, '-' for negatives;
 *   SD_OP_DECIMAL text too, with a fraction without trailing zeros ("37.5").
 * - Types: variables are SD_TYPE_NODE and may stand wherever a string is
 *   expected; `=` compares two numbers (integer or real), two strings or two
 *   booleans; + - * of a real and anything numeric is real.
 * - Strings are bytes; a string that is valid UTF-8 is read as its code
 *   points (str.len, str.at, str.substr, str.to_code, regex characters),
 *   any other string byte by byte (each byte a character).
 * - In NNF, NOT appears only directly above an ATOM; a negated ordering
 *   comparison is flipped instead (not a > b -> a <= b). Atoms that can be
 *   undefined (str.to.int/str.to.real of a non-numeral, div or mod by zero,
 *   ISLearn's predicates on text that is no hex) are false, and false under
 *   a NOT too (ISLa pushes negations into the atoms): NOT(atom) means
 *   "defined and false", so a constraint and its negation are never both
 *   true but may both be false.
 * - Evaluation does not modify the constraint: several threads may evaluate
 *   one constraint at once. */
#ifndef SEMDBG_CONSTRAINT_H
#define SEMDBG_CONSTRAINT_H

#include "semdbg/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "semdbg/grammar.h"
#include "semdbg/tree.h"

/* SD_TYPE_REAL: an exact decimal (str.to.real, decimal literals, and
 * arithmetic involving them); integers are decimals too, so comparisons and
 * + - * mix the two. */
typedef enum SdType {
  SD_TYPE_BOOL, SD_TYPE_INT, SD_TYPE_STRING, SD_TYPE_REGEX, SD_TYPE_NODE, SD_TYPE_REAL
} SdType;

/* Terms: everything below the propositional level (atoms are boolean terms).
 * New operators are added at the end, to keep the values of the others. */
typedef enum SdOp {
  SD_OP_VAR,          /* a bound variable (a tree node; as a string: its text) */
  SD_OP_STRING,       /* string literal (bytes, may hold NUL) */
  SD_OP_INT,          /* integer literal (arbitrary precision, decimal text) */
  SD_OP_BOOL,         /* true / false inside an atom */
  /* comparisons (bool) */
  SD_OP_EQ, SD_OP_LT, SD_OP_LE, SD_OP_GT, SD_OP_GE,
  /* integer arithmetic (int) */
  SD_OP_ADD, SD_OP_SUB, SD_OP_MUL, SD_OP_DIV, SD_OP_MOD, SD_OP_NEG,
  /* strings */
  SD_OP_STR_LEN,      /* int */
  SD_OP_STR_TO_INT,   /* int; a non-numeral makes the enclosing atom false */
  SD_OP_STR_AT,       /* string */
  SD_OP_STR_SUBSTR,   /* string */
  SD_OP_STR_CONCAT,   /* string (str.++) */
  SD_OP_STR_PREFIXOF, SD_OP_STR_SUFFIXOF, SD_OP_STR_CONTAINS, /* bool */
  SD_OP_STR_IN_RE,    /* bool */
  /* regular expressions (regex) */
  SD_OP_RE_CONCAT, SD_OP_RE_UNION, SD_OP_RE_STAR, SD_OP_RE_PLUS, SD_OP_RE_OPT,
  SD_OP_RE_RANGE, SD_OP_STR_TO_RE, SD_OP_RE_COMP, SD_OP_RE_LOOP, SD_OP_RE_ALLCHAR,
  SD_OP_RE_ALL, SD_OP_RE_NONE,
  /* structural predicates (bool) over nodes */
  SD_OP_INSIDE,       /* inside(a, b): a is inside b (a proper descendant) */
  SD_OP_BEFORE,       /* before(a, b): a ends before b starts */
  SD_OP_AFTER,        /* after(a, b) */
  SD_OP_COUNT,        /* count(in, "<nt>", n): in's subtree has n <nt> nodes */
  /* numbers and characters (after the others, to keep their values) */
  SD_OP_DECIMAL,      /* decimal literal (real): text like "37.5", "-0.25" */
  SD_OP_STR_TO_REAL,  /* real (semdbg extension); a non-numeral makes the atom false */
  SD_OP_STR_TO_CODE,  /* int: code point of a one-character string, else -1 */
  SD_OP_STR_FROM_CODE,/* string: the character with that code point, else "" */
  /* ISLa's other structural predicates (bool), on the nodes' paths */
  SD_OP_SAME_POSITION,      /* same_position(a, b): a and b are one node */
  SD_OP_DIFFERENT_POSITION, /* different_position(a, b) */
  SD_OP_DIRECT_CHILD,       /* direct_child(a, b): a is a child of b */
  SD_OP_CONSECUTIVE,        /* consecutive(a, b): a before b, no leaf between them */
  SD_OP_NTH,                /* nth(n, a, b): a is the n-th node of its symbol in b (preorder) */
  SD_OP_LEVEL,              /* level(rel, "<T>", a, b): a and b at rel levels of <T> nesting */
  /* ISLearn's semantic predicates (bool) */
  SD_OP_INTERNET_CHECKSUM,  /* internet_checksum(header, checksum): RFC 1071 over hex bytes */
  SD_OP_HEX_TO_DECIMAL,     /* hex_to_decimal(hex, decimal): hex bytes denote the number */
  /* more SMT-LIB string functions */
  SD_OP_STR_REPLACE,        /* string: the first occurrence replaced */
  SD_OP_STR_REPLACE_ALL,    /* string: every occurrence replaced, left to right */
  SD_OP_STR_INDEXOF,        /* int: first position at or after i, else -1 */
  SD_OP_STR_FROM_INT,       /* string: the numeral of a non-negative integer, else "" */
  SD_OP_STR_IS_DIGIT,       /* bool: a single character 0-9 */
  SD_OP_STR_LT, SD_OP_STR_LE, /* bool: lexicographic order (of code points) */
  SD_OP_ABS,                /* int */
  SD_OP_ARITH_VALUE,        /* int: the text's value as integer arithmetic (constraint_arith.c) */
  SD_OP_RE_INTER, SD_OP_RE_DIFF, /* regex: intersection (2 or more), difference (2) */
} SdOp;

typedef struct SdTerm SdTerm;
struct SdTerm {
  SdOp op;
  SdType type;
  SdTerm **args;
  uint32_t arg_count;
  int32_t var;          /* SD_OP_VAR: index into the constraint's variables */
  const char *text;     /* SD_OP_STRING bytes / SD_OP_INT decimal digits with optional '-' / SD_OP_LEVEL relation */
  uint32_t length;      /* of text */
  bool bool_value;      /* SD_OP_BOOL */
  SdSymbol symbol;      /* SD_OP_COUNT: the counted nonterminal; SD_OP_LEVEL: the nesting one */
  int line, column;     /* position in the source, for messages */
};

typedef enum SdFormulaKind {
  SD_F_TRUE, SD_F_FALSE,
  SD_F_ATOM,            /* a boolean term */
  SD_F_NOT, SD_F_AND, SD_F_OR, SD_F_IMPLIES, SD_F_IFF, SD_F_XOR,
  SD_F_FORALL, SD_F_EXISTS,
  /* `forall int n:` / `exists int n:`: n ranges over the numerals of the
     non-negative integers ("0", "1", ...); var is n (symbol SD_SYMBOL_INT),
     in_var is -1 */
  SD_F_FORALL_INT, SD_F_EXISTS_INT,
} SdFormulaKind;

/* Quantifier kinds: over tree nodes, over integers. */
static inline bool sd_formula_is_tree_quantifier(SdFormulaKind k) {
  return k == SD_F_FORALL || k == SD_F_EXISTS;
}
static inline bool sd_formula_is_int_quantifier(SdFormulaKind k) {
  return k == SD_F_FORALL_INT || k == SD_F_EXISTS_INT;
}
static inline bool sd_formula_is_quantifier(SdFormulaKind k) {
  return sd_formula_is_tree_quantifier(k) || sd_formula_is_int_quantifier(k);
}

/* A match expression `forall <assgn> a="{<var> lhs} := <rhs>":` (ISLa's),
 * and XPath steps `a.<rhs>.<var>` (which restrict the quantifier the same
 * way). A node is in the quantifier's range when its subtree can be cut
 * into a sequence of subtrees and terminals that reads as the items (texts
 * spelled by terminals, <T> and {<T> x} by whole <T> subtrees), with the
 * optional groups `[...]` left out or put in (fewest first); the variables
 * of the items are bound to their subtrees. Then every path binds its
 * variable to the node reached from its start by the child steps; a node
 * where a step finds no such child is not in the range. */
typedef enum SdMatchKind {
  SD_MATCH_TEXT,        /* bytes spelled by terminals */
  SD_MATCH_NONTERMINAL, /* <T>: any <T> subtree */
  SD_MATCH_VARIABLE,    /* {<T> x}: a <T> subtree, bound to x */
} SdMatchKind;

typedef struct SdMatchItem {
  SdMatchKind kind;
  const char *text;     /* TEXT */
  uint32_t length;
  SdSymbol symbol;      /* NONTERMINAL, VARIABLE */
  int32_t var;          /* VARIABLE: a variable bound by the quantifier */
  int32_t group;        /* the optional group `[...]` it is in (0, 1, ...), -1 none */
} SdMatchItem;

typedef struct SdMatchPath {
  int32_t var;          /* bound to the node reached */
  int32_t from;         /* the quantifier's variable or one bound before by the match */
  uint32_t step_count;
  SdSymbol *symbols;    /* step k: the child (among the node's children, EBNF's helper
                           nodes looked through) of symbols[k] ... */
  uint32_t *indices;    /* ... number indices[k] of those, from 0 (`<T>[2]` is 1) */
} SdMatchPath;

typedef struct SdMatch {
  SdMatchItem *items;   /* none: no match expression (XPath steps only) */
  uint32_t item_count;
  uint32_t group_count;
  SdMatchPath *paths;
  uint32_t path_count;
} SdMatch;

typedef struct SdFormula SdFormula;
struct SdFormula {
  SdFormulaKind kind;
  SdFormula **children; /* NOT: 1; AND/OR: >= 2 (flattened); IMPLIES/IFF/XOR: 2; quantifiers: 1 (body) */
  uint32_t child_count;
  SdTerm *atom;         /* SD_F_ATOM */
  int32_t var;          /* quantifiers: the bound variable */
  int32_t in_var;       /* quantifiers: the variable ranged in, -1 = the whole input (start) */
  int line, column;
  SdMatch *match;       /* tree quantifiers: match expression and XPath steps, or NULL */
};

/* The symbol of a variable bound by `forall int` / `exists int`. */
#define SD_SYMBOL_INT (-2)

typedef struct SdVariable {
  const char *name;     /* as written, e.g. "n"; generated names for shorthands */
  SdSymbol symbol;      /* its nonterminal; -1 for the implicit `start`,
                           SD_SYMBOL_INT for an integer variable */
  bool implicit;        /* introduced by a free <T> shorthand or an unnamed binder */
} SdVariable;

typedef struct SdArena SdArena;

typedef struct SdConstraint {
  const SdGrammar *grammar;
  SdArena *arena;
  SdFormula *root;
  SdVariable *variables;
  uint32_t variable_count;
} SdConstraint;

typedef struct SdConstraintError {
  int line, column;     /* 1-based, in the constraint text */
  char *message;        /* e.g. "expected ':' after the quantifier's range" */
} SdConstraintError;

/* Deepest nesting a constraint may have (parentheses, not, unary minus,
 * chains of implies or div, ...): deeper text is an error, not a stack overflow. */
#define SD_CONSTRAINT_MAX_DEPTH 1000
/* iff and xor are written out in negation normal form as two conjunctions,
 * so a chain of them doubles at each link: a constraint whose normal form
 * would have more nodes than this is an error (at the outermost such link). */
#define SD_CONSTRAINT_MAX_EXPANSION 100000

/* Parse ISLa text against a grammar (unknown nonterminals, unbound
 * variables and type errors are errors; so is nesting deeper than
 * SD_CONSTRAINT_MAX_DEPTH). NULL on error, *error filled in (free error->message). */
SD_API SdConstraint *sd_constraint_parse(const SdGrammar *grammar, const char *text, size_t length,
                                         SdConstraintError *error);
SD_API void sd_constraint_free(SdConstraint *self);
SD_API SdConstraint *sd_constraint_clone(const SdConstraint *self);

/* Canonical ISLa (parses back to the same syntax tree with ISLa and with
 * sd_constraint_parse); malloc'd. */
SD_API char *sd_constraint_to_isla(const SdConstraint *self);
/* Short form for people: free-nonterminal shorthand, infix operators:
 * `str.to.int(<payload-length>) > str.len(<payload>)`; malloc'd. */
SD_API char *sd_constraint_to_short(const SdConstraint *self);

/* Structural equality of two constraints (up to variable names). */
SD_API bool sd_constraint_equal(const SdConstraint *a, const SdConstraint *b);
/* A hash consistent with sd_constraint_equal. */
SD_API uint64_t sd_constraint_hash(const SdConstraint *self);

/* New constraints (the argument is not modified): */
SD_API SdConstraint *sd_constraint_negate(const SdConstraint *self);   /* not(self), in NNF */
SD_API SdConstraint *sd_constraint_nnf(const SdConstraint *self);      /* negation normal form, simplified */
SD_API SdConstraint *sd_constraint_simplify(const SdConstraint *self); /* double negation, constants, flattening */
/* Conjunction / disjunction of several constraints over the same grammar
 * (variables are renamed apart); simplified. */
SD_API SdConstraint *sd_constraint_and(const SdConstraint *const *parts, uint32_t count);
SD_API SdConstraint *sd_constraint_or(const SdConstraint *const *parts, uint32_t count);

/* Evaluate on a derivation tree (ISLa semantics). When witness is not NULL
 * and the outermost quantifiers are exists, it receives for each variable
 * the node bound in the first satisfying assignment (NULL where unbound),
 * the fields of their match expressions too (outside optional groups
 * `[...]`); it must have room for self->variable_count entries. */
SD_API bool sd_constraint_eval(const SdConstraint *self, const SdTree *tree, const SdNode **witness);

/* How far the tree is from satisfying self, for local search: where self
 * is a forall over the input's nodes, the number of nodes at which its body
 * fails (at most cap); otherwise 0 where self holds, 1 where not. */
SD_API uint32_t sd_constraint_violations(const SdConstraint *self, const SdTree *tree, uint32_t cap);

/* Nonterminals the constraint quantifies over (each once, in order of first
 * appearance); returns the count, writes up to max. */
SD_API uint32_t sd_constraint_symbols(const SdConstraint *self, SdSymbol *out, uint32_t max);

/* Arbitrary-precision helpers used by the evaluator and others: is text a
 * decimal numeral (optional sign, at least one digit)? Compare two numerals. */
SD_API bool sd_is_numeral(const char *text, size_t length);
SD_API int sd_compare_numerals(const char *a, size_t alen, const char *b, size_t blen);

#endif
