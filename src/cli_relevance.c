/* cli_relevance.c: placeholder until `semdbg relevance` is implemented. */
#include "cli.h"

int cli_relevance(int argc, char **argv) {
  (void)argc;
  (void)argv;
  return cli_error("'relevance' is not implemented yet");
}
