/* cli_features.c: placeholder until `semdbg features` is implemented. */
#include "cli.h"

int cli_features(int argc, char **argv) {
  (void)argc;
  (void)argv;
  return cli_error("'features' is not implemented yet");
}
