/* fuzz_constraint.c: libFuzzer target for the constraint parser and
 * evaluator. The input is ISLa text, parsed against a fixed bundled grammar
 * (grammars/heartbleed.bnf); a constraint that parses is printed as ISLa,
 * which must parse back to an equal constraint, printed in the short form,
 * put in negation normal form, negated and simplified, and every one of
 * them is evaluated on a fixed tree (examples/heartbleed/fail.txt parsed
 * with the grammar). Evaluation polls no clock here: a constraint whose
 * evaluation takes long shows as a libFuzzer timeout. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "semdbg/constraint.h"
#include "fuzz_common.h"
#include "semdbg/grammar.h"
#include "semdbg/parser.h"
#include "semdbg/tree.h"

static SdGrammar *grammar;
static SdTree *tree;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  grammar = fuzz_load_grammar("grammars/heartbleed.bnf");
  SdParser *p = sd_parser_new(grammar);
  char *error = NULL;
  tree = sd_parse_file(p, -1, SEMDBG_SOURCE_DIR "/examples/heartbleed/fail.txt", &error);
  if (!tree) {
    fprintf(stderr, "%s\n", error);
    abort();
  }
  sd_parser_free(p);
  return 0;
}

static void evaluate(const SdConstraint *c) {
  const SdNode **witness = calloc(c->variable_count + 1, sizeof *witness);
  sd_constraint_eval(c, tree, witness);
  free(witness);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size ? size : 1);
  memcpy(text, data, size);
  SdConstraintError err;
  SdConstraint *c = sd_constraint_parse(grammar, text, size, &err);
  if (!c) {
    if (err.line < 1 || err.column < 1 || !err.message) abort();
    free(err.message);
    free(text);
    return 0;
  }
  char *isla = sd_constraint_to_isla(c);
  SdConstraint *back = sd_constraint_parse(grammar, isla, strlen(isla), &err);
  if (!back) {
    fprintf(stderr, "printed ISLa does not parse: %s\n  %s\n", err.message, isla);
    abort();
  }
  if (!sd_constraint_equal(c, back) || sd_constraint_hash(c) != sd_constraint_hash(back)) {
    fprintf(stderr, "printed ISLa parses to another constraint:\n  %s\n", isla);
    abort();
  }
  free(sd_constraint_to_short(c));
  evaluate(c);
  SdConstraint *derived[3] = {sd_constraint_nnf(c), sd_constraint_negate(c), sd_constraint_simplify(c)};
  for (int i = 0; i < 3; i++) {
    free(sd_constraint_to_short(derived[i]));
    evaluate(derived[i]);
    sd_constraint_free(derived[i]);
  }
  sd_constraint_free(back);
  free(isla);
  sd_constraint_free(c);
  free(text);
  return 0;
}
