/* Unit tests of the grammar fuzzer: 500 inputs from each ready grammar parse
 * back to a tree with the same text; the same seed gives the same inputs;
 * the size bound holds; regeneration keeps the rest of the tree; k-path
 * coverage grows faster than plain random generation. */
#include <stdlib.h>
#include <string.h>

#include "semdbg/fuzzer.h"
#include "semdbg/parser.h"
#include "test.h"
#include "util.h"

static SdGrammar *load(const char *name) {
  char path[256];
  snprintf(path, sizeof path, "grammars/%s.bnf", name);
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_load(path, NULL, &d);
  sd_diagnostics_print(&d, stderr);
  sd_diagnostics_free(&d);
  return g;
}

static void test_round_trip(void) {
  const char *names[] = {"heartbleed", "calculator", "middle", "expression", "markup", "json", "csv"};
  for (int i = 0; i < 7; i++) {
    SdGrammar *g = load(names[i]);
    CHECK(g);
    if (!g) continue;
    SdFuzzerOptions o = {.seed = 42 + (uint64_t)i, .max_size = 300};
    SdFuzzer *f = sd_fuzzer_new(g, &o);
    SdParser *p = sd_parser_new(g);
    int bad = 0;
    for (int k = 0; k < 500; k++) {
      SdTree *t = sd_fuzz_tree(f, -1);
      SdParseError e;
      SdTree *back = sd_parse(p, -1, t->text, t->length, &e);
      if (!back || back->length != t->length || memcmp(back->text, t->text, t->length)) {
        if (bad++ < 3)
          fprintf(stderr, "%s: input %d does not round-trip: %.*s (%s)\n", names[i], k,
                  (int)t->length, t->text, back ? "text differs" : e.message);
        if (!back) free(e.message);
      }
      sd_tree_free(back);
      sd_tree_free(t);
    }
    CHECK(bad == 0);
    sd_parser_free(p);
    sd_fuzzer_free(f);
    sd_grammar_free(g);
  }
}

static char *batch(SdGrammar *g, uint64_t seed, uint32_t kpath) {
  SdFuzzerOptions o = {.seed = seed, .max_size = 200, .kpath = kpath};
  SdFuzzer *f = sd_fuzzer_new(g, &o);
  SdBuf b = {0};
  for (int k = 0; k < 50; k++) {
    SdTree *t = sd_fuzz_tree(f, -1);
    sd_buf_append(&b, t->text, t->length);
    sd_buf_putc(&b, '\n');
    sd_tree_free(t);
  }
  sd_fuzzer_free(f);
  return sd_buf_take(&b);
}

static void test_determinism(void) {
  SdGrammar *g = load("json");
  char *a = batch(g, 7, 0), *b = batch(g, 7, 0), *c = batch(g, 8, 0);
  CHECK_STR(a, b);
  CHECK(strcmp(a, c) != 0);
  free(a), free(b), free(c);
  a = batch(g, 7, 3), b = batch(g, 7, 3);
  CHECK_STR(a, b);
  free(a), free(b);
  sd_grammar_free(g);
}

static void test_size_bound(void) {
  SdGrammar *g = load("expression");
  SdFuzzerOptions o = {.seed = 3, .max_size = 50};
  SdFuzzer *f = sd_fuzzer_new(g, &o);
  for (int k = 0; k < 200; k++) {
    SdTree *t = sd_fuzz_tree(f, -1);
    CHECK(t->node_count <= 50);
    sd_tree_free(t);
  }
  /* a bound below the minimum still terminates, with the cheapest tree */
  SdTree *t = sd_tree_new(g);
  sd_tree_set_root(t, sd_fuzz_node(f, t, g->start, 1));
  CHECK(t->node_count == g->symbols[g->start].min_size);
  sd_tree_free(t);
  sd_fuzzer_free(f);
  sd_grammar_free(g);
}

static void test_regenerate(void) {
  SdGrammar *g = load("middle");
  SdFuzzerOptions o = {.seed = 5};
  SdFuzzer *f = sd_fuzzer_new(g, &o);
  SdParser *p = sd_parser_new(g);
  SdTree *t = sd_parse(p, -1, "10 20 30", 8, NULL);
  CHECK(t);
  SdSymbol y = sd_grammar_find(g, "<y>");
  int changed = 0;
  for (int k = 0; k < 20; k++) {
    SdNode *node = sd_tree_node(t, t->by_symbol[y][0]);
    sd_fuzz_regenerate(f, t, node);
    CHECK(t->length >= 6 && !memcmp(t->text, "10 ", 3));
    CHECK(!memcmp(t->text + t->length - 3, " 30", 3));
    CHECK(sd_parser_accepts(p, -1, t->text, t->length));
    changed += !(t->length == 8 && !memcmp(t->text, "10 20 30", 8));
  }
  CHECK(changed > 10);
  sd_tree_free(t);
  sd_parser_free(p);
  sd_fuzzer_free(f);
  sd_grammar_free(g);
}

/* Distinct (parent, child) symbol pairs in n inputs made in the given mode. */
static uint32_t pairs_covered(SdGrammar *g, uint32_t kpath, int n) {
  SdFuzzerOptions o = {.seed = 11, .max_size = 40, .kpath = kpath};
  SdFuzzer *f = sd_fuzzer_new(g, &o);
  uint32_t ns = g->symbol_count;
  uint8_t *seen = calloc((size_t)ns * ns, 1);
  uint32_t covered = 0;
  for (int k = 0; k < n; k++) {
    SdTree *t = sd_fuzz_tree(f, -1);
    for (uint32_t i = 1; i < t->node_count; i++) {
      SdNode *c = t->nodes[i];
      size_t cell = (size_t)c->parent->symbol * ns + (size_t)c->symbol;
      if (!seen[cell]) seen[cell] = 1, covered++;
    }
    sd_tree_free(t);
  }
  free(seen);
  sd_fuzzer_free(f);
  return covered;
}

static void test_kpath(void) {
  SdGrammar *g = load("json");
  SdFuzzerOptions o = {.seed = 1, .max_size = 60, .kpath = 2};
  SdFuzzer *f = sd_fuzzer_new(g, &o);
  uint32_t covered, total;
  sd_fuzzer_coverage(f, &covered, &total);
  CHECK(covered == 0 && total > 20);
  for (int k = 0; k < 100; k++) sd_tree_free(sd_fuzz_tree(f, -1));
  sd_fuzzer_coverage(f, &covered, &total);
  CHECK(covered > total / 2);
  CHECK(covered <= total);
  sd_fuzzer_free(f);
  uint32_t random_pairs = pairs_covered(g, 0, 10), kpath_pairs = pairs_covered(g, 2, 10);
  fprintf(stderr, "2-paths after 10 inputs: random %u, k-path mode %u\n", random_pairs, kpath_pairs);
  CHECK(kpath_pairs > random_pairs);
  sd_grammar_free(g);
}

int main(void) {
  RUN(test_round_trip);
  RUN(test_determinism);
  RUN(test_size_bound);
  RUN(test_regenerate);
  RUN(test_kpath);
  return test_report();
}
