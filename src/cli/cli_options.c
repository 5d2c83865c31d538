/* cli_options.c: the option parser of cli_options.h. Walks argv once: each
 * argument is a positional one, "--" (the rest are positional), or an option
 * looked up by long or short name in the command's table, then offered to the
 * table's fallback parsers; the option's kind says whether it takes a value
 * and how to check and store it. The first error is kept and printed unless
 * -h/--help follows it. The help is generated from the same table: one row
 * per option, the help texts aligned in a column. */
#include "cli_options.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "util.h"

/* -h, --help: every command has it, no table lists it. */
static const CliOption help_table[] = {
    {.kind = CLI_OPT_HELP, .long_name = "help", .short_name = 'h', .help = "show this help"},
    CLI_END,
};
static const CliOption *const help_option = &help_table[0];

typedef struct Parser {
  const CliCommand *command;
  int argc;
  char **argv;
  int i;                  /* the argument being parsed */
  bool only_positionals;  /* after "--" */
  char *error;            /* the message of the error that stopped the parse */
} Parser;

/* Keep the message (malloc'd) of the error that stops the parse. */
static int fail(Parser *p, char *message) {
  p->error = message;
  return CLI_EXIT_USAGE;
}

static bool takes_value(const CliOption *o) { return o->arg_name != NULL; }

/* ---------- finding the option ---------- */

/* "name" or "name=value" against the table's long names. */
static const CliOption *find_long(const CliOption *table, const char *text, const char **inline_value) {
  const char *equals = strchr(text, '=');
  size_t n = equals ? (size_t)(equals - text) : strlen(text);
  for (const CliOption *o = table; o->kind != CLI_OPT_END; o++)
    if (o->long_name && strlen(o->long_name) == n && !strncmp(o->long_name, text, n)) {
      *inline_value = equals ? equals + 1 : NULL;
      return o;
    }
  return NULL;
}

/* "-x", or "-xVALUE" for an option that takes a value. */
static const CliOption *find_short(const CliOption *table, const char *arg, const char **inline_value) {
  for (const CliOption *o = table; o->kind != CLI_OPT_END; o++) {
    if (!o->short_name || o->short_name != arg[1]) continue;
    if (arg[2] && !takes_value(o)) return NULL;
    *inline_value = arg[2] ? arg + 2 : NULL;
    return o;
  }
  return NULL;
}

/* The option argv names in the command's table (or -h, --help), or NULL. */
static const CliOption *find_option(const CliOption *table, const char *arg, const char **inline_value) {
  bool is_long = arg[1] == '-';
  const CliOption *o = is_long ? find_long(table, arg + 2, inline_value)
                               : find_short(table, arg, inline_value);
  if (!o) o = is_long ? find_long(help_table, arg + 2, inline_value)
                      : find_short(help_table, arg, inline_value);
  return o;
}

/* The option as the user wrote it: "--seed" or "-n". */
static void option_name(const CliOption *o, const char *arg, char *buf, size_t size) {
  if (arg[1] == '-') snprintf(buf, size, "--%s", o->long_name);
  else snprintf(buf, size, "-%c", o->short_name);
}

/* ---------- storing values ---------- */

typedef enum { NUMBER_OK, NUMBER_BAD, NUMBER_TOO_LARGE } NumberStatus;

/* Decimal digits only: no sign, no spaces, no base prefix. */
static NumberStatus read_unsigned(const char *text, uint64_t *out) {
  if (!*text) return NUMBER_BAD;
  uint64_t v = 0;
  bool too_large = false;
  for (const char *c = text; *c; c++) {
    if (*c < '0' || *c > '9') return NUMBER_BAD;
    unsigned digit = (unsigned)(*c - '0');
    if (v > (UINT64_MAX - digit) / 10) too_large = true;
    else v = v * 10 + digit;
  }
  *out = v;
  return too_large ? NUMBER_TOO_LARGE : NUMBER_OK;
}

static bool store_unsigned(const CliOption *o, const char *name, const char *text, char **error) {
  uint64_t max = o->kind == CLI_OPT_U32 && o->max > UINT32_MAX ? UINT32_MAX : o->max, v = 0;
  NumberStatus status = read_unsigned(text, &v);
  if (status == NUMBER_BAD) {
    *error = sd_format("%s expects a non-negative integer, got '%s'", name, text);
    return false;
  }
  if (status == NUMBER_TOO_LARGE || v > max) {
    *error = sd_format("%s must be at most %llu, got '%s'", name, (unsigned long long)max, text);
    return false;
  }
  if (v < o->min) {
    *error = sd_format("%s must be at least %llu, got '%s'", name, (unsigned long long)o->min, text);
    return false;
  }
  if (o->kind == CLI_OPT_U32) *(uint32_t *)o->dest = (uint32_t)v;
  else *(uint64_t *)o->dest = v;
  return true;
}

/* "a non-negative number", "a number between 0 and 1", ... */
static char *describe_range(double low, double high) {
  if (isinf(high) && low == 0) return sd_format("a non-negative number");
  if (isinf(high)) return sd_format("a number of at least %g", low);
  return sd_format("a number between %g and %g", low, high);
}

/* A finite number in [low, high]; NaN, infinities and trailing text are errors. */
static bool store_double(const CliOption *o, const char *name, const char *text, char **error) {
  char *end;
  errno = 0;
  double v = strtod(text, &end);
  bool number = *text && !isspace((unsigned char)*text) && !*end && errno == 0 && isfinite(v);
  if (!number || v < o->low || v > o->high) {
    char *range = describe_range(o->low, o->high);
    *error = sd_format("%s expects %s, got '%s'", name, range, text);
    free(range);
    return false;
  }
  *(double *)o->dest = v;
  return true;
}

static bool store_value(const CliOption *o, const char *name, const char *value, char **error) {
  switch (o->kind) {
  case CLI_OPT_STRING: *(const char **)o->dest = value; return true;
  case CLI_OPT_LIST: array_push((CliStrings *)o->dest, (char *)value); return true;
  case CLI_OPT_U64:
  case CLI_OPT_U32: return store_unsigned(o, name, value, error);
  case CLI_OPT_DOUBLE: return store_double(o, name, value, error);
  case CLI_OPT_CALLBACK: return o->callback(o, value, error);
  default: return true;
  }
}

static bool store_flag(const CliOption *o, char **error) {
  switch (o->kind) {
  case CLI_OPT_FLAG: *(bool *)o->dest = true; return true;
  case CLI_OPT_UNSET: *(bool *)o->dest = false; return true;
  case CLI_OPT_CALLBACK: return o->callback(o, NULL, error);
  default: return true;
  }
}

/* ---------- the walk over argv ---------- */

/* Offer argv[p->i] to the table's fallback parsers; *consumed when one took it. */
static bool try_fallbacks(Parser *p, bool *consumed) {
  *consumed = false;
  for (const CliOption *o = p->command->options; o->kind != CLI_OPT_END; o++) {
    if (o->kind != CLI_OPT_FALLBACK) continue;
    char *error = NULL;
    if (!o->fallback(o->dest, p->argc, p->argv, &p->i, consumed, &error)) {
      p->error = sd_format("%s: %s", p->command->name, error ? error : "bad option");
      free(error);
      return false;
    }
    if (*consumed) return true;
  }
  return true;
}

static int parse_unknown_option(Parser *p) {
  const char *arg = p->argv[p->i];
  bool consumed;
  if (!try_fallbacks(p, &consumed)) return CLI_EXIT_USAGE;
  if (consumed) return CLI_CONTINUE;
  return fail(p, sd_format("unknown option '%s' (see semdbg %s --help)", arg, p->command->name));
}

/* Parse the option argv[p->i] (and its value). Returns CLI_CONTINUE,
 * CLI_EXIT_OK for help, or CLI_EXIT_USAGE with p->error set. */
static int parse_option(Parser *p) {
  const char *arg = p->argv[p->i], *value = NULL;
  const CliOption *o = find_option(p->command->options, arg, &value);
  if (!o) return parse_unknown_option(p);
  char name[96];
  option_name(o, arg, name, sizeof name);
  if (!takes_value(o)) {
    if (value) return fail(p, sd_format("%s takes no value (got '%s')", name, arg));
    if (o->kind == CLI_OPT_HELP) return CLI_EXIT_OK;
    return store_flag(o, &p->error) ? CLI_CONTINUE : CLI_EXIT_USAGE;
  }
  if (!value) {
    if (p->i + 1 >= p->argc) return fail(p, sd_format("%s needs a value", name));
    value = p->argv[++p->i];
  }
  return store_value(o, name, value, &p->error) ? CLI_CONTINUE : CLI_EXIT_USAGE;
}

static int parse_argument(Parser *p, CliStrings *positionals) {
  char *arg = p->argv[p->i];
  if (p->only_positionals || arg[0] != '-' || arg[1] == '\0') {
    array_push(positionals, arg);
    return CLI_CONTINUE;
  }
  if (!strcmp(arg, "--")) {
    p->only_positionals = true;
    return CLI_CONTINUE;
  }
  return parse_option(p);
}

/* Is there a -h or --help among the options after argv[p->i]? */
static bool help_follows(const Parser *p) {
  if (p->only_positionals) return false;
  for (int i = p->i + 1; i < p->argc && strcmp(p->argv[i], "--"); i++)
    if (!strcmp(p->argv[i], "-h") || !strcmp(p->argv[i], "--help")) return true;
  return false;
}

int cli_parse_options(const CliCommand *command, int argc, char **argv, CliStrings *positionals) {
  Parser p = {.command = command, .argc = argc, .argv = argv};
  int status = CLI_CONTINUE;
  while (status == CLI_CONTINUE && ++p.i < argc) status = parse_argument(&p, positionals);
  if (status == CLI_EXIT_USAGE && help_follows(&p)) status = CLI_EXIT_OK;
  if (status == CLI_EXIT_OK) cli_print_help(command, stdout);
  else if (status == CLI_EXIT_USAGE) cli_error("%s", p.error ? p.error : "bad command line");
  free(p.error);
  return status;
}

bool cli_oracle_fallback(void *dest, int argc, char **argv, int *i, bool *consumed, char **error) {
  return sd_oracle_options_parse_arg(dest, argc, argv, i, consumed, error);
}

/* ---------- the help ---------- */

/* "  -g, --grammar FILE" */
static int format_spec(const CliOption *o, char *buf, size_t size) {
  char short_part[8] = "";
  if (o->short_name) snprintf(short_part, sizeof short_part, "-%c%s", o->short_name, o->long_name ? ", " : "");
  return snprintf(buf, size, "  %s%s%s%s%s", short_part, o->long_name ? "--" : "",
                  o->long_name ? o->long_name : "", o->arg_name ? " " : "",
                  o->arg_name ? o->arg_name : "");
}

/* Where the help texts start in a preformatted block: after the first run
 * of two or more spaces that follows the option on its first line. */
static int block_column(const char *block) {
  const char *gap = strstr(block + 2, "  ");
  if (!gap) return 0;
  while (*gap == ' ') gap++;
  return (int)(gap - block);
}

/* The column of the help texts: two spaces after the longest option, and
 * the column of a fallback block when that is further right. */
static int help_column(const CliOption *table) {
  char spec[160];
  int column = format_spec(help_option, spec, sizeof spec) + 2;
  for (const CliOption *o = table; o->kind != CLI_OPT_END; o++) {
    int width = 0;
    if (o->kind == CLI_OPT_FALLBACK) width = block_column(o->help);
    else if (o->kind != CLI_OPT_GROUP) width = format_spec(o, spec, sizeof spec) + 2;
    if (width > column) column = width;
  }
  return column;
}

/* One option: its spec, then its help, continuation lines indented to the column. */
static void print_row(FILE *out, const CliOption *o, int column) {
  char spec[160];
  format_spec(o, spec, sizeof spec);
  fprintf(out, "%-*s", column, spec);
  for (const char *line = o->help ? o->help : ""; *line;) {
    const char *end = strchr(line, '\n');
    int n = end ? (int)(end - line) : (int)strlen(line);
    fprintf(out, "%.*s", n, line);
    line += n;
    if (*line == '\n' && *++line) fprintf(out, "\n%*s", column, "");
  }
  fputc('\n', out);
}

void cli_print_help(const CliCommand *command, FILE *out) {
  int column = help_column(command->options);
  bool help_row_done = false;
  fprintf(out, "%s\noptions:\n", command->head);
  for (const CliOption *o = command->options; o->kind != CLI_OPT_END; o++) {
    if (o->kind == CLI_OPT_GROUP) {
      if (!help_row_done) print_row(out, help_option, column);
      help_row_done = true;
      fprintf(out, "\n%s:\n", o->help);
    } else if (o->kind == CLI_OPT_FALLBACK) {
      fputs(o->help, out);
    } else {
      print_row(out, o, column);
    }
  }
  if (!help_row_done) print_row(out, help_option, column);
  if (command->tail) fprintf(out, "\n%s", command->tail);
}
