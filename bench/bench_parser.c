/* bench_parser.c: parse throughput on the json grammar for inputs of about
 * 1 KB, 10 KB and 100 KB (built by the fuzzer, then concatenated into one
 * JSON array), and fuzzing throughput for every ready grammar. Prints
 * figures; run on demand: build/bench/bench_parser [project-root]. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arena.h"
#include "semdbg/fuzzer.h"
#include "semdbg/parser.h"
#include "util.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static SdGrammar *load(const char *root, const char *name) {
  char *path = sd_format("%s/grammars/%s.bnf", root, name);
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_load(path, NULL, &d);
  if (!g) sd_diagnostics_print(&d, stderr);
  sd_diagnostics_free(&d);
  free(path);
  return g;
}

/* A JSON array of fuzzed values, about `size` bytes. */
static char *json_input(SdGrammar *g, size_t size, size_t *len) {
  SdFuzzerOptions o = {.seed = 7, .max_size = 300};
  SdFuzzer *f = sd_fuzzer_new(g, &o);
  SdSymbol value = sd_grammar_find(g, "<value>");
  SdBuf b = {0};
  sd_buf_putc(&b, '[');
  while (b.len < size) {
    SdTree *t = sd_fuzz_tree(f, value);
    if (b.len > 1) sd_buf_puts(&b, ", ");
    sd_buf_append(&b, t->text, t->length);
    sd_tree_free(t);
  }
  sd_buf_putc(&b, ']');
  sd_fuzzer_free(f);
  *len = b.len;
  return sd_buf_take(&b);
}

int main(int argc, char **argv) {
  const char *root = argc > 1 ? argv[1] : SEMDBG_SOURCE_DIR;
  SdGrammar *g = load(root, "json");
  if (!g) return 1;
  SdParser *p = sd_parser_new(g);
  printf("parse, json grammar\n%10s %10s %10s %12s %12s\n", "bytes", "seconds", "MB/s", "tree nodes", "arena MB");
  size_t sizes[] = {1000, 10000, 100000};
  for (int i = 0; i < 3; i++) {
    size_t len;
    char *text = json_input(g, sizes[i], &len);
    int reps = sizes[i] < 100000 ? 20 : 3;
    double t0 = now();
    SdTree *t = NULL;
    for (int r = 0; r < reps; r++) {
      sd_tree_free(t);
      SdParseError e;
      t = sd_parse(p, -1, text, len, &e);
      if (!t) {
        fprintf(stderr, "parse failed: %s\n", e.message);
        return 1;
      }
    }
    double dt = (now() - t0) / reps;
    printf("%10zu %10.4f %10.2f %12u %12.1f\n", len, dt, len / dt / 1e6, t->node_count,
           t->arena->used_bytes / 1e6);
    sd_tree_free(t);
    free(text);
  }
  sd_parser_free(p);
  sd_grammar_free(g);
  const char *names[] = {"heartbleed", "calculator", "middle", "expression", "markup", "json", "csv"};
  printf("\nfuzz (max 400 nodes per input)\n%12s %12s %12s\n", "grammar", "inputs/s", "bytes/input");
  for (int i = 0; i < 7; i++) {
    SdGrammar *gg = load(root, names[i]);
    if (!gg) return 1;
    SdFuzzerOptions o = {.seed = 1, .max_size = 400};
    SdFuzzer *f = sd_fuzzer_new(gg, &o);
    size_t bytes = 0;
    int n = 0;
    double t0 = now();
    while (now() - t0 < 0.3) {
      SdTree *t = sd_fuzz_tree(f, -1);
      bytes += t->length;
      n++;
      sd_tree_free(t);
    }
    double dt = now() - t0;
    printf("%12s %12.0f %12.1f\n", names[i], n / dt, (double)bytes / n);
    sd_fuzzer_free(f);
    sd_grammar_free(gg);
  }
  return 0;
}
