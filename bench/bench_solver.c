/* bench_solver.c: speed of constraint-driven generation. For each of the
 * constraint classes (and its negation) it asks a fresh solver for 50
 * inputs and prints inputs per second, Z3 queries and attempts per input,
 * and how many came from fuzz-and-filter vs. Z3 models.
 * Run from the project root: build/bench/bench_solver [n] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "semdbg/constraint.h"
#include "semdbg/solver.h"

typedef struct Case {
  const char *klass; /* the constraint class the line stands for */
  const char *grammar;
  const char *constraint;
} Case;

static const Case cases[] = {
    {"value vs length", "grammars/heartbleed.bnf",
     "exists <payload-length> n: exists <payload> p: str.to.int(n) > str.len(p)"},
    {"exact length", "grammars/heartbleed.bnf", "str.len(<payload>) = 53"},
    {"string equality", "grammars/calculator.bnf", "exists <function> f: f = \"sqrt\""},
    {"prefix", "grammars/calculator.bnf", "exists <number> x: str.prefixof(\"-\", x)"},
    {"value order", "grammars/middle.bnf",
     "exists <x> a: exists <y> b: exists <z> c: (str.to.int(b) < str.to.int(a) and str.to.int(a) < str.to.int(c))"},
    {"length bound", "grammars/json.bnf", "exists <string> s: str.len(s) > 10"},
    {"value bound", "grammars/json.bnf", "exists <number> x: str.to.int(x) > 1000"},
    {"big value", "grammars/heartbleed.bnf", "exists <payload-length> n: str.to.int(n) > 100000000000000000000"},
    {"unsatisfiable", "grammars/heartbleed.bnf", "exists <digit> d: str.len(d) > 1"},
    {"length and literal", "tests/cases/diagnose/config/grammar.bnf",
     "(forall <name> n: str.len(n) >= 32) and (exists <name> m: str.contains(m, \"6\"))"},
    {"literal over a structure", "grammars/calculator.bnf",
     "exists <arith-expr> e: str.contains(e, \"t(-\")"},
    {"equality or value", "grammars/dates.bnf",
     "(<month> = \"02\" and str.to.int(<day>) > 29) or (<month> = \"04\" and <day> = \"31\")"},
    {"small fields, arithmetic (grid)", "grammars/dates.bnf",
     "(exists <day> a: exists <month> b: str.to.int(a) - str.to.int(b) > 21) and "
     "(forall <month> m: not str.contains(m, \"1\")) and (exists <day> d: str.prefixof(\"3\", d))"},
    {"value bound and literal", "grammars/decimal.bnf",
     "(forall <temperature> t: str.to.int(t) <= 47) and (forall <temperature> u: not str.contains(u, \"37.\"))"},
};

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void run(const SdGrammar *g, const SdConstraint *c, const char *label, uint32_t n) {
  SdSolverOptions o;
  sd_solver_options_init(&o);
  o.seed = 42;
  SdSolver *s = sd_solver_new(g, &o);
  SdTree **out = calloc(n, sizeof *out);
  SdSolveStatus st;
  double t0 = now();
  uint32_t made = sd_solver_generate(s, c, NULL, 0, n, out, &st);
  double dt = now() - t0;
  SdSolverStats stats;
  sd_solver_stats(s, &stats);
  double per = made ? (double)made : 1.0;
  printf("%-8s %3u/%-3u %-8s %8.1f in/s %7.3f s  %5.2f Z3 q/in  %7.1f att/in  fuzz %3llu  z3 %3llu  %s\n", label, made, n,
         sd_solve_status_name(st), made / (dt > 0 ? dt : 1e-9), dt, (double)stats.z3_queries / per,
         (double)stats.attempts / per, (unsigned long long)stats.fuzz_hits, (unsigned long long)stats.z3_hits,
         made ? "" : "(per-input figures are totals)");
  for (uint32_t i = 0; i < made; i++) sd_tree_free(out[i]);
  free(out);
  sd_solver_free(s);
}

int main(int argc, char **argv) {
  uint32_t n = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 10) : 50;
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    SdDiagnostics d = {0};
    SdGrammar *g = sd_grammar_load(cases[i].grammar, NULL, &d);
    sd_diagnostics_free(&d);
    if (!g) {
      fprintf(stderr, "cannot load %s (run from the project root)\n", cases[i].grammar);
      return 2;
    }
    SdConstraintError e = {0};
    SdConstraint *c = sd_constraint_parse(g, cases[i].constraint, strlen(cases[i].constraint), &e);
    if (!c) {
      fprintf(stderr, "%s: %s\n", cases[i].constraint, e.message);
      free(e.message);
      sd_grammar_free(g);
      return 2;
    }
    printf("[%s] %s  %s\n", cases[i].klass, cases[i].grammar, cases[i].constraint);
    run(g, c, "  plain", n);
    SdConstraint *neg = sd_constraint_negate(c);
    run(g, neg, "  negated", n);
    sd_constraint_free(neg);
    sd_constraint_free(c);
    sd_grammar_free(g);
  }
  return 0;
}
