/* cli_check.c: placeholder until `semdbg check` is implemented. */
#include "cli.h"

int cli_check(int argc, char **argv) {
  (void)argc;
  (void)argv;
  return cli_error("'check' is not implemented yet");
}
