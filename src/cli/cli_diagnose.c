/* cli_diagnose.c: the main job, `semdbg --grammar G --test CMD fail.txt`:
 * parse the options, run the refinement loop (debugger.c), print the report
 * as text or JSON. Exit status: 0 a diagnosis, 1 none met the thresholds,
 * 2 usage or input error, 3 the test command could not run, 4 a write error,
 * 128+N interrupted by signal N (the report of what was found is printed). */
#define _GNU_SOURCE /* sigabbrev_np */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "semdbg/debugger.h"
#include "semdbg/stop.h"
#include "util.h"

static const char *usage_head =
    "usage: semdbg [diagnose] --grammar G.bnf --test CMD [options] INPUT...\n"
    "\n"
    "Find the circumstances under which the test command fails: one predicate over\n"
    "elements of the input, confirmed by experiment. INPUTs are files or directories;\n"
    "at least one must fail.\n";

static const char *usage_tail =
    "Exit status: 0 a diagnosis was found; 1 none met the thresholds (or the test\n"
    "command is flaky); 2 usage or input error (bad grammar, an input that does not\n"
    "parse, no failing input); 3 the test command could not run; 4 the output or\n"
    "--out could not be written; 128+N interrupted by signal N (130 SIGINT, 143\n"
    "SIGTERM, 129 SIGHUP), after printing (and with --out writing) the report of\n"
    "what was found until then. A second signal ends semdbg at once.\n";

typedef struct DiagnoseSettings {
  SdDebugOptions debug;
  const char *grammar_path, *start;
  bool json, quiet;
  CliStrings inputs;
} DiagnoseSettings;

static bool set_verbose(const CliOption *option, const char *value, char **error) {
  DiagnoseSettings *s = option->dest;
  s->debug.verbosity = 2;
  return true;
}

static bool set_quiet(const CliOption *option, const char *value, char **error) {
  DiagnoseSettings *s = option->dest;
  s->quiet = true;
  s->debug.verbosity = 0;
  return true;
}

/* Checks after the options: the test command and the inputs. */
static int check_settings(const DiagnoseSettings *s) {
  if (!s->debug.oracle.test)
    return cli_error("missing --test CMD: the command that runs the program under test");
  if (!s->inputs.size) return cli_error("no input: give at least one failing input file");
  char *error = NULL;
  if (!sd_oracle_options_validate(&s->debug.oracle, &error)) {
    cli_error("%s", error);
    free(error);
    return CLI_EXIT_USAGE;
  }
  return CLI_CONTINUE;
}

/* The command line into *s; CLI_CONTINUE or the exit status. */
static int parse_command_line(int argc, char **argv, DiagnoseSettings *s) {
  SdDebugOptions *d = &s->debug;
  const CliOption options[] = {
      CLI_STRING("grammar", 'g', &s->grammar_path, "FILE", "the input grammar (ISLa BNF)"),
      CLI_STRING("start", 0, &s->start, "SYMBOL", "start symbol (default <start>)"),
      CLI_STRING("patterns", 0, &d->patterns, "FILE",
                 "pattern catalog (default: $SEMDBG_PATTERNS, else the bundled\n"
                 "share/semdbg/patterns/default.toml)"),
      CLI_UINT("seed", 0, &d->seed, "N", "random seed (default 1); the same seed gives the same result"),
      CLI_UINT("max-iterations", 0, &d->max_iterations, "N", "refinement iterations (default 10)"),
      CLI_UINT_RANGE("max-runs", 0, &d->max_runs, 1, UINT64_MAX, "N",
                     "harness runs in all, at least 1 (default 2000)"),
      CLI_DOUBLE("time-limit", 0, &d->time_limit, 0, INFINITY, "S",
                 "stop after S seconds of wall time (default 0: no limit)"),
      CLI_PROBABILITY("min-precision", 0, &d->min_precision, "X",
                      "precision a diagnosis must reach (default 0.9)"),
      CLI_PROBABILITY("min-recall", 0, &d->min_recall, "X", "recall a diagnosis must reach (default 0.9)"),
      CLI_UINT_RANGE("max-relevant", 0, &d->max_relevant, 1, UINT32_MAX, "N",
                     "nonterminals kept by the relevance ranking (default 5)"),
      CLI_UINT_RANGE("initial", 0, &d->min_failing, 1, UINT32_MAX, "N",
                     "failing and passing inputs, N of each, labelled before the\n"
                     "first hypothesis (default 8); fewer costs fewer runs and\n"
                     "leaves more to the experiments"),
      CLI_UINT_RANGE("per-candidate", 0, &d->per_candidate, 1, UINT32_MAX, "N",
                     "inputs generated per candidate and per negation (default 8)"),
      CLI_UINT_RANGE("hunt", 0, &d->hunt, 1, UINT32_MAX, "N",
                     "inputs outside the diagnosis per hunt for failures it misses,\n"
                     "and N/3 inside it: the targeted ones, then random ones, a quarter\n"
                     "of each side at least (default 16); more is stronger evidence"),
      CLI_STRING("kind", 0, &d->kind, "K",
                 "the failure kind to explain, as `semdbg run` shows it (default:\n"
                 "the first failing input's); inputs that fail otherwise are\n"
                 "counted as other failures, learned neither way"),
      CLI_UNSET("no-reduce", 0, &d->reduce, "do not reduce a failing input for the report"),
      CLI_UNSET("no-generalize", 0, &d->generalize, "do not compute DDSET's abstract failure-inducing input"),
      CLI_STRING("out", 0, &d->out_dir, "DIR",
                 "keep every input with its verdict (DIR/failing, passing,\n"
                 "undefined, other) and the report (report.json, report.txt)"),
      CLI_FLAG("json", 0, &s->json, "print the report as JSON (schema in README.md)"),
      CLI_CALLBACK("verbose", 'v', set_verbose, s, NULL, "progress on stderr even when it is not a terminal"),
      CLI_CALLBACK("quiet", 'q', set_quiet, s, NULL, "no progress, no grammar warnings"),
      CLI_ORACLE_OPTIONS(&d->oracle),
      CLI_END,
  };
  const CliCommand command = {"diagnose", usage_head, usage_tail, options};
  int status = cli_parse_options(&command, argc, argv, &s->inputs);
  d->min_passing = d->min_failing; /* --initial sets both */
  return status == CLI_CONTINUE ? check_settings(s) : status;
}

static void print_report(const SdReport *report, bool json) {
  char *text = json ? sd_report_to_json(report) : sd_report_to_text(report);
  fputs(text, stdout);
  if (json) fputc('\n', stdout);
  free(text);
}

/* Load the grammar, collect the inputs, diagnose, print the report. */
static int diagnose(const DiagnoseSettings *s) {
  SdGrammar *g = cli_load_grammar(s->grammar_path, s->start, s->quiet);
  if (!g) return CLI_EXIT_USAGE;
  char **paths;
  size_t npaths;
  if (!cli_collect_inputs(s->inputs.items, (int)s->inputs.size, &paths, &npaths)) {
    sd_grammar_free(g);
    return CLI_EXIT_USAGE;
  }
  int status = CLI_EXIT_USAGE;
  SdReport *report = NULL;
  char *err = NULL;
  SdDebugStatus debugged = SD_DEBUG_OK;
  if (!npaths) {
    cli_error("no input files in the given directories");
  } else if ((debugged = sd_debug(g, paths, (uint32_t)npaths, &s->debug, &report, &err)) != SD_DEBUG_OK &&
             !report) {
    fprintf(stderr, "semdbg: %s\n", err);
    status = debugged == SD_DEBUG_HARNESS_ERROR ? CLI_EXIT_HARNESS : CLI_EXIT_USAGE;
  } else {
    print_report(report, s->json);
    status = report->status == SD_REPORT_CONFIRMED || report->status == SD_REPORT_APPROXIMATE
                 ? CLI_EXIT_OK : CLI_EXIT_NEGATIVE;
    if (debugged == SD_DEBUG_WRITE_ERROR) {
      fprintf(stderr, "semdbg: %s\n", err);
      status = CLI_EXIT_WRITE;
    } else if (report->signal) {
      fprintf(stderr, "semdbg: interrupted by SIG%s: the report above is what was found until then\n",
              sigabbrev_np(report->signal) ? sigabbrev_np(report->signal) : "?");
      status = 128 + report->signal;
    }
  }
  free(err);
  sd_report_free(report);
  cli_free_paths(paths, npaths);
  sd_grammar_free(g);
  return status;
}

int cli_diagnose(int argc, char **argv) {
  DiagnoseSettings s = {0};
  sd_debug_options_init(&s.debug);
  sd_stop_catch_signals(); /* SIGINT, SIGTERM, SIGHUP: stop and report what was found */
  int status = parse_command_line(argc, argv, &s);
  if (status == CLI_CONTINUE) status = diagnose(&s);
  array_free(&s.inputs);
  return status;
}
