/* cli_fuzz.c: placeholder until `semdbg fuzz` is implemented. */
#include "cli.h"

int cli_fuzz(int argc, char **argv) {
  (void)argc;
  (void)argv;
  return cli_error("'fuzz' is not implemented yet");
}
