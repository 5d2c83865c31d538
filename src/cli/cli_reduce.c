/* cli_reduce.c: `semdbg reduce --grammar G --test CMD FAILING-INPUT`: parses
 * the failing input, checks that it fails, reduces it with sd_reduce_with()
 * (tree operations judged by the oracle in parallel batches) and prints the
 * reduced input on stdout with a summary (sizes, runs, 1-minimality) on
 * stderr, or everything as JSON with --json; --out FILE writes the reduced
 * input atomically. Exit status: 0 reduced, 2 usage error or an input that
 * does not parse or does not fail, 3 the test command cannot run. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "json_util.h"
#include "semdbg/parser.h"
#include "semdbg/reduce.h"
#include "util.h"

static const char *usage_head =
    "usage: semdbg reduce --grammar G.bnf --test CMD [options] FAILING-INPUT\n"
    "\n"
    "Reduce a failing input while it keeps failing: replace subtrees of its derivation\n"
    "tree by smaller subtrees of the same nonterminal inside them, by alternatives with\n"
    "fewer parts, or by the cheapest derivation, until no single such change keeps the\n"
    "failure (1-minimal). Candidates run in parallel (-j); the reduced input is printed\n"
    "on stdout, a summary on stderr.\n";

static const char *usage_tail =
    "Exit status: 0 reduced, 2 usage error or an input that does not parse or does not\n"
    "fail, 3 the test command could not run.\n";

typedef struct ReduceSettings {
  SdOracleOptions oracle;
  SdReduceOptions reduce;
  const char *grammar_path, *start, *out_path, *input_path;
  bool json, quiet;
} ReduceSettings;

/* The command line into *s; CLI_CONTINUE or the exit status. */
static int parse_command_line(int argc, char **argv, ReduceSettings *s) {
  const CliOption options[] = {
      CLI_STRING("grammar", 'g', &s->grammar_path, "FILE", "the grammar (ISLa BNF)"),
      CLI_STRING("start", 0, &s->start, "SYMBOL", "parse from this nonterminal instead of <start>"),
      CLI_UINT("max-runs", 0, &s->reduce.max_runs, "N",
               "run the test command at most N times (default: no limit);\n"
               "the result is then possibly not 1-minimal"),
      CLI_UINT("seed", 0, &s->reduce.seed, "S",
               "seed for cheapest derivations of character classes (default 1)"),
      CLI_STRING("out", 0, &s->out_path, "FILE", "also write the reduced input to FILE"),
      CLI_FLAG("json", 0, &s->json, "print a JSON object instead"),
      CLI_FLAG("quiet", 'q', &s->quiet, "no grammar warnings, no summary"),
      CLI_ORACLE_OPTIONS(&s->oracle),
      CLI_END,
  };
  const CliCommand command = {"reduce", usage_head, usage_tail, options};
  CliStrings inputs = {0};
  int status = cli_parse_options(&command, argc, argv, &inputs);
  if (status == CLI_CONTINUE && inputs.size > 1)
    status = cli_error("reduce: give one failing input (got '%s' and '%s')", inputs.items[0], inputs.items[1]);
  else if (status == CLI_CONTINUE && inputs.size == 0)
    status = cli_error("reduce: no failing input given (see semdbg reduce --help)");
  if (status == CLI_CONTINUE) s->input_path = inputs.items[0];
  array_free(&inputs);
  if (status != CLI_CONTINUE) return status;
  char *error = NULL;
  if (!sd_oracle_options_validate(&s->oracle, &error)) {
    cli_error("reduce: %s", error);
    free(error);
    return CLI_EXIT_USAGE;
  }
  return CLI_CONTINUE;
}

static int reduce_input(const ReduceSettings *s) {
  SdReduceOptions ro = s->reduce;
  const SdOracleOptions *opts = &s->oracle;
  const char *out_path = s->out_path, *input_path = s->input_path;
  bool json = s->json, quiet = s->quiet;
  char *error = NULL;
  SdGrammar *g = cli_load_grammar(s->grammar_path, s->start, quiet);
  if (!g) return CLI_EXIT_USAGE;

  int status = CLI_EXIT_USAGE;
  SdParser *parser = NULL;
  SdTree *tree = NULL;
  SdOracle *oracle = NULL;
  SdReduceResult rr = {0};
  parser = sd_parser_new(g);
  tree = cli_parse_file(parser, input_path);
  if (!tree) goto done;
  ro.batch = opts->jobs; /* one batch per wave of parallel runs (0: number of CPUs) */
  oracle = sd_oracle_new(opts, &error);
  if (!oracle) {
    cli_error("reduce: %s", error);
    status = CLI_EXIT_HARNESS;
    goto done;
  }
  if (!sd_reduce_with(tree, oracle, &ro, &rr, &error)) {
    if (rr.status == SD_REDUCE_NOT_FAILING) {
      cli_error("%s %s", input_path, error);
      status = CLI_EXIT_USAGE;
    } else {
      cli_error("reduce: %s", error);
      status = CLI_EXIT_HARNESS;
    }
    goto done;
  }
  if (out_path && !sd_write_file_atomic(out_path, rr.tree->text, rr.tree->length)) {
    cli_error("%s: cannot write: %s", out_path, strerror(errno));
    goto done;
  }
  if (json) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToObject(o, "input", sd_json_bytes(rr.tree->text, rr.tree->length));
    cJSON_AddNumberToObject(o, "length", rr.reduced_length);
    cJSON_AddNumberToObject(o, "nodes", rr.reduced_nodes);
    cJSON_AddNumberToObject(o, "original_length", rr.original_length);
    cJSON_AddNumberToObject(o, "original_nodes", rr.original_nodes);
    cJSON_AddNumberToObject(o, "runs", (double)rr.runs);
    cJSON_AddNumberToObject(o, "candidates", (double)rr.candidates);
    cJSON_AddNumberToObject(o, "steps", rr.steps);
    cJSON_AddBoolToObject(o, "minimal", rr.minimal);
    cJSON_AddStringToObject(o, "status", rr.verdict);
    if (out_path) cJSON_AddStringToObject(o, "out", out_path);
    else cJSON_AddNullToObject(o, "out");
    char *s = cJSON_Print(o);
    puts(s);
    cJSON_free(s);
    cJSON_Delete(o);
  } else {
    fwrite(rr.tree->text, 1, rr.tree->length, stdout);
    putchar('\n');
  }
  fflush(stdout);
  if (!quiet && !json) {
    fprintf(stderr,
            "semdbg: reduced %s from %u to %u bytes (%u to %u nodes) in %u step%s and %llu "
            "run%s; it fails with %s\n",
            input_path, rr.original_length, rr.reduced_length, rr.original_nodes,
            rr.reduced_nodes, rr.steps, rr.steps == 1 ? "" : "s", (unsigned long long)rr.runs,
            rr.runs == 1 ? "" : "s", rr.verdict);
    if (rr.minimal)
      fprintf(stderr, "semdbg: 1-minimal: no single reduction of a subtree keeps the failure\n");
    else
      fprintf(stderr,
              "semdbg: not 1-minimal: --max-runs %u ran out (raise it to reduce further)\n",
              ro.max_runs);
  }
  status = CLI_EXIT_OK;

done:
  free(error);
  sd_tree_free(rr.tree);
  sd_oracle_free(oracle);
  sd_tree_free(tree);
  sd_parser_free(parser);
  sd_grammar_free(g);
  return status;
}

int cli_reduce(int argc, char **argv) {
  ReduceSettings s = {0};
  sd_oracle_options_init(&s.oracle);
  sd_reduce_options_init(&s.reduce);
  int status = parse_command_line(argc, argv, &s);
  return status == CLI_CONTINUE ? reduce_input(&s) : status;
}
