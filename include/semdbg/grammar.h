/* semdbg/grammar.h: context-free grammars in ISLa BNF (plus character classes
 * and EBNF, desugared on load), validated and analysed. */
#ifndef SEMDBG_GRAMMAR_H
#define SEMDBG_GRAMMAR_H

#include "semdbg/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef int32_t SdSymbol; /* index into the grammar's symbol table; -1 = none */

typedef enum SdSymbolKind {
  SD_SYM_NONTERMINAL, /* <name> */
  SD_SYM_LITERAL,     /* "text": matches exactly these bytes (may be empty) */
  SD_SYM_CHARSET,     /* [a-z]: matches one byte of a set */
} SdSymbolKind;

typedef struct SdAlternative {
  SdSymbol *symbols;
  uint32_t count;
  uint32_t min_size;   /* fewest tree nodes of a derivation with this alternative */
  uint32_t min_length; /* fewest bytes of text */
} SdAlternative;

typedef struct SdSymbolInfo {
  SdSymbolKind kind;
  char *name;          /* "<name>" for nonterminals; quoted text or [class] for terminals */
  char *bytes;         /* literal bytes (SD_SYM_LITERAL) */
  uint32_t length;     /* literal length */
  uint8_t set[32];     /* byte set (SD_SYM_CHARSET) */
  SdAlternative *alternatives; /* nonterminals only */
  uint32_t alternative_count;
  /* analysis */
  bool nullable;       /* derives the empty string */
  bool productive;     /* derives some finite string */
  bool reachable;      /* from the start symbol */
  bool regular;        /* its language is regular (no self-embedding recursion) */
  bool generated;      /* introduced by desugaring EBNF/character classes */
  bool numeric;        /* some derivation is an integer numeral (optional sign) */
  bool decimal;        /* some derivation is a numeral with a fraction ("4.350") */
  bool lexical;        /* derives through terminals and generated lexical symbols only (a word, not a structure) */
  uint8_t once;        /* sd_grammar_exactly_once's answer, made on first need: 0 not yet, 1 no, 2 yes */
  uint8_t computes;    /* sd_grammar_computes's answer, made on first need: 0 not yet, 1 no, 2 yes */
  uint32_t min_size;   /* fewest tree nodes in a derivation (terminal: 1) */
  uint32_t min_length; /* fewest bytes in a derivation */
  uint32_t min_depth;  /* smallest derivation depth (terminal: 0) */
  int32_t cheapest_alternative; /* alternative reaching min_size (-1 terminals) */
  int line, column;    /* where defined (nonterminals), or first used */
} SdSymbolInfo;

typedef struct SdGrammar {
  char *path;          /* file name used in messages */
  SdSymbolInfo *symbols;
  uint32_t symbol_count;
  SdSymbol start;
  uint32_t nonterminal_count;
} SdGrammar;

/* Diagnostics: every error and warning carries a position. */
typedef struct SdDiagnostic {
  char *path;
  int line, column;
  char *message;
  bool is_warning;
} SdDiagnostic;

typedef struct SdDiagnostics {
  SdDiagnostic *items;
  uint32_t size, capacity;
} SdDiagnostics;

SD_API void sd_diagnostics_add(SdDiagnostics *self, bool warning, const char *path, int line,
                               int column, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
SD_API bool sd_diagnostics_has_error(const SdDiagnostics *self);
/* Print as "path:line:col: error: message" to the stream. */
SD_API void sd_diagnostics_print(const SdDiagnostics *self, void *file /* FILE* */);
SD_API void sd_diagnostics_free(SdDiagnostics *self);

/* Deepest nesting of ( ) groups in a rule: deeper is an error (not a stack overflow). */
#define SD_GRAMMAR_MAX_GROUP_DEPTH 1000

/* Parse grammar text (len bytes; no NUL needed after them). start_name is
 * "<start>" when NULL. Returns NULL on any error (all of them are in diags);
 * warnings may be present either way. */
SD_API SdGrammar *sd_grammar_parse(const char *text, size_t len, const char *path,
                                   const char *start_name, SdDiagnostics *diags);
SD_API SdGrammar *sd_grammar_load(const char *path, const char *start_name, SdDiagnostics *diags);
SD_API void sd_grammar_free(SdGrammar *self);

/* Symbol lookup by name, with or without angle brackets ("<digit>" or "digit"). */
SD_API SdSymbol sd_grammar_find(const SdGrammar *self, const char *name);
static inline const SdSymbolInfo *sd_grammar_symbol(const SdGrammar *self, SdSymbol s) {
  return &self->symbols[s];
}
static inline bool sd_grammar_is_nonterminal(const SdGrammar *self, SdSymbol s) {
  return self->symbols[s].kind == SD_SYM_NONTERMINAL;
}
/* Does byte c match terminal s at the start of a string? (charset only) */
static inline bool sd_charset_has(const SdSymbolInfo *s, unsigned char c) {
  return (s->set[c >> 3] >> (c & 7)) & 1;
}
/* Can a <b> node occur inside a <a> subtree (a != b), per the grammar? */
SD_API bool sd_grammar_can_contain(const SdGrammar *self, SdSymbol a, SdSymbol b);

/* Does every input derived from the start symbol contain exactly one <s>
 * node? (Then `exists <s>` and `forall <s>` mean the same, and people can
 * read a plain `<s>`.) */
SD_API bool sd_grammar_exactly_once(const SdGrammar *self, SdSymbol s);
/* Does every derivation of `container` hold at most one `target`? */
SD_API bool sd_grammar_at_most_once_in(const SdGrammar *self, SdSymbol container, SdSymbol target);
/* Can s derive an arithmetic expression: a text with a parenthesis, `*`,
 * `/` or `%`, or a `+` or `-` written after something else in its rule (an
 * infix operator, not a numeral's sign)? (arith.value adds nothing to
 * str.to.int elsewhere.) */
SD_API bool sd_grammar_computes(const SdGrammar *self, SdSymbol s);

/* The smallest nonterminal (not the start, not made by desugaring) that may
 * occur more than once and can hold both x and y: the record within which
 * two elements belong together (one <delivery> of a list); -1 when there is
 * none. */
SD_API SdSymbol sd_grammar_common_scope(const SdGrammar *self, SdSymbol x, SdSymbol y);

/* The name people read: "<name>" for the grammar's own nonterminals and
 * terminals' quoted text, and for nonterminals made by desugaring the EBNF
 * they came from ("<digit>*", "(\",\" <item>)*"); malloc'd. */
SD_API char *sd_grammar_display_name(const SdGrammar *self, SdSymbol s);
/* Append an alternative in the same notation to buf (an SdBuf *). */
SD_API void sd_grammar_render_alternative(const SdGrammar *self, const SdAlternative *alt, void *buf);

/* Print the grammar back in (ISLa) BNF. */
SD_API char *sd_grammar_to_bnf(const SdGrammar *self);
/* The number of derivations of symbol into *count, when they are finitely
 * many and at most cap (an unambiguous grammar has one text per derivation;
 * an ambiguous one fewer texts); false otherwise. No recursion: any grammar
 * size. (grammar_count.c) */
SD_API bool sd_grammar_count_derivations(const SdGrammar *self, SdSymbol symbol, uint64_t cap, uint64_t *count);
/* Call fn with every text symbol derives (once per derivation), when they
 * are at most cap; false when they are more, infinitely many, nested too
 * deep to list, or fn returned false. (grammar_count.c) */
SD_API bool sd_grammar_each_text(const SdGrammar *self, SdSymbol symbol, uint32_t cap,
                                 bool (*fn)(void *ctx, const char *text, size_t length), void *ctx);

#endif
