/* cli_generalize.c: `semdbg generalize --grammar G --test CMD FAILING-INPUT`:
 * DDSET. Parses the failing input, reduces it first (sd_reduce_with, unless
 * --no-reduce), abstracts it with sd_generalize_with (subtrees whose random
 * replacements all keep failing become placeholders) and prints the abstract
 * input, e.g. `<plain-text>"<html-2>`; with --fuzz N also N instantiations,
 * their verdicts and the share that fails. --json prints all of it as one
 * object. Both steps share one oracle (cache, parallelism, --max-runs); with
 * --kind K only a failure of kind K counts as failing in each step.
 * Exit status: 0 done, 2 usage error or an input that does not parse or does
 * not fail, 3 the test command cannot run. */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "json_util.h"
#include "semdbg/parser.h"
#include "semdbg/reduce.h"
#include "util.h"

static const char *usage_head =
    "usage: semdbg generalize --grammar G.bnf --test CMD [options] FAILING-INPUT\n"
    "\n"
    "Abstract a failing input (DDSET): every subtree whose random replacements by the\n"
    "same nonterminal all keep failing becomes a placeholder <nonterminal>; the rest\n"
    "stays as it is. The input is reduced first (see semdbg reduce), as DDSET works on\n"
    "a minimal input. Prints the abstract input, e.g. <plain-text>\"<html-2>.\n";

static const char *usage_tail =
    "Placeholders print as the nonterminal's name (generated names such as <html-2>\n"
    "stand for the EBNF parts of a rule: see semdbg parse). Exit status: 0 done, 2 usage\n"
    "error or an input that does not parse or does not fail, 3 the test command could\n"
    "not run.\n";

enum { MAX_COUNT = 1000000 }; /* bound of --tries, --fuzz and --max-runs */

typedef struct GeneralizeSettings {
  SdOracleOptions oracle;
  SdGeneralizeOptions generalize;
  const char *grammar_path, *start, *input_path;
  bool json, quiet, reduce;
  uint64_t fuzz, max_runs;
} GeneralizeSettings;

/* The command line into *s; CLI_CONTINUE or the exit status. */
static int parse_command_line(int argc, char **argv, GeneralizeSettings *s) {
  const CliOption options[] = {
      CLI_STRING("grammar", 'g', &s->grammar_path, "FILE", "the grammar (ISLa BNF)"),
      CLI_STRING("start", 0, &s->start, "SYMBOL", "parse from this nonterminal instead of <start>"),
      CLI_UINT_RANGE("tries", 0, &s->generalize.tries, 1, MAX_COUNT, "N",
                     "replacements tested per subtree (default 10)"),
      CLI_UINT_RANGE("fuzz", 0, &s->fuzz, 0, MAX_COUNT, "N",
                     "also run N instantiations (placeholders filled at random)\n"
                     "and print them with the share that fails"),
      CLI_STRING("kind", 0, &s->generalize.kind, "K",
                 "only this failure kind counts as failing, as `semdbg run`\n"
                 "shows it (exit:1, signal:SIGSEGV, ...); a failure of another\n"
                 "kind counts neither way (default: any failure)"),
      CLI_UNSET("no-reduce", 0, &s->reduce, "abstract the input as it is"),
      CLI_UINT_RANGE("max-runs", 0, &s->max_runs, 0, MAX_COUNT, "N",
                     "run the test command at most N times in all (default: no\n"
                     "limit); untested subtrees then stay concrete"),
      CLI_UINT("seed", 0, &s->generalize.seed, "S",
               "random seed (default 1); the same seed, the same result"),
      CLI_FLAG("json", 0, &s->json, "print a JSON object instead"),
      CLI_FLAG("quiet", 'q', &s->quiet, "no grammar warnings, no summary"),
      CLI_ORACLE_OPTIONS(&s->oracle),
      CLI_END,
  };
  const CliCommand command = {"generalize", usage_head, usage_tail, options};
  CliStrings inputs = {0};
  int status = cli_parse_options(&command, argc, argv, &inputs);
  if (status == CLI_CONTINUE && inputs.size > 1)
    status = cli_error("generalize: give one failing input (got '%s' and '%s')", inputs.items[0], inputs.items[1]);
  else if (status == CLI_CONTINUE && inputs.size == 0)
    status = cli_error("generalize: no failing input given (see semdbg generalize --help)");
  if (status == CLI_CONTINUE) s->input_path = inputs.items[0];
  array_free(&inputs);
  if (status != CLI_CONTINUE) return status;
  char *error = NULL;
  if (!sd_oracle_options_validate(&s->oracle, &error)) {
    cli_error("generalize: %s", error);
    free(error);
    return CLI_EXIT_USAGE;
  }
  return CLI_CONTINUE;
}

/* Raw text when it is printable ASCII, else quoted. */
static void print_input(const char *text, size_t len) {
  bool plain = true;
  for (size_t i = 0; i < len && plain; i++)
    plain = (unsigned char)text[i] >= 0x20 && (unsigned char)text[i] < 0x7f;
  if (plain) {
    fwrite(text, 1, len, stdout);
    return;
  }
  SdBuf b = {0};
  sd_buf_putc(&b, '"');
  sd_buf_append_quoted(&b, text, len);
  sd_buf_putc(&b, '"');
  fwrite(b.data, 1, b.len, stdout);
  sd_buf_free(&b);
}

/* What the steps made: the input, its reduction, its abstraction and the
 * instantiations of that. */
typedef struct Generalization {
  const SdTree *input;    /* as given */
  SdReduceResult reduced; /* (with --no-reduce: empty) */
  const SdTree *failing;  /* the input that was abstracted: the reduced one, or the input */
  SdGeneralizeOptions options;
  bool budget_gone;       /* --max-runs ran out before the abstraction */
  SdAbstractInput *abstract;
  SdInstances instances;
} Generalization;

/* The share of instantiations that fail (with --kind: with that kind). */
static double fail_share(const SdInstances *inst, const char *kind) {
  return inst->count ? (double)sd_instances_failed_as(inst, kind) / inst->count : 0;
}

static cJSON *instances_json(const SdInstances *inst, const char *kind) {
  cJSON *in = cJSON_CreateObject();
  cJSON_AddNumberToObject(in, "count", inst->count);
  cJSON_AddNumberToObject(in, "fail", inst->failed);
  cJSON_AddNumberToObject(in, "pass", inst->passed);
  cJSON_AddNumberToObject(in, "undefined", inst->undefined);
  cJSON_AddNumberToObject(in, "fail_share", fail_share(inst, kind));
  if (kind) cJSON_AddStringToObject(in, "kind", kind);
  else cJSON_AddNullToObject(in, "kind");
  cJSON_AddNumberToObject(in, "runs", (double)inst->runs);
  cJSON *list = cJSON_AddArrayToObject(in, "inputs");
  for (uint32_t i = 0; i < inst->count; i++) {
    cJSON *e = cJSON_CreateObject();
    cJSON_AddItemToObject(e, "input", sd_json_bytes(inst->texts[i], inst->lengths[i]));
    cJSON_AddStringToObject(e, "verdict", sd_verdict_kind_name(inst->kinds[i]));
    cJSON_AddStringToObject(e, "status", inst->status[i]);
    if (*inst->failure_kinds[i]) cJSON_AddStringToObject(e, "kind", inst->failure_kinds[i]);
    else cJSON_AddNullToObject(e, "kind");
    cJSON_AddItemToArray(list, e);
  }
  return in;
}

static void print_json(const GeneralizeSettings *s, const Generalization *r) {
  const SdAbstractInput *ab = r->abstract;
  cJSON *o = cJSON_CreateObject();
  cJSON_AddItemToObject(o, "abstract", sd_abstract_to_json(ab));
  cJSON_AddItemToObject(o, "input", sd_json_bytes(r->failing->text, r->failing->length));
  cJSON_AddNumberToObject(o, "length", r->failing->length);
  cJSON_AddNumberToObject(o, "original_length", r->input->length);
  cJSON_AddBoolToObject(o, "reduced", s->reduce);
  cJSON_AddNumberToObject(o, "tries", r->options.tries);
  cJSON_AddNumberToObject(o, "nodes_tested", ab->nodes_tested);
  cJSON_AddBoolToObject(o, "complete", ab->complete && !r->budget_gone);
  cJSON_AddNumberToObject(o, "reduce_runs", (double)r->reduced.runs);
  cJSON_AddNumberToObject(o, "generalize_runs", (double)ab->runs);
  if (r->instances.count) cJSON_AddItemToObject(o, "instantiations", instances_json(&r->instances, r->options.kind));
  else cJSON_AddNullToObject(o, "instantiations");
  char *text = sd_json_print(o, true);
  puts(text);
  cJSON_free(text);
  cJSON_Delete(o);
}

static void print_text(const Generalization *r) {
  const char *kind = r->options.kind;
  const SdInstances *inst = &r->instances;
  char *pattern = sd_abstract_to_string(r->abstract);
  puts(pattern);
  free(pattern);
  for (uint32_t i = 0; i < inst->count; i++) {
    printf("%-9s ", sd_verdict_kind_name(inst->kinds[i]));
    print_input(inst->texts[i], inst->lengths[i]);
    putchar('\n');
  }
  if (inst->count && kind)
    printf("%u instantiation%s: %u fail (%u with %s), %u pass, %u undefined (%.0f%% fail with %s)\n",
           inst->count, inst->count == 1 ? "" : "s", inst->failed, sd_instances_failed_as(inst, kind), kind,
           inst->passed, inst->undefined, 100 * fail_share(inst, kind), kind);
  else if (inst->count)
    printf("%u instantiation%s: %u fail, %u pass, %u undefined (%.0f%% fail)\n", inst->count,
           inst->count == 1 ? "" : "s", inst->failed, inst->passed, inst->undefined,
           100 * fail_share(inst, NULL));
}

/* On stderr: what the reduction and the abstraction did, and with how many runs. */
static void print_summary(const GeneralizeSettings *s, const Generalization *r) {
  const SdAbstractInput *ab = r->abstract;
  const SdReduceResult *rr = &r->reduced;
  const SdInstances *inst = &r->instances;
  if (s->reduce)
    fprintf(stderr, "semdbg: reduced %s from %u to %u bytes (%llu run%s)\n", s->input_path,
            r->input->length, r->failing->length, (unsigned long long)rr->runs, rr->runs == 1 ? "" : "s");
  fprintf(stderr,
          "semdbg: %u placeholder%s after testing %u subtree%s with up to %u replacements "
          "each (%llu run%s)\n",
          ab->placeholder_count, ab->placeholder_count == 1 ? "" : "s", ab->nodes_tested,
          ab->nodes_tested == 1 ? "" : "s", r->options.tries, (unsigned long long)ab->runs,
          ab->runs == 1 ? "" : "s");
  if (r->budget_gone || !ab->complete || (s->reduce && !rr->minimal))
    fprintf(stderr, "semdbg: --max-runs %llu ran out: the result is not final (untested "
                    "subtrees stay concrete)\n", (unsigned long long)s->max_runs);
  if (inst->count)
    fprintf(stderr, "semdbg: %llu run%s for the instantiations; %llu in all\n",
            (unsigned long long)inst->runs, inst->runs == 1 ? "" : "s",
            (unsigned long long)(rr->runs + ab->runs + inst->runs));
}

/* A failed step: the input does not fail (usage), or the harness broke. */
static int step_failed(const GeneralizeSettings *s, SdReduceStatus status, const char *error) {
  if (status == SD_REDUCE_NOT_FAILING) return cli_error("%s %s", s->input_path, error);
  cli_error("generalize: %s", error);
  return CLI_EXIT_HARNESS;
}

/* Reduce the input first (unless --no-reduce); the rest of --max-runs is
 * the abstraction's. CLI_CONTINUE or the exit status. */
static int reduce_first(const GeneralizeSettings *s, SdOracle *oracle, Generalization *r, char **error) {
  r->failing = r->input;
  r->options.max_runs = (uint32_t)s->max_runs;
  if (!s->reduce) return CLI_CONTINUE;
  SdReduceOptions ro;
  sd_reduce_options_init(&ro);
  ro.seed = r->options.seed;
  ro.max_runs = (uint32_t)s->max_runs;
  ro.batch = s->oracle.jobs;
  ro.kind = s->generalize.kind;
  if (!sd_reduce_with(r->input, oracle, &ro, &r->reduced, error))
    return step_failed(s, r->reduced.status, *error);
  r->failing = r->reduced.tree;
  if (s->max_runs && r->reduced.runs >= s->max_runs) r->budget_gone = true;
  else if (s->max_runs) r->options.max_runs = (uint32_t)(s->max_runs - r->reduced.runs);
  return CLI_CONTINUE;
}

/* Abstract the failing input (or keep it concrete when no runs are left),
 * then instantiate it (--fuzz). CLI_CONTINUE or the exit status. */
static int abstract(const GeneralizeSettings *s, SdOracle *oracle, Generalization *r, char **error) {
  if (r->budget_gone) { /* nothing left to test with: the input stays concrete */
    SdAbstractInput *ab = r->abstract = sd_xcalloc(1, sizeof *ab);
    ab->tree = sd_tree_clone(r->failing);
    ab->is_placeholder = sd_xcalloc(ab->tree->node_count, sizeof(bool));
  } else {
    SdReduceStatus st;
    r->abstract = sd_generalize_with(r->failing, oracle, &r->options, &st, error);
    if (!r->abstract) return step_failed(s, st, *error);
  }
  if (s->fuzz && !sd_abstract_instantiate(r->abstract, oracle, (uint32_t)s->fuzz, r->options.seed,
                                          &r->instances, error)) {
    cli_error("generalize: %s", *error);
    return CLI_EXIT_HARNESS;
  }
  return CLI_CONTINUE;
}

static int generalize_input(const GeneralizeSettings *s) {
  SdGrammar *g = cli_load_grammar(s->grammar_path, s->start, s->quiet);
  if (!g) return CLI_EXIT_USAGE;
  SdParser *parser = sd_parser_new(g);
  SdTree *tree = cli_parse_file(parser, s->input_path);
  SdOracle *oracle = NULL;
  Generalization r = {.input = tree, .options = s->generalize};
  r.options.batch = s->oracle.jobs;
  char *error = NULL;
  int status = CLI_EXIT_USAGE;
  if (!tree) goto done;
  oracle = sd_oracle_new(&s->oracle, &error);
  if (!oracle) {
    cli_error("generalize: %s", error);
    status = CLI_EXIT_HARNESS;
    goto done;
  }
  status = reduce_first(s, oracle, &r, &error);
  if (status == CLI_CONTINUE) status = abstract(s, oracle, &r, &error);
  if (status != CLI_CONTINUE) goto done;
  if (s->json) print_json(s, &r);
  else print_text(&r);
  fflush(stdout);
  if (!s->quiet && !s->json) print_summary(s, &r);
  status = CLI_EXIT_OK;

done:
  free(error);
  sd_instances_clear(&r.instances);
  sd_abstract_free(r.abstract);
  sd_tree_free(r.reduced.tree);
  sd_oracle_free(oracle);
  sd_tree_free(tree);
  sd_parser_free(parser);
  sd_grammar_free(g);
  return status;
}

int cli_generalize(int argc, char **argv) {
  GeneralizeSettings s = {.reduce = true};
  sd_oracle_options_init(&s.oracle);
  sd_generalize_options_init(&s.generalize);
  int status = parse_command_line(argc, argv, &s);
  return status == CLI_CONTINUE ? generalize_input(&s) : status;
}
