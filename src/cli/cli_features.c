/* cli_features.c: `semdbg features`: parse each input with the grammar and
 * print the feature table (features.h) as CSV: a header `file,<feature
 * names>`, then one row per input; missing values (NaN) are empty cells.
 * Fields with commas, quotes, line breaks or outer spaces are quoted, with
 * quotes doubled (RFC 4180). Nothing is printed when an input fails to parse:
 * every failure is reported as file:line:col and the exit status is 2. */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "semdbg/features.h"
#include "semdbg/parser.h"
#include "util.h"

static const char *usage_head =
    "usage: semdbg features --grammar G.bnf [--start <symbol>] INPUT...\n"
    "\n"
    "Print the features of each input (files or directories of files) as CSV:\n"
    "a header `file` followed by the feature names, then one row per input.\n"
    "Per nonterminal <N> (not the start symbol, not EBNF helpers):\n"
    "  exists(<N>)        1 if the input has an <N>, else 0\n"
    "  <N> -> ALT         1 if some <N> uses that alternative (when <N> has several)\n"
    "  count(<N>)         number of <N> nodes\n"
    "  len(<N>)           length of the longest <N> text (empty if no <N>)\n"
    "  num(<N>)           largest <N> that is a decimal number (numeric <N> only;\n"
    "                     empty if none; saturates at +-3.40282347e+38)\n";

static const char *usage_tail =
    "Exit status: 0 table printed; 2 usage error, bad grammar or an input that\n"
    "does not parse (reported as file:line:col; no table is printed).\n";

typedef struct FeaturesSettings {
  const char *grammar_path, *start;
  bool quiet;
  CliStrings files;
} FeaturesSettings;

/* The command line into *s; CLI_CONTINUE or the exit status. */
static int parse_command_line(int argc, char **argv, FeaturesSettings *s) {
  const CliOption options[] = {
      CLI_STRING("grammar", 'g', &s->grammar_path, "FILE", "the grammar (ISLa BNF)"),
      CLI_STRING("start", 0, &s->start, "SYMBOL", "parse from this nonterminal instead of <start>"),
      CLI_FLAG("quiet", 'q', &s->quiet, "no grammar warnings"),
      CLI_END,
  };
  const CliCommand command = {"features", usage_head, usage_tail, options};
  int status = cli_parse_options(&command, argc, argv, &s->files);
  if (status == CLI_CONTINUE && s->files.size == 0)
    status = cli_error("features: no input files (see semdbg features --help)");
  return status;
}

static void csv_field(SdBuf *b, const char *s) {
  size_t n = strlen(s);
  bool quote = n && (s[0] == ' ' || s[n - 1] == ' ');
  for (size_t i = 0; i < n && !quote; i++)
    quote = s[i] == ',' || s[i] == '"' || s[i] == '\n' || s[i] == '\r';
  if (!quote) {
    sd_buf_append(b, s, n);
    return;
  }
  sd_buf_putc(b, '"');
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '"') sd_buf_putc(b, '"');
    sd_buf_putc(b, s[i]);
  }
  sd_buf_putc(b, '"');
}

/* The shortest %g text that reads back as the same float (-63.56, not -63.5600014). */
static void put_float(SdBuf *b, float v) {
  char text[32];
  for (int precision = 6; precision <= 9; precision++) {
    snprintf(text, sizeof text, "%.*g", precision, (double)v);
    if (strtof(text, NULL) == v) break;
  }
  sd_buf_puts(b, text);
}

static int print_features(const FeaturesSettings *s) {
  SdGrammar *g = cli_load_grammar(s->grammar_path, s->start, s->quiet);
  if (!g) return CLI_EXIT_USAGE;
  char **paths = NULL;
  size_t npaths = 0;
  if (!cli_collect_inputs(s->files.items, (int)s->files.size, &paths, &npaths)) {
    sd_grammar_free(g);
    return CLI_EXIT_USAGE;
  }
  if (!npaths) {
    cli_free_paths(paths, npaths);
    sd_grammar_free(g);
    return cli_error("features: no input files in the given directories");
  }
  SdParser *parser = sd_parser_new(g);
  SdFeatureSet *fs = sd_features_new(g);
  uint32_t nf = sd_features_count(fs);
  float *row = sd_xmalloc((nf ? nf : 1) * sizeof *row);
  SdBuf out = {0};
  csv_field(&out, "file");
  for (uint32_t j = 0; j < nf; j++) {
    sd_buf_putc(&out, ',');
    csv_field(&out, sd_features_name(fs, j));
  }
  sd_buf_putc(&out, '\n');
  int status = CLI_EXIT_OK;
  for (size_t i = 0; i < npaths; i++) {
    SdTree *t = cli_parse_file(parser, paths[i]);
    if (!t) {
      status = CLI_EXIT_USAGE;
      continue;
    }
    sd_features_extract(fs, t, row);
    sd_tree_free(t);
    csv_field(&out, paths[i]);
    for (uint32_t j = 0; j < nf; j++) {
      sd_buf_putc(&out, ',');
      if (!isnan(row[j])) put_float(&out, row[j]);
    }
    sd_buf_putc(&out, '\n');
  }
  if (status == CLI_EXIT_OK) fwrite(out.data, 1, out.len, stdout);
  sd_buf_free(&out);
  free(row);
  sd_features_free(fs);
  sd_parser_free(parser);
  cli_free_paths(paths, npaths);
  sd_grammar_free(g);
  return status;
}

int cli_features(int argc, char **argv) {
  FeaturesSettings s = {0};
  int status = parse_command_line(argc, argv, &s);
  if (status == CLI_CONTINUE) status = print_features(&s);
  array_free(&s.files);
  return status;
}
