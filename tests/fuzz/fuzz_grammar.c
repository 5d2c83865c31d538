/* fuzz_grammar.c: libFuzzer target for the grammar loader. The input is the
 * text of a grammar file, handed to sd_grammar_parse() without a terminating
 * NUL (so that reading past the length shows under ASan). A grammar that
 * loads is printed back as BNF, which must load again, and an Earley parser
 * is built for it and run on a few bytes of the input, so that the analysis
 * (nullable, productive, minimal sizes) and the parser meet every grammar
 * shape the loader accepts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "semdbg/grammar.h"
#include "semdbg/parser.h"
#include "semdbg/tree.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* an exact-size copy: the loader must not read past size */
  char *text = malloc(size ? size : 1);
  memcpy(text, data, size);
  SdDiagnostics diags = {0};
  SdGrammar *g = sd_grammar_parse(text, size, "fuzz.bnf", NULL, &diags);
  if (g) {
    char *bnf = sd_grammar_to_bnf(g);
    SdDiagnostics again = {0};
    SdGrammar *g2 = sd_grammar_parse(bnf, strlen(bnf), "printed.bnf", g->symbols[g->start].name, &again);
    if (!g2) {
      fprintf(stderr, "the printed grammar does not load:\n%s\n", bnf);
      sd_diagnostics_print(&again, stderr);
      abort();
    }
    sd_grammar_free(g2);
    sd_diagnostics_free(&again);
    free(bnf);
    SdParser *p = sd_parser_new(g);
    /* the last up to 16 bytes of the grammar text as an input */
    size_t n = size < 16 ? size : 16;
    SdParseError err;
    SdTree *t = sd_parse(p, -1, text + size - n, n, &err);
    if (t) {
      if (t->length != n || memcmp(t->text, text + size - n, n) != 0) {
        fprintf(stderr, "the tree's text differs from the input\n");
        abort();
      }
      sd_tree_free(t);
    } else {
      free(err.message);
    }
    sd_parser_free(p);
    sd_grammar_free(g);
  }
  sd_diagnostics_free(&diags);
  free(text);
  return 0;
}
