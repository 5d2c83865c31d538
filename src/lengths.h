/* lengths.h: which text lengths each grammar symbol derives, and words of
 * an exact length drawn at random (internal to the solver). */
#ifndef SEMDBG_LENGTHS_H
#define SEMDBG_LENGTHS_H

#include <stdbool.h>
#include <stdint.h>

#include "semdbg/grammar.h"
#include "util.h"

typedef struct SdLengths SdLengths;

/* Lengths up to max_length (at most SD_LENGTHS_MAX) are tracked. */
#define SD_LENGTHS_MAX 1023
SdLengths *sd_lengths_new(const SdGrammar *g, uint32_t max_length);
void sd_lengths_free(SdLengths *self);
uint32_t sd_lengths_max(const SdLengths *self);
/* The longest word symbol derives, or UINT32_MAX when it derives words as
 * long as the tracked maximum (perhaps longer). */
uint32_t sd_lengths_longest(const SdLengths *self, SdSymbol symbol);
/* Whether symbol derives a word of exactly length bytes. */
bool sd_lengths_possible(const SdLengths *self, SdSymbol symbol, uint32_t length);
/* A word of exactly length bytes derived from symbol, drawn at random
 * (malloc'd, NUL-terminated; *out_length = length), or NULL when there is
 * none within the tracked lengths or the draw ran too deep. */
char *sd_lengths_sample(const SdLengths *self, SdSymbol symbol, uint32_t length, SdRng *rng);

#endif
