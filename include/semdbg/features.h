/* semdbg/features.h: input features per nonterminal (after Alhazen), the
 * columns of the matrix that the relevance model learns from.
 *
 * For every reachable nonterminal <N> of the grammar that is neither the start
 * symbol nor a generated (desugared EBNF) helper, in symbol order:
 *   exists(<N>)              1 if some <N> node occurs, else 0
 *   exists(<N> -> ALT)       1 if some <N> node chose ALT, else 0 (only when
 *                            <N> has two or more alternatives); ALT is written
 *                            as in the grammar: `<N> -> "sqrt"`, `<N> -> <a> <b>*`
 *   count(<N>)               number of <N> nodes
 *   len(<N>)                 longest text of an <N> node, in bytes; missing if none
 *   num(<N>)                 largest value of an <N> node whose text is a decimal
 *                            number ([+-]digits[.digits][(e|E)[+-]digits]);
 *                            missing if none; only for numeric nonterminals
 *                            (SdSymbolInfo.numeric); saturates at +-FLT_MAX
 * Missing values are NaN (XGBoost's "missing"). */
#ifndef SEMDBG_FEATURES_H
#define SEMDBG_FEATURES_H

#include "semdbg/export.h"

#include <stdbool.h>
#include <stdint.h>

#include "semdbg/grammar.h"
#include "semdbg/tree.h"

typedef enum SdFeatureKind {
  SD_FEATURE_EXISTS,      /* exists(<N>) */
  SD_FEATURE_ALTERNATIVE, /* exists(<N> -> alternative) */
  SD_FEATURE_COUNT,       /* count(<N>) */
  SD_FEATURE_LENGTH,      /* len(<N>) */
  SD_FEATURE_NUMBER,      /* num(<N>) */
} SdFeatureKind;

typedef struct SdFeatureSet SdFeatureSet; /* the feature columns for a grammar */

SD_API SdFeatureSet *sd_features_new(const SdGrammar *g);
SD_API void sd_features_free(SdFeatureSet *self);
SD_API uint32_t sd_features_count(const SdFeatureSet *self);
/* Readable name: "exists(<a>)", "<a> -> \"x\" <b>", "count(<a>)", "len(<a>)", "num(<a>)". */
SD_API const char *sd_features_name(const SdFeatureSet *self, uint32_t i);
SD_API SdSymbol sd_features_symbol(const SdFeatureSet *self, uint32_t i); /* nonterminal of feature i */
SD_API SdFeatureKind sd_features_kind(const SdFeatureSet *self, uint32_t i);
/* The alternative index of an SD_FEATURE_ALTERNATIVE feature; -1 otherwise. */
SD_API int32_t sd_features_alternative(const SdFeatureSet *self, uint32_t i);
/* Index of the feature with this name, or -1. */
SD_API int32_t sd_features_find(const SdFeatureSet *self, const char *name);
/* Fill row (sd_features_count entries) with the features of the tree, which
 * must be refreshed and of the same grammar. Linear in the tree size. */
SD_API void sd_features_extract(const SdFeatureSet *self, const SdTree *tree, float *row);

/* The numeric value of text if it is a decimal number (see above), saturated
 * to +-FLT_MAX; false if it is not a number. */
SD_API bool sd_features_parse_number(const char *text, uint32_t length, double *value);

#endif
