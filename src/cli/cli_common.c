/* cli_common.c: helpers shared by the subcommands: error messages, grammar
 * loading with diagnostics, input collection, parsing an input file.
 * (Options are parsed by cli_options.c.) */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "array.h"
#include "cli.h"
#include "semdbg/datadir.h"
#include "semdbg/parser.h"
#include "util.h"

int cli_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("semdbg: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return CLI_EXIT_USAGE;
}

/* A grammar named without a directory that is no file here: a bundled one
 * ("heartbleed" or "heartbleed.bnf" is share/semdbg/grammars/heartbleed.bnf);
 * malloc'd, or NULL. */
static char *bundled_grammar(const char *path) {
  struct stat st;
  if (!*path || strchr(path, '/') || stat(path, &st) == 0) return NULL;
  size_t n = strlen(path);
  bool suffixed = n > 4 && !strcmp(path + n - 4, ".bnf");
  char *relative = sd_format("grammars/%s%s", path, suffixed ? "" : ".bnf");
  char *found = sd_data_find(relative);
  free(relative);
  return found;
}

SdGrammar *cli_load_grammar(const char *path, const char *start, bool quiet) {
  if (!path) {
    cli_error("missing --grammar FILE");
    return NULL;
  }
  char *bundled = bundled_grammar(path);
  if (bundled) path = bundled;
  SdDiagnostics diags = {0};
  SdGrammar *g = sd_grammar_load(path, start, &diags);
  free(bundled); /* the grammar keeps its own copy of the path */
  if (!g || !quiet) {
    SdDiagnostics shown = {0};
    for (uint32_t i = 0; i < diags.size; i++)
      if (!g || !diags.items[i].is_warning || !quiet) {
        SdDiagnostic *d = &diags.items[i];
        sd_diagnostics_add(&shown, d->is_warning, d->path, d->line, d->column, "%s", d->message);
      }
    sd_diagnostics_print(&shown, stderr);
    sd_diagnostics_free(&shown);
  }
  sd_diagnostics_free(&diags);
  return g;
}

static int compare_strings(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

bool cli_collect_inputs(char **args, int count, char ***paths, size_t *path_count) {
  Array(char *) out = {0};
  for (int i = 0; i < count; i++) {
    struct stat st;
    if (stat(args[i], &st) != 0) {
      cli_error("%s: %s", args[i], strerror(errno));
      for (uint32_t k = 0; k < out.size; k++) free(out.items[k]);
      array_free(&out);
      return false;
    }
    if (!S_ISDIR(st.st_mode)) {
      array_push(&out, sd_xstrdup(args[i]));
      continue;
    }
    DIR *dir = opendir(args[i]);
    if (!dir) {
      cli_error("%s: %s", args[i], strerror(errno));
      for (uint32_t k = 0; k < out.size; k++) free(out.items[k]);
      array_free(&out);
      return false;
    }
    uint32_t first = out.size;
    struct dirent *e;
    while ((e = readdir(dir))) {
      if (e->d_name[0] == '.') continue;
      char *p = sd_format("%s/%s", args[i], e->d_name);
      struct stat fst;
      if (stat(p, &fst) == 0 && S_ISREG(fst.st_mode)) array_push(&out, p);
      else free(p);
    }
    closedir(dir);
    if (out.size > first) qsort(out.items + first, out.size - first, sizeof(char *), compare_strings);
  }
  *paths = out.items;
  *path_count = out.size;
  return true;
}

void cli_free_paths(char **paths, size_t count) {
  for (size_t i = 0; i < count; i++) free(paths[i]);
  free(paths);
}

bool cli_disjoint_inputs(const CliStrings *failing, const CliStrings *passing) {
  char **fp = NULL, **pp = NULL;
  size_t nf = 0, np = 0;
  bool ok = true;
  /* errors in the lists are reported where they are loaded */
  if (cli_collect_inputs(failing->items, (int)failing->size, &fp, &nf) &&
      cli_collect_inputs(passing->items, (int)passing->size, &pp, &np)) {
    for (size_t i = 0; i < nf && ok; i++) {
      struct stat a, b;
      if (stat(fp[i], &a) != 0) continue;
      for (size_t k = 0; k < np && ok; k++)
        if (stat(pp[k], &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
          cli_error("%s is given both as failing (--failing) and as passing (--passing)%s%s", fp[i],
                    strcmp(fp[i], pp[k]) ? ": also as " : "", strcmp(fp[i], pp[k]) ? pp[k] : "");
          ok = false;
        }
    }
  }
  if (fp) cli_free_paths(fp, nf);
  if (pp) cli_free_paths(pp, np);
  return ok;
}

SdTree *cli_parse_file(SdParser *parser, const char *path) {
  char *error = NULL;
  SdTree *t = sd_parse_file(parser, -1, path, &error);
  if (!t) {
    /* parse errors read "path:line:col: ..."; read errors get the usual prefix */
    size_t n = strlen(path);
    bool located = error[n] == ':' && error[n + 1] >= '0' && error[n + 1] <= '9';
    fprintf(stderr, "%s%s\n", located ? "" : "semdbg: ", error);
    free(error);
  }
  return t;
}
