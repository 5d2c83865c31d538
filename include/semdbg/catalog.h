/* semdbg/catalog.h: the pattern catalog: ISLa constraint templates with
 * placeholders, read from TOML files in the ISLearn/Avicenna layout:
 *
 *     # one-line description of the pattern (optional)
 *     [[Existential]]
 *     name = "String Existence"
 *     description = "some <X> equals a string"      # optional
 *     constraint = '''
 *     exists <?NONTERMINAL> elem in start:
 *       (= elem <?STRING>)
 *     '''
 *
 * Each [[Group]] table is one pattern; the table's name is its group.
 * Placeholders: <?NONTERMINAL> (a nonterminal, written <name>; as count()'s
 * second argument "<name>"), <?STRING> (a string literal; as the argument of
 * str.to.int, a numeric string), <?INTEGER> (an integer literal), and
 * ISLearn's <?MATCHEXPR(v, ...)> (a match expression of the quantifier it
 * is in) and <?DSTRINGS> (a set of strings). Patterns using placeholders
 * semdbg does not know are skipped with a warning.
 * Instantiation is textual: sd_pattern_instantiate() substitutes the values
 * and the result is parsed with sd_constraint_parse(). */
#ifndef SEMDBG_CATALOG_H
#define SEMDBG_CATALOG_H

#include "semdbg/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "semdbg/grammar.h"

typedef enum SdPlaceholderKind {
  SD_PLACEHOLDER_NONTERMINAL,    /* <?NONTERMINAL> -> <name> */
  SD_PLACEHOLDER_STRING,         /* <?STRING> -> "text" */
  SD_PLACEHOLDER_INTEGER,        /* <?INTEGER> -> 42 */
  SD_PLACEHOLDER_NUMERIC_STRING, /* <?STRING> inside str.to.int( ) -> "42" */
  SD_PLACEHOLDER_MATCHEXPR,      /* {<?MATCHEXPR(a, b)>} in a match expression (the braces
                                    included) -> "{<x> a} := {<y> b}": an alternative of the
                                    quantified nonterminal, the variables at its nonterminals */
  SD_PLACEHOLDER_DSTRINGS,       /* <?DSTRINGS>: a set of strings, the atom holding it
                                    becomes a disjunction (one copy per string) */
  SD_PLACEHOLDER_NONTERMINAL_STRING, /* <?NONTERMINAL> as count()'s second argument ->
                                    "<name>" (ISLearn: a nonterminal string) */
  SD_PLACEHOLDER_CHARSET,        /* <?CHARSET> -> a regex matching one character of a class
                                    the grammar's character sets make: re.range("A", "Z") */
} SdPlaceholderKind;

/* Does the placeholder take a nonterminal (counted in nonterminal_count)? */
static inline bool sd_placeholder_is_nonterminal(SdPlaceholderKind k) {
  return k == SD_PLACEHOLDER_NONTERMINAL || k == SD_PLACEHOLDER_NONTERMINAL_STRING;
}

typedef struct SdPlaceholder {
  SdPlaceholderKind kind;
  uint32_t offset, length; /* where it is in the pattern's constraint text */
  bool record;             /* written <?RECORD>: a SD_PLACEHOLDER_NONTERMINAL that takes only
                              nonterminals that can occur more than once and do not nest in
                              themselves (a delivery of a list, not an expression's term) */
} SdPlaceholder;

typedef struct SdPattern {
  char *group;             /* the [[Group]] table name */
  char *name;
  char *description;       /* `description` key, else the comment above the table; may be NULL */
  char *constraint;        /* template text */
  int line;                /* of the [[Group]] header */
  int constraint_line;     /* of the template's first line */
  SdPlaceholder *placeholders; /* in order of appearance */
  uint32_t placeholder_count;
  uint32_t nonterminal_count;  /* how many of them are <?NONTERMINAL> (either kind) */
} SdPattern;

typedef struct SdCatalog SdCatalog;

/* Read a catalog. Syntax errors (file:line:col in diags) make it return NULL;
 * unsupported patterns are skipped with a warning. */
SD_API SdCatalog *sd_catalog_load(const char *path, SdDiagnostics *diags);
SD_API SdCatalog *sd_catalog_parse(const char *text, size_t length, const char *path,
                                   SdDiagnostics *diags);
/* The default catalog: $SEMDBG_PATTERNS if set, else the bundled
 * patterns/default.toml, searched as semdbg/datadir.h says (beside the
 * executable's ../share/semdbg, beside the library, then the source tree).
 * When none exists, the path is where the install layout has it (and loading
 * it fails naming that path). */
SD_API SdCatalog *sd_catalog_default(SdDiagnostics *diags);
SD_API const char *sd_catalog_default_path(void);
SD_API void sd_catalog_free(SdCatalog *self);

SD_API const char *sd_catalog_path(const SdCatalog *self);
SD_API uint32_t sd_catalog_count(const SdCatalog *self);
SD_API const SdPattern *sd_catalog_pattern(const SdCatalog *self, uint32_t index);
/* Patterns skipped at load (unsupported placeholders). */
SD_API uint32_t sd_catalog_skipped(const SdCatalog *self);

/* Substitute values[i] (text as is: "<digit>", "\"sqrt\"", "42") for
 * placeholder i; malloc'd. */
SD_API char *sd_pattern_instantiate(const SdPattern *self, const char *const *values);
/* Check that every pattern parses with the grammar after instantiating its
 * placeholders with sample values (the first nonterminals of the grammar);
 * patterns that do not are reported as errors naming the pattern (warnings
 * when warn_only). A pattern with no instance in the grammar (a
 * <?MATCHEXPR> no nonterminal can match) is left out silently. Returns the
 * number of patterns that parse. */
SD_API uint32_t sd_catalog_check(const SdCatalog *self, const SdGrammar *grammar, bool warn_only,
                                 SdDiagnostics *diags);

#endif
