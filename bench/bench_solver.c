/* bench_solver.c: speed of constraint-driven generation. For each of the
 * constraint classes (and its negation) it asks a fresh solver for 50
 * inputs and prints inputs per second, Z3 queries and attempts per input,
 * and how many came from fuzz-and-filter vs. Z3 models; a class with a donor
 * input runs once more with it as the solver's donor (its parts grafted where
 * an `exists` needs them, as the debugger gives its failing inputs).
 * Run from the project root: build/bench/bench_solver [n] */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "semdbg/constraint.h"
#include "semdbg/parser.h"
#include "semdbg/solver.h"

typedef struct Case {
  const char *klass; /* the constraint class the line stands for */
  const char *grammar;
  const char *constraint;
} Case;

/* Classes the local search meets by grafting parts of a donor input. */
typedef struct DonorCase {
  Case c;
  const char *donor; /* an input whose parts the solver may graft */
} DonorCase;

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
    {"at least N elements", "tests/cases/diagnose/resolvmax/grammar.bnf",
     "exists <ns> n in start: nth(\"4\", n, start)"},
    {"value in range", "tests/cases/diagnose/adcfault/grammar.bnf",
     "exists <code> c: (str.to.int(c) > 849 and str.to.int(c) < 900)"},
    {"decimal in range", "tests/cases/diagnose/gearband/grammar.bnf",
     "exists <ratio> r: (str.to.real(r) > 2.5 and str.to.real(r) < 3.0)"},
    {"count in one record", "tests/cases/diagnose/callargs/grammar.bnf",
     "exists <args> c: exists <arg> a in c: nth(\"11\", a, c)"},
    {"repeated value", "tests/cases/diagnose/dupport/grammar.bnf",
     "exists <port> a: exists <port> b: (before(a, b) and str.to.int(a) = str.to.int(b))"},
    {"sum in one record", "tests/cases/diagnose/quotasum/grammar.bnf",
     "exists <vol> v: exists <used> a in v: exists <resv> b in v: str.to.int(a) + str.to.int(b) > 100"},
    {"later minus earlier in one record", "tests/cases/diagnose/stampgap/grammar.bnf",
     "exists <session> s: exists <stamp> a in s: exists <stamp> b in s: (before(a, b) and str.to.int(b) - str.to.int(a) > 32767)"},
    {"range at a position", "tests/cases/diagnose/winscale/grammar.bnf",
     "exists <seg> s: exists <n> w in s: (nth(\"2\", w, s) and str.to.int(w) > 255 and str.to.int(w) < 512)"},
    {"nested 4 deep", "tests/cases/diagnose/nestdepth/grammar.bnf",
     "exists <arr> a: exists <arr> b in a: exists <arr> c in b: exists <arr> d in c: "
     "(different_position(a, b) and different_position(b, c) and different_position(c, d))"},
    {"fields differ", "tests/cases/diagnose/pwconfirm/grammar.bnf",
     "exists <req> r=\"user={<name> u}&new={<pw> a}&confirm={<pw> b}\\n\": not (= a b)"},
    {"fields equal", "tests/cases/diagnose/pwconfirm/grammar.bnf",
     "forall <req> r=\"user={<name> u}&new={<pw> a}&confirm={<pw> b}\\n\": (= a b)"},
    {"every nested element long enough", "grammars/expression.bnf", "forall <term> t: str.len(t) >= 6"},
    {"a literal and no part of it elsewhere", "grammars/calculator.bnf",
     "(exists <arith-expr> e: str.contains(e, \"sqrt(-\")) and (forall <arith-expr> f: not str.contains(f, \"t(-\"))"},
};

static const DonorCase donor_cases[] = {
    {{"literals in nested structure", "grammars/expression.bnf",
      "(exists <expr> e: str.contains(e, \"/ -0\")) and (exists <term> t: str.suffixof(\"* (0)\", t))"},
     "(7 - 2) / -0 + 4 * (0) - 5"},
};

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void run(const SdGrammar *g, const SdConstraint *c, const char *label, uint32_t n, SdTree *donor) {
  SdSolverOptions o;
  sd_solver_options_init(&o);
  o.seed = 42;
  SdSolver *s = sd_solver_new(g, &o);
  if (donor) sd_solver_set_donors(s, &donor, 1);
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

/* One class: its line, then plain and negated (and with the donor, when
 * given); false when its grammar or constraint does not load. */
static bool bench_class(const Case *k, const char *donor_text, uint32_t n) {
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_load(k->grammar, NULL, &d);
  sd_diagnostics_free(&d);
  if (!g) {
    fprintf(stderr, "cannot load %s (run from the project root)\n", k->grammar);
    return false;
  }
  SdConstraintError e = {0};
  SdConstraint *c = sd_constraint_parse(g, k->constraint, strlen(k->constraint), &e);
  if (!c) {
    fprintf(stderr, "%s: %s\n", k->constraint, e.message);
    free(e.message);
    sd_grammar_free(g);
    return false;
  }
  printf("[%s] %s  %s\n", k->klass, k->grammar, k->constraint);
  run(g, c, "  plain", n, NULL);
  SdConstraint *neg = sd_constraint_negate(c);
  run(g, neg, "  negated", n, NULL);
  sd_constraint_free(neg);
  if (donor_text) {
    SdParser *p = sd_parser_new(g);
    SdParseError pe = {0};
    SdTree *donor = sd_parse(p, -1, donor_text, strlen(donor_text), &pe);
    free(pe.message);
    if (donor) run(g, c, "  donor", n, donor);
    else fprintf(stderr, "the donor does not parse: %s\n", donor_text);
    sd_tree_free(donor);
    sd_parser_free(p);
  }
  sd_constraint_free(c);
  sd_grammar_free(g);
  return true;
}

int main(int argc, char **argv) {
  uint32_t n = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 10) : 50;
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    if (!bench_class(&cases[i], NULL, n)) return 2;
  for (size_t i = 0; i < sizeof donor_cases / sizeof *donor_cases; i++)
    if (!bench_class(&donor_cases[i].c, donor_cases[i].donor, n)) return 2;
  return 0;
}
