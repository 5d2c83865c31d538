/* bench_learner.c: throughput of the learner with the default catalog on
 * 1,000 fuzzed JSON inputs (label: some number is negative), with 5 and with
 * 15 relevant nonterminals: candidates instantiated and evaluations per
 * second, then the cost of re-learning after 100 more inputs (the cache
 * evaluates only the new ones).
 * Usage: bench_learner [inputs] [cause] (run from the project root; `cause`:
 * the debugger's precision-first setting, min_precision 1 and min_recall 0.05). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "semdbg/catalog.h"
#include "semdbg/fuzzer.h"
#include "semdbg/learner.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static bool negative_number(const SdTree *t) {
  SdSymbol s = sd_grammar_find(t->grammar, "<integer>");
  for (uint32_t i = 0; s >= 0 && i < t->by_symbol_count[s]; i++)
    if (t->text[t->nodes[t->by_symbol[s][i]]->start] == '-') return true;
  return false;
}

int main(int argc, char **argv) {
  uint32_t n = argc > 1 ? (uint32_t)atoi(argv[1]) : 1000;
  bool cause = argc > 2 && !strcmp(argv[2], "cause");
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_load("grammars/json.bnf", NULL, &d);
  SdCatalog *cat = sd_catalog_default(&d);
  if (!g || !cat) {
    sd_diagnostics_print(&d, stderr);
    return 1;
  }
  SdFuzzerOptions fo = {.seed = 1, .max_size = 300};
  SdFuzzer *f = sd_fuzzer_new(g, &fo);
  uint32_t total = n + 100;
  SdTree **trees = calloc(total, sizeof *trees);
  bool *failing = calloc(total, 1);
  uint32_t nfail = 0;
  for (uint32_t i = 0; i < total; i++) {
    trees[i] = sd_fuzz_tree(f, -1);
    failing[i] = negative_number(trees[i]);
    nfail += i < n && failing[i];
  }
  /* the grammar's own nonterminals (not the EBNF helpers), start excluded */
  SdSymbol rel[32];
  uint32_t avail = 0;
  for (uint32_t s = 0; s < g->symbol_count && avail < 32; s++)
    if (g->symbols[s].kind == SD_SYM_NONTERMINAL && !g->symbols[s].generated &&
        (SdSymbol)s != g->start)
      rel[avail++] = (SdSymbol)s;
  printf("default catalog: %u patterns; %u inputs (%u failing), json grammar%s\n",
         sd_catalog_count(cat), n, nfail, cause ? ", cause mode" : "");
  uint32_t ks[] = {5, 15};
  for (int r = 0; r < 2; r++) {
    uint32_t k = ks[r] < avail ? ks[r] : avail;
    SdLearnerOptions lo;
    sd_learner_options_init(&lo);
    if (cause) lo.min_precision = 1.0, lo.min_recall = 0.05;
    SdLearner *l = sd_learner_new(g, cat, &lo);
    sd_learner_add(l, trees, failing, n);
    double t0 = now();
    sd_learner_learn(l, rel, k);
    double t1 = now();
    SdLearnerStats st;
    sd_learner_stats(l, &st);
    printf("k=%2u: %.3f s  templates %llu  candidates %llu (%.0f/s)  pruned %llu  "
           "evaluations %llu (%.0f/s)  combinations %llu  ranked %u\n",
           k, t1 - t0, (unsigned long long)st.templates, (unsigned long long)st.instantiated,
           st.instantiated / (t1 - t0), (unsigned long long)st.pruned,
           (unsigned long long)st.evaluations, st.evaluations / (t1 - t0),
           (unsigned long long)st.combinations, sd_learner_candidate_count(l));
    const SdCandidate *top = sd_learner_candidate(l, 0);
    if (top)
      printf("      top: recall %.3f precision %.3f  %s\n", top->recall, top->precision, top->text);
    sd_learner_add(l, trees + n, failing + n, 100);
    double t2 = now();
    sd_learner_learn(l, rel, k);
    double t3 = now();
    SdLearnerStats st2;
    sd_learner_stats(l, &st2);
    printf("      +100 inputs: %.3f s, %llu evaluations\n", t3 - t2,
           (unsigned long long)(st2.evaluations - st.evaluations));
    sd_learner_free(l);
  }
  for (uint32_t i = 0; i < total; i++) sd_tree_free(trees[i]);
  free(trees);
  free(failing);
  sd_fuzzer_free(f);
  sd_catalog_free(cat);
  sd_grammar_free(g);
  sd_diagnostics_free(&d);
  return 0;
}
