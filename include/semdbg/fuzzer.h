/* semdbg/fuzzer.h: random derivations from a grammar with a size bound. */
#ifndef SEMDBG_FUZZER_H
#define SEMDBG_FUZZER_H

#include "semdbg/export.h"

#include <stdint.h>

#include "semdbg/grammar.h"
#include "semdbg/tree.h"

typedef struct SdFuzzer SdFuzzer;

typedef struct SdFuzzerOptions {
  uint64_t seed;
  uint32_t max_size;   /* tree nodes per derivation (default 400) */
  uint32_t kpath;      /* 0: plain random; k>0: prefer unseen k-paths */
} SdFuzzerOptions;

SD_API SdFuzzer *sd_fuzzer_new(const SdGrammar *grammar, const SdFuzzerOptions *options);
SD_API void sd_fuzzer_free(SdFuzzer *self);
/* A fresh tree from symbol start (-1: grammar start). Always terminates. */
SD_API SdTree *sd_fuzz_tree(SdFuzzer *self, SdSymbol start);
/* A random derivation of symbol in tree's arena (not attached), with at most
 * max_size nodes where the grammar allows. */
SD_API SdNode *sd_fuzz_node(SdFuzzer *self, SdTree *tree, SdSymbol symbol, uint32_t max_size);
/* Like sd_fuzz_node, but always growing while under the bound: the result
 * has close to `size` nodes where the grammar allows (for long lists and big
 * numbers; sd_fuzz_node's sizes vary more). */
SD_API SdNode *sd_fuzz_node_sized(SdFuzzer *self, SdTree *tree, SdSymbol symbol, uint32_t size);
/* The cheapest derivation of symbol (fewest nodes), in tree's arena. */
SD_API SdNode *sd_fuzz_cheapest(SdFuzzer *self, SdTree *tree, SdSymbol symbol);
/* Like sd_fuzz_cheapest, with the lowest byte of each character class
 * (printable where it has one) instead of a random one: deterministic, and
 * two elements of one nonterminal come out the same text. */
SD_API SdNode *sd_fuzz_least(SdFuzzer *self, SdTree *tree, SdSymbol symbol);
/* Like sd_fuzz_least, with the highest byte of each class (printable where
 * it has one): "z" where the least is "A". */
SD_API SdNode *sd_fuzz_greatest(SdFuzzer *self, SdTree *tree, SdSymbol symbol);
/* Replace node by a fresh random derivation of its symbol; refreshes tree. */
SD_API SdNode *sd_fuzz_regenerate(SdFuzzer *self, SdTree *tree, SdNode *node);
/* k-path coverage so far: covered and total k-paths (total is an estimate). */
SD_API void sd_fuzzer_coverage(const SdFuzzer *self, uint32_t *covered, uint32_t *total);
/* The fuzzer's random number generator (shared by callers that want one stream). */
SD_API struct SdRng *sd_fuzzer_rng(SdFuzzer *self);

#endif
