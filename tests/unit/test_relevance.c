/* test_relevance.c: unit tests for the relevance ranking. Labelled sets are
 * generated with the fuzzer and labelled here by functions that know the
 * failure: heartbleed (the declared length exceeds the payload) and the
 * calculator (sqrt of a negative number). The nonterminals responsible must be
 * kept, with 20 and with 2,000 inputs; the same seed gives the same JSON byte
 * for byte; edge cases (one class, one input, constant features) give a status
 * instead of a model. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "semdbg/fuzzer.h"
#include "semdbg/parser.h"
#include "semdbg/relevance.h"
#include "test.h"
#include "util.h"

static SdGrammar *load(const char *path) {
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_load(path, NULL, &d);
  sd_diagnostics_free(&d);
  return g;
}

/* A grammar from its text (checked to parse). */
static SdGrammar *grammar_text(const char *text) {
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_parse(text, strlen(text), "t.bnf", NULL, &d);
  sd_diagnostics_free(&d);
  CHECK(g != NULL);
  return g;
}

/* The first node of the named symbol, or NULL. */
static const SdNode *first(const SdTree *t, const char *name) {
  SdSymbol s = sd_grammar_find(t->grammar, name);
  if (s < 0 || !t->by_symbol_count[s]) return NULL;
  return t->nodes[t->by_symbol[s][0]];
}

/* Labels put each input in a class: 3 failing, 1 or 2 passing but close to
 * failing (it shares a part of the failure's cause), 0 other passing, -1 unwanted.
 * Sets are drawn with a quota per class, as the debugger's generator would
 * aim at both sides of a hypothesis. */

static double declared_length(const SdTree *t) {
  uint32_t n;
  const char *digits = sd_node_text(t, first(t, "<payload-length>"), &n);
  double declared = 0;
  for (uint32_t i = 0; i < n; i++) declared = declared * 10 + (digits[i] - '0');
  return declared;
}

/* Heartbleed: the declared payload length exceeds the payload. */
static bool heartbleed_fails(const SdTree *t) {
  uint32_t m;
  sd_node_text(t, first(t, "<payload>"), &m);
  return declared_length(t) > m;
}

/* Declared lengths up to 30, so that the payload's length matters too; near
 * misses declare a non-zero length that the payload covers. */
static int heartbleed_class(const SdTree *t) {
  double d = declared_length(t);
  if (d > 30) return -1;
  if (heartbleed_fails(t)) return 3;
  return d > 0;
}

static bool is_sqrt(const SdTree *t) {
  uint32_t n;
  const char *f = sd_node_text(t, first(t, "<function>"), &n);
  return n == 4 && !strncmp(f, "sqrt", 4);
}

static bool is_negative(const SdTree *t) {
  uint32_t n;
  const char *num = sd_node_text(t, first(t, "<number>"), &n);
  if (num[0] != '-') return false;
  for (uint32_t i = 1; i < n; i++)
    if (num[i] >= '1' && num[i] <= '9') return true;
  return false; /* -0, -0.00 */
}

/* Calculator: sqrt of a negative number; near misses have one of the two
 * (1: sqrt of a non-negative number, 2: another function of a negative one). */
static bool calculator_fails(const SdTree *t) { return is_sqrt(t) && is_negative(t); }
static int calculator_class(const SdTree *t) {
  if (calculator_fails(t)) return 3;
  return is_sqrt(t) ? 1 : is_negative(t) ? 2 : 0;
}

typedef struct Set {
  SdTree **trees;
  bool *failing;
  uint32_t n;
} Set;

/* Fuzzed inputs: quota[c] of class c (see above); failing = class 3. */
static Set generate(const SdGrammar *g, uint64_t seed, const uint32_t quota[4],
                    int (*label)(const SdTree *)) {
  uint32_t n = quota[0] + quota[1] + quota[2] + quota[3], have[4] = {0, 0, 0, 0};
  Set s = {sd_xcalloc(n + 1, sizeof(SdTree *)), sd_xcalloc(n + 1, sizeof(bool)), 0};
  SdFuzzerOptions o = {.seed = seed, .max_size = 60};
  SdFuzzer *fz = sd_fuzzer_new(g, &o);
  for (uint32_t tries = 0; s.n < n && tries < 1000 * n; tries++) {
    SdTree *t = sd_fuzz_tree(fz, -1);
    int c = label(t);
    if (c >= 0 && have[c] < quota[c]) {
      have[c]++;
      s.failing[s.n] = c == 3;
      s.trees[s.n++] = t;
    } else {
      sd_tree_free(t);
    }
  }
  sd_fuzzer_free(fz);
  return s;
}

static void free_set(Set *s) {
  for (uint32_t i = 0; i < s->n; i++) sd_tree_free(s->trees[i]);
  free(s->trees);
  free(s->failing);
}

static bool kept(const SdRelevance *r, const SdGrammar *g, const char *name) {
  const SdRelevantSymbol *e = sd_relevance_find(r, sd_grammar_find(g, name));
  return e && e->kept;
}

static void print_ranking(const SdRelevance *r, const SdGrammar *g) {
  for (uint32_t i = 0; i < r->count && i < 8; i++)
    fprintf(stderr, "   %u %-22s %.4f %s%s %s\n", i + 1, g->symbols[r->ranked[i].symbol].name,
            r->ranked[i].score, r->ranked[i].kept ? "kept" : "", r->ranked[i].correlated_ancestor ? " (corr)" : "",
            r->ranked[i].top_feature ? r->ranked[i].top_feature : "-");
}

static char *json_of(const SdRelevance *r, const SdGrammar *g) {
  cJSON *j = sd_relevance_to_json(r, g);
  char *s = cJSON_PrintUnformatted(j);
  cJSON_Delete(j);
  return s;
}

static void check_heartbleed(uint32_t other, uint32_t near, uint32_t fails) {
  SdGrammar *g = load("grammars/heartbleed.bnf");
  CHECK(g != NULL);
  if (!g) return;
  uint32_t quota[4] = {other, near, 0, fails}, n = other + near + fails;
  Set s = generate(g, 7, quota, heartbleed_class);
  CHECK(s.n == n);
  SdRelevanceOptions o;
  sd_relevance_options_init(&o);
  o.seed = 3;
  char *err = NULL;
  SdRelevance *r = sd_relevance_compute(g, s.trees, s.failing, s.n, &o, &err);
  CHECK(r != NULL);
  if (r) {
    print_ranking(r, g);
    CHECK(r->status == SD_RELEVANCE_MODEL);
    CHECK(r->failing == fails && r->inputs == n);
    CHECK(kept(r, g, "<payload-length>"));
    CHECK(kept(r, g, "<payload>") || kept(r, g, "<heartbeat-request>"));
    CHECK(r->ranked[0].symbol == sd_grammar_find(g, "<payload-length>") ||
          r->ranked[0].symbol == sd_grammar_find(g, "<payload>"));
    CHECK(r->kept >= 2 && r->kept <= o.max_k + 3);
    CHECK(r->train_accuracy >= 0.9);
    CHECK(sd_relevance_find(r, g->start) == NULL);
    /* sorted by score, ties by symbol */
    for (uint32_t i = 1; i < r->count; i++)
      CHECK(r->ranked[i - 1].score > r->ranked[i].score ||
            (r->ranked[i - 1].score == r->ranked[i].score &&
             r->ranked[i - 1].symbol < r->ranked[i].symbol));
    /* the same seed: the same result, byte for byte */
    SdRelevance *again = sd_relevance_compute(g, s.trees, s.failing, s.n, &o, &err);
    char *a = json_of(r, g), *b = again ? json_of(again, g) : NULL;
    CHECK_STR(b, a);
    free(a);
    cJSON_free(b);
    sd_relevance_free(again);
  }
  free(err);
  sd_relevance_free(r);
  free_set(&s);
  sd_grammar_free(g);
}

static void test_heartbleed_20(void) { check_heartbleed(4, 8, 8); }
static void test_heartbleed_2000(void) { check_heartbleed(400, 900, 700); }

static void check_calculator(uint32_t other, uint32_t near, uint32_t fails) {
  SdGrammar *g = load("grammars/calculator.bnf");
  if (!g) return;
  uint32_t quota[4] = {other, near / 2, near - near / 2, fails};
  Set s = generate(g, 11, quota, calculator_class);
  CHECK(s.n == other + near + fails);
  SdRelevanceOptions o;
  sd_relevance_options_init(&o);
  char *err = NULL;
  SdRelevance *r = sd_relevance_compute(g, s.trees, s.failing, s.n, &o, &err);
  CHECK(r != NULL);
  if (r) {
    print_ranking(r, g);
    CHECK(kept(r, g, "<function>"));
    CHECK(kept(r, g, "<maybe-minus>") || kept(r, g, "<number>"));
    SdSymbol top2[2] = {r->ranked[0].symbol, r->ranked[1].symbol};
    SdSymbol fn = sd_grammar_find(g, "<function>");
    CHECK(top2[0] == fn || top2[1] == fn);
  }
  free(err);
  sd_relevance_free(r);
  free_set(&s);
  sd_grammar_free(g);
}

static void test_calculator_20(void) { check_calculator(6, 8, 6); }
static void test_calculator_2000(void) { check_calculator(1000, 750, 250); }

static void test_one_class(void) {
  SdGrammar *g = load("grammars/calculator.bnf");
  if (!g) return;
  uint32_t quota[4] = {5, 3, 2, 0};
  Set s = generate(g, 5, quota, calculator_class);
  char *err = NULL;
  SdRelevance *r = sd_relevance_compute(g, s.trees, s.failing, s.n, NULL, &err);
  CHECK(r != NULL && err == NULL);
  if (r) {
    CHECK(r->status == SD_RELEVANCE_ONE_CLASS);
    CHECK(r->kept == 0);
    CHECK(r->count > 0);
    /* <function> occurs in every input: share 1 */
    const SdRelevantSymbol *e = sd_relevance_find(r, sd_grammar_find(g, "<function>"));
    CHECK(e && e->score == 1.0);
    CHECK(r->ranked[0].score == 1.0);
  }
  sd_relevance_free(r);
  /* a single input is one class too */
  r = sd_relevance_compute(g, s.trees, s.failing, 1, NULL, &err);
  CHECK(r && r->status == SD_RELEVANCE_ONE_CLASS && r->inputs == 1);
  sd_relevance_free(r);
  /* no input: an error */
  r = sd_relevance_compute(g, s.trees, s.failing, 0, NULL, &err);
  CHECK(r == NULL && err != NULL);
  free(err);
  free_set(&s);
  sd_grammar_free(g);
}

/* Identical inputs with different labels: every column is constant. */
static void test_no_features(void) {
  SdGrammar *g = load("grammars/calculator.bnf");
  if (!g) return;
  SdParser *p = sd_parser_new(g);
  SdParseError e;
  SdTree *t[2] = {sd_parse(p, -1, "cos(1)", 6, &e), sd_parse(p, -1, "sin(2)", 6, &e)};
  bool failing[2] = {true, false};
  char *err = NULL;
  SdTree *same[2] = {t[0], t[0]};
  SdRelevance *r = sd_relevance_compute(g, same, failing, 2, NULL, &err);
  CHECK(r && r->status == SD_RELEVANCE_NO_FEATURES && r->kept == 0 && r->used_features == 0);
  sd_relevance_free(r);
  /* two inputs that differ: a model, and the differing nonterminals rank */
  r = sd_relevance_compute(g, t, failing, 2, NULL, &err);
  CHECK(r && r->status == SD_RELEVANCE_MODEL);
  if (r) {
    CHECK(r->used_features > 0);
    for (uint32_t i = 0; i < r->count; i++)
      if (r->ranked[i].kept) {
        const char *name = g->symbols[r->ranked[i].symbol].name;
        CHECK(!strcmp(name, "<function>") || !strcmp(name, "<number>") ||
              !strcmp(name, "<integer-part>") || !strcmp(name, "<one-nine>"));
      }
  }
  free(err);
  sd_relevance_free(r);
  sd_tree_free(t[0]);
  sd_tree_free(t[1]);
  sd_parser_free(p);
  sd_grammar_free(g);
}

/* Kept-set bounds: max_k caps the set chosen by score, min_k raises it. */
static void test_bounds(void) {
  SdGrammar *g = load("grammars/heartbleed.bnf");
  if (!g) return;
  uint32_t quota[4] = {40, 80, 0, 80};
  Set s = generate(g, 9, quota, heartbleed_class);
  SdRelevanceOptions o;
  sd_relevance_options_init(&o);
  o.max_k = 1;
  o.correlation = 2; /* no correlated ancestors */
  char *err = NULL;
  SdRelevance *r = sd_relevance_compute(g, s.trees, s.failing, s.n, &o, &err);
  CHECK(r && r->kept == 1 && r->ranked[0].kept && !r->ranked[1].kept);
  sd_relevance_free(r);
  o.max_k = 0; /* unlimited */
  o.min_k = 4;
  r = sd_relevance_compute(g, s.trees, s.failing, s.n, &o, &err);
  uint32_t positive = 0;
  if (r)
    for (uint32_t i = 0; i < r->count; i++) positive += r->ranked[i].score > 0;
  CHECK(r && r->kept == (positive < 4 ? positive : 4));
  /* share 0.01: the top one alone carries it */
  sd_relevance_free(r);
  o.min_k = 1;
  o.share = 0.01;
  r = sd_relevance_compute(g, s.trees, s.failing, s.n, &o, &err);
  CHECK(r && r->kept == 1);
  /* the per-feature scores add up to the nonterminal scores */
  if (r) {
    double total = 0, by_symbol = 0;
    for (uint32_t j = 0; j < sd_features_count(r->features); j++) {
      total += r->feature_scores[j];
      if (!r->feature_used[j]) CHECK(r->feature_scores[j] == 0);
    }
    for (uint32_t i = 0; i < r->count; i++) by_symbol += r->ranked[i].score;
    CHECK(fabs(total - by_symbol) < 1e-9 * (1 + total));
  }
  free(err);
  sd_relevance_free(r);
  free_set(&s);
  sd_grammar_free(g);
}

/* A kept nonterminal's feature correlates with a feature of its grammar
 * ancestor (or descendant): that relative is kept too, flagged. The matrix is
 * synthetic: len(<a>) follows len(<b>) with a little noise (r ~ 0.98), and the
 * failure depends on len(<b>) (the ancestor <a> joins) or on len(<a>) (the
 * descendant <b> joins). <c> is unrelated and never kept. */
static void check_correlated(bool by_descendant) {
  const char *text = "<start> ::= <a> \"!\" <c>\n<a> ::= <b> \"x\" | <b> \"yy\"\n"
                     "<b> ::= [a-z]+\n<c> ::= [a-z]+\n";
  SdGrammar *g = grammar_text(text);
  if (!g) return;
  SdFeatureSet *f = sd_features_new(g);
  uint32_t nf = sd_features_count(f), n = 300;
  int32_t lb = sd_features_find(f, "len(<b>)"), la = sd_features_find(f, "len(<a>)");
  int32_t lc = sd_features_find(f, "len(<c>)");
  CHECK(lb >= 0 && la >= 0 && lc >= 0);
  if (lb < 0 || la < 0 || lc < 0) {
    sd_features_free(f);
    sd_grammar_free(g);
    return;
  }
  float *m = sd_xcalloc((size_t)n * nf, sizeof *m);
  bool *failing = sd_xcalloc(n, sizeof *failing);
  SdRng rng;
  sd_rng_seed(&rng, 1);
  for (uint32_t i = 0; i < n; i++) {
    float b = (float)(1 + sd_rng_below(&rng, 20));
    float a = b + 1 + (float)sd_rng_below(&rng, 3);
    m[(size_t)i * nf + (uint32_t)lb] = b;
    m[(size_t)i * nf + (uint32_t)la] = a;
    m[(size_t)i * nf + (uint32_t)lc] = (float)(1 + sd_rng_below(&rng, 20));
    failing[i] = by_descendant ? a > 12 : b > 10;
  }
  SdRelevanceOptions o;
  sd_relevance_options_init(&o);
  o.share = 0.5; /* keep by score only the feature the model credits most */
  char *err = NULL;
  SdRelevance *r = sd_relevance_compute_matrix(g, f, m, failing, n, &o, &err);
  CHECK(r != NULL);
  if (r) {
    SdSymbol a = sd_grammar_find(g, "<a>"), b = sd_grammar_find(g, "<b>"), c = sd_grammar_find(g, "<c>");
    SdSymbol cause = by_descendant ? a : b, relative = by_descendant ? b : a;
    CHECK(r->ranked[0].symbol == cause && r->ranked[0].kept);
    CHECK(!r->ranked[0].correlated_ancestor && !r->ranked[0].correlated_descendant);
    const SdRelevantSymbol *er = sd_relevance_find(r, relative), *ec = sd_relevance_find(r, c);
    CHECK(er && er->kept && er->correlated_with == cause);
    CHECK(er && er->correlated_ancestor == !by_descendant && er->correlated_descendant == by_descendant);
    CHECK(er && er->correlated_feature == (by_descendant ? lb : la));
    CHECK(er && er->correlated_other == (by_descendant ? la : lb));
    CHECK(er && er->correlation > 0.9 && er->correlation <= 1);
    CHECK(ec && !ec->kept && !ec->correlated_ancestor && !ec->correlated_descendant);
    CHECK(r->kept == 2);
    cJSON *j = sd_relevance_to_json(r, g);
    cJSON *kept = cJSON_GetObjectItem(j, "kept");
    CHECK(cJSON_GetArraySize(kept) == 2);
    cJSON_Delete(j);
  }
  /* without the correlation rule only the cause is kept */
  f = sd_features_new(g);
  o.correlation = 2;
  SdRelevance *r2 = sd_relevance_compute_matrix(g, f, m, failing, n, &o, &err);
  CHECK(r2 && r2->kept == 1);
  sd_relevance_free(r2);
  sd_relevance_free(r);
  free(err);
  free(m);
  free(failing);
  sd_grammar_free(g);
}

/* Peers: in the synthetic matrix the failure depends on num(<x>) alone and
 * every feature of <y> is constant, so the model gives <y> no score; <y> has
 * the shape of <x> (both ::= <number>) and joins as its peer. <w> ::= [0-9]+
 * is a number of another shape and is no peer, but joins as <x>'s neighbour
 * (two kept, fewer than three); <z>, after it, does not. */
static void test_peers(void) {
  const char *text = "<start> ::= <x> \" + \" <y> \" \" <w> \" \" <z>\n<x> ::= <number>\n"
                     "<y> ::= <number>\n<number> ::= [0-9]+\n<w> ::= [0-9]+\n<z> ::= [a-z]+\n";
  SdGrammar *g = grammar_text(text);
  if (!g) return;
  SdFeatureSet *f = sd_features_new(g);
  uint32_t nf = sd_features_count(f), n = 200;
  int32_t nx = sd_features_find(f, "num(<x>)"), nw = sd_features_find(f, "num(<w>)");
  CHECK(nx >= 0 && nw >= 0);
  if (nx < 0 || nw < 0) {
    sd_features_free(f);
    sd_grammar_free(g);
    return;
  }
  float *m = sd_xcalloc((size_t)n * nf, sizeof *m);
  bool *failing = sd_xcalloc(n, sizeof *failing);
  SdRng rng;
  sd_rng_seed(&rng, 3);
  for (uint32_t i = 0; i < n; i++) {
    float x = (float)sd_rng_below(&rng, 100);
    m[(size_t)i * nf + (uint32_t)nx] = x;
    m[(size_t)i * nf + (uint32_t)nw] = (float)sd_rng_below(&rng, 100);
    failing[i] = x > 60;
  }
  SdRelevanceOptions o;
  sd_relevance_options_init(&o);
  o.correlation = 2;
  o.neighbours = 3;
  char *err = NULL;
  SdRelevance *r = sd_relevance_compute_matrix(g, f, m, failing, n, &o, &err);
  CHECK(r != NULL);
  if (r) {
    SdSymbol x = sd_grammar_find(g, "<x>"), y = sd_grammar_find(g, "<y>");
    const SdRelevantSymbol *ex = sd_relevance_find(r, x), *ey = sd_relevance_find(r, y);
    const SdRelevantSymbol *ew = sd_relevance_find(r, sd_grammar_find(g, "<w>"));
    CHECK(r->ranked[0].symbol == x && !r->ranked[0].peer);
    CHECK(ex && ex->kept && ey && ey->kept && ey->peer && ey->peer_of == x);
    /* <w> is no peer, but stands beside <x>: with <x> and <y> it makes three */
    const SdRelevantSymbol *ez = sd_relevance_find(r, sd_grammar_find(g, "<z>"));
    CHECK(ew && ew->kept && !ew->peer && ew->sibling && ew->sibling_of == x);
    CHECK(ez && !ez->kept && !ez->sibling);
    cJSON *j = sd_relevance_to_json(r, g);
    char *printed = cJSON_PrintUnformatted(j);
    CHECK(printed && strstr(printed, "\"peer_of\":\"<x>\"") != NULL);
    CHECK(printed && strstr(printed, "\"beside\":\"<x>\"") != NULL);
    free(printed);
    cJSON_Delete(j);
  }
  sd_relevance_free(r);
  free(err);
  free(m);
  free(failing);
  sd_grammar_free(g);
}

/* Neighbours: the failure depends on num(<len>) alone; <data>, <pad> and
 * <tail> stand beside it and score nothing. The first two in ranking order
 * (ties by symbol index) join, making three; <digits>, nested in <len>,
 * is no neighbour, and when it scores too it is no third element either.
 * With three kept by score, none joins. */
enum { SIBLINGS_ALONE, SIBLINGS_NESTED, SIBLINGS_THREE };
static void check_siblings(int mode) {
  bool three_scored = mode == SIBLINGS_THREE;
  const char *text = "<start> ::= <len> \" \" <data> \" \" <pad> \" \" <tail>\n<len> ::= <digits>\n"
                     "<digits> ::= [0-9]+\n<data> ::= [a-z]+\n<pad> ::= [a-z]+\n<tail> ::= [a-z]+\n";
  SdGrammar *g = grammar_text(text);
  if (!g) return;
  SdFeatureSet *f = sd_features_new(g);
  uint32_t nf = sd_features_count(f), n = 200;
  int32_t fl = sd_features_find(f, "num(<len>)"), fd = sd_features_find(f, "len(<data>)"),
          fp = sd_features_find(f, "len(<pad>)"), fg = sd_features_find(f, "num(<digits>)");
  CHECK(fl >= 0 && fd >= 0 && fp >= 0 && fg >= 0);
  if (fl < 0 || fd < 0 || fp < 0 || fg < 0) {
    sd_features_free(f);
    sd_grammar_free(g);
    return;
  }
  float *m = sd_xcalloc((size_t)n * nf, sizeof *m);
  bool *failing = sd_xcalloc(n, sizeof *failing);
  SdRng rng;
  sd_rng_seed(&rng, 5);
  for (uint32_t i = 0; i < n; i++) {
    float len = (float)sd_rng_below(&rng, 100), dl = (float)sd_rng_below(&rng, 100), pl = (float)sd_rng_below(&rng, 100);
    m[(size_t)i * nf + (uint32_t)fl] = len;
    if (three_scored) m[(size_t)i * nf + (uint32_t)fd] = dl, m[(size_t)i * nf + (uint32_t)fp] = pl;
    if (mode == SIBLINGS_NESTED) m[(size_t)i * nf + (uint32_t)fg] = dl; /* scores, inside <len> */
    failing[i] = three_scored ? len > 50 && dl > 30 && pl > 30 : mode == SIBLINGS_NESTED ? len > 60 || dl > 90 : len > 60;
  }
  SdRelevanceOptions o;
  sd_relevance_options_init(&o);
  o.correlation = 2;
  o.neighbours = 3;
  char *err = NULL;
  SdRelevance *r = sd_relevance_compute_matrix(g, f, m, failing, n, &o, &err);
  CHECK(r != NULL);
  if (r) {
    SdSymbol len = sd_grammar_find(g, "<len>");
    const SdRelevantSymbol *e[4];
    const char *names[4] = {"<data>", "<pad>", "<tail>", "<digits>"};
    for (int k = 0; k < 4; k++) e[k] = sd_relevance_find(r, sd_grammar_find(g, names[k]));
    CHECK(r->ranked[0].symbol == len && !r->ranked[0].sibling);
    uint32_t siblings = 0;
    for (uint32_t i = 0; i < r->count; i++) siblings += r->ranked[i].sibling;
    if (three_scored) {
      CHECK(siblings == 0 && e[2] && !e[2]->kept);
    } else if (mode == SIBLINGS_NESTED) { /* <digits> is <len>'s: two outermost with <data>, three with <pad> */
      CHECK(e[3] && e[3]->kept && !e[3]->sibling);
      CHECK(e[0] && e[0]->sibling && e[1] && e[1]->sibling && e[2] && !e[2]->sibling);
      CHECK(r->kept == 4);
    } else {
      CHECK(e[0] && e[0]->sibling && e[0]->sibling_of == len && e[0]->kept);
      CHECK(e[1] && e[1]->sibling && e[1]->kept);
      CHECK(e[2] && !e[2]->sibling && !e[2]->kept);
      CHECK(e[3] && !e[3]->sibling);
      CHECK(r->kept == 3);
    }
  }
  sd_relevance_free(r);
  free(err);
  free(m);
  free(failing);
  sd_grammar_free(g);
}

static void test_siblings(void) { check_siblings(SIBLINGS_ALONE); }
static void test_siblings_nested(void) { check_siblings(SIBLINGS_NESTED); }
static void test_siblings_when_three_scored(void) { check_siblings(SIBLINGS_THREE); }

static void test_correlated_ancestor(void) { check_correlated(false); }
static void test_correlated_descendant(void) { check_correlated(true); }

static void test_error_text(void) {
  char *e = sd_relevance_clean_error(
      "training", "[08:02:15] ./src/learner.cc:265: Invalid Parameter format for max_depth\n"
                  "Stack trace:\n  [bt] (0) /usr/lib/libxgboost.so.0(+0x1234)");
  CHECK_STR(e, "XGBoost training: Invalid Parameter format for max_depth");
  free(e);
  e = sd_relevance_clean_error("matrix", "plain message: with colon");
  CHECK_STR(e, "XGBoost matrix: plain message: with colon");
  free(e);
  e = sd_relevance_clean_error("x", NULL);
  CHECK_STR(e, "XGBoost x: unknown error");
  free(e);
}

int main(void) {
  RUN(test_correlated_ancestor);
  RUN(test_peers);
  RUN(test_siblings);
  RUN(test_siblings_nested);
  RUN(test_siblings_when_three_scored);
  RUN(test_correlated_descendant);
  RUN(test_error_text);
  RUN(test_heartbleed_20);
  RUN(test_heartbleed_2000);
  RUN(test_calculator_20);
  RUN(test_calculator_2000);
  RUN(test_one_class);
  RUN(test_no_features);
  RUN(test_bounds);
  return test_report();
}
