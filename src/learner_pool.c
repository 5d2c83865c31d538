/* learner_pool.c: the unlabelled inputs a learner tells equivalent
 * candidates apart on (sd_learner_set_pool).
 *
 * Candidates that agree on every labelled input form one group, and only a
 * few members of a group are shown beside its best. A member that agrees
 * with the best on random inputs too is mostly a rewrite of it in the
 * grammar's terms; one that differs there is another hypothesis. The pool
 * is half inputs drawn from the grammar (where rewrites agree) and half
 * failing inputs with one or two parts derived anew (near the failures,
 * where a cause and its proxies part first), made by a fuzzer of its own
 * from a seed, so that the same seed gives the same pool. */
#include "semdbg/fuzzer.h"
#include "semdbg/learner.h"
#include "util.h"

/* t with one or two random nonterminal nodes derived anew. */
static void regrow_parts(SdFuzzer *f, const SdGrammar *g, SdTree *t) {
  SdRng *rng = sd_fuzzer_rng(f);
  uint32_t changes = 1 + sd_rng_below(rng, 2);
  for (uint32_t c = 0; c < changes; c++)
    for (int tries = 0; tries < 20 && t->node_count > 1; tries++) {
      SdNode *n = t->nodes[1 + sd_rng_below(rng, t->node_count - 1)];
      if (!sd_grammar_is_nonterminal(g, n->symbol)) continue;
      sd_fuzz_regenerate(f, t, n);
      break;
    }
}

uint32_t sd_learner_draw_pool(const SdGrammar *g, SdTree *const *failing, uint32_t n, uint64_t seed, SdTree **out) {
  SdFuzzerOptions fo = {.seed = seed ^ 0x9e3779b97f4a7c15ull, .max_size = 200};
  SdFuzzer *f = sd_fuzzer_new(g, &fo);
  uint32_t made = 0, drawn = n ? SD_LEARNER_POOL / 2 : SD_LEARNER_POOL;
  while (made < drawn) out[made++] = sd_fuzz_tree(f, -1);
  for (uint32_t i = 0; made < SD_LEARNER_POOL; i++) {
    SdTree *t = sd_tree_clone(failing[i % n]);
    regrow_parts(f, g, t);
    out[made++] = t;
  }
  sd_fuzzer_free(f);
  return made;
}
