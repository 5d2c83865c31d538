/* cli_relevance.c: `semdbg relevance`: parse the failing and the passing
 * inputs, rank the grammar's nonterminals by their relevance for the failure
 * (relevance.h: XGBoost + mean |SHAP| per nonterminal) and print the ranking
 * with scores, the top features of each nonterminal and the kept set, as a
 * table or as JSON. Inputs that do not parse are reported as file:line:col
 * and the exit status is 2, as it is without failing or passing inputs. */
#include <cjson/cJSON.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "array.h"
#include "cli.h"
#include "json_util.h"
#include "semdbg/parser.h"
#include "semdbg/relevance.h"
#include "util.h"

static const char *usage_head =
    "usage: semdbg relevance --grammar G.bnf --failing DIR --passing DIR\n"
    "                        [--seed S] [--min-k K] [--max-k K] [--share X] [--neighbours K] [--json]\n"
    "\n"
    "Rank the grammar's nonterminals by how much they matter for the failure:\n"
    "an XGBoost classifier learns failing vs passing from the inputs' features\n"
    "(see semdbg features --help), and a nonterminal's score is the sum of its\n"
    "features' mean absolute SHAP values. The smallest top set carrying SHARE of\n"
    "the total score is kept (at least K_min, at most K_max), plus grammar\n"
    "ancestors whose features correlate (|r| >= 0.9) with a kept one's.\n";

static const char *usage_tail =
    "Exit status: 0 ranking printed; 2 usage error, bad grammar, an input that\n"
    "does not parse, or no failing or no passing input.\n";

enum { MAX_K_LIMIT = 100000 }; /* larger --min-k and --max-k count as this */

typedef struct RelevanceSettings {
  SdRelevanceOptions relevance;
  const char *grammar_path, *start;
  bool json, quiet;
  CliStrings failing, passing;
} RelevanceSettings;

/* The command line into *s; CLI_CONTINUE or the exit status. */
static int parse_command_line(int argc, char **argv, RelevanceSettings *s) {
  uint64_t min_k = s->relevance.min_k, max_k = s->relevance.max_k, neighbours = s->relevance.neighbours;
  const CliOption options[] = {
      CLI_STRING("grammar", 'g', &s->grammar_path, "FILE", "the grammar (ISLa BNF)"),
      CLI_STRING("start", 0, &s->start, "SYMBOL", "parse from this nonterminal instead of <start>"),
      CLI_LIST("failing", 0, &s->failing, "PATH", "failing inputs: a directory or a file (repeatable)"),
      CLI_LIST("passing", 0, &s->passing, "PATH", "passing inputs: a directory or a file (repeatable)"),
      CLI_UINT("seed", 0, &s->relevance.seed, "S", "XGBoost seed (default 0); the same seed, the same ranking"),
      CLI_UINT("min-k", 0, &min_k, "K", "keep at least K nonterminals with a positive score (default 1)"),
      CLI_UINT("max-k", 0, &max_k, "K", "keep at most K by score, 0 = no limit (default 5)"),
      CLI_PROBABILITY("share", 0, &s->relevance.share, "X", "score share the kept set must carry (default 0.9)"),
      CLI_UINT("neighbours", 0, &neighbours, "K",
               "while fewer than K are kept, keep the neighbours of those kept by score (default 0; diagnoses use 2)"),
      CLI_FLAG("json", 0, &s->json, "print a JSON object (schema in docs/relevance.md)"),
      CLI_FLAG("quiet", 'q', &s->quiet, "no grammar warnings"),
      CLI_END,
  };
  const CliCommand command = {"relevance", usage_head, usage_tail, options};
  CliStrings extra = {0};
  int status = cli_parse_options(&command, argc, argv, &extra);
  if (status == CLI_CONTINUE && extra.size)
    status = cli_error("relevance: unexpected argument '%s' (see semdbg relevance --help)", extra.items[0]);
  array_free(&extra);
  if (status != CLI_CONTINUE) return status;
  s->relevance.min_k = (uint32_t)(min_k > MAX_K_LIMIT ? MAX_K_LIMIT : min_k);
  s->relevance.max_k = (uint32_t)(max_k > MAX_K_LIMIT ? MAX_K_LIMIT : max_k);
  s->relevance.neighbours = (uint32_t)(neighbours > MAX_K_LIMIT ? MAX_K_LIMIT : neighbours);
  if (!s->failing.size || !s->passing.size)
    return cli_error("relevance: needs --failing and --passing inputs (see semdbg relevance --help)");
  if (s->relevance.max_k && s->relevance.min_k > s->relevance.max_k)
    return cli_error("relevance: --min-k %u is larger than --max-k %u", s->relevance.min_k, s->relevance.max_k);
  return CLI_CONTINUE;
}

/* Collect the inputs named by the arguments (files or directories). */
static bool collect(const CliStrings *args, char ***paths, size_t *count) {
  return cli_collect_inputs(args->items, (int)args->size, paths, count);
}

/* Parse every file; false after reporting the inputs that fail. */
static bool load_trees(SdParser *p, char **paths, size_t n, SdTree **out) {
  bool ok = true;
  for (size_t i = 0; i < n; i++) {
    out[i] = cli_parse_file(p, paths[i]);
    if (!out[i]) ok = false;
  }
  return ok;
}

static void print_table(const SdRelevance *r, const SdGrammar *g) {
  uint32_t nf = sd_features_count(r->features);
  printf("%u inputs (%u failing, %u passing); %u of %u features vary", r->inputs, r->failing,
         r->inputs - r->failing, r->used_features, nf);
  if (r->status == SD_RELEVANCE_MODEL) printf("; training accuracy %.3f", r->train_accuracy);
  printf("\n");
  if (r->status == SD_RELEVANCE_NO_FEATURES) {
    printf("every feature is the same in all inputs: nothing to rank\n");
    return;
  }
  double total = 0;
  int width = 11;
  for (uint32_t i = 0; i < r->count; i++) {
    total += r->ranked[i].score;
    int w = (int)strlen(g->symbols[r->ranked[i].symbol].name);
    if (w > width) width = w;
  }
  printf("rank  kept  %-*s  score     share   top features\n", width, "nonterminal");
  uint32_t *order = sd_xmalloc((nf ? nf : 1) * sizeof *order);
  for (uint32_t i = 0; i < r->count; i++) {
    const SdRelevantSymbol *e = &r->ranked[i];
    printf("%4u  %-4s  %-*s  %-8.4f  %5.1f%%  ", i + 1,
           e->correlated_ancestor ? "anc" : e->correlated_descendant ? "desc" : e->peer ? "peer" : e->sibling ? "next" : e->kept ? "yes" : "", width,
           g->symbols[e->symbol].name, e->score, total > 0 ? 100 * e->score / total : 0.0);
    /* its features by score, best first (ties by index), at most three */
    uint32_t m = 0;
    for (uint32_t j = 0; j < nf; j++)
      if (sd_features_symbol(r->features, j) == e->symbol && r->feature_scores[j] > 0)
        order[m++] = j;
    for (uint32_t a = 1; a < m; a++)
      for (uint32_t b = a; b > 0 && r->feature_scores[order[b - 1]] < r->feature_scores[order[b]];
           b--) {
        uint32_t t = order[b];
        order[b] = order[b - 1];
        order[b - 1] = t;
      }
    if (r->status != SD_RELEVANCE_MODEL && e->top_feature) printf("%s", e->top_feature);
    for (uint32_t q = 0; q < m && q < 3; q++)
      printf("%s%s %.3g", q ? ", " : "", sd_features_name(r->features, order[q]),
             r->feature_scores[order[q]]);
    if (m > 3) printf(", ...");
    if (!m && !e->correlated_ancestor && !e->correlated_descendant && !e->peer && !e->sibling && (r->status == SD_RELEVANCE_MODEL || !e->top_feature))
      printf("-");
    if (e->correlated_ancestor || e->correlated_descendant)
      printf("%s(%s ~ %s of %s, r = %.3f)", m ? " " : "",
             sd_features_name(r->features, e->correlated_feature),
             sd_features_name(r->features, e->correlated_other), g->symbols[e->correlated_with].name,
             e->correlation);
    if (e->peer) printf("%s(the shape of %s)", m ? " " : "", g->symbols[e->peer_of].name);
    if (e->sibling) printf("%s(beside %s)", m ? " " : "", g->symbols[e->sibling_of].name);
    printf("\n");
  }
  free(order);
  printf("kept:");
  for (uint32_t i = 0; i < r->count; i++)
    if (r->ranked[i].kept) printf(" %s", g->symbols[r->ranked[i].symbol].name);
  printf("%s\n", r->kept ? "" : " (none)");
}

static int rank(const RelevanceSettings *s) {
  const SdRelevanceOptions *opts = &s->relevance;
  int status = CLI_EXIT_USAGE;
  SdGrammar *g = cli_load_grammar(s->grammar_path, s->start, s->quiet);
  if (!g) return status;
  char **fpaths = NULL, **ppaths = NULL;
  size_t nfail = 0, npass = 0;
  if (!cli_disjoint_inputs(&s->failing, &s->passing) || !collect(&s->failing, &fpaths, &nfail) ||
      !collect(&s->passing, &ppaths, &npass)) {
    if (fpaths) cli_free_paths(fpaths, nfail);
    sd_grammar_free(g);
    return status;
  }
  size_t n = nfail + npass;
  SdTree **trees = sd_xcalloc(n + 1, sizeof *trees);
  bool *failing = sd_xcalloc(n + 1, sizeof *failing);
  for (size_t i = 0; i < nfail; i++) failing[i] = true;
  SdParser *parser = sd_parser_new(g);
  bool parsed = load_trees(parser, fpaths, nfail, trees);
  parsed = load_trees(parser, ppaths, npass, trees + nfail) && parsed;
  if (!parsed) {
    /* reported above */
  } else if (nfail == 0 || npass == 0) {
    cli_error("relevance: no %s inputs (need both failing and passing ones)",
              nfail == 0 ? "failing" : "passing");
  } else {
    char *err = NULL;
    SdRelevance *r = sd_relevance_compute(g, trees, failing, (uint32_t)n, opts, &err);
    if (!r) {
      cli_error("relevance: %s", err ? err : "failed");
    } else {
      if (s->json) {
        cJSON *j = sd_relevance_to_json(r, g);
        char *s = sd_json_print(j, true);
        puts(s);
        cJSON_free(s);
        cJSON_Delete(j);
      } else {
        print_table(r, g);
      }
      status = CLI_EXIT_OK;
    }
    free(err);
    sd_relevance_free(r);
  }
  for (size_t i = 0; i < n; i++) sd_tree_free(trees[i]);
  free(trees);
  free(failing);
  sd_parser_free(parser);
  cli_free_paths(fpaths, nfail);
  cli_free_paths(ppaths, npass);
  sd_grammar_free(g);
  return status;
}

int cli_relevance(int argc, char **argv) {
  RelevanceSettings s = {0};
  sd_relevance_options_init(&s.relevance);
  int status = parse_command_line(argc, argv, &s);
  if (status == CLI_CONTINUE) status = rank(&s);
  array_free(&s.failing);
  array_free(&s.passing);
  return status;
}
