/* cli_generalize.c: placeholder until `semdbg generalize` is implemented. */
#include "cli.h"

int cli_generalize(int argc, char **argv) {
  (void)argc;
  (void)argv;
  return cli_error("'generalize' is not implemented yet");
}
