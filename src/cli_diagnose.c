/* cli_diagnose.c: placeholder until `semdbg diagnose` is implemented. */
#include "cli.h"

int cli_diagnose(int argc, char **argv) {
  (void)argc;
  (void)argv;
  return cli_error("'diagnose' is not implemented yet");
}
