/* bench_constraint.c: evaluations per second of two-quantifier constraints
 * on Heartbleed requests whose derivation trees have about 100, 10k and
 * 100k nodes (a longer payload and padding make a bigger tree). Each
 * constraint is evaluated repeatedly for at least 0.3 s per tree.
 *   exists-exists: the Heartbleed truth (one binding per quantifier: cost
 *                  independent of the tree size, thanks to the symbol index)
 *   forall-exists: forall <char> c: exists <digit> d: ... (one binding of c
 *                  per payload/padding character: linear in the tree)
 * Usage: bench_constraint (run from the project root). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "semdbg/constraint.h"
#include "semdbg/parser.h"
#include "util.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void) {
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_load("grammars/heartbleed.bnf", NULL, &d);
  sd_diagnostics_free(&d);
  if (!g) {
    fprintf(stderr, "run from the project root (grammars/heartbleed.bnf)\n");
    return 1;
  }
  const char *texts[2] = {
      "exists <payload-length> n: exists <payload> p: str.to.int(n) > str.len(p)",
      "forall <char> c: exists <digit> d: (str.len(c) = 1 and str.to.int(d) >= 0)",
  };
  const char *names[2] = {"exists-exists", "forall-exists"};
  SdConstraint *cs[2];
  for (int i = 0; i < 2; i++) {
    SdConstraintError e;
    cs[i] = sd_constraint_parse(g, texts[i], strlen(texts[i]), &e);
    if (!cs[i]) {
      fprintf(stderr, "%s\n", e.message);
      return 1;
    }
  }
  SdParser *parser = sd_parser_new(g);
  size_t chars[3] = {12, 1600, 16000};
  printf("%-14s %8s %14s %12s\n", "constraint", "nodes", "evals/s", "us/eval");
  for (int k = 0; k < 3; k++) {
    SdBuf in = {0};
    sd_buf_puts(&in, "\x01 123 ");
    for (size_t i = 0; i < chars[k]; i++) sd_buf_putc(&in, "abcxyz0189"[i % 10]);
    sd_buf_putc(&in, ' ');
    for (size_t i = 0; i < chars[k]; i++) sd_buf_putc(&in, "pad"[i % 3]);
    SdParseError pe;
    SdTree *t = sd_parse(parser, -1, in.data, in.len, &pe);
    if (!t) {
      fprintf(stderr, "parse: %s\n", pe.message);
      return 1;
    }
    for (int i = 0; i < 2; i++) {
      bool expect = sd_constraint_eval(cs[i], t, NULL);
      long n = 0;
      double start = now(), elapsed;
      do {
        for (int r = 0; r < 16; r++)
          if (sd_constraint_eval(cs[i], t, NULL) != expect) return 1;
        n += 16;
        elapsed = now() - start;
      } while (elapsed < 0.3);
      printf("%-14s %8u %14.0f %12.3f\n", names[i], t->node_count, n / elapsed,
             elapsed / n * 1e6);
    }
    sd_tree_free(t);
    sd_buf_free(&in);
  }
  sd_parser_free(parser);
  for (int i = 0; i < 2; i++) sd_constraint_free(cs[i]);
  sd_grammar_free(g);
  return 0;
}
