/* cli_fuzz.c: `semdbg fuzz`: generate inputs from a grammar, one per line on
 * stdout, as a JSON array of strings, or as files in a directory. With
 * --constraint, the inputs are N distinct ones that satisfy an ISLa
 * constraint, made by the solver (solver.h); when fewer than N can be made,
 * the ones found are printed, the reason goes to stderr and the exit status
 * is 1. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "semdbg/constraint.h"
#include "semdbg/fuzzer.h"
#include "semdbg/solver.h"
#include "json_util.h"
#include "util.h"

static const char *usage =
    "usage: semdbg fuzz --grammar G.bnf [-n N] [--seed S] [--max-size NODES]\n"
    "                   [--kpath K] [--start <symbol>] [--out DIR | --json]\n"
    "                   [--constraint C | --constraint-file F] [-v]\n"
    "\n"
    "Generate N random inputs from the grammar; with a constraint, N distinct\n"
    "inputs that satisfy it.\n"
    "\n"
    "  --grammar FILE    the grammar (ISLa BNF)\n"
    "  -n N              number of inputs (default 10)\n"
    "  --seed S          random seed (default 1); the same seed gives the same inputs\n"
    "  --max-size NODES  bound on derivation tree nodes (default 400; 120 with a constraint)\n"
    "  --kpath K         prefer derivations that cover unseen k-paths (k-path coverage)\n"
    "  --start SYMBOL    generate from this nonterminal instead of <start>\n"
    "  --out DIR         write input-0001.txt ... into DIR (created if needed)\n"
    "  --json            print a JSON array of strings\n"
    "  --constraint C    only inputs satisfying the ISLa constraint C, e.g.\n"
    "                    'exists <payload-length> n: str.to.int(n) > 10'\n"
    "  --constraint-file F  read the constraint from file F\n"
    "  -v, --verbose     with a constraint: attempts and Z3 queries on stderr\n"
    "  -q, --quiet       no grammar warnings\n"
    "\nWithout --out or --json, inputs are printed one per line.\n"
    "With a constraint the exit status is 1 when fewer than N inputs could be\n"
    "made (the constraint is unsatisfiable, or the attempts ran out).\n";

/* Write one input; returns false (after an error message) on failure. */
static bool emit(const char *out_dir, cJSON *all, uint64_t index, const char *text, size_t length) {
  if (out_dir) {
    char *path = sd_format("%s/input-%04llu.txt", out_dir, (unsigned long long)index + 1);
    bool ok = sd_write_file_atomic(path, text, length);
    if (!ok) cli_error("%s: cannot write: %s", path, strerror(errno));
    free(path);
    return ok;
  }
  if (all) {
    cJSON_AddItemToArray(all, sd_json_bytes(text, length));
  } else {
    fwrite(text, 1, length, stdout);
    putchar('\n');
  }
  return true;
}

/* The constrained mode: the solver makes the inputs. */
static int fuzz_constrained(SdGrammar *g, const char *text, size_t length, const char *origin,
                            uint64_t count, uint64_t seed, uint64_t max_size, bool max_size_set,
                            const char *out_dir, cJSON *all, bool verbose) {
  SdConstraintError cerr = {0};
  SdConstraint *c = sd_constraint_parse(g, text, length, &cerr);
  if (!c) {
    cli_error("%s:%d:%d: %s", origin, cerr.line, cerr.column, cerr.message ? cerr.message : "bad constraint");
    free(cerr.message);
    return CLI_EXIT_USAGE;
  }
  SdSolverOptions opts;
  sd_solver_options_init(&opts);
  opts.seed = seed;
  if (max_size_set) opts.max_size = (uint32_t)max_size;
  SdSolver *solver = sd_solver_new(g, &opts);
  SdTree **trees = sd_xcalloc(count ? count : 1, sizeof(SdTree *));
  SdSolveStatus st;
  uint32_t made = sd_solver_generate(solver, c, NULL, 0, (uint32_t)count, trees, &st);
  int status = CLI_EXIT_OK;
  for (uint32_t i = 0; i < made; i++) {
    if (status == CLI_EXIT_OK && !emit(out_dir, all, i, trees[i]->text, trees[i]->length))
      status = CLI_EXIT_USAGE;
    sd_tree_free(trees[i]);
  }
  free(trees);
  SdSolverStats stats;
  sd_solver_stats(solver, &stats);
  if (verbose)
    fprintf(stderr, "semdbg: %u of %llu inputs (%llu by fuzzing, %llu from Z3 models); %llu attempts, %llu Z3 queries\n",
            made, (unsigned long long)count, (unsigned long long)stats.fuzz_hits,
            (unsigned long long)stats.z3_hits, (unsigned long long)stats.attempts,
            (unsigned long long)stats.z3_queries);
  if (status == CLI_EXIT_OK && made < count) {
    if (st == SD_SOLVE_UNSAT) cli_error("constraint is unsatisfiable");
    else cli_error("gave up after %llu attempts: only %u of %llu inputs", (unsigned long long)stats.attempts,
                   made, (unsigned long long)count);
    status = CLI_EXIT_NEGATIVE;
  }
  sd_solver_free(solver);
  sd_constraint_free(c);
  return status;
}

int cli_fuzz(int argc, char **argv) {
  if (cli_wants_help(argc, argv)) {
    fputs(usage, stdout);
    return CLI_EXIT_OK;
  }
  const char *grammar_path = NULL, *start = NULL, *out_dir = NULL;
  const char *constraint = NULL, *constraint_file = NULL;
  uint64_t count = 10, seed = 1, max_size = 400, kpath = 0;
  bool json = false, quiet = false, verbose = false, max_size_set = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    bool has_value = i + 1 < argc;
    if (!strcmp(a, "--json")) json = true;
    else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) quiet = true;
    else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) verbose = true;
    else if (!strcmp(a, "--grammar") || !strcmp(a, "-g") || !strcmp(a, "--start") ||
             !strcmp(a, "--out") || !strcmp(a, "-n") || !strcmp(a, "--seed") ||
             !strcmp(a, "--max-size") || !strcmp(a, "--kpath") || !strcmp(a, "--constraint") ||
             !strcmp(a, "--constraint-file")) {
      if (!has_value) return cli_error("%s needs a value", a);
      const char *v = argv[++i];
      if (!strcmp(a, "--grammar") || !strcmp(a, "-g")) grammar_path = v;
      else if (!strcmp(a, "--constraint")) constraint = v;
      else if (!strcmp(a, "--constraint-file")) constraint_file = v;
      else if (!strcmp(a, "--start")) start = v;
      else if (!strcmp(a, "--out")) out_dir = v;
      else if (!strcmp(a, "-n")) { if (!cli_parse_u64(a, v, &count)) return CLI_EXIT_USAGE; }
      else if (!strcmp(a, "--seed")) { if (!cli_parse_u64(a, v, &seed)) return CLI_EXIT_USAGE; }
      else if (!strcmp(a, "--max-size")) {
        if (!cli_parse_u64(a, v, &max_size)) return CLI_EXIT_USAGE;
        max_size_set = true;
      }
      else if (!cli_parse_u64(a, v, &kpath)) return CLI_EXIT_USAGE;
    } else return cli_error("fuzz: unknown argument '%s' (see semdbg fuzz --help)", a);
  }
  if (kpath > 8) return cli_error("--kpath must be at most 8");
  if (max_size > 10000000) return cli_error("--max-size must be at most 10000000");
  if (constraint && constraint_file) return cli_error("give --constraint or --constraint-file, not both");
  if ((constraint || constraint_file) && kpath) return cli_error("--kpath cannot be combined with a constraint");
  if ((constraint || constraint_file) && count > 1000000) return cli_error("-n must be at most 1000000 with a constraint");
  char *constraint_text = NULL;
  size_t constraint_length = 0;
  if (constraint_file) {
    const char *why = NULL;
    constraint_text = sd_read_file(constraint_file, &constraint_length, &why);
    if (!constraint_text) return cli_error("%s: %s", constraint_file, why ? why : "cannot read");
  } else if (constraint) {
    constraint_text = sd_xstrdup(constraint);
    constraint_length = strlen(constraint);
  }
  SdGrammar *g = cli_load_grammar(grammar_path, start, quiet);
  if (!g) {
    free(constraint_text);
    return CLI_EXIT_USAGE;
  }
  if (out_dir && mkdir(out_dir, 0777) != 0 && errno != EEXIST) {
    int e = errno;
    sd_grammar_free(g);
    free(constraint_text);
    return cli_error("%s: %s", out_dir, strerror(e));
  }
  if (constraint_text) {
    cJSON *all = json ? cJSON_CreateArray() : NULL;
    int status = fuzz_constrained(g, constraint_text, constraint_length,
                                  constraint_file ? constraint_file : "constraint", count, seed,
                                  max_size, max_size_set, out_dir, all, verbose);
    if (json && status != CLI_EXIT_USAGE) {
      char *s = cJSON_Print(all);
      puts(s);
      cJSON_free(s);
    }
    cJSON_Delete(all);
    free(constraint_text);
    sd_grammar_free(g);
    return status;
  }
  SdFuzzerOptions opts = {.seed = seed, .max_size = (uint32_t)max_size, .kpath = (uint32_t)kpath};
  SdFuzzer *f = sd_fuzzer_new(g, &opts);
  cJSON *all = json ? cJSON_CreateArray() : NULL;
  int status = CLI_EXIT_OK;
  for (uint64_t i = 0; i < count && status == CLI_EXIT_OK; i++) {
    SdTree *t = sd_fuzz_tree(f, g->start);
    if (!emit(out_dir, all, i, t->text, t->length)) status = CLI_EXIT_USAGE;
    sd_tree_free(t);
  }
  if (json) {
    char *s = cJSON_Print(all);
    puts(s);
    cJSON_free(s);
    cJSON_Delete(all);
  }
  if (kpath && !quiet) {
    uint32_t covered, total;
    sd_fuzzer_coverage(f, &covered, &total);
    fprintf(stderr, "semdbg: %u of %u %u-paths covered\n", covered, total, (unsigned)kpath);
  }
  sd_fuzzer_free(f);
  sd_grammar_free(g);
  return status;
}
