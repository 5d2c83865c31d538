/* cli_reduce.c: `semdbg reduce --grammar G --test CMD FAILING-INPUT`: parses
 * the failing input, checks that it fails, reduces it with sd_reduce_with()
 * (tree operations judged by the oracle in parallel batches) and prints the
 * reduced input on stdout with a summary (sizes, runs, 1-minimality) on
 * stderr, or everything as JSON with --json; --out FILE writes the reduced
 * input atomically; --kind K keeps the failure kind (a candidate that fails
 * otherwise is not kept). Exit status: 0 reduced, 2 usage error or an input that
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
      CLI_STRING("kind", 0, &s->reduce.kind, "K",
                 "keep this failure kind, as `semdbg run` shows it (exit:1,\n"
                 "signal:SIGSEGV, ...): a smaller input that fails otherwise is\n"
                 "not kept (default: any failure)"),
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

static void print_json(const SdReduceResult *rr, const char *out_path) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddItemToObject(o, "input", sd_json_bytes(rr->tree->text, rr->tree->length));
  cJSON_AddNumberToObject(o, "length", rr->reduced_length);
  cJSON_AddNumberToObject(o, "nodes", rr->reduced_nodes);
  cJSON_AddNumberToObject(o, "original_length", rr->original_length);
  cJSON_AddNumberToObject(o, "original_nodes", rr->original_nodes);
  cJSON_AddNumberToObject(o, "runs", (double)rr->runs);
  cJSON_AddNumberToObject(o, "candidates", (double)rr->candidates);
  cJSON_AddNumberToObject(o, "steps", rr->steps);
  cJSON_AddBoolToObject(o, "minimal", rr->minimal);
  cJSON_AddStringToObject(o, "status", rr->verdict);
  if (out_path) cJSON_AddStringToObject(o, "out", out_path);
  else cJSON_AddNullToObject(o, "out");
  char *text = sd_json_print(o, true);
  puts(text);
  cJSON_free(text);
  cJSON_Delete(o);
}

/* On stderr: sizes, steps, runs, and whether the result is 1-minimal. */
static void print_summary(const ReduceSettings *s, const SdReduceResult *rr) {
  fprintf(stderr,
          "semdbg: reduced %s from %u to %u bytes (%u to %u nodes) in %u step%s and %llu "
          "run%s; it fails with %s\n",
          s->input_path, rr->original_length, rr->reduced_length, rr->original_nodes,
          rr->reduced_nodes, rr->steps, rr->steps == 1 ? "" : "s", (unsigned long long)rr->runs,
          rr->runs == 1 ? "" : "s", rr->verdict);
  if (rr->minimal)
    fprintf(stderr, "semdbg: 1-minimal: no single reduction of a subtree keeps the failure\n");
  else
    fprintf(stderr, "semdbg: not 1-minimal: --max-runs %u ran out (raise it to reduce further)\n",
            s->reduce.max_runs);
}

/* Write (--out) and print the reduced input. CLI_EXIT_OK, or CLI_EXIT_USAGE
 * when --out cannot be written. */
static int report(const ReduceSettings *s, const SdReduceResult *rr) {
  if (s->out_path && !sd_write_file_atomic(s->out_path, rr->tree->text, rr->tree->length))
    return cli_error("%s: cannot write: %s", s->out_path, strerror(errno));
  if (s->json) {
    print_json(rr, s->out_path);
  } else {
    fwrite(rr->tree->text, 1, rr->tree->length, stdout);
    putchar('\n');
  }
  fflush(stdout);
  if (!s->quiet && !s->json) print_summary(s, rr);
  return CLI_EXIT_OK;
}

static int reduce_input(const ReduceSettings *s) {
  SdGrammar *g = cli_load_grammar(s->grammar_path, s->start, s->quiet);
  if (!g) return CLI_EXIT_USAGE;
  SdReduceOptions ro = s->reduce;
  ro.batch = s->oracle.jobs; /* one batch per wave of parallel runs (0: number of CPUs) */
  SdParser *parser = sd_parser_new(g);
  SdTree *tree = cli_parse_file(parser, s->input_path);
  SdOracle *oracle = NULL;
  SdReduceResult rr = {0};
  char *error = NULL;
  int status = CLI_EXIT_USAGE;
  if (!tree) goto done;
  oracle = sd_oracle_new(&s->oracle, &error);
  if (!oracle) {
    cli_error("reduce: %s", error);
    status = CLI_EXIT_HARNESS;
  } else if (!sd_reduce_with(tree, oracle, &ro, &rr, &error)) {
    bool not_failing = rr.status == SD_REDUCE_NOT_FAILING;
    if (not_failing) cli_error("%s %s", s->input_path, error);
    else cli_error("reduce: %s", error);
    status = not_failing ? CLI_EXIT_USAGE : CLI_EXIT_HARNESS;
  } else {
    status = report(s, &rr);
  }

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
