/* embed.c: a program that embeds semdbg's engine through the installed
 * library: it loads a grammar, parses an input with it, checks an ISLa
 * constraint on the derivation tree and, given a test command, diagnoses the
 * input's failure and prints the report's verdict. Build it against an
 * installed semdbg:
 *
 *     cc embed.c $(pkg-config --cflags --libs semdbg) -o embed
 *
 * usage: embed GRAMMAR INPUT CONSTRAINT [TEST-COMMAND [MAX-RUNS]]
 * GRAMMAR is a file, or the name of a bundled grammar ("heartbleed").
 * Exit status: 0 done, 1 the constraint does not hold or no diagnosis, 2 an
 * error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <semdbg/semdbg.h>

/* A grammar file, or else a bundled one: share/semdbg/grammars/NAME.bnf. */
static SdGrammar *load_grammar(const char *name) {
  char *bundled = NULL;
  FILE *f = fopen(name, "r");
  if (f) {
    fclose(f);
  } else {
    char relative[512];
    snprintf(relative, sizeof relative, "grammars/%s.bnf", name);
    bundled = sd_data_find(relative);
  }
  SdDiagnostics diags = {0};
  SdGrammar *g = sd_grammar_load(bundled ? bundled : name, NULL, &diags);
  if (!g) sd_diagnostics_print(&diags, stderr); /* file:line:col: error: ... */
  sd_diagnostics_free(&diags);
  free(bundled);
  return g;
}

/* Diagnose the failure of input with the test command, within max_runs runs. */
static int diagnose(const SdGrammar *g, const char *input, const char *test, unsigned long max_runs) {
  SdDebugOptions options;
  sd_debug_options_init(&options);
  options.oracle.test = test;
  options.max_runs = max_runs;
  options.verbosity = 0;
  options.reduce = false;
  options.generalize = false;
  char *paths[] = {(char *)input};
  SdReport *report = NULL;
  char *error = NULL;
  if (sd_debug(g, paths, 1, &options, &report, &error) != SD_DEBUG_OK) {
    fprintf(stderr, "embed: %s\n", error);
    free(error);
    return 2;
  }
  printf("diagnosis: %s after %llu runs\n", sd_report_status_name(report->status),
         (unsigned long long)report->runs);
  if (report->candidate_count)
    printf("  %s (precision %.3f, recall %.3f)\n", report->candidates[0].short_form,
           report->candidates[0].precision, report->candidates[0].recall);
  int status = report->status == SD_REPORT_CONFIRMED || report->status == SD_REPORT_APPROXIMATE ? 0 : 1;
  sd_report_free(report);
  return status;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: embed GRAMMAR INPUT CONSTRAINT [TEST-COMMAND [MAX-RUNS]]\n");
    return 2;
  }
  printf("libsemdbg %s (headers %s)\n", sd_version(), SD_VERSION_STRING);
  SdGrammar *g = load_grammar(argv[1]);
  if (!g) return 2;
  printf("grammar: %s, %u nonterminals\n", g->path, g->nonterminal_count);

  /* parse */
  SdParser *parser = sd_parser_new(g);
  char *error = NULL;
  SdTree *tree = sd_parse_file(parser, -1, argv[2], &error);
  if (!tree) {
    fprintf(stderr, "%s\n", error); /* path:line:col: unexpected ..., expected ... */
    free(error);
    sd_parser_free(parser);
    sd_grammar_free(g);
    return 2;
  }
  printf("parsed: %s, %u bytes, %u nodes\n", argv[2], tree->length, tree->node_count);

  /* check */
  SdConstraintError cerror = {0};
  SdConstraint *c = sd_constraint_parse(g, argv[3], strlen(argv[3]), &cerror);
  int status = 2;
  if (!c) {
    fprintf(stderr, "constraint:%d:%d: %s\n", cerror.line, cerror.column, cerror.message);
    free(cerror.message);
  } else {
    bool holds = sd_constraint_eval(c, tree, NULL);
    char *shown = sd_constraint_to_short(c);
    printf("constraint: %s: %s\n", shown, holds ? "satisfied" : "not satisfied");
    free(shown);
    status = holds ? 0 : 1;
    /* diagnose */
    if (argc > 4) status = diagnose(g, argv[2], argv[4], argc > 5 ? strtoul(argv[5], NULL, 10) : 2000);
    sd_constraint_free(c);
  }
  sd_tree_free(tree);
  sd_parser_free(parser);
  sd_grammar_free(g);
  return status;
}
