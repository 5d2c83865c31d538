/* cli.h: the command line front end. Each subcommand lives in its own file
 * cli_<name>.c and exports `int cli_<name>(int argc, char **argv)` (argv[0]
 * is the subcommand name), returning the process exit status; it parses its
 * options with a table (cli_options.h). */
#ifndef SEMDBG_CLI_H
#define SEMDBG_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli_options.h"
#include "semdbg/grammar.h"

enum {
  CLI_EXIT_OK = 0,        /* success / diagnosis found / all inputs satisfy */
  CLI_EXIT_NEGATIVE = 1,  /* no diagnosis / some input does not satisfy / unsat */
  CLI_EXIT_USAGE = 2,     /* usage or input error */
  CLI_EXIT_HARNESS = 3,   /* the test command could not run */
  CLI_EXIT_WRITE = 4,     /* the output could not be written (a full disk, a closed pipe) */
};

int cli_diagnose(int argc, char **argv);
int cli_parse(int argc, char **argv);
int cli_fuzz(int argc, char **argv);
int cli_check(int argc, char **argv);
int cli_run(int argc, char **argv);
int cli_features(int argc, char **argv);
int cli_relevance(int argc, char **argv);
int cli_learn(int argc, char **argv);
int cli_generalize(int argc, char **argv);
int cli_reduce(int argc, char **argv);
int cli_triage(int argc, char **argv);

/* "semdbg: <message>" on stderr; returns CLI_EXIT_USAGE. */
int cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Load a grammar, printing diagnostics (warnings unless quiet); NULL on error. */
SdGrammar *cli_load_grammar(const char *path, const char *start, bool quiet);
/* Expand files and directories (directories: their regular files, sorted by
 * name, not recursive) into a list of paths; returns false (after printing an
 * error) when one does not exist. *paths is a malloc'd array of malloc'd strings. */
bool cli_collect_inputs(char **args, int count, char ***paths, size_t *path_count);
void cli_free_paths(char **paths, size_t count);
/* --failing and --passing must name different files: false (after an error
 * naming the first file in both) when one is in both lists, however named. */
bool cli_disjoint_inputs(const CliStrings *failing, const CliStrings *passing);
/* Read and parse an input file with the grammar's start symbol; prints
 * "path:line:col: ..." (or why it cannot be read) and returns NULL on failure. */
struct SdParser;
struct SdTree *cli_parse_file(struct SdParser *parser, const char *path);

#endif
