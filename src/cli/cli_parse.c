/* cli_parse.c: `semdbg parse`: print the derivation tree of each input, as
 * indented text or as JSON. Inputs that do not parse are reported as
 * file:line:col with what was expected; the exit status is then 2. */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "semdbg/parser.h"
#include "util.h"

static const char *usage =
    "usage: semdbg parse --grammar G.bnf [--start <symbol>] [--json] INPUT...\n"
    "\n"
    "Parse each input (files or directories of files) with the grammar and print\n"
    "its derivation tree: one node per line, indented by depth, terminals quoted.\n"
    "\n"
    "  --grammar FILE   the grammar (ISLa BNF)\n"
    "  --start SYMBOL   parse from this nonterminal instead of <start>\n"
    "  --json           print a JSON array of {\"file\", \"input\", \"tree\"} objects\n"
    "  -q, --quiet      no grammar warnings\n"
    "\nExit status: 0 all inputs parse; 2 usage error, bad grammar or an input that\n"
    "does not parse.\n";

int cli_parse(int argc, char **argv) {
  const char *grammar_path = NULL, *start = NULL;
  bool json = false, quiet = false;
  char **files = sd_xcalloc((size_t)argc, sizeof(char *));
  int nfiles = 0;
  if (cli_wants_help(argc, argv)) {
    fputs(usage, stdout);
    free(files);
    return CLI_EXIT_OK;
  }
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--grammar") || !strcmp(a, "-g") || !strcmp(a, "--start")) {
      if (i + 1 >= argc) {
        free(files);
        return cli_error("%s needs a value", a);
      }
      if (!strcmp(a, "--start")) start = argv[++i];
      else grammar_path = argv[++i];
    } else if (!strcmp(a, "--json")) json = true;
    else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) quiet = true;
    else if (a[0] == '-' && a[1]) {
      free(files);
      return cli_error("parse: unknown option '%s' (see semdbg parse --help)", a);
    } else files[nfiles++] = argv[i];
  }
  if (nfiles == 0) {
    free(files);
    return cli_error("parse: no input files (see semdbg parse --help)");
  }
  SdGrammar *g = cli_load_grammar(grammar_path, start, quiet);
  if (!g) {
    free(files);
    return CLI_EXIT_USAGE;
  }
  char **paths;
  size_t npaths;
  if (!cli_collect_inputs(files, nfiles, &paths, &npaths)) {
    free(files);
    sd_grammar_free(g);
    return CLI_EXIT_USAGE;
  }
  SdParser *parser = sd_parser_new(g);
  int status = CLI_EXIT_OK;
  cJSON *all = json ? cJSON_CreateArray() : NULL;
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
      if (json) {
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
    } else if (json) {
      cJSON *o = cJSON_CreateObject();
      cJSON_AddStringToObject(o, "file", paths[i]);
      cJSON_AddItemToObject(o, "tree", sd_tree_to_json(t, NULL));
      cJSON_AddItemToArray(all, o);
    } else {
      if (npaths > 1) printf("== %s\n", paths[i]);
      char *s = sd_tree_to_text(t);
      fputs(s, stdout);
      free(s);
    }
    sd_tree_free(t);
    free(text);
  }
  if (json) {
    char *s = cJSON_Print(all);
    puts(s);
    cJSON_free(s);
    cJSON_Delete(all);
  }
  sd_parser_free(parser);
  cli_free_paths(paths, npaths);
  sd_grammar_free(g);
  free(files);
  return status;
}
