/* grammar_internal.h: grammar analyses that other modules of the engine
 * share but that are no part of the public API. */
#ifndef SEMDBG_GRAMMAR_INTERNAL_H
#define SEMDBG_GRAMMAR_INTERNAL_H

#include <stdint.h>

#include "semdbg/grammar.h"

/* Strongly connected components of the nonterminals (an edge from a
 * nonterminal to each nonterminal in its alternatives): comp[s] receives the
 * component of symbol s (-1 for terminals), comp having room for
 * symbol_count entries; returns the number of components. Iterative, so a
 * chain of any number of nonterminals is fine. */
int32_t sd_grammar_components(const SdGrammar *self, int32_t *comp);

#endif
