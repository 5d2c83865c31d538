/* cli_reduce.c: placeholder until `semdbg reduce` is implemented. */
#include "cli.h"

int cli_reduce(int argc, char **argv) {
  (void)argc;
  (void)argv;
  return cli_error("'reduce' is not implemented yet");
}
