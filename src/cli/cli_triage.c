/* cli_triage.c: `semdbg triage --grammar G --test CMD INPUT...`: many failing
 * inputs (files or directories, e.g. a fuzzer's crash directory) sorted by
 * failure kind and cause with sd_triage (triage.c), compared with a baseline
 * (--baseline PREVIOUS.json), printed as text, JSON (--json; --json-file
 * FILE also writes it) or Markdown (--markdown). Exit status: 0 done (with
 * --baseline: nothing new); 1 with --baseline a new group, without it failing
 * inputs that no cause explains; 2 usage or input error (a bad baseline too);
 * 3 the test command could not run. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "semdbg/triage.h"
#include "util.h"

static const char *usage_head =
    "usage: semdbg triage --grammar G.bnf --test CMD [options] INPUT...\n"
    "\n"
    "Sort failing inputs (files, or directories such as a fuzzer's crash directory)\n"
    "by failure kind, then by cause: each kind gets one diagnosis, and each of its\n"
    "causes is a group with its inputs, a reduced input, and the share of random\n"
    "inputs from the grammar that satisfy it (how rare the failure is). Inputs no\n"
    "cause explains are listed as unexplained. Every input runs once; one cache\n"
    "serves all diagnoses.\n";

static const char *usage_tail =
    "With --baseline, each group is known (a group of the baseline has its kind and\n"
    "its meaning: both causes agree on a shared sample of inputs) or new.\n"
    "Exit status: 0 done (with --baseline: nothing new); 1 with --baseline a new\n"
    "group, without it some failing inputs unexplained; 2 usage or input error (an\n"
    "input that does not parse, a bad baseline, no failing input); 3 the test\n"
    "command could not run.\n";

typedef struct TriageSettings {
  SdTriageOptions triage;
  const char *grammar_path, *start, *baseline, *json_file;
  bool json, markdown, quiet;
  CliStrings inputs;
} TriageSettings;

static bool set_verbose(const CliOption *option, const char *value, char **error) {
  TriageSettings *s = option->dest;
  s->triage.debug.verbosity = 2;
  return true;
}

static bool set_quiet(const CliOption *option, const char *value, char **error) {
  TriageSettings *s = option->dest;
  s->quiet = true;
  s->triage.debug.verbosity = 0;
  return true;
}

/* Checks after the options: the test command, the inputs, one format. */
static int check_settings(const TriageSettings *s) {
  if (!s->triage.debug.oracle.test)
    return cli_error("triage: missing --test CMD: the command that runs the program under test");
  if (!s->inputs.size) return cli_error("triage: no input: give failing input files or directories");
  if (s->json && s->markdown) return cli_error("triage: give --json or --markdown, not both (see --json-file)");
  char *error = NULL;
  if (!sd_oracle_options_validate(&s->triage.debug.oracle, &error)) {
    cli_error("triage: %s", error);
    free(error);
    return CLI_EXIT_USAGE;
  }
  return CLI_CONTINUE;
}

/* The command line into *s; CLI_CONTINUE or the exit status. */
static int parse_command_line(int argc, char **argv, TriageSettings *s) {
  SdDebugOptions *d = &s->triage.debug;
  const CliOption options[] = {
      CLI_STRING("grammar", 'g', &s->grammar_path, "FILE", "the input grammar (ISLa BNF)"),
      CLI_STRING("start", 0, &s->start, "SYMBOL", "start symbol (default <start>)"),
      CLI_STRING("baseline", 0, &s->baseline, "FILE",
                 "an earlier triage's JSON: mark each group known or new"),
      CLI_FLAG("json", 0, &s->json, "print the triage as JSON (schema: docs/schema/triage.json)"),
      CLI_STRING("json-file", 0, &s->json_file, "FILE", "also write the JSON to FILE (the next baseline)"),
      CLI_FLAG("markdown", 0, &s->markdown, "print a Markdown summary (for a CI page or a PR comment)"),
      CLI_UINT_RANGE("samples", 0, &s->triage.samples, 1, 10000000, "N",
                     "random inputs to estimate each cause's share on (default 1000)"),
      CLI_UINT_RANGE("reduce-runs", 0, &s->triage.reduce_runs, 0, UINT32_MAX, "N",
                     "runs to reduce each cause's example (default 300; 0: no reduction)"),
      CLI_UINT("seed", 0, &d->seed, "N", "random seed (default 1); the same seed gives the same result"),
      CLI_STRING("patterns", 0, &d->patterns, "FILE", "pattern catalog (default patterns/default.toml)"),
      CLI_UINT("max-iterations", 0, &d->max_iterations, "N", "refinement iterations per diagnosis (default 10)"),
      CLI_UINT_RANGE("max-runs", 0, &d->max_runs, 1, UINT64_MAX, "N",
                     "harness runs per diagnosis, at least 1 (default 2000)"),
      CLI_DOUBLE("time-limit", 0, &d->time_limit, 0, INFINITY, "S",
                 "stop each diagnosis after S seconds (default 0: no limit)"),
      CLI_CALLBACK("verbose", 'v', set_verbose, s, NULL, "progress on stderr even when it is not a terminal"),
      CLI_CALLBACK("quiet", 'q', set_quiet, s, NULL, "no progress, no grammar warnings"),
      CLI_ORACLE_OPTIONS(&d->oracle),
      CLI_END,
  };
  const CliCommand command = {"triage", usage_head, usage_tail, options};
  int status = cli_parse_options(&command, argc, argv, &s->inputs);
  return status == CLI_CONTINUE ? check_settings(s) : status;
}

/* Print the triage (and write --json-file). CLI_EXIT_USAGE when the file cannot be written. */
static int print_triage(const TriageSettings *s, const SdTriage *t) {
  char *json = sd_triage_to_json(t);
  if (s->json_file && !sd_write_file_atomic(s->json_file, json, strlen(json))) {
    free(json);
    return cli_error("%s: cannot write: %s", s->json_file, strerror(errno));
  }
  char *text = s->json ? json : s->markdown ? sd_triage_to_markdown(t) : sd_triage_to_text(t);
  fputs(text, stdout);
  if (s->json) fputc('\n', stdout);
  if (text != json) free(text);
  free(json);
  return CLI_EXIT_OK;
}

/* Does the message start with "file:line:col: " (an input that does not parse)? */
static bool located(const char *message) {
  const char *p = strchr(message, ':');
  for (int part = 0; p && part < 2; part++) {
    const char *digits = ++p;
    while (*p >= '0' && *p <= '9') p++;
    if (p == digits || *p != ':') return false;
  }
  return p && p[1] == ' ';
}

static int exit_status(const TriageSettings *s, const SdTriage *t) {
  if (s->baseline) return t->fresh ? CLI_EXIT_NEGATIVE : CLI_EXIT_OK;
  for (uint32_t i = 0; i < t->group_count; i++)
    if (!t->groups[i].cause) return CLI_EXIT_NEGATIVE;
  return CLI_EXIT_OK;
}

/* Triage the inputs, compare with the baseline, print. */
static int triage(const TriageSettings *s, const SdGrammar *g, char **paths, size_t npaths) {
  char *error = NULL;
  SdTriageBaseline *baseline = NULL;
  if (s->baseline && !(baseline = sd_triage_baseline_load(g, s->baseline, &error))) {
    cli_error("%s", error);
    free(error);
    return CLI_EXIT_USAGE;
  }
  SdTriage *t = NULL;
  SdDebugStatus st = sd_triage(g, paths, (uint32_t)npaths, &s->triage, &t, &error);
  int status;
  if (st != SD_DEBUG_OK) {
    fprintf(stderr, "%s%s\n", located(error) ? "" : "semdbg: ", error);
    status = st == SD_DEBUG_HARNESS_ERROR ? CLI_EXIT_HARNESS : CLI_EXIT_USAGE;
  } else {
    if (baseline) sd_triage_compare(t, baseline);
    status = print_triage(s, t);
    if (status == CLI_EXIT_OK) status = exit_status(s, t);
  }
  free(error);
  sd_triage_free(t);
  sd_triage_baseline_free(baseline);
  return status;
}

static int run(const TriageSettings *s) {
  SdGrammar *g = cli_load_grammar(s->grammar_path, s->start, s->quiet);
  if (!g) return CLI_EXIT_USAGE;
  char **paths;
  size_t npaths;
  if (!cli_collect_inputs(s->inputs.items, (int)s->inputs.size, &paths, &npaths)) {
    sd_grammar_free(g);
    return CLI_EXIT_USAGE;
  }
  int status = npaths ? triage(s, g, paths, npaths) : cli_error("triage: no input files in the given directories");
  cli_free_paths(paths, npaths);
  sd_grammar_free(g);
  return status;
}

int cli_triage(int argc, char **argv) {
  TriageSettings s = {0};
  sd_triage_options_init(&s.triage);
  int status = parse_command_line(argc, argv, &s);
  if (status == CLI_CONTINUE) status = run(&s);
  array_free(&s.inputs);
  return status;
}
