/* cli_learn.c: placeholder until `semdbg learn` is implemented. */
#include "cli.h"

int cli_learn(int argc, char **argv) {
  (void)argc;
  (void)argv;
  return cli_error("'learn' is not implemented yet");
}
