/* relevance.c: ranks nonterminals by their relevance for a failure.
 *
 * The feature matrix (features.c) loses its constant columns, then trains an
 * XGBoost binary classifier (failing = 1) through the C API with settings that
 * are deterministic (seed, one thread everywhere) and suit small sets (depth 4,
 * eta 0.3, 50 rounds, small min_child_weight, scale_pos_weight = passing /
 * failing). XGBoost's TreeSHAP (predict with pred_contribs) gives one
 * contribution per input and column; the mean absolute contribution is the
 * feature's score, and a nonterminal's score is the sum over its features.
 * The ranking is sorted by score, ties by symbol index. The kept set is the
 * smallest top set whose scores reach `share` of the total, clamped to
 * [min_k, max_k] and to nonterminals with a positive score; then any grammar
 * ancestor or descendant (sd_grammar_can_contain) of a kept nonterminal joins
 * it when one of its features correlates (|Pearson r| over the inputs where
 * both are present) with a scoring feature of the kept one; and a peer of a
 * kept nonterminal (same_shape: the same alternatives, generated helper
 * nonterminals compared by their own shape, neither nested in the other)
 * joins whatever its score. Avicenna adds
 * correlated features too; descendants matter because the model credits one
 * of two correlated features (the length of a line for the length of the
 * name in it), and the cause is usually stated best on the smaller element.
 * Peers matter for the same reason: in `<x> " + " <y>` with both numbers, the
 * model may credit <number> and <x> and leave <y> at zero, while the cause
 * (their sum) needs both. */
#include "semdbg/relevance.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <xgboost/c_api.h>

#include "array.h"
#include "util.h"

void sd_relevance_options_init(SdRelevanceOptions *self) {
  memset(self, 0, sizeof *self);
  self->seed = 0;
  self->min_k = 1;
  self->max_k = 5;
  self->share = 0.9;
  self->correlation = 0.9;
  self->rounds = 50;
  self->max_depth = 4;
}

/* ---------- XGBoost plumbing ---------- */

static pthread_once_t xgb_once = PTHREAD_ONCE_INIT;
static void xgb_quiet(void) { XGBSetGlobalConfig("{\"verbosity\": 0}"); }

char *sd_relevance_clean_error(const char *what, const char *e) {
  if (!e || !*e) e = "unknown error";
  size_t len = strcspn(e, "\n");
  const char *p = e, *end = e + len;
  if (*p == '[') {
    const char *close = memchr(p, ']', len);
    if (close) {
      p = close + 1;
      while (p < end && *p == ' ') p++;
    }
  }
  /* drop "file:line: " when the text before the first ": " ends in ":digits" */
  for (const char *q = p; q + 1 < end; q++) {
    if (q[0] != ':' || q[1] != ' ') continue;
    const char *d = q;
    while (d > p && d[-1] >= '0' && d[-1] <= '9') d--;
    if (d < q && d > p && d[-1] == ':' && !memchr(p, ' ', (size_t)(d - p))) p = q + 2;
    break;
  }
  return sd_format("XGBoost %s: %.*s", what, (int)(end - p), p);
}

static char *xgb_error(const char *what) { return sd_relevance_clean_error(what, XGBGetLastError()); }

#define XGB(call, what)                 \
  do {                                  \
    if ((call) != 0) {                  \
      if (error) *error = xgb_error(what); \
      goto fail;                        \
    }                                   \
  } while (0)

/* ---------- statistics ---------- */

static bool same_value(float a, float b) { return (isnan(a) && isnan(b)) || a == b; }

/* Pearson r of columns a and b over the rows where both are present; 0 when
 * fewer than 3 such rows or either is constant there. */
static double pearson(const float *m, uint32_t n, uint32_t stride, uint32_t a, uint32_t b) {
  double sx = 0, sy = 0;
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    float x = m[(size_t)i * stride + a], y = m[(size_t)i * stride + b];
    if (isnan(x) || isnan(y)) continue;
    sx += x, sy += y, k++;
  }
  if (k < 3) return 0;
  double mx = sx / k, my = sy / k, sxx = 0, syy = 0, sxy = 0;
  for (uint32_t i = 0; i < n; i++) {
    float x = m[(size_t)i * stride + a], y = m[(size_t)i * stride + b];
    if (isnan(x) || isnan(y)) continue;
    double dx = x - mx, dy = y - my;
    sxx += dx * dx, syy += dy * dy, sxy += dx * dy;
  }
  if (sxx <= 0 || syy <= 0) return 0;
  double r = sxy / sqrt(sxx * syy);
  return r > 1 ? 1 : r < -1 ? -1 : r;
}

static int compare_ranked(const void *pa, const void *pb) {
  const SdRelevantSymbol *a = pa, *b = pb;
  if (a->score > b->score) return -1;
  if (a->score < b->score) return 1;
  return (a->symbol > b->symbol) - (a->symbol < b->symbol);
}

/* ---------- the model ---------- */

/* Train on the used columns and fill self->feature_scores, bias, accuracy. */
static bool train_and_explain(SdRelevance *self, const float *matrix, const bool *failing,
                              uint32_t n, const SdRelevanceOptions *opts, char **error) {
  uint32_t nf = sd_features_count(self->features), nu = self->used_features;
  uint32_t *column = sd_xmalloc(nu * sizeof *column);
  for (uint32_t j = 0, u = 0; j < nf; j++)
    if (self->feature_used[j]) column[u++] = j;
  float *x = sd_xmalloc((size_t)n * nu * sizeof *x);
  float *labels = sd_xmalloc(n * sizeof *labels);
  for (uint32_t i = 0; i < n; i++) {
    for (uint32_t u = 0; u < nu; u++) x[(size_t)i * nu + u] = matrix[(size_t)i * nf + column[u]];
    labels[i] = failing[i] ? 1.0f : 0.0f;
  }
  DMatrixHandle d = NULL;
  BoosterHandle b = NULL;
  float *contribs = NULL;
  bool ok = false;
  pthread_once(&xgb_once, xgb_quiet);
  XGB(XGDMatrixCreateFromMat_omp(x, n, nu, NAN, &d, 1), "matrix");
  XGB(XGDMatrixSetFloatInfo(d, "label", labels, n), "labels");
  XGB(XGBoosterCreate(&d, 1, &b), "booster");
  char seed[32], depth[16], spw[64];
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)(opts->seed & 0x7fffffff));
  snprintf(depth, sizeof depth, "%u", opts->max_depth ? opts->max_depth : 4);
  snprintf(spw, sizeof spw, "%.17g", (double)(n - self->failing) / self->failing);
  const char *params[][2] = {
      {"objective", "binary:logistic"}, {"tree_method", "hist"}, {"nthread", "1"},
      {"seed", seed}, {"max_depth", depth}, {"eta", "0.3"}, {"min_child_weight", "0.1"},
      {"scale_pos_weight", spw}, {"verbosity", "0"},
  };
  for (size_t i = 0; i < sizeof params / sizeof *params; i++)
    XGB(XGBoosterSetParam(b, params[i][0], params[i][1]), "parameter");
  uint32_t rounds = opts->rounds ? opts->rounds : 50;
  for (uint32_t r = 0; r < rounds; r++) XGB(XGBoosterUpdateOneIter(b, (int)r, d), "training");

  bst_ulong len = 0;
  const float *out = NULL;
  XGB(XGBoosterPredict(b, d, 0, 0, 0, &len, &out), "prediction");
  if (len != n) {
    if (error) *error = sd_format("XGBoost prediction: %llu values for %u inputs",
                                  (unsigned long long)len, n);
    goto fail;
  }
  uint32_t right = 0;
  for (uint32_t i = 0; i < n; i++) right += (out[i] >= 0.5f) == failing[i];
  self->train_accuracy = (double)right / n;

  XGB(XGBoosterPredict(b, d, 4, 0, 0, &len, &out), "SHAP values");
  size_t width = (size_t)nu + 1;
  if (len != (bst_ulong)n * width) {
    if (error) *error = sd_format("XGBoost SHAP values: %llu values, expected %zu",
                                  (unsigned long long)len, (size_t)n * width);
    goto fail;
  }
  contribs = sd_xmalloc((size_t)len * sizeof *contribs); /* the booster reuses its buffer */
  memcpy(contribs, out, (size_t)len * sizeof *contribs);
  double *sum = sd_xcalloc(width, sizeof *sum);
  for (uint32_t i = 0; i < n; i++) {
    const float *c = contribs + (size_t)i * width;
    for (uint32_t u = 0; u < nu; u++) sum[u] += fabs((double)c[u]);
    sum[nu] += c[nu];
  }
  for (uint32_t u = 0; u < nu; u++) self->feature_scores[column[u]] = sum[u] / n;
  self->bias = sum[nu] / n;
  free(sum);
  ok = true;
fail:
  free(contribs);
  if (b) XGBoosterFree(b);
  if (d) XGDMatrixFree(d);
  free(labels);
  free(x);
  free(column);
  return ok;
}

/* ---------- ranking ---------- */

/* Two symbols of the same shape: equal, or nonterminals whose alternatives
 * match one for one, symbol by symbol, where symbols that differ must be
 * generated nonterminals (EBNF helpers) of the same shape themselves.
 * *typed is set when the shapes share a nonterminal of the user's own. */
static bool same_shape(const SdGrammar *g, SdSymbol a, SdSymbol b, uint32_t depth, bool *typed) {
  if (a == b) {
    if (g->symbols[a].kind == SD_SYM_NONTERMINAL && !g->symbols[a].generated) *typed = true;
    return true;
  }
  const SdSymbolInfo *x = &g->symbols[a], *y = &g->symbols[b];
  if (x->kind != SD_SYM_NONTERMINAL || y->kind != SD_SYM_NONTERMINAL || depth == 0 ||
      x->alternative_count != y->alternative_count)
    return false;
  for (uint32_t i = 0; i < x->alternative_count; i++) {
    const SdAlternative *p = &x->alternatives[i], *q = &y->alternatives[i];
    if (p->count != q->count) return false;
    for (uint32_t j = 0; j < p->count; j++) {
      SdSymbol s = p->symbols[j], t = q->symbols[j];
      if (s == t) {
        same_shape(g, s, t, depth, typed);
        continue;
      }
      if (!g->symbols[s].generated || !g->symbols[t].generated || !same_shape(g, s, t, depth - 1, typed))
        return false;
    }
  }
  return true;
}

/* Peers of the first k ranked (kept by score) join the kept set, at most
 * max_k of them: nonterminals of the same shape as a kept one, not nested in
 * it, that are values of one kind: numbers, or wrappers of one nonterminal of
 * the user's (<x> ::= <name>), not any two [a-z]+. */
static void keep_peers(SdRelevance *self, uint32_t k, uint32_t max_k, const SdGrammar *g) {
  uint32_t added = 0;
  for (uint32_t a = k; a < self->count && (!max_k || added < max_k); a++) {
    SdRelevantSymbol *p = &self->ranked[a];
    if (p->kept || p->correlated_ancestor || p->correlated_descendant) continue;
    for (uint32_t kk = 0; kk < k && !p->peer; kk++) {
      SdSymbol s = self->ranked[kk].symbol;
      bool typed = false;
      if (sd_grammar_can_contain(g, s, p->symbol) || sd_grammar_can_contain(g, p->symbol, s) ||
          !same_shape(g, s, p->symbol, 4, &typed) || !(typed || g->symbols[s].numeric || g->symbols[s].decimal))
        continue;
      p->peer = true;
      p->peer_of = s;
      added++;
    }
  }
}

/* Does s stand beside t in some alternative of the grammar? */
static bool beside(const SdGrammar *g, SdSymbol s, SdSymbol t) {
  for (uint32_t p = 0; p < g->symbol_count; p++) {
    const SdSymbolInfo *si = &g->symbols[p];
    for (uint32_t a = 0; si->kind == SD_SYM_NONTERMINAL && a < si->alternative_count; a++) {
      bool has_s = false, has_t = false;
      for (uint32_t k = 0; k < si->alternatives[a].count; k++) {
        has_s |= si->alternatives[a].symbols[k] == s;
        has_t |= si->alternatives[a].symbols[k] == t;
      }
      if (has_s && has_t) return true;
    }
  }
  return false;
}

/* While fewer than `few` of the kept nonterminals (by score, peers and
 * correlated relatives) are outermost (held by no other kept one), the
 * neighbours of those kept by score in an alternative (user-named, not
 * nested in them) join, in ranking order, within max_k (0 = no limit). On a few dozen inputs one
 * feature often separates the classes alone (heartbleed's first 30: the
 * declared length above 3), and the model then credits it only, while the
 * cause relates it to its neighbour; the learner can then state both, and
 * an input on which they disagree settles which. */
static bool counted_kept(const SdRelevantSymbol *r) {
  return r->kept || r->correlated_ancestor || r->correlated_descendant || r->peer || r->sibling;
}

/* The kept nonterminals that no other kept one holds (a <one-nine> kept
 * beside the <payload-length> that holds it is the same element). */
static uint32_t outermost_kept(const SdRelevance *self, const SdGrammar *g) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < self->count; i++) {
    if (!counted_kept(&self->ranked[i])) continue;
    SdSymbol s = self->ranked[i].symbol;
    bool held = false;
    for (uint32_t j = 0; j < self->count && !held; j++) {
      SdSymbol t = self->ranked[j].symbol;
      held = j != i && counted_kept(&self->ranked[j]) && sd_grammar_can_contain(g, t, s) && !sd_grammar_can_contain(g, s, t);
    }
    n += !held;
  }
  return n;
}

static void keep_siblings(SdRelevance *self, uint32_t k, uint32_t few, uint32_t max_k, const SdGrammar *g) {
  uint32_t outer = outermost_kept(self, g), total = 0;
  for (uint32_t i = 0; i < self->count; i++) total += counted_kept(&self->ranked[i]);
  for (uint32_t a = k; a < self->count && outer < few && (!max_k || total < max_k); a++) {
    SdRelevantSymbol *p = &self->ranked[a];
    if (counted_kept(p) || g->symbols[p->symbol].generated) continue;
    for (uint32_t kk = 0; kk < k && !p->sibling; kk++) {
      SdSymbol s = self->ranked[kk].symbol;
      if (sd_grammar_can_contain(g, s, p->symbol) || sd_grammar_can_contain(g, p->symbol, s) || !beside(g, s, p->symbol))
        continue;
      p->sibling = true;
      p->sibling_of = s;
      outer++, total++;
    }
  }
}

static void choose_kept(SdRelevance *self, const float *matrix, uint32_t n,
                        const SdRelevanceOptions *opts, const SdGrammar *g) {
  double total = 0;
  uint32_t positive = 0;
  for (uint32_t i = 0; i < self->count; i++) {
    total += self->ranked[i].score;
    positive += self->ranked[i].score > 0;
  }
  uint32_t k = 0;
  double cumulative = 0, target = opts->share * total * (1 - 1e-12);
  while (k < positive && cumulative < target) cumulative += self->ranked[k++].score;
  if (k < opts->min_k) k = opts->min_k;
  if (opts->max_k && k > opts->max_k) k = opts->max_k;
  if (k > positive) k = positive;
  for (uint32_t i = 0; i < k; i++) self->ranked[i].kept = true;

  /* correlated ancestors of the nonterminals kept by score */
  uint32_t nf = sd_features_count(self->features);
  for (uint32_t a = k; a < self->count && opts->correlation <= 1; a++) {
    SdRelevantSymbol *anc = &self->ranked[a];
    double best = 0;
    for (uint32_t kk = 0; kk < k; kk++) {
      const SdRelevantSymbol *kept = &self->ranked[kk];
      bool above = sd_grammar_can_contain(g, anc->symbol, kept->symbol);
      bool below = !above && sd_grammar_can_contain(g, kept->symbol, anc->symbol);
      if (!above && !below) continue;
      for (uint32_t f = 0; f < nf; f++) {
        if (sd_features_symbol(self->features, f) != kept->symbol || !self->feature_used[f] ||
            self->feature_scores[f] <= 0)
          continue;
        for (uint32_t h = 0; h < nf; h++) {
          if (sd_features_symbol(self->features, h) != anc->symbol || !self->feature_used[h])
            continue;
          double r = pearson(matrix, n, nf, f, h);
          if (fabs(r) >= opts->correlation && fabs(r) > best) {
            best = fabs(r);
            anc->correlated_ancestor = above;
            anc->correlated_descendant = below;
            anc->correlated_with = kept->symbol;
            anc->correlated_feature = (int32_t)h;
            anc->correlated_other = (int32_t)f;
            anc->correlation = r;
          }
        }
      }
    }
  }
  keep_peers(self, k, opts->max_k, g);
  keep_siblings(self, k, opts->neighbours, opts->max_k, g);
  self->kept = 0;
  for (uint32_t i = 0; i < self->count; i++) {
    const SdRelevantSymbol *r = &self->ranked[i];
    if (r->correlated_ancestor || r->correlated_descendant || r->peer || r->sibling) self->ranked[i].kept = true;
    self->kept += self->ranked[i].kept;
  }
}

SdRelevance *sd_relevance_compute_matrix(const SdGrammar *g, SdFeatureSet *features,
                                         const float *matrix, const bool *failing, uint32_t n,
                                         const SdRelevanceOptions *opts, char **error) {
  if (error) *error = NULL;
  SdRelevanceOptions defaults;
  if (!opts) {
    sd_relevance_options_init(&defaults);
    opts = &defaults;
  }
  if (n == 0) {
    if (error) *error = sd_xstrdup("no inputs to learn from");
    sd_features_free(features);
    return NULL;
  }
  SdRelevance *self = sd_xcalloc(1, sizeof *self);
  self->features = features;
  uint32_t nf = sd_features_count(features);
  self->feature_scores = sd_xcalloc(nf ? nf : 1, sizeof *self->feature_scores);
  self->feature_used = sd_xcalloc(nf ? nf : 1, sizeof *self->feature_used);
  self->inputs = n;
  for (uint32_t i = 0; i < n; i++) self->failing += failing[i];
  for (uint32_t j = 0; j < nf; j++) {
    for (uint32_t i = 1; i < n && !self->feature_used[j]; i++)
      if (!same_value(matrix[(size_t)i * nf + j], matrix[j])) self->feature_used[j] = true;
    self->used_features += self->feature_used[j];
  }
  /* one entry per feature nonterminal (features are grouped by symbol) */
  Array(SdRelevantSymbol) ranked = {0};
  for (uint32_t j = 0; j < nf; j++) {
    SdSymbol s = sd_features_symbol(features, j);
    if (ranked.size && array_back(&ranked)->symbol == s) continue;
    SdRelevantSymbol r = {.symbol = s, .top_feature_index = -1, .correlated_with = -1,
                          .correlated_feature = -1, .correlated_other = -1};
    array_push(&ranked, r);
  }
  self->ranked = ranked.items;
  self->count = ranked.size;

  if (self->failing == 0 || self->failing == n) {
    self->status = SD_RELEVANCE_ONE_CLASS;
    for (uint32_t j = 0, r = 0; j < nf; j++) {
      if (sd_features_kind(features, j) != SD_FEATURE_EXISTS) continue;
      while (self->ranked[r].symbol != sd_features_symbol(features, j)) r++;
      uint32_t present = 0;
      for (uint32_t i = 0; i < n; i++) present += matrix[(size_t)i * nf + j] > 0;
      self->ranked[r].score = (double)present / n;
      self->ranked[r].top_feature_index = (int32_t)j;
      self->ranked[r].top_feature = sd_features_name(features, j);
    }
    qsort(self->ranked, self->count, sizeof *self->ranked, compare_ranked);
    return self;
  }
  if (self->used_features == 0) {
    self->status = SD_RELEVANCE_NO_FEATURES;
    qsort(self->ranked, self->count, sizeof *self->ranked, compare_ranked);
    return self;
  }
  self->status = SD_RELEVANCE_MODEL;
  if (!train_and_explain(self, matrix, failing, n, opts, error)) {
    sd_relevance_free(self);
    return NULL;
  }
  for (uint32_t j = 0, r = 0; j < nf; j++) {
    while (self->ranked[r].symbol != sd_features_symbol(features, j)) r++;
    SdRelevantSymbol *e = &self->ranked[r];
    double v = self->feature_scores[j];
    e->score += v;
    if (v > 0 && (e->top_feature_index < 0 || v > self->feature_scores[e->top_feature_index])) {
      e->top_feature_index = (int32_t)j;
      e->top_feature = sd_features_name(features, j);
    }
  }
  qsort(self->ranked, self->count, sizeof *self->ranked, compare_ranked);
  choose_kept(self, matrix, n, opts, g);
  return self;
}

SdRelevance *sd_relevance_compute(const SdGrammar *g, SdTree *const *trees, const bool *failing,
                                  uint32_t n, const SdRelevanceOptions *opts, char **error) {
  SdFeatureSet *features = sd_features_new(g);
  uint32_t nf = sd_features_count(features);
  float *matrix = sd_xmalloc(((size_t)n * nf + 1) * sizeof *matrix);
  for (uint32_t i = 0; i < n; i++) sd_features_extract(features, trees[i], matrix + (size_t)i * nf);
  SdRelevance *r = sd_relevance_compute_matrix(g, features, matrix, failing, n, opts, error);
  free(matrix);
  return r;
}

void sd_relevance_free(SdRelevance *self) {
  if (!self) return;
  free(self->ranked);
  free(self->feature_scores);
  free(self->feature_used);
  sd_features_free(self->features);
  free(self);
}

const SdRelevantSymbol *sd_relevance_find(const SdRelevance *self, SdSymbol s) {
  for (uint32_t i = 0; i < self->count; i++)
    if (self->ranked[i].symbol == s) return &self->ranked[i];
  return NULL;
}

/* ---------- JSON ---------- */

static double rounded(double x) { return x == 0 ? 0 : round(x * 1e6) / 1e6; }

static const char *status_name(SdRelevanceStatus s) {
  switch (s) {
    case SD_RELEVANCE_MODEL: return "model";
    case SD_RELEVANCE_ONE_CLASS: return "one-class";
    case SD_RELEVANCE_NO_FEATURES: return "no-features";
  }
  return "?";
}

/* Sort feature indices by score, best first, ties by index (few per symbol). */
static void sort_by_score(uint32_t *order, uint32_t m, const double *score) {
  for (uint32_t i = 1; i < m; i++) {
    uint32_t v = order[i], j = i;
    while (j > 0 && (score[order[j - 1]] < score[v] ||
                     (score[order[j - 1]] == score[v] && order[j - 1] > v))) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = v;
  }
}

cJSON *sd_relevance_to_json(const SdRelevance *self, const SdGrammar *g) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "status", status_name(self->status));
  cJSON_AddNumberToObject(o, "inputs", self->inputs);
  cJSON_AddNumberToObject(o, "failing", self->failing);
  cJSON_AddNumberToObject(o, "features", sd_features_count(self->features));
  cJSON_AddNumberToObject(o, "features_used", self->used_features);
  if (self->status == SD_RELEVANCE_MODEL) {
    cJSON_AddNumberToObject(o, "train_accuracy", rounded(self->train_accuracy));
    cJSON_AddNumberToObject(o, "bias", rounded(self->bias));
  }
  double total = 0;
  for (uint32_t i = 0; i < self->count; i++) total += self->ranked[i].score;
  cJSON *kept = cJSON_AddArrayToObject(o, "kept");
  for (uint32_t i = 0; i < self->count; i++)
    if (self->ranked[i].kept)
      cJSON_AddItemToArray(kept, cJSON_CreateString(g->symbols[self->ranked[i].symbol].name));
  cJSON *ranking = cJSON_AddArrayToObject(o, "ranking");
  uint32_t nf = sd_features_count(self->features);
  uint32_t *order = sd_xmalloc((nf ? nf : 1) * sizeof *order);
  for (uint32_t i = 0; i < self->count; i++) {
    const SdRelevantSymbol *r = &self->ranked[i];
    cJSON *e = cJSON_CreateObject();
    cJSON_AddNumberToObject(e, "rank", i + 1);
    cJSON_AddStringToObject(e, "symbol", g->symbols[r->symbol].name);
    cJSON_AddNumberToObject(e, "score", rounded(r->score));
    if (self->status == SD_RELEVANCE_MODEL)
      cJSON_AddNumberToObject(e, "share", total > 0 ? rounded(r->score / total) : 0);
    cJSON_AddBoolToObject(e, "kept", r->kept);
    cJSON_AddBoolToObject(e, "correlated_ancestor", r->correlated_ancestor);
    cJSON_AddBoolToObject(e, "correlated_descendant", r->correlated_descendant);
    if (r->top_feature) cJSON_AddStringToObject(e, "top_feature", r->top_feature);
    else cJSON_AddNullToObject(e, "top_feature");
    if (r->correlated_ancestor || r->correlated_descendant) {
      cJSON *c = cJSON_AddObjectToObject(e, "correlated");
      cJSON_AddStringToObject(c, "with", g->symbols[r->correlated_with].name);
      cJSON_AddStringToObject(c, "feature", sd_features_name(self->features, r->correlated_feature));
      cJSON_AddStringToObject(c, "other", sd_features_name(self->features, r->correlated_other));
      cJSON_AddNumberToObject(c, "r", rounded(r->correlation));
    }
    if (r->peer) cJSON_AddStringToObject(e, "peer_of", g->symbols[r->peer_of].name);
    if (r->sibling) cJSON_AddStringToObject(e, "beside", g->symbols[r->sibling_of].name);
    cJSON *fs = cJSON_AddArrayToObject(e, "features");
    uint32_t m = 0;
    for (uint32_t j = 0; j < nf; j++)
      if (sd_features_symbol(self->features, j) == r->symbol && self->feature_scores[j] > 0)
        order[m++] = j;
    sort_by_score(order, m, self->feature_scores);
    for (uint32_t q = 0; q < m; q++) {
      cJSON *f = cJSON_CreateObject();
      cJSON_AddStringToObject(f, "name", sd_features_name(self->features, order[q]));
      cJSON_AddNumberToObject(f, "score", rounded(self->feature_scores[order[q]]));
      cJSON_AddItemToArray(fs, f);
    }
    cJSON_AddItemToArray(ranking, e);
  }
  free(order);
  return o;
}
