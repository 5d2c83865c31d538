/* cli_parse.c: `semdbg parse`: print the derivation tree of each input, as
 * indented text or as JSON. Inputs that do not parse are reported as
 * file:line:col with what was expected; the exit status is then 2. */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "json_util.h"
#include "semdbg/parser.h"
#include "util.h"

static const char *usage_head =
    "usage: semdbg parse --grammar G.bnf [--start <symbol>] [--json] INPUT...\n"
    "\n"
    "Parse each input (files or directories of files) with the grammar and print\n"
    "its derivation tree: one node per line, indented by depth (to 32 levels; a\n"
    "deeper line starts with its depth: \"[1234] <expr>\"), terminals quoted.\n";

static const char *usage_tail =
    "Exit status: 0 all inputs parse; 2 usage error, bad grammar or an input that\n"
    "does not parse.\n";

typedef struct ParseSettings {
  const char *grammar_path, *start;
  bool json, quiet;
  CliStrings files;
} ParseSettings;

/* The command line into *s; CLI_CONTINUE or the exit status. */
static int parse_command_line(int argc, char **argv, ParseSettings *s) {
  const CliOption options[] = {
      CLI_STRING("grammar", 'g', &s->grammar_path, "FILE", "the grammar (ISLa BNF)"),
      CLI_STRING("start", 0, &s->start, "SYMBOL", "parse from this nonterminal instead of <start>"),
      CLI_FLAG("json", 0, &s->json, "print a JSON array of {\"file\", \"input\", \"tree\"} objects"),
      CLI_FLAG("quiet", 'q', &s->quiet, "no grammar warnings"),
      CLI_END,
  };
  const CliCommand command = {"parse", usage_head, usage_tail, options};
  int status = cli_parse_options(&command, argc, argv, &s->files);
  if (status == CLI_CONTINUE && s->files.size == 0)
    status = cli_error("parse: no input files (see semdbg parse --help)");
  return status;
}

static int parse_inputs(const ParseSettings *s) {
  SdGrammar *g = cli_load_grammar(s->grammar_path, s->start, s->quiet);
  if (!g) return CLI_EXIT_USAGE;
  char **paths;
  size_t npaths;
  if (!cli_collect_inputs(s->files.items, (int)s->files.size, &paths, &npaths)) {
    sd_grammar_free(g);
    return CLI_EXIT_USAGE;
  }
  if (!npaths) {
    cli_free_paths(paths, npaths);
    sd_grammar_free(g);
    return cli_error("parse: no input files in the given directories");
  }
  SdParser *parser = sd_parser_new(g);
  int status = CLI_EXIT_OK;
  cJSON *all = s->json ? cJSON_CreateArray() : NULL;
  for (size_t i = 0; i < npaths; i++) {
    size_t len;
    const char *err;
    char *text = sd_read_file(paths[i], &len, &err);
    if (!text) {
      fprintf(stderr, "semdbg: %s: %s\n", paths[i], err);
      status = CLI_EXIT_USAGE;
      continue;
    }
    SdParseError perr;
    SdTree *t = sd_parse(parser, -1, text, len, &perr);
    if (!t) {
      fprintf(stderr, "%s:%d:%d: %s\n", paths[i], perr.line, perr.column, perr.message);
      status = CLI_EXIT_USAGE;
      if (s->json) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "file", paths[i]);
        cJSON *e = cJSON_AddObjectToObject(o, "error");
        cJSON_AddNumberToObject(e, "line", perr.line);
        cJSON_AddNumberToObject(e, "column", perr.column);
        cJSON_AddNumberToObject(e, "offset", (double)perr.offset);
        cJSON_AddStringToObject(e, "message", perr.message);
        cJSON_AddItemToArray(all, o);
      }
      free(perr.message);
    } else if (s->json) {
      cJSON *tree = sd_tree_to_json(t, NULL);
      if (!tree) {
        fprintf(stderr, "semdbg: %s: the derivation tree is %u levels deep; JSON output stops at %d\n",
                paths[i], sd_tree_height(t, t->root), SD_TREE_JSON_MAX_DEPTH);
        status = CLI_EXIT_USAGE;
      }
      cJSON *o = cJSON_CreateObject();
      cJSON_AddStringToObject(o, "file", paths[i]);
      if (tree) cJSON_AddItemToObject(o, "tree", tree);
      else cJSON_AddStringToObject(o, "error", "tree too deep for JSON");
      cJSON_AddItemToArray(all, o);
    } else {
      if (npaths > 1) printf("== %s\n", paths[i]);
      sd_tree_print(t, stdout); /* a write error shows at exit (cli_common.c) */
    }
    sd_tree_free(t);
    free(text);
  }
  if (s->json) {
    char *s = sd_json_print(all, true);
    puts(s);
    cJSON_free(s);
    cJSON_Delete(all);
  }
  sd_parser_free(parser);
  cli_free_paths(paths, npaths);
  sd_grammar_free(g);
  return status;
}

int cli_parse(int argc, char **argv) {
  ParseSettings s = {0};
  int status = parse_command_line(argc, argv, &s);
  if (status == CLI_CONTINUE) status = parse_inputs(&s);
  array_free(&s.files);
  return status;
}
