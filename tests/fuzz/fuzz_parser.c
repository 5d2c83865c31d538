/* fuzz_parser.c: libFuzzer target for the Earley parser on a fixed bundled
 * grammar (grammars/expression.bnf: left recursion, nesting, character
 * classes and EBNF). The input is the text to parse. A tree must spell the
 * input again; it is also printed as text and as JSON (which refuses trees
 * deeper than SD_TREE_JSON_MAX_DEPTH), cloned, and recognised without a tree,
 * which must agree with parsing. */
#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "semdbg/grammar.h"
#include "semdbg/parser.h"
#include "semdbg/tree.h"

static SdGrammar *grammar;
static SdParser *parser;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  grammar = fuzz_load_grammar("grammars/expression.bnf");
  parser = sd_parser_new(grammar);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size ? size : 1);
  memcpy(text, data, size);
  SdParseError err;
  SdTree *t = sd_parse(parser, -1, text, size, &err);
  bool accepted = sd_parser_accepts(parser, -1, text, size);
  if (!t) {
    if (accepted) {
      fprintf(stderr, "accepted, but no tree: %s\n", err.message);
      abort();
    }
    if (err.offset > size || err.line < 1 || err.column < 1) {
      fprintf(stderr, "error position out of range: offset %zu line %d column %d\n", err.offset,
              err.line, err.column);
      abort();
    }
    free(err.message);
    free(text);
    return 0;
  }
  if (!accepted || t->length != size || memcmp(t->text, text, size) != 0) {
    fprintf(stderr, "the tree does not spell the input (accepted: %d)\n", accepted);
    abort();
  }
  char *printed = sd_tree_to_text(t);
  free(printed);
  cJSON *json = sd_tree_to_json(t, NULL);
  if (json) cJSON_Delete(json);
  SdTree *copy = sd_tree_clone(t);
  if (copy->node_count != t->node_count || copy->length != t->length) abort();
  sd_tree_free(copy);
  sd_tree_free(t);
  free(text);
  return 0;
}
