/* Unit tests of grammar analysis: nullable, minimal costs, regularity,
 * numerals, containment, EBNF desugaring. (Error messages are covered by the
 * data-driven cases in tests/cases/grammar.) */
#include <stdlib.h>
#include <string.h>

#include "semdbg/grammar.h"
#include "test.h"

static SdGrammar *grammar(const char *text) {
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_parse(text, strlen(text), "test.bnf", NULL, &d);
  if (!g) sd_diagnostics_print(&d, stderr);
  sd_diagnostics_free(&d);
  return g;
}

static const SdSymbolInfo *sym(SdGrammar *g, const char *name) {
  SdSymbol s = sd_grammar_find(g, name);
  CHECK(s >= 0);
  return s >= 0 ? sd_grammar_symbol(g, s) : &g->symbols[0];
}

static void test_costs(void) {
  SdGrammar *g = grammar(
      "<start> ::= <a> <b>\n<a> ::= \"xy\" | \"z\" <a>\n<b> ::= \"\" | <b> \"q\"\n");
  CHECK(g);
  CHECK(sym(g, "<a>")->min_length == 2);
  CHECK(sym(g, "<a>")->min_size == 2); /* <a> + "xy" */
  CHECK(sym(g, "<a>")->min_depth == 1);
  CHECK(!sym(g, "<a>")->nullable);
  CHECK(sym(g, "<b>")->nullable);
  CHECK(sym(g, "<b>")->min_length == 0);
  CHECK(sym(g, "<start>")->min_length == 2);
  CHECK(sym(g, "<start>")->min_depth == 2);
  CHECK(sym(g, "b")->cheapest_alternative == 0);
  sd_grammar_free(g);
}

static void test_regular(void) {
  SdGrammar *g = grammar(
      "<start> ::= <list> <expr> <left>\n"
      "<list> ::= \"\" | \"a\" <list>\n"           /* right-linear: regular */
      "<left> ::= \"\" | <left> \"b\"\n"           /* left-linear: regular */
      "<expr> ::= \"1\" | \"(\" <expr> \")\"\n");  /* self-embedding: not regular */
  CHECK(g);
  CHECK(sym(g, "<list>")->regular);
  CHECK(sym(g, "<left>")->regular);
  CHECK(!sym(g, "<expr>")->regular);
  CHECK(!sym(g, "<start>")->regular); /* contains <expr> */
  sd_grammar_free(g);
  g = grammar("<start> ::= <a>\n<a> ::= \"x\" <b> | \"\"\n<b> ::= \"y\" <a>\n");
  CHECK(g && sym(g, "<a>")->regular); /* mutual right recursion */
  sd_grammar_free(g);
}

static void test_numeric(void) {
  SdGrammar *g = grammar(
      "<start> ::= <n> <w> <s> <mixed>\n<n> ::= \"-\"? [0-9]+\n<w> ::= [a-z]+\n"
      "<s> ::= \"-\"\n<mixed> ::= \"x\" | \"12\"\n");
  CHECK(g);
  CHECK(sym(g, "<n>")->numeric);
  CHECK(!sym(g, "<w>")->numeric);
  CHECK(!sym(g, "<s>")->numeric);    /* a sign alone is no numeral */
  CHECK(sym(g, "<mixed>")->numeric); /* some derivation is */
  CHECK(!sym(g, "<n>")->decimal);
  sd_grammar_free(g);
  /* numerals with a fraction: never an integer, always written "4.350" */
  g = grammar(
      "<start> ::= <volt> <opt> <dot> <half>\n<volt> ::= <d> \".\" <d> <d> <d>\n<d> ::= [0-9]\n"
      "<opt> ::= \"-\"? [0-9]+ (\".\" [0-9]+)?\n<dot> ::= \"1.\"\n<half> ::= \".\" <d>\n");
  CHECK(g);
  CHECK(sym(g, "<volt>")->decimal && !sym(g, "<volt>")->numeric);
  CHECK(sym(g, "<opt>")->decimal && sym(g, "<opt>")->numeric);
  CHECK(!sym(g, "<dot>")->decimal && !sym(g, "<dot>")->numeric); /* no digit after the point */
  CHECK(!sym(g, "<half>")->decimal);                              /* no digit before it */
  sd_grammar_free(g);
}

/* lexical: terminals and generated lexical helpers only */
static void test_lexical(void) {
  SdGrammar *g = grammar(
      "<start> ::= <host> \" \" <num>\n<host> ::= <label> \".\" <host> | <label>\n<label> ::= [a-z0-9]+\n"
      "<num> ::= \"0\" | [1-9] [0-9]*\n");
  CHECK(g);
  CHECK(sym(g, "<label>")->lexical);
  CHECK(sym(g, "<num>")->lexical);   /* a repetition helper refers to itself */
  CHECK(!sym(g, "<host>")->lexical); /* a user's nonterminal inside */
  CHECK(!sym(g, "<start>")->lexical);
  sd_grammar_free(g);
}

static void test_common_scope(void) {
  SdGrammar *g = grammar(
      "<start> ::= <head> <line>+\n<head> ::= \"h\" <kg>\n<line> ::= <kg> \" \" <carrier> \"\\n\"\n"
      "<kg> ::= [0-9]+\n<carrier> ::= \"van\" | \"drone\"\n");
  CHECK(g);
  SdSymbol kg = sd_grammar_find(g, "<kg>"), carrier = sd_grammar_find(g, "<carrier>");
  CHECK(sd_grammar_common_scope(g, kg, carrier) == sd_grammar_find(g, "<line>")); /* repeats, holds both */
  CHECK(sd_grammar_common_scope(g, sd_grammar_find(g, "<head>"), carrier) < 0);    /* only the start holds both */
  sd_grammar_free(g);
}

static void test_ebnf(void) {
  SdGrammar *g = grammar("<start> ::= (\"a\" | \"b\")+ \"c\"? [0-9]* ;\n");
  CHECK(g);
  const SdSymbolInfo *start = sym(g, "<start>");
  CHECK(start->alternative_count == 1 && start->alternatives[0].count == 3);
  for (uint32_t i = 0; i < start->alternatives[0].count; i++)
    CHECK(g->symbols[start->alternatives[0].symbols[i]].generated);
  CHECK(start->min_length == 1);
  CHECK(start->regular);
  sd_grammar_free(g);
}

static void test_classes_and_escapes(void) {
  SdGrammar *g = grammar("<start> ::= [^\"\\n] \"\\x41\\t\\\\\" [a-c\\]]\n");
  CHECK(g);
  const SdSymbolInfo *start = sym(g, "<start>");
  const SdSymbolInfo *neg = &g->symbols[start->alternatives[0].symbols[0]];
  CHECK(neg->kind == SD_SYM_CHARSET);
  CHECK(!sd_charset_has(neg, '"') && !sd_charset_has(neg, '\n') && sd_charset_has(neg, 0));
  CHECK(sd_charset_has(neg, 0xff) && sd_charset_has(neg, 'a'));
  const SdSymbolInfo *lit = &g->symbols[start->alternatives[0].symbols[1]];
  CHECK(lit->kind == SD_SYM_LITERAL && lit->length == 3 && !memcmp(lit->bytes, "A\t\\", 3));
  const SdSymbolInfo *cls = &g->symbols[start->alternatives[0].symbols[2]];
  CHECK(sd_charset_has(cls, ']') && sd_charset_has(cls, 'b') && !sd_charset_has(cls, 'd'));
  sd_grammar_free(g);
}

static void test_contains_and_find(void) {
  SdGrammar *g = grammar("<start> ::= <a>\n<a> ::= <b> | \"x\"\n<b> ::= \"y\" | <c>\n<c> ::= \"z\"\n");
  CHECK(g);
  SdSymbol a = sd_grammar_find(g, "<a>"), c = sd_grammar_find(g, "c");
  CHECK(a >= 0 && c >= 0);
  CHECK(sd_grammar_can_contain(g, a, c));
  CHECK(!sd_grammar_can_contain(g, c, a));
  CHECK(sd_grammar_find(g, "<nope>") < 0);
  char *bnf = sd_grammar_to_bnf(g);
  CHECK(strstr(bnf, "<a> ::= <b> | \"x\"") != NULL);
  free(bnf);
  sd_grammar_free(g);
}

static void test_ready_grammars_load(void) {
  const char *names[] = {"heartbleed", "calculator", "middle", "expression", "markup", "json", "csv"};
  for (int i = 0; i < 7; i++) {
    char path[256];
    snprintf(path, sizeof path, "grammars/%s.bnf", names[i]);
    SdDiagnostics d = {0};
    SdGrammar *g = sd_grammar_load(path, NULL, &d);
    CHECK(g != NULL);
    CHECK(d.size == 0); /* no warnings either */
    sd_diagnostics_print(&d, stderr);
    sd_diagnostics_free(&d);
    sd_grammar_free(g);
  }
}

static void test_exactly_once(void) {
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_load("grammars/heartbleed.bnf", NULL, &d);
  sd_diagnostics_free(&d);
  CHECK(g);
  CHECK(sd_grammar_exactly_once(g, sd_grammar_find(g, "<payload-length>")));
  CHECK(sd_grammar_exactly_once(g, sd_grammar_find(g, "<payload>")));
  CHECK(!sd_grammar_exactly_once(g, sd_grammar_find(g, "<digit>"))); /* zero or more */
  CHECK(!sd_grammar_exactly_once(g, sd_grammar_find(g, "<char>")));
  sd_grammar_free(g);
  g = grammar("<start> ::= <a> | <a> <a>\n<a> ::= \"x\"\n");
  CHECK(g && !sd_grammar_exactly_once(g, sd_grammar_find(g, "<a>"))); /* one or two */
  sd_grammar_free(g);
  g = grammar("<start> ::= <b> \"y\"\n<b> ::= <a> | \"z\" <a>\n<a> ::= \"x\"\n");
  CHECK(g && sd_grammar_exactly_once(g, sd_grammar_find(g, "<a>")));
  sd_grammar_free(g);
}

/* sd_grammar_at_most_once_in: a record's field against numbers nested in
 * an expression (the learner's record fields for "Ranges overlap"). */
static void test_at_most_once_in(void) {
  SdGrammar *g = grammar("<start> ::= <rec> | <rec> <start>\n<rec> ::= <off> \",\" <size> \";\"\n"
                         "<off> ::= <num>\n<size> ::= <prod>\n<prod> ::= <num> | <num> \"*\" <prod>\n<num> ::= [0-9]\n");
  CHECK(g);
  SdSymbol rec = sd_grammar_find(g, "<rec>"), start = sd_grammar_find(g, "<start>");
  CHECK(sd_grammar_at_most_once_in(g, rec, sd_grammar_find(g, "<off>")));
  CHECK(sd_grammar_at_most_once_in(g, rec, sd_grammar_find(g, "<size>")));
  CHECK(!sd_grammar_at_most_once_in(g, rec, sd_grammar_find(g, "<num>")));  /* the size's numbers */
  CHECK(!sd_grammar_at_most_once_in(g, rec, sd_grammar_find(g, "<prod>"))); /* nests in itself */
  CHECK(sd_grammar_at_most_once_in(g, sd_grammar_find(g, "<off>"), sd_grammar_find(g, "<num>")));
  CHECK(!sd_grammar_at_most_once_in(g, start, sd_grammar_find(g, "<off>"))); /* many records */
  CHECK(sd_grammar_at_most_once_in(g, sd_grammar_find(g, "<off>"), sd_grammar_find(g, "<size>"))); /* none */
  sd_grammar_free(g);
}

/* sd_grammar_computes: arithmetic (a parenthesis, * / %, an infix + or -)
 * derives from the expression's nonterminals, not from a signed numeral. */
static void test_computes(void) {
  SdGrammar *g = grammar("<start> ::= <n> \" \" <e>\n<n> ::= \"-\"? [0-9]+\n<e> ::= <t> | <t> \"+\" <e>\n"
                         "<t> ::= <n> | \"(\" <e> \")\"\n<s> ::= <n> \"-\" <n>\n");
  CHECK(g);
  CHECK(!sd_grammar_computes(g, sd_grammar_find(g, "<n>")));  /* a sign first: a numeral */
  CHECK(sd_grammar_computes(g, sd_grammar_find(g, "<e>")));   /* an infix + */
  CHECK(sd_grammar_computes(g, sd_grammar_find(g, "<t>")));   /* parentheses */
  CHECK(sd_grammar_computes(g, sd_grammar_find(g, "<s>")));   /* an infix - */
  CHECK(sd_grammar_computes(g, sd_grammar_find(g, "<start>")));
  sd_grammar_free(g);
}

/* sd_grammar_parse reads only `len` bytes: every prefix of these texts, in a
 * malloc'd buffer with no NUL after it (ASan reports any read past it). */
static void test_no_read_past_len(void) {
  static const char *texts[] = {
      "<start> ::= \"a\\x4\" [a-\\]] (<b> | \"\\\"\")+ <b>? ;\n<b> ::= \"\\[\" | [^\\x00] # c\n",
      "<start> ::= <a> \"\\",
      "<start> := <a>",
      "<start> ::= \"x\" <a>  =",
      "<start> ::= <b> <c> ::= \"x\"",
      "<b> <c> ::",
      "<start> ::= [",
  };
  for (size_t t = 0; t < sizeof texts / sizeof *texts; t++) {
    size_t n = strlen(texts[t]);
    for (size_t len = 0; len <= n; len++) {
      char *buf = malloc(len ? len : 1), *terminated = strndup(texts[t], len);
      memcpy(buf, texts[t], len);
      SdDiagnostics d = {0}, dt = {0};
      SdGrammar *g = sd_grammar_parse(buf, len, "g.bnf", NULL, &d);
      SdGrammar *gt = sd_grammar_parse(terminated, len, "g.bnf", NULL, &dt);
      /* the same outcome as for the same bytes followed by a NUL */
      CHECK((g != NULL) == (gt != NULL) && d.size == dt.size);
      sd_grammar_free(g);
      sd_grammar_free(gt);
      sd_diagnostics_free(&d);
      sd_diagnostics_free(&dt);
      free(buf);
      free(terminated);
    }
  }
}

/* Derivations counted when finitely many (and at most the cap): products
 * over sequences, sums over alternatives, classes by their bytes, EBNF
 * helpers too; recursion is infinite; a long chain of rules is no problem. */
static void test_count_derivations(void) {
  struct { const char *bnf; uint64_t cap; bool finite; uint64_t count; } cases[] = {
      {"<start> ::= <a> <a>\n<a> ::= \"x\" | \"y\"\n", 100, true, 4},
      {"<start> ::= \"ship \" <m> \" zone \" <z>\n<m> ::= \"ground\" | \"air\" | \"sea\" | \"express\"\n"
       "<z> ::= \"1\" | \"2\" | \"3\" | \"4\" | \"5\" | \"6\"\n", 100, true, 24},
      {"<start> ::= [0-9] [0-9]?\n", 1000, true, 110},
      {"<start> ::= [0-9] [0-9] [0-9]\n", 999, false, 0},
      {"<start> ::= [0-9] [0-9] [0-9]\n", 1000, true, 1000},
      {"<start> ::= \"a\" <start> | \"b\"\n", 1000, false, 0},
      {"<start> ::= [a-c]+\n", 1000, false, 0},
      {"<start> ::= <a> | <b>\n<a> ::= \"x\"\n<b> ::= <b> \"y\" | \"z\"\n", 1000, false, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    SdGrammar *g = grammar(cases[i].bnf);
    CHECK(g);
    if (!g) continue;
    uint64_t n = 0;
    bool finite = sd_grammar_count_derivations(g, g->start, cases[i].cap, &n);
    if (finite != cases[i].finite || n != cases[i].count)
      fprintf(stderr, "  case %zu: %s %llu\n", i, finite ? "finite" : "infinite", (unsigned long long)n);
    CHECK(finite == cases[i].finite);
    CHECK(n == cases[i].count);
    sd_grammar_free(g);
  }
  /* 20,000 rules in a chain, each with two alternatives: 2^20000, over any cap */
  {
    size_t size = 64 * 20000, len = 0;
    char *text = malloc(size);
    for (int k = 0; k < 20000; k++)
      len += (size_t)snprintf(text + len, size - len, "<r%d> ::= \"a\" <r%d> | \"b\" <r%d>\n", k, k + 1, k + 1);
    len += (size_t)snprintf(text + len, size - len, "<r20000> ::= \"c\"\n");
    SdDiagnostics d = {0};
    SdGrammar *g = sd_grammar_parse(text, len, "chain.bnf", "<r0>", &d);
    sd_diagnostics_free(&d);
    free(text);
    CHECK(g);
    uint64_t n = 0;
    if (g) CHECK(!sd_grammar_count_derivations(g, g->start, 1u << 20, &n));
    if (g) CHECK(sd_grammar_count_derivations(g, sd_grammar_find(g, "<r19990>"), 1u << 20, &n) && n == 1024);
    sd_grammar_free(g);
  }
}

static bool collect_text(void *ctx, const char *text, size_t length) {
  char *all = ctx;
  strncat(all, text, length);
  strcat(all, "|");
  return true;
}

static bool stop_at_b(void *ctx, const char *text, size_t length) {
  (void)ctx;
  return !(length == 1 && text[0] == 'b');
}

/* Every text of a small nonterminal, in the grammar's order (one per
 * derivation); none when they are too many, infinitely many, or the
 * callback stops. */
static void test_each_text(void) {
  SdGrammar *g = grammar("<start> ::= <a> <b>\n<a> ::= \"x\" | \"y\" [0-1]\n<b> ::= \"\" | \"!\"\n"
                         "<r> ::= \"a\" <r> | \"b\"\n<c> ::= \"a\" | \"b\" | \"c\"\n");
  CHECK(g);
  if (!g) return;
  char all[256] = "";
  CHECK(sd_grammar_each_text(g, g->start, 100, collect_text, all));
  CHECK(!strcmp(all, "x|x!|y0|y0!|y1|y1!|"));
  all[0] = 0;
  CHECK(!sd_grammar_each_text(g, g->start, 5, collect_text, all)); /* 6 texts, over the cap */
  CHECK(all[0] == 0);
  CHECK(!sd_grammar_each_text(g, sd_grammar_find(g, "<r>"), 100, collect_text, all)); /* infinite */
  CHECK(!sd_grammar_each_text(g, sd_grammar_find(g, "<c>"), 100, stop_at_b, NULL)); /* stopped */
  sd_grammar_free(g);
}

int main(void) {
  RUN(test_no_read_past_len);
  RUN(test_exactly_once);
  RUN(test_at_most_once_in);
  RUN(test_computes);
  RUN(test_costs);
  RUN(test_regular);
  RUN(test_numeric);
  RUN(test_lexical);
  RUN(test_common_scope);
  RUN(test_ebnf);
  RUN(test_classes_and_escapes);
  RUN(test_contains_and_find);
  RUN(test_ready_grammars_load);
  RUN(test_count_derivations);
  RUN(test_each_text);
  return test_report();
}
