/* cli_run.c: placeholder until `semdbg run` is implemented. */
#include "cli.h"

int cli_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  return cli_error("'run' is not implemented yet");
}
