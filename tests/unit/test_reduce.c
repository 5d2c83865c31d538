/* test_reduce.c: unit tests of sd_reduce and sd_generalize (DDSET) with the
 * shell harnesses tests/harnesses/reduce_grep.sh and reduce_markup.sh, so they
 * need no example binaries: reduction to a known 1-minimal input (hoisting in
 * nested parentheses, list items, the calculator and markup bugs), results
 * that fail when run again outside the oracle, the run budget, inputs that
 * pass, harness errors, the same result for any batch size, placeholders
 * and their instantiations, undefined verdicts and the JSON form; a keep
 * predicate (options.keep) that the reduced input still satisfies. */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "semdbg/parser.h"
#include "semdbg/reduce.h"
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

static SdTree *parse(const SdGrammar *g, const char *text) {
  SdParser *p = sd_parser_new(g);
  SdParseError e;
  SdTree *t = sd_parse(p, -1, text, strlen(text), &e);
  if (!t) {
    fprintf(stderr, "parse error: %s\n", e.message);
    free(e.message);
  }
  sd_parser_free(p);
  return t;
}

static SdOracle *oracle(const char *test, unsigned jobs) {
  SdOracleOptions o;
  sd_oracle_options_init(&o);
  o.test = test;
  o.jobs = jobs;
  o.timeout = 10;
  char *error = NULL;
  SdOracle *r = sd_oracle_new(&o, &error);
  if (!r) fprintf(stderr, "oracle: %s\n", error);
  free(error);
  return r;
}

/* Exit status of `sh HARNESS ARGS FILE` on text, run outside the oracle. */
static int run_harness(const char *harness_and_args, const char *text, size_t len) {
  char path[] = "/tmp/semdbg-test-reduce-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return -1;
  if (write(fd, text, len) != (ssize_t)len) len = 0;
  close(fd);
  char *cmd = sd_format("sh %s %s >/dev/null 2>&1", harness_and_args, path);
  int st = system(cmd);
  free(cmd);
  unlink(path);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Reduce `text` with a grep harness; returns the reduced text (malloc'd). */
static char *reduce_with(const char *bnf, const char *text, const char *strings, unsigned jobs,
                         uint32_t batch, SdReduceResult *out) {
  SdGrammar *g = grammar_text(bnf);
  CHECK(g != NULL);
  if (!g) return NULL;
  SdTree *t = parse(g, text);
  CHECK(t != NULL);
  char *cmd = sd_format("sh tests/harnesses/reduce_grep.sh %s", strings);
  SdOracle *o = oracle(cmd, jobs);
  char *result = NULL, *error = NULL;
  SdReduceOptions ro;
  sd_reduce_options_init(&ro);
  ro.batch = batch;
  if (t && o && sd_reduce_with(t, o, &ro, out, &error)) {
    result = sd_xstrndup(out->tree->text, out->tree->length);
    CHECK(out->tree->grammar == g);
    sd_tree_free(out->tree);
    out->tree = NULL;
  } else {
    fprintf(stderr, "reduce: %s\n", error ? error : "?");
  }
  free(error);
  sd_oracle_free(o);
  free(cmd);
  sd_tree_free(t);
  sd_grammar_free(g);
  return result;
}

static const char *parens = "<start> ::= <e>\n<e> ::= \"(\" <e> \")\" | <e> \"+\" <e> | \"a\" | \"b\"\n";

static void test_hoisting(void) {
  SdReduceResult r;
  char *s = reduce_with(parens, "((a+((b)+a)))", "b", 2, 0, &r);
  CHECK_STR(s, "b");
  CHECK(r.minimal);
  CHECK(r.original_length == 13 && r.reduced_length == 1);
  CHECK(r.reduced_nodes < r.original_nodes);
  CHECK(r.runs >= 2 && r.runs <= r.candidates);
  CHECK(r.steps >= 1);
  free(s);
  /* two things needed: the smallest input keeping both */
  s = reduce_with(parens, "(((a+b)+(b+a))+a)", "a b", 2, 0, &r);
  CHECK(s && (!strcmp(s, "a+b") || !strcmp(s, "b+a")));
  free(s);
}

static const char *list = "<start> ::= <item>*\n<item> ::= [a-z] | \"-\"\n";

static void test_list(void) {
  SdReduceResult r;
  char *s = reduce_with(list, "aaaaxbbbb-bbbbbbbbybbbbbbbbbbbbbbbbbbccc", "x y", 2, 0, &r);
  CHECK_STR(s, "xy");
  CHECK(r.minimal);
  /* far hoists drop many items at once: far fewer runs than items squared */
  CHECK(r.runs < 200);
  if (s) CHECK(run_harness("tests/harnesses/reduce_grep.sh x y", s, strlen(s)) == 1);
  free(s);
}

/* The result is the same whatever the batch size and parallelism. */
static void test_deterministic(void) {
  SdReduceResult r1, r2, r3;
  const char *in = "ab-cd-ef-gxhi-jk-ylm-no";
  char *a = reduce_with(list, in, "x -", 1, 1, &r1);
  char *b = reduce_with(list, in, "x -", 4, 4, &r2);
  char *c = reduce_with(list, in, "x -", 2, 16, &r3);
  CHECK(a && b && c);
  if (a && b && c) {
    CHECK_STR(a, b);
    CHECK_STR(a, c);
    CHECK(strlen(a) == 2); /* "x-" or "-x" */
  }
  CHECK(r1.steps == r2.steps && r2.steps == r3.steps);
  free(a), free(b), free(c);
}

static void test_calculator(void) {
  SdGrammar *g = grammar_file("grammars/calculator.bnf");
  CHECK(g != NULL);
  if (!g) return;
  SdTree *t = parse(g, "tan(12.5)");
  SdTree *f = parse(g, "sqrt(-1234.5678)");
  SdOracle *o = oracle("sh tests/harnesses/reduce_grep.sh 'sqrt(-'", 2);
  SdReduceResult r;
  char *error = NULL;
  /* an input that passes: refused with a clear message */
  CHECK(!sd_reduce(g, o, t, 1, 0, &r, &error));
  CHECK(r.status == SD_REDUCE_NOT_FAILING && r.tree == NULL);
  CHECK(error && strstr(error, "does not fail: the test command passed it (exit 0)"));
  free(error);
  error = NULL;
  CHECK(sd_reduce(g, o, f, 1, 0, &r, &error));
  CHECK(r.tree && r.tree->length <= 8 && !strncmp(r.tree->text, "sqrt(-", 6));
  CHECK(r.minimal && r.status == SD_REDUCE_OK);
  CHECK_STR(r.verdict, "exit 1");
  if (r.tree) CHECK(run_harness("tests/harnesses/reduce_grep.sh 'sqrt(-'", r.tree->text, r.tree->length) == 1);
  /* the cache: the same reduction again runs nothing new */
  SdReduceResult again;
  CHECK(sd_reduce(g, o, f, 1, 0, &again, &error));
  CHECK(again.runs == 0);
  CHECK(again.tree && r.tree && !strcmp(again.tree->text, r.tree->text));
  sd_tree_free(again.tree);

  /* generalize: sqrt(-<placeholders>) */
  SdAbstractInput *ab = sd_generalize(g, o, r.tree, 10, 7, 0, &error);
  CHECK(ab != NULL);
  if (ab) {
    char *s = sd_abstract_to_string(ab);
    CHECK(!strncmp(s, "sqrt(-", 6) && ab->placeholder_count >= 1 && ab->complete);
    CHECK(strstr(s, "<") != NULL);
    uint32_t runs = 0, failed = 0;
    CHECK(sd_abstract_instantiate_check(ab, o, 50, 3, &runs, &failed));
    CHECK(runs == 50 && failed >= 45);
    free(s);
    sd_abstract_free(ab);
  }
  sd_tree_free(r.tree);
  sd_oracle_free(o);
  sd_tree_free(t);
  sd_tree_free(f);
  sd_grammar_free(g);
}

static void test_budget(void) {
  SdGrammar *g = grammar_text(list);
  SdTree *t = parse(g, "abcdefghijxklmnopqrstuvwyz");
  SdOracle *o = oracle("sh tests/harnesses/reduce_grep.sh x y", 2);
  SdReduceOptions ro;
  sd_reduce_options_init(&ro);
  ro.max_runs = 10;
  ro.batch = 2;
  SdReduceResult r;
  char *error = NULL;
  CHECK(sd_reduce_with(t, o, &ro, &r, &error));
  CHECK(!r.minimal && r.runs <= 10);
  CHECK(r.tree && r.tree->length < t->length);
  if (r.tree) CHECK(run_harness("tests/harnesses/reduce_grep.sh x y", r.tree->text, r.tree->length) == 1);
  sd_tree_free(r.tree);
  /* generalize within a budget: stops, leaves the rest concrete */
  SdGeneralizeOptions go;
  sd_generalize_options_init(&go);
  go.max_runs = 3;
  SdAbstractInput *ab = sd_generalize_with(t, o, &go, NULL, &error);
  CHECK(ab && !ab->complete && ab->runs <= 3);
  sd_abstract_free(ab);
  sd_oracle_free(o);
  sd_tree_free(t);
  sd_grammar_free(g);
}

static void test_harness_error(void) {
  SdGrammar *g = grammar_text(list);
  SdTree *t = parse(g, "xy");
  SdOracle *o = oracle("/nonexistent/semdbg-harness", 1);
  SdReduceResult r;
  char *error = NULL;
  CHECK(!sd_reduce(g, o, t, 1, 0, &r, &error));
  CHECK(r.status == SD_REDUCE_HARNESS_ERROR && error != NULL);
  free(error);
  error = NULL;
  SdReduceStatus st = SD_REDUCE_OK;
  SdAbstractInput *ab = sd_generalize_with(t, o, NULL, &st, &error);
  CHECK(!ab && st == SD_REDUCE_HARNESS_ERROR && error != NULL);
  free(error);
  sd_oracle_free(o);
  sd_tree_free(t);
  sd_grammar_free(g);
}

static void test_markup(void) {
  SdGrammar *g = grammar_file("grammars/markup.bnf");
  CHECK(g != NULL);
  if (!g) return;
  SdTree *t = parse(g, "<b>\"bold\"</b> text");
  SdOracle *o = oracle("sh tests/harnesses/reduce_markup.sh", 2);
  char *error = NULL;
  SdGeneralizeOptions go;
  sd_generalize_options_init(&go);
  go.seed = 5;
  SdAbstractInput *ab = sd_generalize_with(t, o, &go, NULL, &error);
  CHECK(ab != NULL);
  if (ab) {
    char *s = sd_abstract_to_string(ab);
    fprintf(stderr, "   abstract: %s\n", s);
    CHECK(strchr(s, '"') != NULL);   /* the quote stays */
    CHECK(strstr(s, "<b>") == NULL && strstr(s, "</b>") == NULL); /* tags generalised */
    CHECK(strstr(s, "bold") == NULL);
    CHECK(ab->placeholder_count >= 2);
    for (uint32_t i = 1; i < ab->placeholder_count; i++) /* document order */
      CHECK(ab->placeholders[i] > ab->placeholders[i - 1]);
    cJSON *j = sd_abstract_to_json(ab);
    cJSON *segs = cJSON_GetObjectItem(j, "segments");
    CHECK(cJSON_GetArraySize(segs) >= 2);
    int holes = 0;
    cJSON *seg;
    cJSON_ArrayForEach(seg, segs) holes += cJSON_GetObjectItem(seg, "placeholder") != NULL;
    CHECK(holes == (int)ab->placeholder_count);
    CHECK_STR(cJSON_GetStringValue(cJSON_GetObjectItem(j, "pattern")), s);
    cJSON_Delete(j);
    SdInstances in;
    CHECK(sd_abstract_instantiate(ab, o, 50, 11, &in, &error));
    CHECK(in.count == 50 && in.failed + in.passed + in.undefined == 50);
    CHECK(in.failed >= 45);
    for (uint32_t i = 0; i < in.count; i++) CHECK(memchr(in.texts[i], '"', in.lengths[i]) != NULL);
    /* deterministic: the same seed, the same instantiations */
    SdInstances in2;
    CHECK(sd_abstract_instantiate(ab, o, 50, 11, &in2, &error));
    CHECK(in2.runs == 0);
    for (uint32_t i = 0; i < in.count && i < in2.count; i++) CHECK_STR(in.texts[i], in2.texts[i]);
    sd_instances_clear(&in2);
    sd_instances_clear(&in);
    free(s);
    sd_abstract_free(ab);
  }
  /* reduction: down to a lone quote */
  SdReduceResult r;
  CHECK(sd_reduce(g, o, t, 1, 0, &r, &error));
  CHECK(r.tree && r.tree->length == 1 && r.tree->text[0] == '"');
  sd_tree_free(r.tree);
  sd_oracle_free(o);
  sd_tree_free(t);
  sd_grammar_free(g);
}

/* Undefined verdicts count neither way: with every variant of a subtree
 * undefined it stays concrete. */
static void test_undefined(void) {
  SdGrammar *g = grammar_text("<start> ::= <a> <b>\n<a> ::= \"x\" | \"y\"\n<b> ::= \"1\" | \"2\"\n");
  SdTree *t = parse(g, "x1");
  /* fails when it holds x; undefined when it holds 2 */
  SdOracle *o = oracle("sh tests/harnesses/reduce_grep.sh -u 2 x", 2);
  char *error = NULL;
  SdAbstractInput *ab = sd_generalize_with(t, o, NULL, NULL, &error);
  CHECK(ab != NULL);
  if (ab) {
    char *s = sd_abstract_to_string(ab);
    CHECK_STR(s, "x<b>"); /* <b>: "1" fails, "2" undefined -> placeholder; <a>: y passes */
    free(s);
    sd_abstract_free(ab);
  }
  sd_oracle_free(o);
  o = oracle("sh tests/harnesses/reduce_grep.sh -u 1 x", 2); /* undefined on "x1" itself */
  SdReduceStatus st = SD_REDUCE_OK;
  ab = sd_generalize_with(t, o, NULL, &st, &error);
  CHECK(!ab && st == SD_REDUCE_NOT_FAILING && error && strstr(error, "undefined (exit 125)"));
  free(error);
  sd_oracle_free(o);
  sd_tree_free(t);
  sd_grammar_free(g);
}

static bool holds_an_a(void *data, const char *text, size_t length) {
  (*(int *)data)++;
  return memchr(text, 'a', length) != NULL;
}

/* options.keep: candidates it rejects never run, so the result keeps it. */
static void test_keep(void) {
  SdGrammar *g = grammar_text(parens);
  SdTree *t = parse(g, "((a+((b)+a)))");
  SdOracle *o = oracle("sh tests/harnesses/reduce_grep.sh b", 2);
  SdReduceOptions ro;
  sd_reduce_options_init(&ro);
  int asked = 0;
  ro.keep = holds_an_a;
  ro.keep_data = &asked;
  SdReduceResult r;
  char *error = NULL;
  CHECK(sd_reduce_with(t, o, &ro, &r, &error));
  if (r.tree) {
    char *s = sd_xstrndup(r.tree->text, r.tree->length);
    CHECK(!strcmp(s, "a+b") || !strcmp(s, "b+a")); /* without keep: "b" */
    CHECK(r.minimal && asked > 0);
    free(s);
    sd_tree_free(r.tree);
  }
  free(error);
  sd_oracle_free(o);
  sd_tree_free(t);
  sd_grammar_free(g);
}

int main(void) {
  RUN(test_hoisting);
  RUN(test_keep);
  RUN(test_list);
  RUN(test_deterministic);
  RUN(test_calculator);
  RUN(test_budget);
  RUN(test_harness_error);
  RUN(test_markup);
  RUN(test_undefined);
  return test_report();
}
