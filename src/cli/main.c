/* main.c: semdbg's entry point. Dispatches to the subcommand named by the first
 * argument; without one (or with options/files first) runs the diagnosis.
 * SIGPIPE is ignored (a closed pipe must not kill semdbg before it has cleaned
 * up its harnesses and temporary directory); instead, an error writing
 * standard output (a closed pipe, a full disk) is reported at the end and
 * turns the exit status into 4. */
#include <errno.h>
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <z3.h>

#include "cli.h"

typedef struct Command {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
} Command;

static const Command commands[] = {
    {"diagnose", cli_diagnose, "find the circumstances of a failure (the default)"},
    {"parse", cli_parse, "print derivation trees of inputs"},
    {"fuzz", cli_fuzz, "generate inputs from a grammar (and a constraint)"},
    {"check", cli_check, "check inputs against a constraint"},
    {"run", cli_run, "run the test command on inputs and print verdicts"},
    {"features", cli_features, "input features as CSV"},
    {"relevance", cli_relevance, "rank the nonterminals that matter for a failure"},
    {"learn", cli_learn, "learn candidate failure constraints from labelled inputs"},
    {"generalize", cli_generalize, "abstract failure-inducing input (DDSET)"},
    {"reduce", cli_reduce, "reduce a failing input (grammar-based delta debugging)"},
    {"triage", cli_triage, "sort many failing inputs by failure kind and cause"},
};

static void usage(FILE *out) {
  fprintf(out,
          "semdbg %s: a semantic debugger\n\n"
          "usage: semdbg --grammar G.bnf --test CMD FAILING-INPUT [MORE INPUTS OR DIRS]\n"
          "       semdbg COMMAND [OPTIONS] ...\n\ncommands:\n",
          SEMDBG_VERSION);
  for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
    fprintf(out, "  %-11s %s\n", commands[i].name, commands[i].summary);
  fprintf(out, "\n`semdbg COMMAND --help` describes each command and its options.\n");
}

/* Z3 keeps global tables (parameters, symbols) until told to let go; freeing
 * them keeps leak checkers quiet about memory that is not ours. */
static int finish(int status) {
  Z3_finalize_memory();
  errno = 0;
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "semdbg: error writing standard output: %s\n",
            errno ? strerror(errno) : "write error");
    return CLI_EXIT_WRITE;
  }
  return status;
}

/* Keep freed memory instead of handing it back to the kernel at once. Z3
 * contexts and learner tables are made and dropped many times a diagnosis;
 * with glibc's defaults each drop trimmed the heap and the next one faulted
 * its pages in again: half of semdbg's own CPU on heartbleed (1.0 s to 0.5 s,
 * the same peak memory). The library leaves malloc alone: this is the
 * program's choice. */
static void tune_malloc(void) {
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  mallopt(M_TOP_PAD, 64 << 20);
}

int main(int argc, char **argv) {
  signal(SIGPIPE, SIG_IGN);
  tune_malloc();
  if (argc < 2) {
    usage(stderr);
    return CLI_EXIT_USAGE;
  }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    usage(stdout);
    return finish(CLI_EXIT_OK);
  }
  if (!strcmp(argv[1], "--version")) {
    printf("semdbg %s\n", SEMDBG_VERSION);
    return finish(CLI_EXIT_OK);
  }
  for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
    if (!strcmp(argv[1], commands[i].name)) return finish(commands[i].run(argc - 1, argv + 1));
  if (argv[1][0] != '-' && !strchr(argv[1], '/') && !strchr(argv[1], '.')) {
    fprintf(stderr, "semdbg: unknown command '%s' (see semdbg --help)\n", argv[1]);
    return CLI_EXIT_USAGE;
  }
  argv[0] = "diagnose";
  return finish(cli_diagnose(argc, argv));
}
