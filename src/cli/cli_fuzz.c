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

static const char *usage_head =
    "usage: semdbg fuzz --grammar G.bnf [-n N] [--seed S] [--max-size NODES]\n"
    "                   [--kpath K] [--start <symbol>] [--out DIR | --json]\n"
    "                   [--constraint C | --constraint-file F] [-v]\n"
    "\n"
    "Generate N random inputs from the grammar; with a constraint, N distinct\n"
    "inputs that satisfy it.\n";

static const char *usage_tail =
    "Without --out or --json, inputs are printed one per line.\n"
    "With a constraint the exit status is 1 when fewer than N inputs could be\n"
    "made (the constraint is unsatisfiable, or the attempts ran out).\n";

enum { MAX_SIZE_DEFAULT = 400, MAX_SIZE_LIMIT = 10000000, MAX_KPATH = 8 };
/* --max-size before parsing: no value given (the solver has its own default) */
#define MAX_SIZE_UNSET UINT64_MAX

typedef struct FuzzSettings {
  const char *grammar_path, *start, *out_dir, *constraint, *constraint_file;
  uint64_t count, seed, max_size, kpath;
  bool max_size_set, json, quiet, verbose;
} FuzzSettings;

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

/* Checks that need more than one option. */
static int check_settings(FuzzSettings *s) {
  s->max_size_set = s->max_size != MAX_SIZE_UNSET;
  if (!s->max_size_set) s->max_size = MAX_SIZE_DEFAULT;
  bool constrained = s->constraint || s->constraint_file;
  if (s->constraint && s->constraint_file) return cli_error("give --constraint or --constraint-file, not both");
  if (constrained && s->kpath) return cli_error("--kpath cannot be combined with a constraint");
  if (constrained && s->count > 1000000) return cli_error("-n must be at most 1000000 with a constraint");
  return CLI_CONTINUE;
}

/* The command line into *s; CLI_CONTINUE or the exit status. */
static int parse_command_line(int argc, char **argv, FuzzSettings *s) {
  const CliOption options[] = {
      CLI_STRING("grammar", 'g', &s->grammar_path, "FILE", "the grammar (ISLa BNF)"),
      CLI_UINT(NULL, 'n', &s->count, "N", "number of inputs (default 10)"),
      CLI_UINT("seed", 0, &s->seed, "S", "random seed (default 1); the same seed gives the same inputs"),
      CLI_UINT_RANGE("max-size", 0, &s->max_size, 0, MAX_SIZE_LIMIT, "NODES",
                     "bound on derivation tree nodes (default 400; 120 with a constraint)"),
      CLI_UINT_RANGE("kpath", 0, &s->kpath, 0, MAX_KPATH, "K",
                     "prefer derivations that cover unseen k-paths (k-path coverage)"),
      CLI_STRING("start", 0, &s->start, "SYMBOL", "generate from this nonterminal instead of <start>"),
      CLI_STRING("out", 0, &s->out_dir, "DIR", "write input-0001.txt ... into DIR (created if needed)"),
      CLI_FLAG("json", 0, &s->json, "print a JSON array of strings"),
      CLI_STRING("constraint", 0, &s->constraint, "C",
                 "only inputs satisfying the ISLa constraint C, e.g.\n"
                 "'exists <payload-length> n: str.to.int(n) > 10'"),
      CLI_STRING("constraint-file", 0, &s->constraint_file, "F", "read the constraint from file F"),
      CLI_FLAG("verbose", 'v', &s->verbose, "with a constraint: attempts and Z3 queries on stderr"),
      CLI_FLAG("quiet", 'q', &s->quiet, "no grammar warnings"),
      CLI_END,
  };
  const CliCommand command = {"fuzz", usage_head, usage_tail, options};
  CliStrings extra = {0};
  int status = cli_parse_options(&command, argc, argv, &extra);
  if (status == CLI_CONTINUE && extra.size)
    status = cli_error("fuzz: unexpected argument '%s' (see semdbg fuzz --help)", extra.items[0]);
  array_free(&extra);
  return status == CLI_CONTINUE ? check_settings(s) : status;
}

/* The text of --constraint or --constraint-file (malloc'd) in *text; false
 * after an error. *text stays NULL without a constraint. */
static bool read_constraint(const FuzzSettings *s, char **text, size_t *length) {
  *text = NULL;
  *length = 0;
  if (s->constraint_file) {
    const char *why = NULL;
    *text = sd_read_file(s->constraint_file, length, &why);
    if (!*text) cli_error("%s: %s", s->constraint_file, why ? why : "cannot read");
    return *text != NULL;
  }
  if (s->constraint) {
    *text = sd_xstrdup(s->constraint);
    *length = strlen(s->constraint);
  }
  return true;
}

static void print_json_array(cJSON *all) {
  char *text = sd_json_print(all, true);
  puts(text);
  cJSON_free(text);
}

/* The unconstrained mode: random derivations. */
static int fuzz_random(SdGrammar *g, const FuzzSettings *s) {
  SdFuzzerOptions opts = {.seed = s->seed, .max_size = (uint32_t)s->max_size, .kpath = (uint32_t)s->kpath};
  SdFuzzer *f = sd_fuzzer_new(g, &opts);
  cJSON *all = s->json ? cJSON_CreateArray() : NULL;
  int status = CLI_EXIT_OK;
  for (uint64_t i = 0; i < s->count && status == CLI_EXIT_OK; i++) {
    SdTree *t = sd_fuzz_tree(f, g->start);
    if (!emit(s->out_dir, all, i, t->text, t->length)) status = CLI_EXIT_USAGE;
    sd_tree_free(t);
  }
  if (all) print_json_array(all);
  cJSON_Delete(all);
  if (s->kpath && !s->quiet) {
    uint32_t covered, total;
    sd_fuzzer_coverage(f, &covered, &total);
    fprintf(stderr, "semdbg: %u of %u %u-paths covered\n", covered, total, (unsigned)s->kpath);
  }
  sd_fuzzer_free(f);
  return status;
}

static int fuzz(const FuzzSettings *s, SdGrammar *g, const char *constraint_text, size_t constraint_length) {
  if (s->out_dir && mkdir(s->out_dir, 0777) != 0 && errno != EEXIST)
    return cli_error("%s: %s", s->out_dir, strerror(errno));
  if (!constraint_text) return fuzz_random(g, s);
  cJSON *all = s->json ? cJSON_CreateArray() : NULL;
  int status = fuzz_constrained(g, constraint_text, constraint_length,
                                s->constraint_file ? s->constraint_file : "constraint", s->count,
                                s->seed, s->max_size, s->max_size_set, s->out_dir, all, s->verbose);
  if (all && status != CLI_EXIT_USAGE) print_json_array(all);
  cJSON_Delete(all);
  return status;
}

int cli_fuzz(int argc, char **argv) {
  FuzzSettings s = {.count = 10, .seed = 1, .max_size = MAX_SIZE_UNSET};
  int status = parse_command_line(argc, argv, &s);
  if (status != CLI_CONTINUE) return status;
  char *constraint_text;
  size_t constraint_length;
  if (!read_constraint(&s, &constraint_text, &constraint_length)) return CLI_EXIT_USAGE;
  SdGrammar *g = cli_load_grammar(s.grammar_path, s.start, s.quiet);
  status = g ? fuzz(&s, g, constraint_text, constraint_length) : CLI_EXIT_USAGE;
  if (g) sd_grammar_free(g);
  free(constraint_text);
  return status;
}
