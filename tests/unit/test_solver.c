/* test_solver.c: unit tests of the constraint solver: the regex of a
 * nonterminal against the parser (every short string over the grammar's
 * alphabet is in the regex exactly when it parses from that symbol), the Z3
 * layer (byte-exact strings, rlimit), and generation of inputs for the
 * issue's constraints, each checked by re-parsing and by the evaluator. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "semdbg/constraint.h"
#include "semdbg/fuzzer.h"
#include "semdbg/parser.h"
#include "semdbg/solver.h"
#include "semdbg/stop.h"
#include "lengths.h"
#include "solver_internal.h"
#include "test.h"
#include "util.h"

static SdGrammar *grammar_text(const char *text) {
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_parse(text, strlen(text), "test.bnf", NULL, &d);
  if (!g) sd_diagnostics_print(&d, stderr);
  sd_diagnostics_free(&d);
  return g;
}

static SdGrammar *grammar_file(const char *path) {
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_load(path, NULL, &d);
  if (!g) sd_diagnostics_print(&d, stderr);
  sd_diagnostics_free(&d);
  return g;
}

/* Is the ground string in the regex? 1 yes, 0 no, -1 Z3 could not say. */
static int in_regex(SdZ3 *z, Z3_ast re, const char *s, size_t n) {
  Z3_ast m = Z3_simplify(z->ctx, Z3_mk_seq_in_re(z->ctx, sd_z3_lstring(z, s, n), re));
  Z3_lbool v = Z3_get_bool_value(z->ctx, m);
  if (v != Z3_L_UNDEF) return v == Z3_L_TRUE;
  Z3_solver_push(z->ctx, z->solver);
  Z3_solver_assert(z->ctx, z->solver, m);
  Z3_lbool r = sd_z3_check(z);
  Z3_solver_pop(z->ctx, z->solver, 1);
  return r == Z3_L_UNDEF ? -1 : r == Z3_L_TRUE;
}

/* All strings over alphabet up to max_len: regex membership == parse. */
static void differential(const SdGrammar *g, const char *symbol, const char *alphabet, int max_len,
                         bool expect_exact) {
  SdSymbol s = sd_grammar_find(g, symbol);
  CHECK(s >= 0);
  if (s < 0) return;
  SdZ3 *z = sd_z3_new(g, 2000000, 1);
  SdParser *p = sd_parser_new(g);
  sd_parser_accepts(p, g->start, "", 0); /* see sd_solver_new: parser.c qsort(NULL) work-around */
  bool exact = false;
  Z3_ast re = sd_z3_symbol_regex(z, s, &exact);
  CHECK(re != NULL);
  CHECK(exact == expect_exact);
  int k = (int)strlen(alphabet);
  int mismatches = 0, members = 0;
  char buf[16];
  for (int len = 0; len <= max_len && re; len++) {
    int total = 1;
    for (int i = 0; i < len; i++) total *= k;
    for (int code = 0; code < total; code++) {
      int c = code;
      for (int i = 0; i < len; i++, c /= k) buf[i] = alphabet[c % k];
      bool parses = sd_parser_accepts(p, s, buf, (size_t)len);
      int in = in_regex(z, re, buf, (size_t)len);
      members += in == 1;
      /* exact: equal; bounded: the regex is a subset of the language */
      if (expect_exact ? in != (int)parses : (in == 1 && !parses)) {
        if (mismatches++ < 5)
          fprintf(stderr, "  %s '%.*s': parser %d, regex %d\n", symbol, len, buf, parses, in);
      }
    }
  }
  CHECK(mismatches == 0);
  CHECK(members > 0);
  sd_parser_free(p);
  sd_z3_free(z);
}

static void test_regex_right_linear(void) {
  SdGrammar *g = grammar_text("<start> ::= <a>\n<a> ::= \"x\" <b> | \"y\"\n<b> ::= \"z\" <a> | \"w\" <a> | \"\"\n");
  CHECK(g && g->symbols[sd_grammar_find(g, "<a>")].regular);
  if (!g) return;
  differential(g, "<a>", "xyzw", 5, true);
  differential(g, "<b>", "xyzw", 5, true);
  sd_grammar_free(g);
}

static void test_regex_left_linear(void) {
  SdGrammar *g = grammar_text("<start> ::= <a>\n<a> ::= <b> \"x\" | \"y\"\n<b> ::= <a> \"z\" | <b> \"w\" | \"\"\n");
  CHECK(g != NULL);
  if (!g) return;
  differential(g, "<a>", "xyzw", 5, true);
  differential(g, "<b>", "xyzw", 5, true);
  sd_grammar_free(g);
}

static void test_regex_grammars(void) {
  SdGrammar *g = grammar_file("grammars/heartbleed.bnf");
  CHECK(g != NULL);
  if (g) {
    differential(g, "<payload-length>", "0192a ", 4, true);
    differential(g, "<heartbeat-request>", "\x01 01a", 5, true);
    sd_grammar_free(g);
  }
  g = grammar_file("grammars/calculator.bnf");
  if (g) {
    differential(g, "<number>", "-0.19", 4, true);
    sd_grammar_free(g);
  }
  g = grammar_file("grammars/json.bnf");
  CHECK(g != NULL);
  if (g) {
    differential(g, "<string>", "\"a\\u", 4, true);
    differential(g, "<number>", "-0.1e+", 4, true);
    /* non-regular: bounded unrolling, a subset that still holds nested values */
    differential(g, "<value>", "[]{}1,", 4, false);
    sd_grammar_free(g);
  }
}

/* Z3 layer: byte-exact literals and values, NUL and high bytes included. */
static void test_z3_bytes(void) {
  SdGrammar *g = grammar_text("<start> ::= <b>\n<b> ::= [\\x00-\\xff]*\n");
  CHECK(g != NULL);
  if (!g) return;
  SdZ3 *z = sd_z3_new(g, 2000000, 1);
  const char lit[] = {'a', 0, (char)0xc3, (char)0xa9, '\\', 'u', '{', '4', '1', '}', (char)0xff};
  Z3_ast x = sd_z3_string_var(z, "x");
  Z3_solver_assert(z->ctx, z->solver, Z3_mk_eq(z->ctx, x, sd_z3_lstring(z, lit, sizeof lit)));
  CHECK(sd_z3_check(z) == Z3_L_TRUE);
  Z3_model m = Z3_solver_get_model(z->ctx, z->solver);
  Z3_model_inc_ref(z->ctx, m);
  size_t len = 0;
  char *v = sd_z3_model_string(z, m, x, &len);
  CHECK(v && len == sizeof lit && memcmp(v, lit, len) == 0);
  free(v);
  Z3_model_dec_ref(z->ctx, m);
  CHECK(z->queries == 1);
  /* a Z3 error returns NULL and is reported, not fatal */
  Z3_ast bad = Z3_mk_seq_length(z->ctx, Z3_mk_int(z->ctx, 1, z->int_sort));
  CHECK(bad == NULL);
  CHECK(sd_z3_failed(z));
  CHECK(!sd_z3_failed(z));
  sd_z3_free(z);
  sd_grammar_free(g);
}

/* ---------- generation ---------- */

static SdConstraint *constraint(const SdGrammar *g, const char *text) {
  SdConstraintError e = {0};
  SdConstraint *c = sd_constraint_parse(g, text, strlen(text), &e);
  if (!c) fprintf(stderr, "  %s: %d:%d: %s\n", text, e.line, e.column, e.message);
  free(e.message);
  return c;
}

/* Every tree must re-parse from <start> to a tree satisfying c, and all texts
 * must differ. Returns the number of failures. */
static int verify(const SdGrammar *g, const SdConstraint *c, SdTree **trees, uint32_t n) {
  SdParser *p = sd_parser_new(g);
  int bad = 0;
  for (uint32_t i = 0; i < n; i++) {
    SdParseError err = {0};
    SdTree *t = sd_parse(p, -1, trees[i]->text, trees[i]->length, &err);
    free(err.message);
    if (!t || !sd_constraint_eval(c, t, NULL) || !sd_constraint_eval(c, trees[i], NULL)) {
      if (bad++ < 3) fprintf(stderr, "  bad input '%.*s'\n", (int)trees[i]->length, trees[i]->text);
    }
    sd_tree_free(t);
    for (uint32_t j = 0; j < i; j++)
      if (trees[j]->length == trees[i]->length && !memcmp(trees[j]->text, trees[i]->text, trees[i]->length)) {
        if (bad++ < 3) fprintf(stderr, "  duplicate '%.*s'\n", (int)trees[i]->length, trees[i]->text);
        break;
      }
  }
  sd_parser_free(p);
  return bad;
}

static void free_trees(SdTree **trees, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) sd_tree_free(trees[i]);
}

/* Generate n inputs for the constraint and (with negate) for its negation;
 * both must come out complete and correct. */
static void generate_both(const char *grammar, const char *text, uint32_t n, uint64_t seed) {
  SdGrammar *g = grammar_file(grammar);
  CHECK(g != NULL);
  if (!g) return;
  SdConstraint *c = constraint(g, text);
  CHECK(c != NULL);
  if (!c) {
    sd_grammar_free(g);
    return;
  }
  SdConstraint *neg = sd_constraint_negate(c);
  SdConstraint *both[2] = {c, neg};
  for (int k = 0; k < 2; k++) {
    SdSolverOptions o;
    sd_solver_options_init(&o);
    o.seed = seed;
    SdSolver *s = sd_solver_new(g, &o);
    SdTree **out = calloc(n, sizeof *out);
    SdSolveStatus st = SD_SOLVE_UNKNOWN;
    uint32_t made = sd_solver_generate(s, both[k], NULL, 0, n, out, &st);
    if (made != n) fprintf(stderr, "  %s%s: %u of %u (%s)\n", k ? "not " : "", text, made, n, sd_solve_status_name(st));
    CHECK(made == n);
    CHECK(st == SD_SOLVE_OK);
    CHECK(verify(g, both[k], out, made) == 0);
    free_trees(out, made);
    free(out);
    sd_solver_free(s);
  }
  sd_constraint_free(neg);
  sd_constraint_free(c);
  sd_grammar_free(g);
}

static const char *heartbleed =
    "exists <payload-length> n: exists <payload> p: str.to.int(n) > str.len(p)";

static void test_generate_heartbleed(void) {
  generate_both("grammars/heartbleed.bnf", heartbleed, 50, 1);
}

/* Some solutions sit on the boundary (declared length = payload length + 1),
 * others far from it; and Z3 took part. */
static void test_boundary_diversity(void) {
  SdGrammar *g = grammar_file("grammars/heartbleed.bnf");
  SdConstraint *c = g ? constraint(g, heartbleed) : NULL;
  CHECK(c != NULL);
  if (!c) {
    sd_grammar_free(g);
    return;
  }
  SdSolver *s = sd_solver_new(g, NULL);
  SdTree *out[50];
  SdSolveStatus st;
  uint32_t made = sd_solver_generate(s, c, NULL, 0, 50, out, &st);
  CHECK(made == 50);
  SdSymbol len_sym = sd_grammar_find(g, "<payload-length>"), pay_sym = sd_grammar_find(g, "<payload>");
  int boundary = 0, far = 0;
  for (uint32_t i = 0; i < made; i++) {
    uint32_t cn, cp;
    uint32_t a = sd_tree_range(out[i], len_sym, NULL, &cn), b = sd_tree_range(out[i], pay_sym, NULL, &cp);
    CHECK(cn == 1 && cp == 1);
    if (cn != 1 || cp != 1) continue;
    uint32_t ln, lp;
    const char *num = sd_node_text(out[i], out[i]->nodes[out[i]->by_symbol[len_sym][a]], &ln);
    sd_node_text(out[i], out[i]->nodes[out[i]->by_symbol[pay_sym][b]], &lp);
    char buf[32] = {0};
    if (ln > 9) {
      far++;
      continue;
    }
    memcpy(buf, num, ln);
    long v = strtol(buf, NULL, 10);
    if (v == (long)lp + 1) boundary++;
    else if (v > (long)lp + 5) far++;
  }
  fprintf(stderr, "  %d on the boundary, %d far from it\n", boundary, far);
  CHECK(boundary >= 1);
  CHECK(far >= 10);
  SdSolverStats stats;
  sd_solver_stats(s, &stats);
  CHECK(stats.z3_queries > 0 && stats.z3_hits > 0 && stats.fuzz_hits > 0);
  CHECK(stats.fuzz_hits + stats.z3_hits == 50);
  free_trees(out, made);
  sd_solver_free(s);
  sd_constraint_free(c);
  sd_grammar_free(g);
}

/* Inputs whose named elements repeat are held back (solver.c held_back):
 * a multiple of 25 without a "5" is "0" in half of all random inputs,
 * and the other elements alone made every input distinct; among 3 inputs
 * there should be another value too ("100", "200": the search writes
 * multiples). Over seeds 1-5 it is so at four; at seed 2 fuzzing spends
 * the call's deferrals before the search runs, and "0" comes out three
 * times (without holding back: at none). */
static void test_named_variety(void) {
  SdGrammar *g = grammar_text("<start> ::= <name> \" \" <n>\n<name> ::= [a-z]+\n<n> ::= \"0\" | [1-9] [0-9]*\n");
  SdConstraint *c = g ? constraint(g, "str.to.int(<n>) mod 25 = 0 and not str.contains(<n>, \"5\")") : NULL;
  CHECK(c != NULL);
  if (!c) {
    sd_grammar_free(g);
    return;
  }
  SdSymbol n_sym = sd_grammar_find(g, "<n>");
  uint32_t varied = 0;
  for (uint64_t seed = 1; seed <= 5; seed++) {
    SdSolverOptions o;
    sd_solver_options_init(&o);
    o.seed = seed;
    SdSolver *s = sd_solver_new(g, &o);
    SdTree *out[3];
    uint32_t made = sd_solver_generate(s, c, NULL, 0, 3, out, NULL), nonzero = 0;
    CHECK(made == 3);
    for (uint32_t i = 0; i < made; i++) {
      uint32_t count, first = sd_tree_range(out[i], n_sym, NULL, &count), len;
      const char *text = count ? sd_node_text(out[i], out[i]->nodes[out[i]->by_symbol[n_sym][first]], &len) : "0";
      nonzero += count && !(len == 1 && text[0] == '0');
    }
    varied += nonzero >= 1;
    free_trees(out, made);
    sd_solver_free(s);
  }
  CHECK(varied >= 4);
  sd_constraint_free(c);
  sd_grammar_free(g);
}

static void test_generate_calculator(void) {
  generate_both("grammars/calculator.bnf", "exists <function> f: f = \"sqrt\"", 30, 2);
  generate_both("grammars/calculator.bnf", "exists <number> x: str.prefixof(\"-\", x)", 30, 3);
  generate_both("grammars/calculator.bnf",
                "exists <function> f: exists <number> x: (f = \"sqrt\" and str.to.int(x) < -5)", 20, 4);
}

static void test_generate_middle(void) {
  generate_both("grammars/middle.bnf",
                "exists <x> a: exists <y> b: exists <z> c: "
                "(str.to.int(b) < str.to.int(a) and str.to.int(a) < str.to.int(c))",
                50, 5);
}

static void test_generate_json(void) {
  generate_both("grammars/json.bnf", "exists <string> s: str.len(s) > 10", 20, 6);
  generate_both("grammars/json.bnf", "exists <number> x: str.to.int(x) > 1000", 20, 7);
}

/* Beyond 64 bits, and a rare event that fuzzing alone would not hit. */
static void test_generate_big_numbers(void) {
  SdGrammar *g = grammar_file("grammars/heartbleed.bnf");
  SdConstraint *c = g ? constraint(g, "exists <payload-length> n: str.to.int(n) > 100000000000000000000") : NULL;
  CHECK(c != NULL);
  if (!c) {
    sd_grammar_free(g);
    return;
  }
  SdSolver *s = sd_solver_new(g, NULL);
  SdTree *out[20];
  SdSolveStatus st;
  uint32_t made = sd_solver_generate(s, c, NULL, 0, 20, out, &st);
  CHECK(made == 20 && st == SD_SOLVE_OK);
  CHECK(verify(g, c, out, made) == 0);
  free_trees(out, made);
  sd_solver_free(s);
  sd_constraint_free(c);
  sd_grammar_free(g);
}

/* Small nonterminals are listed, values at a constraint's boundaries
 * written: neither asks Z3 (each such query cost 0.1-2 s). */
static void test_grid_and_boundaries(void) {
  struct {
    const char *grammar, *text;
    uint32_t n;
    bool some;
  } cases[] = {
      {"grammars/dates.bnf",
       "(exists <day> a: exists <month> b: str.to.int(a) - str.to.int(b) > 21) and "
       "(forall <month> m: not str.contains(m, \"1\")) and (exists <day> d: str.prefixof(\"3\", d))",
       4, true},
      {"grammars/dates.bnf", "(exists <month> m: m = \"02\") and (forall <month> k: not str.prefixof(\"0\", k))", 2,
       false},
      {"grammars/decimal.bnf",
       "(forall <temperature> t: str.to.int(t) <= 47) and (forall <temperature> u: not str.contains(u, \"37.\"))", 8,
       true},
  };
  for (int i = 0; i < 3; i++) {
    SdGrammar *g = grammar_file(cases[i].grammar);
    SdConstraint *c = g ? constraint(g, cases[i].text) : NULL;
    CHECK(c != NULL);
    if (c) {
      SdSolver *s = sd_solver_new(g, NULL);
      SdTree *out[8];
      uint32_t made = sd_solver_generate(s, c, NULL, 0, cases[i].n, out, NULL);
      CHECK(cases[i].some ? made == cases[i].n : made == 0);
      bool boundary = i != 2;
      for (uint32_t k = 0; k < made; k++) {
        CHECK(sd_constraint_eval(c, out[k], NULL));
        if (i == 2 && strstr(out[k]->text, "= 47\n")) boundary = true;
        sd_tree_free(out[k]);
      }
      CHECK(boundary); /* 47 itself among the temperatures */
      SdSolverStats stats;
      sd_solver_stats(s, &stats);
      CHECK(stats.z3_queries == 0);
      sd_solver_free(s);
    }
    sd_constraint_free(c);
    sd_grammar_free(g);
  }
}

static void test_unsat(void) {
  SdGrammar *g = grammar_file("grammars/heartbleed.bnf");
  const char *texts[] = {"exists <digit> d: str.len(d) > 1",
                         "exists <payload-length> n: (str.to.int(n) > 5 and str.to.int(n) < 3)",
                         "exists <payload> p: str.contains(p, \" \")",
                         /* only with the grammar's numerals, which have no leading zero ("05"):
                            Z3 alone ran out of its limit on this (heartbleed's tie splits) */
                         "exists <payload-length> n: (str.to.int(n) <= 6 and str.contains(n, \"5\") and not n = \"5\")"};
  for (int i = 0; g && i < 4; i++) {
    SdConstraint *c = constraint(g, texts[i]);
    CHECK(c != NULL);
    if (!c) continue;
    SdSolver *s = sd_solver_new(g, NULL);
    SdTree *out[10];
    SdSolveStatus st = SD_SOLVE_OK;
    uint32_t made = sd_solver_generate(s, c, NULL, 0, 10, out, &st);
    CHECK(made == 0);
    CHECK(st == SD_SOLVE_UNSAT);
    SdSolverStats stats;
    sd_solver_stats(s, &stats);
    CHECK(stats.z3_queries <= 2); /* decided at once, not by exhausting the budget */
    sd_solver_free(s);
    sd_constraint_free(c);
  }
  sd_grammar_free(g);
}

/* Which nonterminals write numbers without a sign or a leading zero (then a
 * longer text is a larger number, and the Z3 layer says so). */
static void test_canonical_numerals(void) {
  static const struct { const char *grammar, *symbol; bool canonical; } cases[] = {
    {"<start> ::= <n>\n<n> ::= \"0\" | <lead> <digit>*\n<lead> ::= [1-9]\n<digit> ::= [0-9]\n", "<n>", true},
    {"<start> ::= <n>\n<n> ::= [0-9]+\n", "<n>", false},                 /* "07" */
    {"<start> ::= <n>\n<n> ::= [0-9]\n", "<n>", true},                   /* one digit */
    {"<start> ::= <n>\n<n> ::= <z> [1-9]\n<z> ::= \"\" | \"0\"\n", "<n>", false}, /* "01" */
    {"<start> ::= <n>\n<n> ::= <z> [1-9]\n<z> ::= \"\" | \"1\"\n", "<n>", true},
    {"<start> ::= <n>\n<n> ::= \"-\"? [1-9] [0-9]*\n", "<n>", false},    /* a sign */
    {"<start> ::= <n>\n<n> ::= [1-9] [0-9a]*\n", "<n>", false},          /* a letter */
    {"<start> ::= <n>\n<n> ::= [1-9] <n> | \"0\"\n", "<n>", true},        /* "0", "10", "120" */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    SdGrammar *g = grammar_text(cases[i].grammar);
    CHECK(g != NULL);
    if (!g) continue;
    SdZ3 *z = sd_z3_new(g, 200000, 1);
    SdSymbol s = sd_grammar_find(g, cases[i].symbol);
    bool got = sd_z3_symbol_canonical(z, s);
    if (got != cases[i].canonical) fprintf(stderr, "  case %zu: canonical %d\n", i, got);
    CHECK(got == cases[i].canonical);
    sd_z3_free(z);
    sd_grammar_free(g);
  }
}

/* Same seed, same inputs; another seed, other inputs. Avoided texts and seed
 * trees' texts never come back. */
static void test_determinism_and_avoid(void) {
  SdGrammar *g = grammar_file("grammars/middle.bnf");
  SdConstraint *c = g ? constraint(g, "exists <x> a: exists <y> b: str.to.int(a) = str.to.int(b) + 1") : NULL;
  CHECK(c != NULL);
  if (!c) {
    sd_grammar_free(g);
    return;
  }
  SdTree *a[20], *b[20], *d[20], *e[20];
  SdSolverOptions o;
  sd_solver_options_init(&o);
  o.seed = 11;
  SdSolver *s1 = sd_solver_new(g, &o), *s2 = sd_solver_new(g, &o);
  uint32_t na = sd_solver_generate(s1, c, NULL, 0, 20, a, NULL);
  uint32_t nb = sd_solver_generate(s2, c, NULL, 0, 20, b, NULL);
  CHECK(na == 20 && nb == 20);
  bool same = na == nb;
  for (uint32_t i = 0; i < na && same; i++) same = !strcmp(a[i]->text, b[i]->text);
  CHECK(same);
  CHECK(verify(g, c, a, na) == 0);
  /* the same solver again: all new */
  uint32_t nd = sd_solver_generate(s1, c, NULL, 0, 20, d, NULL);
  CHECK(nd == 20);
  int repeats = 0;
  for (uint32_t i = 0; i < nd; i++)
    for (uint32_t j = 0; j < na; j++) repeats += !strcmp(d[i]->text, a[j]->text);
  CHECK(repeats == 0);
  /* another seed: different inputs; seeds' and avoided texts excluded */
  o.seed = 12;
  SdSolver *s3 = sd_solver_new(g, &o);
  for (uint32_t i = 0; i < 10; i++) sd_solver_avoid(s3, d[i]->text, d[i]->length);
  uint32_t ne = sd_solver_generate(s3, c, a, na, 20, e, NULL);
  CHECK(ne == 20);
  CHECK(verify(g, c, e, ne) == 0);
  int overlap = 0, equal = 0;
  for (uint32_t i = 0; i < ne; i++) {
    for (uint32_t j = 0; j < na; j++) overlap += !strcmp(e[i]->text, a[j]->text);
    for (uint32_t j = 0; j < 10; j++) overlap += !strcmp(e[i]->text, d[j]->text);
    equal += i < na && !strcmp(e[i]->text, a[i]->text);
  }
  CHECK(overlap == 0);
  CHECK(equal < 5);
  free_trees(a, na), free_trees(b, nb), free_trees(d, nd), free_trees(e, ne);
  sd_solver_free(s1), sd_solver_free(s2), sd_solver_free(s3);
  sd_constraint_free(c);
  sd_grammar_free(g);
}

/* forall, nested quantifiers and structural atoms. */
static void test_generate_structure(void) {
  generate_both("grammars/json.bnf",
                "exists <array> a: exists <number> x in a: str.to.int(x) > 50", 10, 8);
  generate_both("grammars/heartbleed.bnf", "forall <digit> d: not d = \"7\"", 10, 9);
  generate_both("grammars/heartbleed.bnf",
                "exists <payload-length> n: exists <payload> p: (before(n, p) and str.len(p) = str.len(n) + 2)",
                10, 10);
  /* two fields a match expression binds, equal in every element (the
     repair copies the first into the second) and differing in one */
  generate_both("tests/cases/diagnose/pwconfirm/grammar.bnf",
                "forall <req> r=\"user={<name> u}&new={<pw> a}&confirm={<pw> b}\\n\": (= a b)", 20, 11);
  generate_both("tests/cases/diagnose/tagclose/grammar.bnf",
                "forall <node> n=\"<{<tag> a}>{<content> c}</{<tag> b}>\": (= a b)", 20, 12);
}

/* Local search alone (solver_search.c): from random calculator trees, walks
 * meet a conjunction of keyword, sign and forall atoms; every tree returned
 * satisfies it; a contradiction is never met. */
/* Relations between two elements are met by copying one's text into the
 * other a step away: equal values in different texts (a leading zero), one
 * value just above another, one text a prefix of another. */
static void test_search_copies(void) {
  SdGrammar *g = grammar_text("<start> ::= <a> \" \" <b>\n<a> ::= <n>\n<b> ::= <n>\n"
                              "<n> ::= [0-3] [0-3] [0-3] [0-3] [0-3]?\n");
  CHECK(g != NULL);
  if (!g) return;
  const char *relations[] = {
      "exists <a> x: exists <b> y: (str.to.int(x) = str.to.int(y) and not (x = y))",
      "exists <a> x: exists <b> y: str.to.int(x) = str.to.int(y) + 1",
      "exists <a> x: exists <b> y: (str.prefixof(x, y) and not (x = y))",
  };
  SdFuzzerOptions fo = {.seed = 11, .max_size = 60};
  SdFuzzer *fz = sd_fuzzer_new(g, &fo);
  SdParser *parser = sd_parser_new(g);
  SdRng rng;
  sd_rng_seed(&rng, 11);
  for (size_t r = 0; r < sizeof relations / sizeof relations[0]; r++) {
    SdConstraintError e = {0};
    SdConstraint *c = sd_constraint_parse(g, relations[r], strlen(relations[r]), &e);
    free(e.message);
    CHECK(c != NULL);
    if (!c) continue;
    SdConstraint *nnf = sd_constraint_nnf(c);
    SdSearch *sr = sd_search_new(g, fz, parser, &rng, NULL, nnf, 16);
    uint32_t met = 0;
    for (int i = 0; i < 20; i++) {
      SdTree *t = sd_search_walk(sr, sd_fuzz_tree(fz, -1), 40);
      if (t) met += sd_constraint_eval(c, t, NULL);
      sd_tree_free(t);
    }
    if (met < 5) fprintf(stderr, "  %s: met by %u of 20 walks\n", relations[r], met);
    CHECK(met >= 5); /* none without copying */
    sd_search_free(sr);
    sd_constraint_free(nnf);
    sd_constraint_free(c);
  }
  sd_parser_free(parser);
  sd_fuzzer_free(fz);
  sd_grammar_free(g);
}

static void test_search_walk(void) {
  SdGrammar *g = grammar_file("grammars/calculator.bnf");
  CHECK(g != NULL);
  if (!g) return;
  const char *text = "(exists <function> f: f = \"sqrt\") and (exists <maybe-minus> m: m = \"-\") and "
                     "(forall <digit> d: not d = \"8\")";
  SdConstraintError e = {0};
  SdConstraint *c = sd_constraint_parse(g, text, strlen(text), &e);
  free(e.message);
  CHECK(c != NULL);
  SdConstraint *nnf = c ? sd_constraint_nnf(c) : NULL;
  const char *no = "(exists <function> f: f = \"sqrt\") and (forall <function> f: not f = \"sqrt\")";
  SdConstraintError e2 = {0};
  SdConstraint *never = sd_constraint_parse(g, no, strlen(no), &e2);
  free(e2.message);
  SdConstraint *never_nnf = never ? sd_constraint_nnf(never) : NULL;
  CHECK(nnf != NULL && never_nnf != NULL);
  if (nnf && never_nnf) {
    SdFuzzerOptions fo = {.seed = 7, .max_size = 120};
    SdFuzzer *fz = sd_fuzzer_new(g, &fo);
    SdRng rng;
    sd_rng_seed(&rng, 7);
    SdParser *parser = sd_parser_new(g);
    SdSearch *sr = sd_search_new(g, fz, parser, &rng, NULL, nnf, 16);
    SdSearch *sr_never = sd_search_new(g, fz, parser, &rng, NULL, never_nnf, 16);
    uint32_t met = 0, wrong = 0, contradictions = 0;
    for (int i = 0; i < 20; i++) {
      SdTree *t = sd_search_walk(sr, sd_fuzz_tree(fz, -1), 40);
      if (t) met++, wrong += !sd_constraint_eval(c, t, NULL);
      sd_tree_free(t);
      SdTree *u = sd_search_walk(sr_never, sd_fuzz_tree(fz, -1), 40);
      contradictions += u != NULL;
      sd_tree_free(u);
    }
    CHECK(met >= 15);
    CHECK(wrong == 0);
    CHECK(contradictions == 0);
    sd_search_free(sr);
    sd_search_free(sr_never);
    sd_parser_free(parser);
    sd_fuzzer_free(fz);
  }
  sd_constraint_free(nnf);
  sd_constraint_free(never_nnf);
  sd_constraint_free(c);
  sd_constraint_free(never);
  sd_grammar_free(g);
}

/* Conjuncts `exists <N> x: ...` met by grafting a witness from donor trees:
 * an <expr> containing "/ -0" and a <term> ending in "(0)" need the tokens
 * aligned with the grammar's spaces, which literals written over random
 * words rarely are (and Z3 ran out of rlimit on them); with the two donors
 * the solver meets both without Z3, and its inputs hold. */
static void grafts(const char *grammar, const char *text, const char *const donor_texts[2]) {
  SdGrammar *g = grammar_file(grammar);
  CHECK(g != NULL);
  if (!g) return;
  SdConstraintError e = {0};
  SdConstraint *c = sd_constraint_parse(g, text, strlen(text), &e);
  free(e.message);
  CHECK(c != NULL);
  SdParser *parser = sd_parser_new(g);
  SdTree *donors[2];
  for (int i = 0; i < 2; i++) {
    SdParseError pe = {0};
    donors[i] = sd_parse(parser, -1, donor_texts[i], strlen(donor_texts[i]), &pe);
    free(pe.message);
    CHECK(donors[i] != NULL);
  }
  if (c && donors[0] && donors[1]) {
    SdSolverOptions so;
    sd_solver_options_init(&so);
    so.seed = 5;
    so.max_queries = SD_SOLVER_NO_Z3;
    SdSolver *s = sd_solver_new(g, &so);
    sd_solver_set_donors(s, donors, 2);
    SdTree *out[4];
    uint32_t n = sd_solver_generate(s, c, NULL, 0, 4, out, NULL);
    CHECK(n == 4);
    if (n != 4) fprintf(stderr, "  %s: %u of 4 inputs for %s\n", grammar, n, text);
    for (uint32_t i = 0; i < n; i++) {
      CHECK(sd_constraint_eval(c, out[i], NULL));
      sd_tree_free(out[i]);
    }
    SdSolverStats st;
    sd_solver_stats(s, &st);
    CHECK(st.z3_queries == 0);
    sd_solver_free(s);
  }
  for (int i = 0; i < 2; i++) sd_tree_free(donors[i]);
  sd_parser_free(parser);
  sd_constraint_free(c);
  sd_grammar_free(g);
}

static void test_search_grafts(void) {
  const char *const expression[2] = {"(7 - 2) / -0 + 1", "3 + 4 * (0) - 5"};
  grafts("grammars/expression.bnf",
         "(exists <expr> e: str.contains(e, \"/ -0\")) and (exists <term> t: str.suffixof(\"* (0)\", t))", expression);
  /* written after it, another grammar: a member with a negative "qty", and
     an array of objects */
  const char *const json[2] = {"{\"items\": [{\"qty\": -3}], \"n\": 1}", "[{\"a\": true}, 2]"};
  grafts("grammars/json.bnf",
         "(exists <member> m: str.contains(m, \"\\\"qty\\\": -\")) and (exists <array> a: str.prefixof(\"[{\", a))", json);
}

static void send_sigint(int sig) {
  (void)sig;
  kill(getpid(), SIGINT);
}

/* A SIGINT while Z3 checks reaches semdbg's stop flag: by default Z3 takes
 * SIGINT over during a check (the query ends "interrupted from keyboard")
 * and the diagnosis went on after Ctrl-C. The query (a^3 + b^3 = c^3 over
 * integers above 1) runs until its rlimit; the signal comes 50 ms in. */
/* A forall over a recursive nonterminal (every <term>, the terms inside
 * terms included, at least 6 bytes long): a node made long enough may hold
 * a short one, so the walk counts the nodes that fail and keeps steps that
 * do not add to them. And the count itself. */
static void test_search_nested_forall(void) {
  SdGrammar *g = grammar_file("grammars/expression.bnf");
  CHECK(g != NULL);
  if (!g) return;
  const char *texts[] = {
      "forall <term> t: str.len(t) >= 6",
      "forall <factor> f: str.len(f) >= 4",
  };
  SdFuzzerOptions fo = {.seed = 5, .max_size = 120};
  SdFuzzer *fz = sd_fuzzer_new(g, &fo);
  SdParser *parser = sd_parser_new(g);
  SdLengths *lengths = sd_lengths_new(g, 256);
  SdRng rng;
  sd_rng_seed(&rng, 5);
  for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
    SdConstraintError e = {0};
    SdConstraint *c = sd_constraint_parse(g, texts[k], strlen(texts[k]), &e);
    free(e.message);
    CHECK(c != NULL);
    if (!c) continue;
    SdConstraint *nnf = sd_constraint_nnf(c);
    SdSearch *sr = sd_search_new(g, fz, parser, &rng, lengths, nnf, 16);
    uint32_t met = 0, wrong = 0;
    for (int i = 0; i < 20; i++) {
      SdTree *t = sd_search_walk(sr, sd_fuzz_tree(fz, -1), 40);
      if (t) met++, wrong += !sd_constraint_eval(c, t, NULL);
      sd_tree_free(t);
    }
    if (met < 10) fprintf(stderr, "  %s: met by %u of 20 walks\n", texts[k], met);
    CHECK(met >= 10);
    CHECK(wrong == 0);
    sd_search_free(sr);
    sd_constraint_free(nnf);
    sd_constraint_free(c);
  }
  /* "1 * 2 / 456789": terms "1", "1 * 2" and the whole; two under 6 bytes */
  SdConstraintError e = {0};
  SdConstraint *c = sd_constraint_parse(g, texts[0], strlen(texts[0]), &e);
  free(e.message);
  SdParseError pe = {0};
  const char *in = "1 * 2 / 456789";
  SdTree *t = sd_parse(parser, -1, in, strlen(in), &pe);
  free(pe.message);
  CHECK(c && t);
  if (c && t) {
    CHECK(sd_constraint_violations(c, t, 64) == 2);
    CHECK(sd_constraint_violations(c, t, 1) == 1);
  }
  sd_tree_free(t);
  sd_constraint_free(c);
  sd_lengths_free(lengths);
  sd_parser_free(parser);
  sd_fuzzer_free(fz);
  sd_grammar_free(g);
}

static void test_sigint_during_check(void) {
  struct sigaction old_int;
  sigaction(SIGINT, NULL, &old_int);
  signal(SIGINT, SIG_DFL); /* an ignored SIGINT stays ignored: reset it for the test */
  sd_stop_catch_signals();
  signal(SIGALRM, send_sigint);
  SdGrammar *g = grammar_text("<start> ::= \"x\"\n");
  SdZ3 *z = g ? sd_z3_new(g, 200000, 1) : NULL;
  CHECK(z != NULL);
  if (z) {
    Z3_context ctx = z->ctx;
    Z3_sort is = Z3_mk_int_sort(ctx);
    Z3_ast v[3], cubes[3];
    for (int i = 0; i < 3; i++) {
      char name[2] = {(char)('a' + i), 0};
      v[i] = Z3_mk_const(ctx, Z3_mk_string_symbol(ctx, name), is);
      Z3_ast f[3] = {v[i], v[i], v[i]};
      cubes[i] = Z3_mk_mul(ctx, 3, f);
      Z3_solver_assert(ctx, z->solver, Z3_mk_gt(ctx, v[i], Z3_mk_int(ctx, 1, is)));
    }
    Z3_solver_assert(ctx, z->solver, Z3_mk_eq(ctx, Z3_mk_add(ctx, 2, cubes), cubes[2]));
    ualarm(50000, 0);
    sd_z3_check(z);
    alarm(0);
    CHECK(sd_stop_signal() == SIGINT);
    sd_z3_free(z);
  }
  sd_grammar_free(g);
  sd_stop_reset();
  signal(SIGALRM, SIG_DFL);
  sigaction(SIGINT, &old_int, NULL);
}

int main(void) {
  RUN(test_regex_right_linear);
  RUN(test_regex_left_linear);
  RUN(test_regex_grammars);
  RUN(test_z3_bytes);
  RUN(test_generate_heartbleed);
  RUN(test_boundary_diversity);
  RUN(test_generate_calculator);
  RUN(test_generate_middle);
  RUN(test_generate_json);
  RUN(test_generate_big_numbers);
  RUN(test_canonical_numerals);
  RUN(test_unsat);
  RUN(test_grid_and_boundaries);
  RUN(test_determinism_and_avoid);
  RUN(test_generate_structure);
  RUN(test_named_variety);
  RUN(test_search_walk);
  RUN(test_search_copies);
  RUN(test_search_grafts);
  RUN(test_search_nested_forall);
  RUN(test_sigint_during_check);
  return test_report();
}
