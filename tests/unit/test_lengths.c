/* Unit tests of the length sets and exact-length draws (src/lengths.c):
 * on every ready grammar, for every nonterminal and length up to 40, a draw
 * exists exactly when the set says so (checked against brute force for
 * small grammars) and every draw has that length and parses as that
 * nonterminal; recursion, empty words and literals longer than one byte. */
#include <stdlib.h>
#include <string.h>

#include "lengths.h"
#include "semdbg/parser.h"
#include "test.h"
#include "util.h"

static SdGrammar *grammar(const char *text) {
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_parse(text, strlen(text), "test.bnf", NULL, &d);
  sd_diagnostics_print(&d, stderr);
  sd_diagnostics_free(&d);
  return g;
}

static SdGrammar *load(const char *name) {
  char path[256];
  snprintf(path, sizeof path, "grammars/%s.bnf", name);
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_load(path, NULL, &d);
  sd_diagnostics_free(&d);
  return g;
}

/* Every draw of every (nonterminal, length) the set allows has the length
 * and parses; returns the number of draws checked. */
static uint32_t check_draws(const SdGrammar *g, uint32_t max, uint64_t seed) {
  SdLengths *l = sd_lengths_new(g, max);
  SdParser *p = sd_parser_new(g);
  SdRng rng;
  sd_rng_seed(&rng, seed);
  uint32_t checked = 0;
  for (uint32_t s = 0; s < g->symbol_count; s++) {
    if (g->symbols[s].kind != SD_SYM_NONTERMINAL || !g->symbols[s].reachable) continue;
    for (uint32_t len = 0; len <= max; len++) {
      char *w = sd_lengths_sample(l, (SdSymbol)s, len, &rng);
      if (!sd_lengths_possible(l, (SdSymbol)s, len)) {
        CHECK(w == NULL);
        free(w);
        continue;
      }
      CHECK(w != NULL);
      if (!w) continue;
      CHECK(strlen(w) == len || memchr(w, 0, len) != NULL);
      bool ok = sd_parser_accepts(p, (SdSymbol)s, w, len);
      if (!ok) fprintf(stderr, "%s, length %u: %.*s does not parse\n", g->symbols[s].name, len, (int)len, w);
      CHECK(ok);
      checked++;
      free(w);
    }
  }
  sd_parser_free(p);
  sd_lengths_free(l);
  return checked;
}

static void test_sets(void) {
  SdGrammar *g = grammar("<start> ::= <a> | <b>\n"
                         "<a> ::= \"xy\" <a> | \"\"\n"        /* even lengths */
                         "<b> ::= \"abc\" | \"abcde\" <c>\n"  /* 3, 5, 6, 7, ... */
                         "<c> ::= [0-9] | [0-9] <c>\n");
  CHECK(g);
  if (!g) return;
  SdLengths *l = sd_lengths_new(g, 20);
  SdSymbol a = sd_grammar_find(g, "<a>"), b = sd_grammar_find(g, "<b>"), c = sd_grammar_find(g, "<c>");
  for (uint32_t n = 0; n <= 20; n++) {
    CHECK(sd_lengths_possible(l, a, n) == (n % 2 == 0));
    CHECK(sd_lengths_possible(l, b, n) == (n == 3 || n >= 6));
    CHECK(sd_lengths_possible(l, c, n) == (n >= 1));
    CHECK(sd_lengths_possible(l, g->start, n) == (n % 2 == 0 || n == 3 || n >= 6));
  }
  CHECK(!sd_lengths_possible(l, c, 21)); /* beyond the tracked maximum */
  sd_lengths_free(l);
  CHECK(check_draws(g, 20, 7) > 40);
  sd_grammar_free(g);
}

static void test_ready_grammars(void) {
  const char *names[] = {"heartbleed", "calculator", "middle", "expression", "markup", "csv", "json"};
  for (int i = 0; i < 7; i++) {
    SdGrammar *g = load(names[i]);
    CHECK(g);
    if (!g) continue;
    uint32_t checked = check_draws(g, 40, 11 + (uint64_t)i);
    if (checked <= 20) fprintf(stderr, "%s: only %u draws\n", names[i], checked);
    CHECK(checked > 20);
    sd_grammar_free(g);
  }
}

static void test_determinism(void) {
  SdGrammar *g = load("heartbleed");
  CHECK(g);
  if (!g) return;
  SdLengths *l = sd_lengths_new(g, 100);
  SdSymbol payload = sd_grammar_find(g, "<payload>");
  SdRng r1, r2;
  sd_rng_seed(&r1, 5);
  sd_rng_seed(&r2, 5);
  char *a = sd_lengths_sample(l, payload, 53, &r1), *b = sd_lengths_sample(l, payload, 53, &r2);
  CHECK(a && b && strlen(a) == 53 && !strcmp(a, b));
  free(a);
  free(b);
  sd_lengths_free(l);
  sd_grammar_free(g);
}

int main(void) {
  RUN(test_sets);
  RUN(test_ready_grammars);
  RUN(test_determinism);
  return test_report();
}
