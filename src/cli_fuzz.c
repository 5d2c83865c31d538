/* cli_fuzz.c: `semdbg fuzz`: generate inputs from a grammar, one per line on
 * stdout, as a JSON array of strings, or as files in a directory. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "semdbg/fuzzer.h"
#include "json_util.h"
#include "util.h"

static const char *usage =
    "usage: semdbg fuzz --grammar G.bnf [-n N] [--seed S] [--max-size NODES]\n"
    "                   [--kpath K] [--start <symbol>] [--out DIR | --json]\n"
    "\n"
    "Generate N random inputs from the grammar.\n"
    "\n"
    "  --grammar FILE    the grammar (ISLa BNF)\n"
    "  -n N              number of inputs (default 10)\n"
    "  --seed S          random seed (default 1); the same seed gives the same inputs\n"
    "  --max-size NODES  bound on derivation tree nodes (default 400)\n"
    "  --kpath K         prefer derivations that cover unseen k-paths (k-path coverage)\n"
    "  --start SYMBOL    generate from this nonterminal instead of <start>\n"
    "  --out DIR         write input-0001.txt ... into DIR (created if needed)\n"
    "  --json            print a JSON array of strings\n"
    "  -q, --quiet       no grammar warnings\n"
    "\nWithout --out or --json, inputs are printed one per line.\n";

int cli_fuzz(int argc, char **argv) {
  if (cli_wants_help(argc, argv)) {
    fputs(usage, stdout);
    return CLI_EXIT_OK;
  }
  const char *grammar_path = NULL, *start = NULL, *out_dir = NULL;
  uint64_t count = 10, seed = 1, max_size = 400, kpath = 0;
  bool json = false, quiet = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    bool has_value = i + 1 < argc;
    if (!strcmp(a, "--json")) json = true;
    else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) quiet = true;
    else if (!strcmp(a, "--grammar") || !strcmp(a, "-g") || !strcmp(a, "--start") ||
             !strcmp(a, "--out") || !strcmp(a, "-n") || !strcmp(a, "--seed") ||
             !strcmp(a, "--max-size") || !strcmp(a, "--kpath")) {
      if (!has_value) return cli_error("%s needs a value", a);
      const char *v = argv[++i];
      if (!strcmp(a, "--grammar") || !strcmp(a, "-g")) grammar_path = v;
      else if (!strcmp(a, "--start")) start = v;
      else if (!strcmp(a, "--out")) out_dir = v;
      else if (!strcmp(a, "-n")) { if (!cli_parse_u64(a, v, &count)) return CLI_EXIT_USAGE; }
      else if (!strcmp(a, "--seed")) { if (!cli_parse_u64(a, v, &seed)) return CLI_EXIT_USAGE; }
      else if (!strcmp(a, "--max-size")) { if (!cli_parse_u64(a, v, &max_size)) return CLI_EXIT_USAGE; }
      else if (!cli_parse_u64(a, v, &kpath)) return CLI_EXIT_USAGE;
    } else return cli_error("fuzz: unknown argument '%s' (see semdbg fuzz --help)", a);
  }
  if (kpath > 8) return cli_error("--kpath must be at most 8");
  if (max_size > 10000000) return cli_error("--max-size must be at most 10000000");
  SdGrammar *g = cli_load_grammar(grammar_path, start, quiet);
  if (!g) return CLI_EXIT_USAGE;
  if (out_dir && mkdir(out_dir, 0777) != 0 && errno != EEXIST) {
    int e = errno;
    sd_grammar_free(g);
    return cli_error("%s: %s", out_dir, strerror(e));
  }
  SdFuzzerOptions opts = {.seed = seed, .max_size = (uint32_t)max_size, .kpath = (uint32_t)kpath};
  SdFuzzer *f = sd_fuzzer_new(g, &opts);
  cJSON *all = json ? cJSON_CreateArray() : NULL;
  int status = CLI_EXIT_OK;
  for (uint64_t i = 0; i < count && status == CLI_EXIT_OK; i++) {
    SdTree *t = sd_fuzz_tree(f, g->start);
    if (out_dir) {
      char *path = sd_format("%s/input-%04llu.txt", out_dir, (unsigned long long)i + 1);
      if (!sd_write_file_atomic(path, t->text, t->length))
        status = cli_error("%s: cannot write: %s", path, strerror(errno));
      free(path);
    } else if (json) {
      cJSON_AddItemToArray(all, sd_json_bytes(t->text, t->length));
    } else {
      fwrite(t->text, 1, t->length, stdout);
      putchar('\n');
    }
    sd_tree_free(t);
  }
  if (json) {
    char *s = cJSON_Print(all);
    puts(s);
    cJSON_free(s);
    cJSON_Delete(all);
  }
  if (kpath && !quiet) {
    uint32_t covered, total;
    sd_fuzzer_coverage(f, &covered, &total);
    fprintf(stderr, "semdbg: %u of %u %u-paths covered\n", covered, total, (unsigned)kpath);
  }
  sd_fuzzer_free(f);
  sd_grammar_free(g);
  return status;
}
