/* cli_diagnose.c: the main job, `semdbg --grammar G --test CMD fail.txt`:
 * parse the options, run the refinement loop (debugger.c), print the report
 * as text or JSON. Exit status: 0 a diagnosis, 1 none met the thresholds,
 * 2 usage or input error, 3 the test command could not run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "semdbg/debugger.h"
#include "util.h"

static const char *usage_head =
    "usage: semdbg [diagnose] --grammar G.bnf --test CMD [options] INPUT...\n"
    "\n"
    "Find the circumstances under which the test command fails: one predicate over\n"
    "elements of the input, confirmed by experiment. INPUTs are files or directories;\n"
    "at least one must fail.\n"
    "\n"
    "  --grammar FILE        the input grammar (ISLa BNF)\n"
    "  --start SYMBOL        start symbol (default <start>)\n"
    "  --patterns FILE       pattern catalog (default patterns/default.toml)\n"
    "  --seed N              random seed (default 1); the same seed gives the same result\n"
    "  --max-iterations N    refinement iterations (default 10)\n"
    "  --max-runs N          harness runs in all (default 2000)\n"
    "  --time-limit S        stop after S seconds of wall time\n"
    "  --min-precision X     thresholds for a diagnosis (default 0.9 each)\n"
    "  --min-recall X\n"
    "  --max-relevant N      nonterminals kept by the relevance ranking (default 5)\n"
    "  --per-candidate N     inputs generated per candidate and per negation (default 8)\n"
    "  --no-reduce           do not reduce a failing input for the report\n"
    "  --no-generalize       do not compute DDSET's abstract failure-inducing input\n"
    "  --out DIR             keep every input with its verdict (DIR/failing, passing,\n"
    "                        undefined) and the report (report.json, report.txt)\n"
    "  --json                print the report as JSON (schema in README.md)\n"
    "  -v, --verbose         progress on stderr even when it is not a terminal\n"
    "  -q, --quiet           no progress, no grammar warnings\n"
    "\nTest command options:\n";

static const char *usage_tail =
    "\nExit status: 0 a diagnosis was found; 1 none met the thresholds; 2 usage or\n"
    "input error (bad grammar, an input that does not parse, no failing input);\n"
    "3 the test command could not run.\n";

int cli_diagnose(int argc, char **argv) {
  if (cli_wants_help(argc, argv)) {
    printf("%s%s%s", usage_head, sd_oracle_options_help, usage_tail);
    return CLI_EXIT_OK;
  }
  SdDebugOptions opts;
  sd_debug_options_init(&opts);
  const char *grammar_path = NULL, *start = NULL;
  bool json = false, quiet = false;
  char **files = sd_xcalloc((size_t)argc, sizeof(char *));
  int nfiles = 0, status = CLI_EXIT_USAGE;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    bool consumed = false;
    char *err = NULL;
    if (!sd_oracle_options_parse_arg(&opts.oracle, argc, argv, &i, &consumed, &err)) {
      cli_error("%s", err);
      free(err);
      goto out;
    }
    if (consumed) continue;
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    uint64_t n;
    double x = 0;
#define VALUE() do { if (!v) { cli_error("%s needs a value", a); goto out; } i++; } while (0)
    if (!strcmp(a, "--grammar") || !strcmp(a, "-g")) { VALUE(); grammar_path = v; }
    else if (!strcmp(a, "--start")) { VALUE(); start = v; }
    else if (!strcmp(a, "--patterns")) { VALUE(); opts.patterns = v; }
    else if (!strcmp(a, "--out")) { VALUE(); opts.out_dir = v; }
    else if (!strcmp(a, "--seed")) { VALUE(); if (!cli_parse_u64(a, v, &opts.seed)) goto out; }
    else if (!strcmp(a, "--max-iterations")) { VALUE(); if (!cli_parse_u64(a, v, &n)) goto out; opts.max_iterations = (uint32_t)n; }
    else if (!strcmp(a, "--max-runs")) { VALUE(); if (!cli_parse_u64(a, v, &opts.max_runs)) goto out; }
    else if (!strcmp(a, "--max-relevant")) { VALUE(); if (!cli_parse_u64(a, v, &n)) goto out; opts.max_relevant = (uint32_t)(n ? n : 1); }
    else if (!strcmp(a, "--per-candidate")) { VALUE(); if (!cli_parse_u64(a, v, &n)) goto out; opts.per_candidate = (uint32_t)(n ? n : 1); }
    else if (!strcmp(a, "--time-limit")) { VALUE(); if (!cli_parse_double(a, v, &opts.time_limit)) goto out; }
    else if (!strcmp(a, "--min-precision") || !strcmp(a, "--min-recall")) {
      VALUE();
      if (!cli_parse_double(a, v, &x) || x > 1) { if (x > 1) cli_error("%s must be between 0 and 1", a); goto out; }
      if (!strcmp(a, "--min-precision")) opts.min_precision = x;
      else opts.min_recall = x;
    }
    else if (!strcmp(a, "--no-reduce")) opts.reduce = false;
    else if (!strcmp(a, "--no-generalize")) opts.generalize = false;
    else if (!strcmp(a, "--json")) json = true;
    else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) opts.verbosity = 2;
    else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) quiet = true, opts.verbosity = 0;
    else if (a[0] == '-' && a[1]) { cli_error("unknown option '%s' (see semdbg --help)", a); goto out; }
    else files[nfiles++] = argv[i];
#undef VALUE
  }
  if (!opts.oracle.test) {
    cli_error("missing --test CMD: the command that runs the program under test");
    goto out;
  }
  if (!nfiles) {
    cli_error("no input: give at least one failing input file");
    goto out;
  }
  char *err = NULL;
  if (!sd_oracle_options_validate(&opts.oracle, &err)) {
    cli_error("%s", err);
    free(err);
    goto out;
  }
  SdGrammar *g = cli_load_grammar(grammar_path, start, quiet);
  if (!g) goto out;
  char **paths;
  size_t npaths;
  if (!cli_collect_inputs(files, nfiles, &paths, &npaths)) {
    sd_grammar_free(g);
    goto out;
  }
  if (!npaths) {
    cli_error("no input files in the given directories");
    cli_free_paths(paths, npaths);
    sd_grammar_free(g);
    goto out;
  }
  SdReport *report = NULL;
  SdDebugStatus ds = sd_debug(g, paths, (uint32_t)npaths, &opts, &report, &err);
  if (ds != SD_DEBUG_OK) {
    fprintf(stderr, "semdbg: %s\n", err);
    free(err);
    status = ds == SD_DEBUG_HARNESS_ERROR ? CLI_EXIT_HARNESS : CLI_EXIT_USAGE;
  } else {
    char *s = json ? sd_report_to_json(report) : sd_report_to_text(report);
    fputs(s, stdout);
    if (json) fputc('\n', stdout);
    free(s);
    status = report->status == SD_REPORT_CONFIRMED || report->status == SD_REPORT_APPROXIMATE
                 ? CLI_EXIT_OK : CLI_EXIT_NEGATIVE;
    sd_report_free(report);
  }
  cli_free_paths(paths, npaths);
  sd_grammar_free(g);
out:
  free(files);
  return status;
}
