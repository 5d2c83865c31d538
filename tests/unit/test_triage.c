/* test_triage.c: the parts of the triage that need no harness: the Wilson
 * interval (textbook values, and its ends), assigning an input to the first
 * cause of its kind that holds (else its kind's unexplained group), comparing
 * causes by meaning on a sample, loading a baseline (good JSON, byte strings,
 * and the errors: bad JSON with line and column, not a triage, an ISLa that
 * does not parse), marking groups known or new against it, and a group
 * without members in the three formats. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "semdbg/parser.h"
#include "semdbg/triage.h"
#include "test.h"
#include "util.h"

static const char *bnf =
    "<start> ::= <field> \" \" <field>\n"
    "<field> ::= <name> \"=\" <num>\n"
    "<name> ::= \"a\" | \"b\" | \"long\"\n"
    "<num> ::= [0-9] | [1-9] [0-9]\n";

static SdGrammar *grammar(void) {
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_parse(bnf, strlen(bnf), "test.bnf", NULL, &d);
  if (!g) sd_diagnostics_print(&d, stderr);
  sd_diagnostics_free(&d);
  return g;
}

static SdTree *tree(const SdGrammar *g, const char *text) {
  SdParser *p = sd_parser_new(g);
  SdParseError e = {0};
  SdTree *t = sd_parse(p, -1, text, strlen(text), &e);
  if (!t) fprintf(stderr, "parse %s: %s\n", text, e.message);
  free(e.message);
  sd_parser_free(p);
  return t;
}

static SdConstraint *cause(const SdGrammar *g, const char *isla) {
  SdConstraintError e = {0};
  SdConstraint *c = sd_constraint_parse(g, isla, strlen(isla), &e);
  if (!c) fprintf(stderr, "constraint %s: %s\n", isla, e.message);
  free(e.message);
  return c;
}

static bool near(double a, double b) { return fabs(a - b) < 1e-4; }

static void test_wilson(void) {
  SdTriageShare s = sd_triage_wilson(5, 10); /* the textbook example: 0.2366 .. 0.7634 */
  CHECK(near(s.share, 0.5) && near(s.low, 0.2366) && near(s.high, 0.7634));
  s = sd_triage_wilson(0, 10); /* nothing seen: 0 .. 0.2775 */
  CHECK(s.low == 0 && near(s.high, 0.2775));
  s = sd_triage_wilson(10, 10);
  CHECK(near(s.low, 0.7225) && s.high == 1);
  s = sd_triage_wilson(233, 1000);
  CHECK(near(s.low, 0.2079) && near(s.high, 0.2602) && s.samples == 1000 && s.satisfied == 233);
  s = sd_triage_wilson(0, 0); /* no sample: nothing known */
  CHECK(s.low == 0 && s.high == 1);
  for (uint32_t n = 1; n <= 50; n += 7) /* the estimate always lies inside its interval, which narrows with n */
    for (uint32_t k = 0; k <= n; k++) {
      s = sd_triage_wilson(k, n);
      CHECK(s.low <= s.share && s.share <= s.high && s.low >= 0 && s.high <= 1);
      CHECK(sd_triage_wilson(4 * k, 4 * n).high - sd_triage_wilson(4 * k, 4 * n).low < s.high - s.low);
    }
}

/* Groups of two kinds: exit:1 has two causes and an unexplained group. */
static void test_assign(void) {
  SdGrammar *g = grammar();
  SdTriageGroup groups[4] = {
      {.kind = "exit:1", .cause = cause(g, "exists <num> n: str.to.int(n) > 50")},
      {.kind = "signal:SIGSEGV", .cause = cause(g, "exists <name> n: n = \"long\"")},
      {.kind = "exit:1", .cause = cause(g, "exists <name> n: n = \"b\"")},
      {.kind = "exit:1", .cause = NULL},
  };
  SdTree *big = tree(g, "a=51 a=1"), *b = tree(g, "b=1 a=1"), *both = tree(g, "b=99 a=1");
  SdTree *neither = tree(g, "a=50 long=1");
  CHECK(sd_triage_assign(groups, 4, "exit:1", big) == 0);
  CHECK(sd_triage_assign(groups, 4, "exit:1", b) == 2);
  CHECK(sd_triage_assign(groups, 4, "exit:1", both) == 0); /* the first cause that holds */
  CHECK(sd_triage_assign(groups, 4, "exit:1", neither) == 3); /* unexplained */
  CHECK(sd_triage_assign(groups, 4, "signal:SIGSEGV", neither) == 1);
  CHECK(sd_triage_assign(groups, 4, "signal:SIGSEGV", big) == -1); /* no group of its kind holds */
  CHECK(sd_triage_assign(groups, 4, "timeout", big) == -1);
  CHECK(sd_triage_assign(groups, 3, "exit:1", neither) == -1); /* no unexplained group yet */
  for (int i = 0; i < 3; i++) sd_constraint_free(groups[i].cause);
  sd_tree_free(big), sd_tree_free(b), sd_tree_free(both), sd_tree_free(neither);
  sd_grammar_free(g);
}

static void test_agree(void) {
  SdGrammar *g = grammar();
  const char *texts[] = {"a=5 a=6", "a=0 b=1", "long=7 a=9", "b=99 b=10"};
  SdTree *sample[4];
  for (int i = 0; i < 4; i++) sample[i] = tree(g, texts[i]);
  SdConstraint *gt5 = cause(g, "exists <num> n: str.to.int(n) > 5");
  SdConstraint *ge6 = cause(g, "exists <num> x: (>= (str.to.int x) 6)");
  SdConstraint *gt6 = cause(g, "exists <num> n: str.to.int(n) > 6");
  CHECK(sd_triage_agree(gt5, ge6, sample, 4));       /* the same meaning, written otherwise */
  CHECK(!sd_triage_agree(gt5, gt6, sample, 4));      /* "a=5 a=6" tells them apart */
  CHECK(sd_triage_agree(gt5, gt6, sample + 1, 3));   /* a sample without it cannot */
  sd_constraint_free(gt5), sd_constraint_free(ge6), sd_constraint_free(gt6);
  for (int i = 0; i < 4; i++) sd_tree_free(sample[i]);
  sd_grammar_free(g);
}

static char *write_temp(const char *text) {
  char *path = sd_xstrdup("/tmp/semdbg-test-triage-XXXXXX");
  int fd = mkstemp(path);
  if (fd >= 0) {
    if (write(fd, text, strlen(text)) != (ssize_t)strlen(text)) perror("write");
    close(fd);
  }
  return path;
}

/* Load JSON text as a baseline; *error is the message (or NULL). */
static SdTriageBaseline *load(const SdGrammar *g, const char *json, char **error, char **path) {
  *path = write_temp(json);
  return sd_triage_baseline_load(g, *path, error);
}

static const char *baseline_json =
    "{\"report\": \"triage\", \"schema\": 1, \"groups\": [\n"
    " {\"kind\": \"exit:1\", \"cause\": {\"short\": \"num > 5\", \"isla\": \"exists <num> n in start: (> (str.to.int n) 5)\"},\n"
    "  \"example\": {\"path\": \"x\", \"input\": \"a=6 a=0\"}, \"reduced\": {\"input\": \"a=6 a=\\u2400\"}},\n"
    " {\"kind\": \"exit:1\", \"cause\": null, \"example\": {\"path\": \"y\", \"input\": \"b=1 b=2\"}},\n"
    " {\"kind\": \"signal:SIGSEGV\", \"cause\": {\"isla\": \"exists <name> n: n = \\\"long\\\"\"}}]}\n";

static void test_baseline_load(void) {
  SdGrammar *g = grammar();
  char *error = NULL, *path = NULL;
  SdTriageBaseline *b = load(g, baseline_json, &error, &path);
  CHECK(b && !error);
  if (b) {
    CHECK(b->group_count == 3);
    CHECK_STR(b->groups[0].kind, "exit:1");
    CHECK_STR(b->groups[0].short_form, "num > 5");
    CHECK(b->groups[0].cause && !b->groups[1].cause && b->groups[2].cause);
    CHECK(b->groups[0].inputs[0] && !strcmp(b->groups[0].inputs[0]->text, "a=6 a=0"));
    CHECK(!b->groups[0].inputs[1]); /* "a=6 a=<NUL>" does not parse: left out */
    CHECK(b->groups[2].short_form != NULL); /* no "short": the ISLa stands in */
  }
  sd_triage_baseline_free(b);
  unlink(path), free(path);

  struct { const char *json, *message; } bad[] = {
      {"{\"report\": \"triage\",\n  \"schema\": 1,, }", ":2:"}, /* line 2: "not valid JSON" */
      {"{\"schema\": 2, \"groups\": []}", "not a semdbg triage report"},
      {"{\"report\": \"triage\", \"schema\": 9, \"groups\": []}", "schema newer is not one this semdbg reads"},
      {"{\"report\": \"triage\", \"schema\": 1, \"groups\": [{\"kind\": \"exit:1\", \"cause\": "
       "{\"isla\": \"exists <nope> n: true\"}}]}", "group 1 (exit:1): its cause does not parse with test.bnf: 1:"},
      {"{\"report\": \"triage\", \"schema\": 1, \"groups\": [{\"cause\": null}]}", "group 1: not an object with a \"kind\""},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    error = NULL;
    b = load(g, bad[i].json, &error, &path);
    CHECK(!b && error && !strncmp(error, path, strlen(path)) && strstr(error, bad[i].message));
    if (error && !strstr(error, bad[i].message)) fprintf(stderr, "  got: %s\n", error);
    free(error);
    unlink(path), free(path);
  }
  error = NULL;
  CHECK(!sd_triage_baseline_load(g, "/nonexistent/base.json", &error) && error &&
        !strncmp(error, "/nonexistent/base.json: ", 24));
  free(error);
  sd_grammar_free(g);
}

/* A triage made by hand, compared with the baseline above. */
static void test_compare(void) {
  SdGrammar *g = grammar();
  SdTree *inputs[3] = {tree(g, "a=7 a=0"), tree(g, "long=1 a=1"), tree(g, "b=2 b=1")};
  SdTree *sample[2] = {tree(g, "a=5 a=5"), tree(g, "b=6 a=1")};
  SdTriageInput in[3] = {{.path = "i0", .tree = inputs[0]}, {.path = "i1", .tree = inputs[1]},
                         {.path = "i2", .tree = inputs[2]}};
  uint32_t m0 = 0, m1 = 1, m2 = 2;
  SdTriageGroup groups[4] = {
      /* the same meaning as the baseline's "num > 5", written otherwise */
      {.kind = "exit:1", .cause = cause(g, "exists <num> n: str.to.int(n) >= 6"), .short_form = ">= 6", .members = &m0, .member_count = 1},
      /* another kind than the baseline's "long" cause: new */
      {.kind = "timeout", .cause = cause(g, "exists <name> n: n = \"long\""), .short_form = "long", .members = &m1, .member_count = 1},
      /* unexplained inputs of a kind that had some */
      {.kind = "exit:1", .members = &m2, .member_count = 1},
      /* differs from "num > 5" on the baseline's own example (6): new */
      {.kind = "exit:1", .cause = cause(g, "exists <num> n: str.to.int(n) > 6"), .short_form = "> 6", .members = &m0, .member_count = 1},
  };
  SdTriage t = {.grammar = g, .inputs = in, .input_count = 3, .groups = groups, .group_count = 4,
                .sample = sample, .sample_count = 2};
  char *error = NULL, *path = NULL;
  SdTriageBaseline *b = load(g, baseline_json, &error, &path);
  CHECK(b != NULL);
  if (b) {
    sd_triage_compare(&t, b);
    CHECK(groups[0].novelty == SD_TRIAGE_KNOWN && groups[0].baseline == 0);
    CHECK(groups[1].novelty == SD_TRIAGE_NEW && groups[1].baseline == -1);
    CHECK(groups[2].novelty == SD_TRIAGE_KNOWN && groups[2].baseline == 1);
    CHECK(groups[3].novelty == SD_TRIAGE_NEW);
    CHECK(t.known == 2 && t.fresh == 2);
    CHECK(b->groups[0].matched && b->groups[1].matched && !b->groups[2].matched); /* SIGSEGV: gone */
    char *json = sd_triage_to_json(&t);
    CHECK(strstr(json, "\"gone\"") && strstr(json, "\"new\":\t2"));
    free(json);
    char *md = sd_triage_to_markdown(&t);
    CHECK(strstr(md, "| **new** |") && strstr(md, "| known |"));
    free(md);
  }
  sd_triage_baseline_free(b);
  unlink(path), free(path);
  for (int i = 0; i < 4; i++) sd_constraint_free(groups[i].cause);
  for (int i = 0; i < 3; i++) sd_tree_free(inputs[i]);
  for (int i = 0; i < 2; i++) sd_tree_free(sample[i]);
  sd_grammar_free(g);
}

/* A cause that holds on none of the inputs: a group without members, in every format. */
static void test_no_members(void) {
  SdGrammar *g = grammar();
  SdTree *in0 = tree(g, "a=1 a=2");
  SdTriageInput in[1] = {{.path = "i0", .tree = in0, .kind = "exit:1"}};
  uint32_t m0 = 0;
  SdTriageGroup groups[2] = {
      {.kind = "exit:1", .cause = cause(g, "exists <name> n: n = \"b\""), .short_form = "b", .diagnosis = "confirmed",
       .example = SD_TRIAGE_NO_EXAMPLE, .share = sd_triage_wilson(1, 4)},
      {.kind = "exit:1", .members = &m0, .member_count = 1, .diagnosis = "confirmed"},
  };
  SdTriageKind kind = {.kind = "exit:1", .inputs = 1, .status = "confirmed", .stop_reason = "confirmed", .causes = 1,
                       .unexplained = 1};
  SdTriage t = {.grammar = g, .inputs = in, .input_count = 1, .failing = 1, .kinds = &kind, .kind_count = 1,
                .groups = groups, .group_count = 2};
  char *text = sd_triage_to_text(&t), *json = sd_triage_to_json(&t), *md = sd_triage_to_markdown(&t);
  CHECK(strstr(text, "none of the given inputs fails so") && strstr(text, "unexplained"));
  CHECK(strstr(json, "\"example\":\tnull") && strstr(json, "\"count\":\t0"));
  CHECK(strstr(md, "none of the given inputs fails so") && strstr(md, "*unexplained*"));
  free(text), free(json), free(md);
  sd_constraint_free(groups[0].cause);
  sd_tree_free(in0);
  sd_grammar_free(g);
}

int main(void) {
  RUN(test_wilson);
  RUN(test_assign);
  RUN(test_agree);
  RUN(test_baseline_load);
  RUN(test_compare);
  RUN(test_no_members);
  return test_report();
}
