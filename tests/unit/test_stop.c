/* test_stop.c: the stop state (semdbg/stop.h): deadline, request, grace, and
 * constraint evaluations cut short only inside a cut scope. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "semdbg/constraint.h"
#include "semdbg/grammar.h"
#include "semdbg/parser.h"
#include "semdbg/stop.h"
#include "test.h"

static void test_deadline_and_request(void) {
  sd_stop_reset();
  CHECK(!sd_stop_requested() && sd_stop_reason() == SD_STOP_NONE);
  CHECK(sd_stop_remaining() > 1e6);
  sd_stop_set_deadline(sd_stop_now() + 100);
  CHECK(!sd_stop_requested() && sd_stop_remaining() > 90);
  sd_stop_set_deadline(sd_stop_now() - 1);
  CHECK(sd_stop_requested() && sd_stop_reason() == SD_STOP_DEADLINE && sd_stop_remaining() == 0);
  /* the reason sticks; the grace turns requests off for a while */
  sd_stop_grace(100);
  CHECK(!sd_stop_requested() && sd_stop_reason() == SD_STOP_DEADLINE);
  sd_stop_reset();
  CHECK(!sd_stop_requested());
  sd_stop_request();
  CHECK(sd_stop_requested() && sd_stop_reason() == SD_STOP_ERROR && sd_stop_signal() == 0);
  sd_stop_reset();
}

static void test_signal(void) {
  sd_stop_reset();
  sd_stop_catch_signals();
  raise(SIGHUP); /* the first one is caught: a flag, no death */
  CHECK(sd_stop_requested() && sd_stop_reason() == SD_STOP_SIGNAL && sd_stop_signal() == SIGHUP);
  sd_stop_reset();
  signal(SIGHUP, SIG_DFL);
}

static void test_cut_scope(void) {
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_load("grammars/expression.bnf", NULL, &d);
  CHECK(g != NULL);
  if (!g) return;
  SdParser *p = sd_parser_new(g);
  /* 400 numbers: more bindings than one poll interval */
  char text[4000] = "1";
  for (int i = 0; i < 400; i++) strcat(text, " + 1");
  SdParseError perr = {0};
  SdTree *t = sd_parse(p, -1, text, strlen(text), &perr);
  CHECK(t != NULL);
  SdConstraintError e = {0};
  const char *src = "exists <number> n: str.to.int(n) = 1";
  SdConstraint *c = sd_constraint_parse(g, src, strlen(src), &e);
  CHECK(c != NULL);
  if (t && c) {
    sd_stop_reset();
    sd_stop_request();
    unsigned long cuts = sd_stop_cuts();
    CHECK(sd_constraint_eval(c, t, NULL)); /* outside a scope: exact */
    CHECK(sd_stop_cuts() == cuts);
    sd_stop_cut_begin();
    CHECK(sd_stop_cutting());
    CHECK(!sd_constraint_eval(c, t, NULL)); /* cut: false, counted */
    CHECK(sd_stop_cuts() == cuts + 1);
    sd_stop_cut_end();
    CHECK(!sd_stop_cutting());
    sd_stop_reset();
  }
  free(perr.message);
  free(e.message);
  sd_constraint_free(c);
  sd_tree_free(t);
  sd_parser_free(p);
  sd_grammar_free(g);
  sd_diagnostics_free(&d);
}

int main(void) {
  RUN(test_deadline_and_request);
  RUN(test_signal);
  RUN(test_cut_scope);
  return test_report();
}
