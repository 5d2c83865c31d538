/* bench_relevance.c: timings of feature extraction and of the relevance model
 * (XGBoost training + TreeSHAP) on fuzzed JSON inputs. Inputs come from the
 * fuzzer (json grammar); the label is a synthetic failure that depends on two
 * features: len(<string>) > 4 and count(<value>) >= 5. Prints, per set size, the
 * fuzzing time, extraction time per input, training + SHAP time and the top of
 * the ranking.
 *
 * usage: bench_relevance [SIZE...]   (default: 200 2000 20000; run from the
 * project root or give SEMDBG_SOURCE_DIR's grammars) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "semdbg/features.h"
#include "semdbg/fuzzer.h"
#include "semdbg/relevance.h"
#include "util.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Failure: some <string> is longer than 4 bytes (quotes included) and the
 * input has at least 5 <value>s. */
static bool label(const SdTree *t, SdSymbol string, SdSymbol value) {
  if (t->by_symbol_count[value] < 5) return false;
  for (uint32_t i = 0; i < t->by_symbol_count[string]; i++) {
    const SdNode *n = t->nodes[t->by_symbol[string][i]];
    if (n->end - n->start > 4) return true;
  }
  return false;
}

static void run(const SdGrammar *g, uint32_t n) {
  SdFuzzerOptions fo = {.seed = 42, .max_size = 400};
  SdFuzzer *fz = sd_fuzzer_new(g, &fo);
  SdTree **trees = sd_xcalloc(n, sizeof *trees);
  bool *failing = sd_xcalloc(n, sizeof *failing);
  SdSymbol string = sd_grammar_find(g, "<string>"), value = sd_grammar_find(g, "<value>");
  double t0 = now();
  uint64_t nodes = 0;
  uint32_t nfail = 0;
  for (uint32_t i = 0; i < n; i++) {
    trees[i] = sd_fuzz_tree(fz, -1);
    failing[i] = label(trees[i], string, value);
    nfail += failing[i];
    nodes += trees[i]->node_count;
  }
  double t1 = now();
  SdFeatureSet *fs = sd_features_new(g);
  uint32_t nf = sd_features_count(fs);
  float *m = sd_xmalloc((size_t)n * nf * sizeof *m);
  for (uint32_t i = 0; i < n; i++) sd_features_extract(fs, trees[i], m + (size_t)i * nf);
  double t2 = now();
  SdRelevanceOptions o;
  sd_relevance_options_init(&o);
  char *err = NULL;
  SdRelevance *r = sd_relevance_compute_matrix(g, fs, m, failing, n, &o, &err);
  double t3 = now();
  printf("%6u inputs (%u failing, %.0f nodes/input), %u features: fuzz %.3f s, "
         "extract %.2f us/input (%.1f ns/node), train+SHAP %.3f s\n",
         n, nfail, (double)nodes / n, nf, t1 - t0, (t2 - t1) * 1e6 / n, (t2 - t1) * 1e9 / nodes,
         t3 - t2);
  if (!r) {
    printf("       error: %s\n", err ? err : "?");
  } else {
    printf("       %u features used, accuracy %.3f, kept:", r->used_features, r->train_accuracy);
    for (uint32_t i = 0; i < r->count; i++)
      if (r->ranked[i].kept)
        printf(" %s (%.3f, %s)", g->symbols[r->ranked[i].symbol].name, r->ranked[i].score,
               r->ranked[i].top_feature ? r->ranked[i].top_feature : "-");
    printf("\n");
  }
  fflush(stdout);
  free(err);
  sd_relevance_free(r);
  free(m);
  for (uint32_t i = 0; i < n; i++) sd_tree_free(trees[i]);
  free(trees);
  free(failing);
  sd_fuzzer_free(fz);
}

int main(int argc, char **argv) {
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_load("grammars/json.bnf", NULL, &d);
  if (!g) {
    sd_diagnostics_free(&d);
    g = sd_grammar_load(SEMDBG_SOURCE_DIR "/grammars/json.bnf", NULL, &d);
  }
  sd_diagnostics_print(&d, stderr);
  sd_diagnostics_free(&d);
  if (!g) return 1;
  if (argc > 1) {
    for (int i = 1; i < argc; i++) run(g, (uint32_t)strtoul(argv[i], NULL, 10));
  } else {
    run(g, 200);
    run(g, 2000);
    run(g, 20000);
  }
  sd_grammar_free(g);
  return 0;
}
