/* cli_check.c: `semdbg check`: does each input satisfy an ISLa constraint?
 * Parses the constraint against the grammar (errors as FILE:LINE:COL with the
 * offending line and a caret), parses each input into its derivation tree
 * and evaluates the constraint on it; prints one verdict per input, with the
 * nodes bound by the outermost `exists` quantifiers when it holds (text, or
 * JSON with --json). --print shows the canonical ISLa and the short form.
 * Exit status: 0 all inputs satisfy it, 1 some do not, 2 usage, grammar,
 * constraint or input error. */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "json_util.h"
#include "semdbg/constraint.h"
#include "semdbg/parser.h"
#include "util.h"

static const char *usage_head =
    "usage: semdbg check --grammar G.bnf (--constraint C | --constraint-file F) [--json]\n"
    "                    [--print] INPUT...\n"
    "\n"
    "Check each input (files or directories of files) against an ISLa constraint,\n"
    "for example\n"
    "  exists <payload-length> n: exists <payload> p: str.to.int(n) > str.len(p)\n"
    "and print whether it holds; when it does and the constraint starts with\n"
    "`exists`, also the nodes that make it true.\n";

static const char *usage_tail =
    "Exit status: 0 every input satisfies the constraint; 1 some input does not;\n"
    "2 usage error, bad grammar, bad constraint or an input that does not parse.\n";

typedef struct CheckSettings {
  const char *grammar_path, *start, *constraint_text, *constraint_file;
  bool json, quiet, print;
  CliStrings files;
} CheckSettings;

/* The command line into *s; CLI_CONTINUE or the exit status. */
static int parse_command_line(int argc, char **argv, CheckSettings *s) {
  const CliOption options[] = {
      CLI_STRING("grammar", 'g', &s->grammar_path, "FILE", "the grammar (ISLa BNF)"),
      CLI_STRING("start", 0, &s->start, "SYMBOL", "parse inputs from this nonterminal instead of <start>"),
      CLI_STRING("constraint", 'c', &s->constraint_text, "TEXT", "the constraint"),
      CLI_STRING("constraint-file", 0, &s->constraint_file, "FILE", "read the constraint from a file"),
      CLI_FLAG("print", 0, &s->print, "print the constraint in canonical ISLa and in short form\n"
                                      "(no inputs needed)"),
      CLI_FLAG("json", 0, &s->json, "print a JSON object (see docs/constraint.md)"),
      CLI_FLAG("quiet", 'q', &s->quiet, "no grammar warnings"),
      CLI_END,
  };
  const CliCommand command = {"check", usage_head, usage_tail, options};
  int status = cli_parse_options(&command, argc, argv, &s->files);
  if (status != CLI_CONTINUE) return status;
  if (!s->constraint_text == !s->constraint_file)
    return cli_error(s->constraint_text ? "check: give either --constraint or --constraint-file, not both"
                                        : "check: missing --constraint TEXT or --constraint-file FILE");
  if (s->files.size == 0 && !s->print) return cli_error("check: no input files (see semdbg check --help)");
  return CLI_CONTINUE;
}

/* "where:line:col: message", the line, a caret under the column; of a long
 * line, only the 100 bytes or so around the column (with "..." where cut). */
static void show_constraint_error(const char *where, const char *text, size_t len,
                                  const SdConstraintError *e) {
  fprintf(stderr, "%s:%d:%d: %s\n", where, e->line, e->column, e->message);
  const char *p = text, *end = text + len;
  for (int l = 1; l < e->line && p < end; p++)
    if (*p == '\n') l++;
  const char *eol = memchr(p, '\n', (size_t)(end - p));
  if (!eol) eol = end;
  const char *at = e->column > 0 && (size_t)(e->column - 1) <= (size_t)(eol - p) ? p + e->column - 1 : eol;
  const char *from = at - p > 60 ? at - 60 : p;
  const char *to = eol - at > 40 ? at + 40 : eol;
  const char *dots = from > p ? "..." : "";
  fprintf(stderr, "  %s%.*s%s\n  %s", dots, (int)(to - from), from, to < eol ? "..." : "", from > p ? "   " : "");
  for (const char *c = from; c < at; c++) fputc(*c == '\t' ? '\t' : ' ', stderr);
  fputs("^\n", stderr);
}

/* JSON strings must be UTF-8: other bytes become code points U+0080..U+00FF */
static cJSON *json_bytes(const char *s, size_t n) {
  SdBuf b = {0};
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c && c < 0x80) {
      sd_buf_putc(&b, (char)c);
    } else {
      sd_buf_putc(&b, (char)(0xc0 | (c >> 6)));
      sd_buf_putc(&b, (char)(0x80 | (c & 0x3f)));
    }
  }
  cJSON *j = cJSON_CreateString(b.data ? b.data : "");
  sd_buf_free(&b);
  return j;
}

static void print_binding(const SdConstraint *c, const SdTree *t, uint32_t v, const SdNode *n) {
  uint32_t len;
  const char *text = sd_node_text(t, n, &len);
  SdBuf b = {0};
  sd_buf_append_quoted(&b, text, len);
  printf("  %s = %s  (%s at bytes %u..%u, path", c->variables[v].name, b.data,
         c->grammar->symbols[c->variables[v].symbol].name, n->start, n->end);
  uint32_t path[256];
  uint32_t depth = sd_node_path(n, path, 256);
  if (depth == 0) printf(" root");
  for (uint32_t i = 0; i < depth && i < 256; i++) printf(" %u", path[i]);
  printf(")\n");
  sd_buf_free(&b);
}

static cJSON *json_binding(const SdConstraint *c, const SdTree *t, uint32_t v, const SdNode *n) {
  cJSON *o = cJSON_CreateObject();
  uint32_t len;
  const char *text = sd_node_text(t, n, &len);
  cJSON_AddStringToObject(o, "symbol", c->grammar->symbols[c->variables[v].symbol].name);
  cJSON_AddItemToObject(o, "text", json_bytes(text, len));
  cJSON_AddNumberToObject(o, "start", n->start);
  cJSON_AddNumberToObject(o, "end", n->end);
  uint32_t path[256];
  uint32_t depth = sd_node_path(n, path, 256);
  cJSON *pa = cJSON_AddArrayToObject(o, "path");
  for (uint32_t i = 0; i < depth && i < 256; i++) cJSON_AddItemToArray(pa, cJSON_CreateNumber(path[i]));
  return o;
}

/* The constraint of --constraint or --constraint-file, parsed against the
 * grammar; NULL after reporting why not. *owned: the file's text (to free). */
static SdConstraint *load_constraint(const CheckSettings *s, const SdGrammar *g, char **owned) {
  const char *text = s->constraint_text, *file = s->constraint_file;
  size_t length;
  *owned = NULL;
  if (file) {
    const char *err;
    *owned = sd_read_file(file, &length, &err);
    if (!*owned) {
      cli_error("%s: %s", file, err);
      return NULL;
    }
    text = *owned;
  } else {
    length = strlen(text);
  }
  SdConstraintError cerr;
  SdConstraint *c = sd_constraint_parse(g, text, length, &cerr);
  if (!c) {
    show_constraint_error(file ? file : "constraint", text, length, &cerr);
    free(cerr.message);
  }
  return c;
}

static void add_parse_error_json(cJSON *o, const SdParseError *perr) {
  cJSON *e = cJSON_AddObjectToObject(o, "error");
  cJSON_AddNumberToObject(e, "line", perr->line);
  cJSON_AddNumberToObject(e, "column", perr->column);
  cJSON_AddNumberToObject(e, "offset", (double)perr->offset);
  cJSON_AddStringToObject(e, "message", perr->message);
}

/* The verdict on one parsed input, with the bindings of the outer `exists`. */
static void report_verdict(const SdConstraint *c, const SdTree *t, const char *path, bool ok,
                           const SdNode **witness, cJSON *o) {
  if (o) {
    cJSON_AddBoolToObject(o, "satisfied", ok);
    cJSON *bind = cJSON_AddObjectToObject(o, "bindings");
    for (uint32_t v = 0; v < c->variable_count; v++)
      if (witness[v]) cJSON_AddItemToObject(bind, c->variables[v].name, json_binding(c, t, v, witness[v]));
  } else {
    printf("%s: %s\n", path, ok ? "satisfied" : "not satisfied");
    for (uint32_t v = 0; v < c->variable_count; v++)
      if (witness[v]) print_binding(c, t, v, witness[v]);
  }
}

/* Check one input file (a JSON result goes to results when that is not
 * NULL). CLI_EXIT_OK satisfied, CLI_EXIT_NEGATIVE not, CLI_EXIT_USAGE it
 * cannot be read or does not parse. */
static int check_file(const SdConstraint *c, SdParser *parser, const char *path, cJSON *results,
                      const SdNode **witness) {
  size_t len;
  const char *err;
  char *text = sd_read_file(path, &len, &err);
  cJSON *o = NULL;
  if (results) {
    o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "file", path);
    cJSON_AddItemToArray(results, o);
  }
  if (!text) {
    fprintf(stderr, "semdbg: %s: %s\n", path, err);
    if (o) cJSON_AddStringToObject(o, "error", err);
    return CLI_EXIT_USAGE;
  }
  SdParseError perr;
  SdTree *t = sd_parse(parser, -1, text, len, &perr);
  int status = CLI_EXIT_USAGE;
  if (!t) {
    fprintf(stderr, "%s:%d:%d: %s\n", path, perr.line, perr.column, perr.message);
    if (o) add_parse_error_json(o, &perr);
    else printf("%s: does not parse\n", path);
    free(perr.message);
  } else {
    bool ok = sd_constraint_eval(c, t, witness);
    report_verdict(c, t, path, ok, witness, o);
    status = ok ? CLI_EXIT_OK : CLI_EXIT_NEGATIVE;
    sd_tree_free(t);
  }
  free(text);
  return status;
}

/* Check every input; prints the constraint (--print, --json) first. */
static int check_all(const CheckSettings *s, const SdGrammar *g, const SdConstraint *c) {
  char *isla = sd_constraint_to_isla(c), *shortf = sd_constraint_to_short(c);
  int status = CLI_EXIT_OK;
  char **paths = NULL;
  size_t npaths = 0;
  if (s->files.size && !cli_collect_inputs(s->files.items, (int)s->files.size, &paths, &npaths))
    status = CLI_EXIT_USAGE;
  else if (s->files.size && !npaths) { /* directories with nothing in them: no output at all */
    cli_free_paths(paths, npaths);
    free(isla);
    free(shortf);
    return cli_error("check: no input files in the given directories");
  }
  cJSON *out = s->json ? cJSON_CreateObject() : NULL;
  cJSON *results = NULL;
  if (s->json) {
    cJSON_AddStringToObject(out, "constraint", isla);
    cJSON_AddStringToObject(out, "short", shortf);
    results = cJSON_AddArrayToObject(out, "results");
  } else if (s->print) {
    printf("isla:  %s\nshort: %s\n", isla, shortf);
  }
  SdParser *parser = sd_parser_new(g);
  const SdNode **witness = sd_xcalloc(c->variable_count ? c->variable_count : 1, sizeof(SdNode *));
  bool some_false = false;
  for (size_t i = 0; i < npaths; i++) {
    int verdict = check_file(c, parser, paths[i], results, witness);
    if (verdict == CLI_EXIT_USAGE) status = CLI_EXIT_USAGE;
    some_false |= verdict == CLI_EXIT_NEGATIVE;
  }
  if (status == CLI_EXIT_OK && some_false) status = CLI_EXIT_NEGATIVE;
  if (s->json) {
    char *text = sd_json_print(out, true);
    puts(text);
    cJSON_free(text);
    cJSON_Delete(out);
  }
  free(witness);
  sd_parser_free(parser);
  if (paths) cli_free_paths(paths, npaths);
  free(isla);
  free(shortf);
  return status;
}

static int check_inputs(const CheckSettings *s) {
  SdGrammar *g = cli_load_grammar(s->grammar_path, s->start, s->quiet);
  if (!g) return CLI_EXIT_USAGE;
  char *owned;
  SdConstraint *c = load_constraint(s, g, &owned);
  int status = c ? check_all(s, g, c) : CLI_EXIT_USAGE;
  sd_constraint_free(c);
  free(owned);
  sd_grammar_free(g);
  return status;
}

int cli_check(int argc, char **argv) {
  CheckSettings s = {0};
  int status = parse_command_line(argc, argv, &s);
  if (status == CLI_CONTINUE) status = check_inputs(&s);
  array_free(&s.files);
  return status;
}
