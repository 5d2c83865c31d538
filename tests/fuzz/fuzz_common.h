/* fuzz_common.h: what the fuzz targets share: loading a bundled grammar
 * from the source tree (SEMDBG_SOURCE_DIR), aborting when it fails. */
#ifndef SEMDBG_FUZZ_COMMON_H
#define SEMDBG_FUZZ_COMMON_H

#include <stdio.h>
#include <stdlib.h>

#include "semdbg/grammar.h"

static inline SdGrammar *fuzz_load_grammar(const char *relative) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", SEMDBG_SOURCE_DIR, relative);
  SdDiagnostics diags = {0};
  SdGrammar *g = sd_grammar_load(path, NULL, &diags);
  if (!g) {
    sd_diagnostics_print(&diags, stderr);
    abort();
  }
  sd_diagnostics_free(&diags);
  return g;
}

#endif
