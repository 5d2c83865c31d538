/* cli_parse.c: placeholder until `semdbg parse` is implemented. */
#include "cli.h"

int cli_parse(int argc, char **argv) {
  (void)argc;
  (void)argv;
  return cli_error("'parse' is not implemented yet");
}
