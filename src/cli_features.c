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

static const char *usage =
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
    "                     empty if none; saturates at +-3.40282347e+38)\n"
    "\n"
    "  --grammar FILE   the grammar (ISLa BNF)\n"
    "  --start SYMBOL   parse from this nonterminal instead of <start>\n"
    "  -q, --quiet      no grammar warnings\n"
    "\nExit status: 0 table printed; 2 usage error, bad grammar or an input that\n"
    "does not parse (reported as file:line:col; no table is printed).\n";

/* Is path a directory without regular, non-hidden files? (Such arguments are
 * left out before cli_collect_inputs, which would qsort a NULL array.) */
static bool empty_dir(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) return false;
  DIR *dir = opendir(path);
  if (!dir) return false;
  bool empty = true;
  struct dirent *e;
  while (empty && (e = readdir(dir))) {
    if (e->d_name[0] == '.') continue;
    char *p = sd_format("%s/%s", path, e->d_name);
    struct stat fst;
    if (stat(p, &fst) == 0 && S_ISREG(fst.st_mode)) empty = false;
    free(p);
  }
  closedir(dir);
  return empty;
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

int cli_features(int argc, char **argv) {
  const char *grammar_path = NULL, *start = NULL;
  bool quiet = false;
  if (cli_wants_help(argc, argv)) {
    fputs(usage, stdout);
    return CLI_EXIT_OK;
  }
  char **files = sd_xcalloc((size_t)argc, sizeof(char *));
  int nfiles = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--grammar") || !strcmp(a, "-g") || !strcmp(a, "--start")) {
      if (i + 1 >= argc) {
        free(files);
        return cli_error("%s needs a value", a);
      }
      if (!strcmp(a, "--start")) start = argv[++i];
      else grammar_path = argv[++i];
    } else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) quiet = true;
    else if (!strcmp(a, "--")) {
      while (++i < argc) files[nfiles++] = argv[i];
    } else if (a[0] == '-' && a[1]) {
      free(files);
      return cli_error("features: unknown option '%s' (see semdbg features --help)", a);
    } else files[nfiles++] = argv[i];
  }
  if (nfiles == 0) {
    free(files);
    return cli_error("features: no input files (see semdbg features --help)");
  }
  SdGrammar *g = cli_load_grammar(grammar_path, start, quiet);
  if (!g) {
    free(files);
    return CLI_EXIT_USAGE;
  }
  char **paths = NULL;
  size_t npaths = 0;
  int nonempty = 0;
  for (int i = 0; i < nfiles; i++)
    if (!empty_dir(files[i])) files[nonempty++] = files[i];
  if (nonempty && !cli_collect_inputs(files, nonempty, &paths, &npaths)) {
    free(files);
    sd_grammar_free(g);
    return CLI_EXIT_USAGE;
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
    free(text);
    if (!t) {
      fprintf(stderr, "%s:%d:%d: %s\n", paths[i], perr.line, perr.column, perr.message);
      free(perr.message);
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
  free(files);
  return status;
}
