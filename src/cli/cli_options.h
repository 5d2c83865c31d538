/* cli_options.h: the option parser shared by every subcommand, in the spirit
 * of git's parse-options. A command describes its options in a table of
 * CliOption (built with the CLI_* macros below, ended by CLI_END) and hands it,
 * with the head and tail of its help text, to cli_parse_options(): that fills
 * the destinations, collects the positional arguments and prints the help
 * generated from the table. */
#ifndef SEMDBG_CLI_OPTIONS_H
#define SEMDBG_CLI_OPTIONS_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "array.h"
#include "semdbg/oracle.h"

/* Strings borrowed from argv, in command-line order. */
typedef Array(char *) CliStrings;

typedef enum CliOptionKind {
  CLI_OPT_END,      /* ends a table */
  CLI_OPT_GROUP,    /* a heading in the help (help: its text) */
  CLI_OPT_FLAG,     /* bool *: set to true */
  CLI_OPT_UNSET,    /* bool *: set to false (for --no-something) */
  CLI_OPT_STRING,   /* const char **: the value (the last one given wins) */
  CLI_OPT_LIST,     /* CliStrings *: every value given, in order */
  CLI_OPT_U64,      /* uint64_t *: a decimal integer in [min, max] */
  CLI_OPT_U32,      /* uint32_t *: likewise, max at most UINT32_MAX */
  CLI_OPT_DOUBLE,   /* double *: a finite number in [low, high] */
  CLI_OPT_CALLBACK, /* callback(option, value); value NULL unless arg_name is set */
  CLI_OPT_FALLBACK, /* fallback(dest, ...): options parsed elsewhere (help: a preformatted block) */
  CLI_OPT_HELP,     /* -h, --help (built in: tables do not list it) */
} CliOptionKind;

typedef struct CliOption CliOption;
/* A callback stores the value; on a bad one it sets *error (malloc'd, naming
 * the option) and returns false. */
typedef bool CliCallback(const CliOption *option, const char *value, char **error);
/* A parser of other options with sd_oracle_options_parse_arg's contract: looks
 * at argv[*i], sets *consumed, advances *i past a value it takes. */
typedef bool CliFallback(void *dest, int argc, char **argv, int *i, bool *consumed, char **error);

struct CliOption {
  CliOptionKind kind;
  const char *long_name; /* without the dashes ("max-runs"), or NULL */
  char short_name;       /* 'n' for -n, or 0 */
  void *dest;
  const char *arg_name;  /* the value's name in the help ("N"); NULL: takes no value */
  const char *help;      /* may have several lines */
  uint64_t min, max;     /* integers */
  double low, high;      /* doubles */
  CliCallback *callback;
  CliFallback *fallback;
};

/* A command: its table and the hand-written parts of its help. */
typedef struct CliCommand {
  const char *name;           /* "run": messages say "see semdbg run --help" */
  const char *head;           /* usage line(s) and description */
  const char *tail;           /* after the options: notes, exit status */
  const CliOption *options;   /* ended by CLI_END */
} CliCommand;

/* Compile-time check that a destination has the type its kind stores. */
#define CLI_TYPED(type, p) _Generic((p), type: (p))

#define CLI_FLAG(l, s, d, h) \
  {.kind = CLI_OPT_FLAG, .long_name = l, .short_name = s, .dest = CLI_TYPED(bool *, d), .help = h}
#define CLI_UNSET(l, s, d, h) \
  {.kind = CLI_OPT_UNSET, .long_name = l, .short_name = s, .dest = CLI_TYPED(bool *, d), .help = h}
#define CLI_STRING(l, s, d, a, h)                                                       \
  {.kind = CLI_OPT_STRING, .long_name = l, .short_name = s,                            \
   .dest = CLI_TYPED(const char **, d), .arg_name = a, .help = h}
#define CLI_LIST(l, s, d, a, h)                                                             \
  {.kind = CLI_OPT_LIST, .long_name = l, .short_name = s, .dest = CLI_TYPED(CliStrings *, d), \
   .arg_name = a, .help = h}
/* An unsigned integer (uint64_t or uint32_t destination) in [lo, hi]. */
#define CLI_UINT_RANGE(l, s, d, lo, hi, a, h)                                             \
  {.kind = _Generic((d), uint64_t *: CLI_OPT_U64, uint32_t *: CLI_OPT_U32), .long_name = l, \
   .short_name = s, .dest = d, .min = lo, .max = hi, .arg_name = a, .help = h}
#define CLI_UINT(l, s, d, a, h) CLI_UINT_RANGE(l, s, d, 0, UINT64_MAX, a, h)
#define CLI_DOUBLE(l, s, d, lo, hi, a, h)                                                  \
  {.kind = CLI_OPT_DOUBLE, .long_name = l, .short_name = s, .dest = CLI_TYPED(double *, d), \
   .low = lo, .high = hi, .arg_name = a, .help = h}
#define CLI_PROBABILITY(l, s, d, a, h) CLI_DOUBLE(l, s, d, 0.0, 1.0, a, h)
#define CLI_CALLBACK(l, s, fn, d, a, h) \
  {.kind = CLI_OPT_CALLBACK, .long_name = l, .short_name = s, .callback = fn, .dest = d, .arg_name = a, .help = h}
#define CLI_GROUP(title) {.kind = CLI_OPT_GROUP, .help = title}
#define CLI_FALLBACK(fn, d, block) {.kind = CLI_OPT_FALLBACK, .fallback = fn, .dest = d, .help = block}
#define CLI_END {.kind = CLI_OPT_END}

/* The test command's options (--test, --timeout, -j, ...), parsed by the
 * engine (sd_oracle_options_parse_arg) into an SdOracleOptions. */
CliFallback cli_oracle_fallback;
#define CLI_ORACLE_OPTIONS(oracle_options)  \
  CLI_GROUP("test command options"),        \
  CLI_FALLBACK(cli_oracle_fallback, oracle_options, sd_oracle_options_help)

/* What cli_parse_options returns when the command should go on. */
enum { CLI_CONTINUE = -1 };

/* Parse argv[1..argc-1] with the command's table: options anywhere ("--opt
 * VALUE", "--opt=VALUE", "-o VALUE", "-oVALUE"), positional arguments appended
 * to *positionals in order, everything after "--" positional. Returns
 * CLI_CONTINUE, or the exit status to return at once: CLI_EXIT_OK after
 * printing the help (-h, --help; also when it follows a bad option),
 * CLI_EXIT_USAGE after printing an error ("semdbg: --seed needs a value";
 * errors of fallback options are prefixed with the command's name). */
int cli_parse_options(const CliCommand *command, int argc, char **argv, CliStrings *positionals);
/* The help text generated from the table: head, options, tail. */
void cli_print_help(const CliCommand *command, FILE *out);

#endif
