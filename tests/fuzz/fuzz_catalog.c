/* fuzz_catalog.c: libFuzzer target for the pattern catalog reader. The input
 * is the text of a catalog (the TOML subset of patterns/default.toml),
 * handed to sd_catalog_parse() without a terminating NUL. A catalog that
 * loads has each pattern instantiated with sample values and checked
 * against a fixed bundled grammar (grammars/heartbleed.bnf), which parses
 * every instantiated template as a constraint. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "semdbg/catalog.h"
#include "fuzz_common.h"
#include "semdbg/grammar.h"

static SdGrammar *grammar;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  grammar = fuzz_load_grammar("grammars/heartbleed.bnf");
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size ? size : 1);
  memcpy(text, data, size);
  SdDiagnostics diags = {0};
  SdCatalog *cat = sd_catalog_parse(text, size, "fuzz.toml", &diags);
  if (cat) {
    for (uint32_t i = 0; i < sd_catalog_count(cat); i++) {
      const SdPattern *p = sd_catalog_pattern(cat, i);
      const char **values = calloc(p->placeholder_count + 1, sizeof *values);
      for (uint32_t k = 0; k < p->placeholder_count; k++) {
        switch (p->placeholders[k].kind) {
        case SD_PLACEHOLDER_NONTERMINAL: values[k] = "<payload>"; break;
        case SD_PLACEHOLDER_STRING: values[k] = "\"a\\\"b\""; break;
        case SD_PLACEHOLDER_INTEGER: values[k] = "-42"; break;
        case SD_PLACEHOLDER_NUMERIC_STRING: values[k] = "\"7\""; break;
        case SD_PLACEHOLDER_MATCHEXPR: values[k] = "{<payload> a} {<payload-length> b}"; break;
        case SD_PLACEHOLDER_DSTRINGS: values[k] = "\"a\""; break;
        case SD_PLACEHOLDER_NONTERMINAL_STRING: values[k] = "\"<payload>\""; break;
        case SD_PLACEHOLDER_CHARSET: values[k] = "re.range(\"A\", \"Z\")"; break;
        }
      }
      free(sd_pattern_instantiate(p, values));
      free(values);
    }
    SdDiagnostics check = {0};
    sd_catalog_check(cat, grammar, true, &check);
    sd_diagnostics_free(&check);
    sd_catalog_free(cat);
  }
  sd_diagnostics_free(&diags);
  free(text);
  return 0;
}
