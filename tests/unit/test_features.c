/* test_features.c: unit tests for the feature columns and their extraction:
 * names (alternatives in EBNF), values on parsed inputs of the heartbleed,
 * calculator and json grammars, missing values, numbers (decimals, huge
 * numerals that saturate), and extraction on long nested numerals. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "semdbg/features.h"
#include "semdbg/parser.h"
#include "test.h"
#include "util.h"

static SdGrammar *load(const char *path) {
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_load(path, NULL, &d);
  sd_diagnostics_free(&d);
  return g;
}

static SdGrammar *from_text(const char *text) {
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_parse(text, strlen(text), "test.bnf", NULL, &d);
  sd_diagnostics_free(&d);
  return g;
}

static SdTree *parse(const SdGrammar *g, const char *input, size_t len) {
  SdParser *p = sd_parser_new(g);
  SdParseError e;
  SdTree *t = sd_parse(p, -1, input, len, &e);
  if (!t) {
    fprintf(stderr, "parse error: %s\n", e.message);
    free(e.message);
  }
  sd_parser_free(p);
  return t;
}

/* Value of the named feature in row; NAN-safe comparisons are the caller's. */
static float value(const SdFeatureSet *f, const float *row, const char *name) {
  int32_t i = sd_features_find(f, name);
  if (i < 0) {
    fprintf(stderr, "no feature %s\n", name);
    return -12345;
  }
  return row[i];
}

static void test_heartbleed_layout(void) {
  SdGrammar *g = load("grammars/heartbleed.bnf");
  CHECK(g != NULL);
  if (!g) return;
  SdFeatureSet *f = sd_features_new(g);
  uint32_t n = sd_features_count(f);
  CHECK(n > 0);
  /* no start symbol, no generated helper */
  for (uint32_t i = 0; i < n; i++) {
    SdSymbol s = sd_features_symbol(f, i);
    CHECK(s != g->start);
    CHECK(!g->symbols[s].generated);
    CHECK(strstr(sd_features_name(f, i), g->symbols[s].name) != NULL);
  }
  CHECK(sd_features_find(f, "exists(<start>)") < 0);
  CHECK(sd_features_find(f, "len(<payload>)") >= 0);
  CHECK(sd_features_find(f, "num(<payload-length>)") >= 0);
  CHECK(sd_features_find(f, "count(<char>)") >= 0);
  /* alternatives written back in EBNF, only for symbols with several */
  CHECK(sd_features_find(f, "<payload-length> -> <one-nine> <digit>*") >= 0);
  CHECK(sd_features_find(f, "<payload-length> -> \"0\"") >= 0);
  CHECK(sd_features_find(f, "<digit> -> \"7\"") >= 0);
  CHECK(sd_features_find(f, "<payload> -> <char>*") < 0);
  /* num only for numeric nonterminals */
  CHECK(sd_features_find(f, "num(<heartbeat-request>)") < 0);
  CHECK(sd_features_find(f, "num(<digit>)") >= 0);
  int32_t k = sd_features_find(f, "len(<payload>)");
  CHECK(sd_features_kind(f, (uint32_t)k) == SD_FEATURE_LENGTH);
  CHECK(sd_features_symbol(f, (uint32_t)k) == sd_grammar_find(g, "<payload>"));
  k = sd_features_find(f, "<payload-length> -> \"0\"");
  CHECK(sd_features_kind(f, (uint32_t)k) == SD_FEATURE_ALTERNATIVE);
  CHECK(sd_features_alternative(f, (uint32_t)k) == 1);
  sd_features_free(f);
  sd_grammar_free(g);
}

static void test_heartbleed_values(void) {
  SdGrammar *g = load("grammars/heartbleed.bnf");
  if (!g) return;
  SdFeatureSet *f = sd_features_new(g);
  float *row = sd_xmalloc(sd_features_count(f) * sizeof *row);
  const char input[] = "\x01 120 abc7 xyzzy";
  SdTree *t = parse(g, input, sizeof input - 1);
  CHECK(t != NULL);
  if (t) {
    sd_features_extract(f, t, row);
    CHECK(value(f, row, "exists(<payload-length>)") == 1);
    CHECK(value(f, row, "num(<payload-length>)") == 120);
    CHECK(value(f, row, "len(<payload-length>)") == 3);
    CHECK(value(f, row, "<payload-length> -> <one-nine> <digit>*") == 1);
    CHECK(value(f, row, "<payload-length> -> \"0\"") == 0);
    CHECK(value(f, row, "len(<payload>)") == 4);
    CHECK(value(f, row, "len(<padding>)") == 5);
    CHECK(value(f, row, "count(<char>)") == 9);
    CHECK(value(f, row, "len(<char>)") == 1);
    CHECK(value(f, row, "num(<char>)") == 7);
    CHECK(value(f, row, "num(<payload>)") != value(f, row, "num(<payload>)")); /* "abc7": NaN */
    CHECK(value(f, row, "count(<digit>)") == 2);
    CHECK(value(f, row, "num(<digit>)") == 2);
    CHECK(value(f, row, "<digit> -> \"2\"") == 1);
    CHECK(value(f, row, "<digit> -> \"0\"") == 1);
    CHECK(value(f, row, "<digit> -> \"1\"") == 0);
    CHECK(value(f, row, "len(<heartbeat-request>)") == (float)(sizeof input - 1));
    sd_tree_free(t);
  }
  /* empty payload and padding: <char> absent, lengths 0 for present-but-empty */
  const char empty[] = "\x01 0  ";
  t = parse(g, empty, sizeof empty - 1);
  CHECK(t != NULL);
  if (t) {
    sd_features_extract(f, t, row);
    CHECK(value(f, row, "exists(<char>)") == 0);
    CHECK(value(f, row, "count(<char>)") == 0);
    CHECK(isnan(value(f, row, "len(<char>)")));
    CHECK(isnan(value(f, row, "num(<char>)")));
    CHECK(value(f, row, "len(<payload>)") == 0);
    CHECK(value(f, row, "num(<payload-length>)") == 0);
    CHECK(value(f, row, "<payload-length> -> \"0\"") == 1);
    CHECK(value(f, row, "exists(<digit>)") == 0);
    CHECK(value(f, row, "<digit> -> \"0\"") == 0);
    sd_tree_free(t);
  }
  /* a 60-digit length saturates at FLT_MAX instead of becoming inf */
  SdBuf b = {0};
  sd_buf_puts(&b, "\x01 9");
  for (int i = 0; i < 59; i++) sd_buf_putc(&b, '9');
  sd_buf_puts(&b, " 123 x");
  t = parse(g, b.data, b.len);
  CHECK(t != NULL);
  if (t) {
    sd_features_extract(f, t, row);
    CHECK(value(f, row, "num(<payload-length>)") == FLT_MAX);
    CHECK(value(f, row, "num(<payload>)") == 123);
    sd_tree_free(t);
  }
  sd_buf_free(&b);
  free(row);
  sd_features_free(f);
  sd_grammar_free(g);
}

static void test_calculator(void) {
  SdGrammar *g = load("grammars/calculator.bnf");
  if (!g) return;
  SdFeatureSet *f = sd_features_new(g);
  CHECK(sd_features_find(f, "<function> -> \"sqrt\"") >= 0);
  CHECK(sd_features_find(f, "<maybe-minus> -> \"-\"") >= 0);
  CHECK(sd_features_find(f, "<maybe-minus> -> \"\"") >= 0);
  CHECK(sd_features_find(f, "<maybe-fraction> -> \".\" <digit>+") >= 0);
  CHECK(sd_features_find(f, "num(<maybe-minus>)") < 0); /* "" or "-": never a numeral */
  CHECK(sd_features_find(f, "num(<function>)") < 0);
  float *row = sd_xmalloc(sd_features_count(f) * sizeof *row);
  SdTree *t = parse(g, "sqrt(-42.5)", 11);
  CHECK(t != NULL);
  if (t) {
    sd_features_extract(f, t, row);
    CHECK(value(f, row, "<function> -> \"sqrt\"") == 1);
    CHECK(value(f, row, "<function> -> \"cos\"") == 0);
    CHECK(value(f, row, "num(<number>)") == -42.5f);
    CHECK(value(f, row, "num(<integer-part>)") == 42);
    CHECK(value(f, row, "<maybe-minus> -> \"-\"") == 1);
    CHECK(value(f, row, "<maybe-minus> -> \"\"") == 0);
    CHECK(value(f, row, "len(<maybe-fraction>)") == 2);
    CHECK(sd_features_find(f, "num(<maybe-fraction>)") < 0); /* "" or ".5": no numeral */
    sd_tree_free(t);
  }
  free(row);
  sd_features_free(f);
  sd_grammar_free(g);
}

static void test_parse_number(void) {
  double v;
  CHECK(sd_features_parse_number("42", 2, &v) && v == 42);
  CHECK(sd_features_parse_number("-3.25", 5, &v) && v == -3.25);
  CHECK(sd_features_parse_number("+1e3", 4, &v) && v == 1000);
  CHECK(sd_features_parse_number("1E-2", 4, &v) && fabs(v - 0.01) < 1e-12);
  CHECK(sd_features_parse_number("1e999", 5, &v) && v == FLT_MAX);
  CHECK(sd_features_parse_number("-1e999", 6, &v) && v == -FLT_MAX);
  CHECK(!sd_features_parse_number("", 0, &v));
  CHECK(!sd_features_parse_number("-", 1, &v));
  CHECK(!sd_features_parse_number("1.", 2, &v));
  CHECK(!sd_features_parse_number(".5", 2, &v));
  CHECK(!sd_features_parse_number("1e", 2, &v));
  CHECK(!sd_features_parse_number("12a", 3, &v));
  CHECK(!sd_features_parse_number("0x10", 4, &v));
  CHECK(sd_features_parse_number("12a", 2, &v) && v == 12); /* length bounds the text */
}

/* A recursive numeral (<n> ::= <d> | <d> <n>) of 2,000 digits: every <n>
 * node is a numeral; extraction must stay fast and give the maxima. */
static void test_long_nested_numeral(void) {
  SdGrammar *g = from_text("<start> ::= <n> \" \" <n>\n<n> ::= <d> | <d> <n>\n"
                           "<d> ::= \"0\" | \"1\" | \"2\" | \"3\" | \"4\" | \"5\" | \"6\" | \"7\" | \"8\" | \"9\"\n");
  CHECK(g != NULL);
  if (!g) return;
  SdFeatureSet *f = sd_features_new(g);
  SdBuf b = {0};
  for (int i = 0; i < 2000; i++) sd_buf_putc(&b, (char)('0' + (i % 7 == 0 ? 0 : 5)));
  sd_buf_puts(&b, " 000017");
  SdTree *t = parse(g, b.data, b.len);
  CHECK(t != NULL);
  if (t) {
    float *row = sd_xmalloc(sd_features_count(f) * sizeof *row);
    sd_features_extract(f, t, row);
    CHECK(value(f, row, "num(<n>)") == FLT_MAX);
    CHECK(value(f, row, "len(<n>)") == 2000);
    CHECK(value(f, row, "count(<n>)") == 2006);
    CHECK(value(f, row, "num(<d>)") == 7);
    free(row);
    sd_tree_free(t);
  }
  /* only short numerals: the maximum of nested values, leading zeros included */
  t = parse(g, "0009 0010", 9);
  if (t) {
    float *row = sd_xmalloc(sd_features_count(f) * sizeof *row);
    sd_features_extract(f, t, row);
    CHECK(value(f, row, "num(<n>)") == 10);
    free(row);
    sd_tree_free(t);
  }
  sd_buf_free(&b);
  sd_features_free(f);
  sd_grammar_free(g);
}

static void test_json_grammar(void) {
  SdGrammar *g = load("grammars/json.bnf");
  if (!g) return;
  SdFeatureSet *f = sd_features_new(g);
  CHECK(sd_features_find(f, "<value> -> \"true\"") >= 0);
  CHECK(sd_features_find(f, "<object> -> \"{\" <ws> \"}\"") >= 0);
  CHECK(sd_features_find(f, "num(<number>)") >= 0);
  float *row = sd_xmalloc(sd_features_count(f) * sizeof *row);
  const char *in = "{\"a\": [1, -2.5e1, 300], \"b\": \"x\"}";
  SdTree *t = parse(g, in, strlen(in));
  CHECK(t != NULL);
  if (t) {
    sd_features_extract(f, t, row);
    CHECK(value(f, row, "num(<number>)") == 300);
    CHECK(value(f, row, "count(<number>)") == 3);
    CHECK(value(f, row, "count(<string>)") == 3);
    CHECK(value(f, row, "len(<string>)") == 3);
    CHECK(value(f, row, "<value> -> <array>") == 1);
    CHECK(value(f, row, "<value> -> \"null\"") == 0);
    sd_tree_free(t);
  }
  free(row);
  sd_features_free(f);
  sd_grammar_free(g);
}

int main(void) {
  RUN(test_heartbleed_layout);
  RUN(test_heartbleed_values);
  RUN(test_calculator);
  RUN(test_parse_number);
  RUN(test_long_nested_numeral);
  RUN(test_json_grammar);
  return test_report();
}
