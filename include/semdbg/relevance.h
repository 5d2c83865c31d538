/* semdbg/relevance.h: which nonterminals matter for a failure. An XGBoost
 * classifier learns failing vs passing from the input features (features.h);
 * TreeSHAP contributions, averaged in absolute value over the inputs and
 * summed per nonterminal, rank the nonterminals. The smallest prefix of the
 * ranking that carries `share` of the total score is kept (within [min_k,
 * max_k]), plus grammar ancestors and descendants of kept nonterminals that have a
 * feature strongly correlated (|Pearson r| >= 0.9) with a used feature of a kept one,
 * plus peers: nonterminals with the same alternatives as one kept by score. */
#ifndef SEMDBG_RELEVANCE_H
#define SEMDBG_RELEVANCE_H

#include "semdbg/export.h"

#include <stdbool.h>
#include <stdint.h>

#include "semdbg/features.h"
#include "semdbg/grammar.h"
#include "semdbg/tree.h"

typedef struct SdRelevanceOptions {
  uint64_t seed;   /* XGBoost seed, taken modulo 2^31 (default 0) */
  uint32_t min_k;  /* keep at least this many nonterminals with a score > 0 (default 1) */
  uint32_t max_k;  /* and at most this many by score, correlated ancestors aside (default 5) */
  double share;    /* keep the smallest top set whose scores reach this share of the total (0.9) */
  /* beyond the minimum: */
  double correlation; /* |Pearson r| threshold for correlated relatives (0.9; > 1 disables) */
  uint32_t rounds;    /* boosting rounds (50) */
  uint32_t max_depth; /* tree depth (4) */
  uint32_t neighbours; /* while fewer than this many are kept, the neighbours of those kept by
                          score in an alternative join (0 = none, the default; the debugger: 2) */
} SdRelevanceOptions;
SD_API void sd_relevance_options_init(SdRelevanceOptions *self);

typedef enum SdRelevanceStatus {
  SD_RELEVANCE_MODEL,       /* a model was trained; scores are mean |SHAP| */
  SD_RELEVANCE_ONE_CLASS,   /* all inputs failing or all passing: no model; scores are
                               the share of inputs in which the nonterminal occurs,
                               nothing is kept */
  SD_RELEVANCE_NO_FEATURES, /* every feature is constant over the inputs: all scores 0,
                               nothing kept */
} SdRelevanceStatus;

typedef struct SdRelevantSymbol {
  SdSymbol symbol;
  double score;             /* sum of its features' mean |SHAP| (log-odds units) */
  bool kept;
  bool correlated_ancestor; /* kept because a feature correlates with a kept descendant's */
  bool correlated_descendant; /* kept because a feature correlates with a kept ancestor's */
  const char *top_feature;  /* its feature with the highest score (NULL if none) */
  int32_t top_feature_index;/* index into the feature set, -1 if none */
  /* for correlated relatives: the kept nonterminal and the correlated feature pair */
  SdSymbol correlated_with;
  int32_t correlated_feature, correlated_other; /* feature of this symbol, of the kept one */
  double correlation;       /* Pearson r of that pair */
  /* kept because it has the shape of a nonterminal kept by score (the same
     alternatives: <x> ::= <number> and <y> ::= <number>): a cause that
     relates two values of one kind needs both, while the model may credit
     only one of them */
  bool peer;
  SdSymbol peer_of;
  /* kept because it stands beside a lone nonterminal kept by score in one
     alternative (`<payload-length> " " <payload>`): a model that one
     feature separates credits only that one, while the cause may relate it
     to its neighbour (the payload's length against the declared one) */
  bool sibling;
  SdSymbol sibling_of;
} SdRelevantSymbol;

typedef struct SdRelevance {
  SdRelevanceStatus status;
  SdRelevantSymbol *ranked; /* every feature nonterminal, best first; ties by symbol index */
  uint32_t count;
  uint32_t kept;            /* number of ranked entries with kept = true (not a prefix:
                               correlated ancestors may rank lower) */
  /* per feature of `features` (sd_features_count entries): */
  SdFeatureSet *features;   /* owned; names of top_feature point into it */
  double *feature_scores;   /* mean |SHAP| over the inputs (0 for dropped columns) */
  bool *feature_used;       /* false for columns dropped as constant */
  uint32_t used_features;
  uint32_t inputs, failing; /* inputs given, of which failing */
  double bias;              /* mean SHAP bias column (the model's base margin) */
  double train_accuracy;    /* of the model on its training inputs (status MODEL) */
} SdRelevance;

/* Rank the nonterminals of g by relevance for failing[i] over trees[0..n).
 * Returns NULL with *error (malloc'd; may be NULL) when n == 0 or XGBoost
 * fails; otherwise a result whose status says whether a model was possible. */
SD_API SdRelevance *sd_relevance_compute(const SdGrammar *g, SdTree *const *trees, const bool *failing,
                                         uint32_t n, const SdRelevanceOptions *opts, char **error);
/* The same from a precomputed matrix rows x sd_features_count(features), row-major;
 * takes ownership of features. */
SD_API SdRelevance *sd_relevance_compute_matrix(const SdGrammar *g, SdFeatureSet *features,
                                                const float *matrix, const bool *failing, uint32_t n,
                                                const SdRelevanceOptions *opts, char **error);
SD_API void sd_relevance_free(SdRelevance *self);

/* The entry of symbol s in the ranking, or NULL. */
SD_API const SdRelevantSymbol *sd_relevance_find(const SdRelevance *self, SdSymbol s);
/* JSON (cJSON) object describing the result (schema in docs/relevance.md). */
SD_API struct cJSON *sd_relevance_to_json(const SdRelevance *self, const SdGrammar *g);

/* "XGBoost <what>: <message>" from an XGBGetLastError() text: its first line
 * without the "[hh:mm:ss] file:line: " prefix (malloc'd). */
SD_API char *sd_relevance_clean_error(const char *what, const char *raw);

#endif
