/* semdbg/parser.h: an Earley parser for any grammar and any start symbol. */
#ifndef SEMDBG_PARSER_H
#define SEMDBG_PARSER_H

#include "semdbg/export.h"

#include "semdbg/grammar.h"
#include "semdbg/tree.h"

typedef struct SdParser SdParser;

typedef struct SdParseError {
  size_t offset;     /* byte offset of the first byte that could not be consumed */
  int line, column;  /* 1-based */
  char *message;     /* "unexpected 'x', expected one of \"0\"..\"9\", \" \"" */
} SdParseError;

SD_API SdParser *sd_parser_new(const SdGrammar *grammar);
SD_API void sd_parser_free(SdParser *self);
/* Parse input (any bytes) from symbol start (-1: the grammar's start). Returns
 * the tree, or NULL with *error filled in (free error->message; error may be
 * NULL when the reason is not wanted, which saves composing it). Among
 * several derivations it returns the first one the parser finds (see
 * parser.c for the exact rule): deterministic for the same grammar and input. */
SD_API SdTree *sd_parse(SdParser *self, SdSymbol start, const char *input, size_t length,
                        SdParseError *error);
/* Read and parse a file. NULL on failure, with *error (malloc'd) saying
 * "path: reason" or "path:line:col: unexpected ..., expected ...". */
SD_API SdTree *sd_parse_file(SdParser *self, SdSymbol start, const char *path, char **error);
/* Recognise only (no tree). */
SD_API bool sd_parser_accepts(SdParser *self, SdSymbol start, const char *input, size_t length);

#endif
