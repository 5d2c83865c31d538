/* cli_learn.c: `semdbg learn`: parse labelled inputs (--failing / --passing
 * directories or files), take the relevant nonterminals from the relevance
 * ranking (relevance.h) unless --relevant names them, run the learner
 * (learner.h) with a pattern catalog, and print the ranked candidate failure
 * constraints with their scores, in short form and in ISLa, as text or JSON.
 * With --invariants it mines the constraints that hold for every given input
 * instead (random inputs from the grammar serve as the background that
 * measures how specific a constraint is). */
#include <cjson/cJSON.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "array.h"
#include "cli.h"
#include "semdbg/catalog.h"
#include "semdbg/fuzzer.h"
#include "semdbg/learner.h"
#include "semdbg/parser.h"
#include "semdbg/relevance.h"
#include "util.h"

static const char *usage =
    "usage: semdbg learn --grammar G.bnf --failing PATH --passing PATH [options]\n"
    "       semdbg learn --invariants --grammar G.bnf [options] INPUT...\n"
    "\n"
    "Learn candidate failure constraints: instantiate the pattern catalog with\n"
    "the relevant nonterminals and with strings and bounds from the inputs,\n"
    "score every candidate on the labelled inputs (precision, recall,\n"
    "specificity, F1), combine good ones into conjunctions and disjunctions,\n"
    "and print the ranking: candidates meeting the thresholds first, by recall,\n"
    "then precision, then size. Equivalent candidates (true on exactly the same\n"
    "inputs) are listed together.\n"
    "\n"
    "  --grammar FILE       the grammar (ISLa BNF)\n"
    "  --start SYMBOL       parse from this nonterminal instead of <start>\n"
    "  --failing PATH       failing inputs: a directory or a file (repeatable)\n"
    "  --passing PATH       passing inputs: a directory or a file (repeatable)\n"
    "  --patterns FILE      pattern catalog (default: patterns/default.toml of the\n"
    "                       source tree, or $SEMDBG_PATTERNS)\n"
    "  --relevant LIST      comma-separated nonterminals to instantiate with, e.g.\n"
    "                       '<x>,<y>'; default: the relevance ranking's kept set\n"
    "  --max-relevant K     at most K nonterminals from the ranking (default 5)\n"
    "  --top N              equivalence groups shown (default 10)\n"
    "  --alternatives N     equivalent alternatives shown per group (default 2)\n"
    "  --min-precision P    thresholds a candidate must meet (default 0.6 and 0.9)\n"
    "  --min-recall R\n"
    "  --max-conjunction K  atoms per conjunction, 1 to 3 (default 3)\n"
    "  --no-disjunctions    do not look for failures with two causes\n"
    "  --seed S             seed of the relevance ranking and the background (default 0)\n"
    "  --invariants         mine invariants of the INPUTs: constraints that hold for\n"
    "                       all of them, the most specific first\n"
    "  --background N       invariants: random inputs measuring specificity (default 300)\n"
    "  --json               print a JSON object\n"
    "  -q, --quiet          no warnings and no summary on stderr\n"
    "\nExit status: 0 some candidate meets the thresholds; 1 none does; 2 usage\n"
    "error, bad grammar or catalog, an input that does not parse, or no failing\n"
    "(or, without --invariants, no passing) input.\n";

typedef Array(char *) Args;
typedef Array(SdTree *) Trees;
typedef Array(SdSymbol) Symbols;

/* Parse the inputs named by args (files or directories) and append the trees. */
static bool load_inputs(SdParser *parser, Args *args, Trees *out) {
  char **paths = NULL;
  size_t count = 0;
  if (!cli_collect_inputs(args->items, (int)args->size, &paths, &count)) return false;
  bool ok = true;
  for (size_t i = 0; i < count; i++) {
    SdTree *t = cli_parse_file(parser, paths[i]);
    if (t) array_push(out, t);
    else ok = false;
  }
  if (count) cli_free_paths(paths, count);
  return ok;
}

/* "<a>,<b>" or "a, b" -> symbols; false after an error. */
static bool parse_relevant(const SdGrammar *g, const char *list, Symbols *out) {
  char *copy = sd_xstrdup(list);
  bool ok = true;
  for (char *save = NULL, *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    while (*tok == ' ') tok++;
    size_t n = strlen(tok);
    while (n && tok[n - 1] == ' ') tok[--n] = 0;
    if (!n) continue;
    SdSymbol s = sd_grammar_find(g, tok);
    if (s < 0 || !sd_grammar_is_nonterminal(g, s)) {
      cli_error("--relevant: the grammar has no nonterminal '%s'", tok);
      ok = false;
      break;
    }
    array_push(out, s);
  }
  free(copy);
  if (ok && out->size == 0) {
    cli_error("--relevant: no nonterminals given");
    ok = false;
  }
  return ok;
}

static cJSON *candidate_json(const SdCandidate *c) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "constraint", c->text);
  char *isla = sd_constraint_to_isla(c->constraint);
  cJSON_AddStringToObject(o, "isla", isla ? isla : "");
  free(isla);
  cJSON_AddStringToObject(o, "pattern", c->pattern);
  cJSON_AddNumberToObject(o, "size", c->size);
  return o;
}

static void add_scores(cJSON *o, const SdCandidate *c) {
  cJSON_AddBoolToObject(o, "accepted", c->accepted);
  cJSON_AddNumberToObject(o, "precision", c->precision);
  cJSON_AddNumberToObject(o, "recall", c->recall);
  cJSON_AddNumberToObject(o, "specificity", c->specificity);
  cJSON_AddNumberToObject(o, "f1", c->f1);
  cJSON_AddNumberToObject(o, "tp", c->tp);
  cJSON_AddNumberToObject(o, "fp", c->fp);
  cJSON_AddNumberToObject(o, "tn", c->tn);
  cJSON_AddNumberToObject(o, "fn", c->fn);
}

static void print_isla(const char *isla) {
  /* indent continuation lines under the first */
  printf("    ISLa: ");
  for (const char *p = isla; *p; p++) {
    if (*p == '\n') {
      if (p[1]) printf("\n          ");
    } else {
      putchar(*p);
    }
  }
  putchar('\n');
}

int cli_learn(int argc, char **argv) {
  if (cli_wants_help(argc, argv)) {
    fputs(usage, stdout);
    return CLI_EXIT_OK;
  }
  const char *grammar_path = NULL, *start = NULL, *patterns = NULL, *relevant_list = NULL;
  bool json = false, quiet = false, invariants = false;
  uint64_t top = 10, alternatives = 2, seed = 0, max_relevant = 5, background = 300, v;
  Args failing_args = {0}, passing_args = {0}, plain = {0};
  SdLearnerOptions lo;
  sd_learner_options_init(&lo);
  int status = CLI_EXIT_USAGE;
  SdGrammar *g = NULL;
  SdCatalog *catalog = NULL;
  SdParser *parser = NULL;
  SdLearner *learner = NULL;
  SdRelevance *relevance = NULL;
  SdFuzzer *fuzzer = NULL;
  Trees trees = {0};
  Array(bool) labels = {0};
  Symbols relevant = {0};
  SdDiagnostics diags = {0};
  const char *relevant_source = "given";
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    static const char *valued[] = {"--grammar", "-g", "--start", "--failing", "--passing",
                                   "--patterns", "--relevant", "--top", "--alternatives",
                                   "--min-precision", "--min-recall", "--max-conjunction",
                                   "--seed", "--max-relevant", "--background", NULL};
    bool takes_value = false;
    for (int k = 0; valued[k]; k++) takes_value |= !strcmp(a, valued[k]);
    if (takes_value && i + 1 >= argc) {
      cli_error("%s needs a value", a);
      goto done;
    }
    if (!strcmp(a, "--grammar") || !strcmp(a, "-g")) grammar_path = argv[++i];
    else if (!strcmp(a, "--start")) start = argv[++i];
    else if (!strcmp(a, "--failing")) array_push(&failing_args, argv[++i]);
    else if (!strcmp(a, "--passing")) array_push(&passing_args, argv[++i]);
    else if (!strcmp(a, "--patterns")) patterns = argv[++i];
    else if (!strcmp(a, "--relevant")) relevant_list = argv[++i];
    else if (!strcmp(a, "--top")) {
      if (!cli_parse_u64(a, argv[++i], &top)) goto done;
    } else if (!strcmp(a, "--alternatives")) {
      if (!cli_parse_u64(a, argv[++i], &alternatives)) goto done;
    } else if (!strcmp(a, "--seed")) {
      if (!cli_parse_u64(a, argv[++i], &seed)) goto done;
    } else if (!strcmp(a, "--max-relevant")) {
      if (!cli_parse_u64(a, argv[++i], &max_relevant)) goto done;
    } else if (!strcmp(a, "--background")) {
      if (!cli_parse_u64(a, argv[++i], &background)) goto done;
    } else if (!strcmp(a, "--max-conjunction")) {
      if (!cli_parse_u64(a, argv[++i], &v)) goto done;
      if (v < 1 || v > 3) {
        cli_error("--max-conjunction must be 1, 2 or 3");
        goto done;
      }
      lo.max_conjunction = (uint32_t)v;
    } else if (!strcmp(a, "--min-precision") || !strcmp(a, "--min-recall")) {
      double d;
      if (!cli_parse_double(a, argv[++i], &d)) goto done;
      if (d < 0 || d > 1) {
        cli_error("%s expects a number between 0 and 1, got '%s'", a, argv[i]);
        goto done;
      }
      if (!strcmp(a, "--min-precision")) lo.min_precision = d;
      else lo.min_recall = d;
    } else if (!strcmp(a, "--no-disjunctions")) lo.disjunctions = false;
    else if (!strcmp(a, "--invariants")) invariants = true;
    else if (!strcmp(a, "--json")) json = true;
    else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) quiet = true;
    else if (a[0] == '-' && a[1]) {
      cli_error("learn: unknown option '%s' (see semdbg learn --help)", a);
      goto done;
    } else array_push(&plain, argv[i]);
  }
  if (top > 100000) top = 100000;
  if (alternatives > 1000) alternatives = 1000;
  if (max_relevant > 1000) max_relevant = 1000;
  if (background > 100000) background = 100000;
  if (invariants) {
    if (failing_args.size || passing_args.size) {
      cli_error("learn --invariants takes the inputs as arguments, not --failing/--passing");
      goto done;
    }
    if (!plain.size) {
      cli_error("learn --invariants: no inputs given (see semdbg learn --help)");
      goto done;
    }
  } else if (plain.size) {
    cli_error("learn: unexpected argument '%s' (inputs go after --failing or --passing)",
              plain.items[0]);
    goto done;
  } else if (!failing_args.size || !passing_args.size) {
    cli_error("learn: needs --failing and --passing inputs (see semdbg learn --help)");
    goto done;
  }
  g = cli_load_grammar(grammar_path, start, quiet);
  if (!g) goto done;
  catalog = patterns ? sd_catalog_load(patterns, &diags) : sd_catalog_default(&diags);
  if (!catalog || sd_diagnostics_has_error(&diags) || !quiet) sd_diagnostics_print(&diags, stderr);
  sd_diagnostics_free(&diags);
  if (!catalog) goto done;
  /* every pattern must parse with this grammar (errors name the pattern) */
  uint32_t parsing = sd_catalog_check(catalog, g, true, &diags);
  if (parsing == 0) {
    sd_diagnostics_print(&diags, stderr);
    cli_error("%s: no pattern of the catalog parses with this grammar", sd_catalog_path(catalog));
    goto done;
  }
  if (!quiet) sd_diagnostics_print(&diags, stderr);
  sd_diagnostics_free(&diags);

  parser = sd_parser_new(g);
  bool ok = true;
  if (invariants) {
    ok = load_inputs(parser, &plain, &trees);
    for (uint32_t i = 0; i < trees.size; i++) array_push(&labels, true);
  } else {
    ok = load_inputs(parser, &failing_args, &trees);
    for (uint32_t i = labels.size; i < trees.size; i++) array_push(&labels, true);
    ok = load_inputs(parser, &passing_args, &trees) && ok;
    for (uint32_t i = labels.size; i < trees.size; i++) array_push(&labels, false);
  }
  if (!ok) goto done;
  uint32_t nfail = 0;
  for (uint32_t i = 0; i < labels.size; i++) nfail += labels.items[i];
  if (nfail == 0) {
    cli_error(invariants ? "learn: no inputs" : "learn: no failing input");
    goto done;
  }
  if (!invariants && nfail == labels.size) {
    cli_error("learn: no passing input");
    goto done;
  }
  uint32_t given = trees.size;
  if (invariants && background) {
    SdFuzzerOptions fo = {.seed = seed, .max_size = 400};
    fuzzer = sd_fuzzer_new(g, &fo);
    for (uint64_t i = 0; i < background; i++) {
      array_push(&trees, sd_fuzz_tree(fuzzer, -1));
      array_push(&labels, false);
    }
  }

  /* the relevant nonterminals */
  if (relevant_list) {
    if (!parse_relevant(g, relevant_list, &relevant)) goto done;
  } else if (invariants) {
    relevant_source = "all";
    for (uint32_t s = 0; s < g->symbol_count && relevant.size < 12; s++) {
      const SdSymbolInfo *info = &g->symbols[s];
      if (info->kind == SD_SYM_NONTERMINAL && info->reachable && !info->generated &&
          (SdSymbol)s != g->start)
        array_push(&relevant, (SdSymbol)s);
    }
    if (!quiet && relevant.size == 12)
      fprintf(stderr, "semdbg: using the first 12 nonterminals of the grammar; name others "
                      "with --relevant\n");
  } else {
    relevant_source = "relevance";
    SdRelevanceOptions ro;
    sd_relevance_options_init(&ro);
    ro.seed = seed;
    ro.max_k = (uint32_t)max_relevant;
    char *err = NULL;
    relevance = sd_relevance_compute(g, trees.items, labels.items, trees.size, &ro, &err);
    if (!relevance) {
      cli_error("relevance ranking failed: %s", err ? err : "unknown error");
      free(err);
      goto done;
    }
    for (uint32_t i = 0; i < relevance->count; i++)
      if (relevance->ranked[i].kept) array_push(&relevant, relevance->ranked[i].symbol);
    if (!relevant.size) {
      cli_error("the relevance ranking kept no nonterminal (every feature is the same in all "
                "inputs?); name them with --relevant");
      goto done;
    }
  }

  lo.invariants = invariants;
  lo.max_candidates = (uint32_t)top;
  lo.max_equivalent = (uint32_t)alternatives + 1;
  /* patterns that do not parse were reported above: the learner's warnings
     about them would repeat that */
  lo.diagnostics = parsing == sd_catalog_count(catalog) ? &diags : NULL;
  learner = sd_learner_new(g, catalog, &lo);
  sd_learner_add(learner, trees.items, labels.items, trees.size);
  sd_learner_learn(learner, relevant.items, relevant.size);
  if (!quiet) sd_diagnostics_print(&diags, stderr);
  SdLearnerStats st;
  sd_learner_stats(learner, &st);
  uint32_t count = sd_learner_candidate_count(learner);
  const SdCandidate *best = count ? sd_learner_candidate(learner, 0) : NULL;
  status = best && best->accepted ? CLI_EXIT_OK : CLI_EXIT_NEGATIVE;

  if (json) {
    cJSON *root = cJSON_CreateObject();
    cJSON *in = cJSON_AddObjectToObject(root, "inputs");
    if (invariants) {
      cJSON_AddNumberToObject(in, "given", given);
      cJSON_AddNumberToObject(in, "background", trees.size - given);
    } else {
      cJSON_AddNumberToObject(in, "failing", nfail);
      cJSON_AddNumberToObject(in, "passing", trees.size - nfail);
    }
    cJSON_AddStringToObject(root, "mode", invariants ? "invariants" : "failure");
    cJSON_AddStringToObject(root, "relevant_from", relevant_source);
    cJSON *rel = cJSON_AddArrayToObject(root, "relevant");
    for (uint32_t i = 0; i < relevant.size; i++)
      cJSON_AddItemToArray(rel, cJSON_CreateString(g->symbols[relevant.items[i]].name));
    cJSON *arr = cJSON_AddArrayToObject(root, "candidates");
    cJSON *group = NULL;
    for (uint32_t r = 0; r < count; r++) {
      const SdCandidate *c = sd_learner_candidate(learner, r);
      if (r == 0 || c->equivalent_group != sd_learner_candidate(learner, r - 1)->equivalent_group) {
        group = candidate_json(c);
        cJSON_AddNumberToObject(group, "rank", c->equivalent_group + 1);
        add_scores(group, c);
        cJSON_AddArrayToObject(group, "equivalent");
        cJSON_AddItemToArray(arr, group);
      } else {
        cJSON_AddItemToArray(cJSON_GetObjectItem(group, "equivalent"), candidate_json(c));
      }
    }
    cJSON *s = cJSON_AddObjectToObject(root, "stats");
    cJSON_AddNumberToObject(s, "patterns", sd_catalog_count(catalog));
    cJSON_AddNumberToObject(s, "templates", (double)st.templates);
    cJSON_AddNumberToObject(s, "candidates", (double)st.instantiated);
    cJSON_AddNumberToObject(s, "pruned", (double)st.pruned);
    cJSON_AddNumberToObject(s, "evaluations", (double)st.evaluations);
    cJSON_AddNumberToObject(s, "combinations", (double)st.combinations);
    char *text = cJSON_Print(root);
    puts(text);
    cJSON_free(text);
    cJSON_Delete(root);
  } else {
    if (invariants)
      printf("%u inputs, %u random background inputs\n", given, trees.size - given);
    else
      printf("%u failing and %u passing inputs\n", nfail, trees.size - nfail);
    printf("relevant (%s):", relevant_source);
    for (uint32_t i = 0; i < relevant.size; i++)
      printf(" %s", g->symbols[relevant.items[i]].name);
    printf("\n%llu candidates from %u patterns (%llu pruned), %llu evaluations, %llu "
           "combinations\n",
           (unsigned long long)st.instantiated, sd_catalog_count(catalog),
           (unsigned long long)st.pruned, (unsigned long long)st.evaluations,
           (unsigned long long)st.combinations);
    if (!count) printf("\nno candidates\n");
    for (uint32_t r = 0; r < count; r++) {
      const SdCandidate *c = sd_learner_candidate(learner, r);
      bool first = r == 0 || c->equivalent_group != sd_learner_candidate(learner, r - 1)->equivalent_group;
      if (first) {
        if (!c->accepted && (r == 0 || sd_learner_candidate(learner, r - 1)->accepted))
          printf("\n-- below the thresholds (%s) --\n",
                 invariants ? "recall 1" : "min precision / recall");
        printf("\n%2u. recall %.3f  precision %.3f  specificity %.3f  F1 %.3f  (tp %u fp %u tn %u "
               "fn %u)\n",
               c->equivalent_group + 1, c->recall, c->precision, c->specificity, c->f1, c->tp,
               c->fp, c->tn, c->fn);
        printf("    %s\n", c->text);
        printf("    pattern: %s\n", c->pattern);
        char *isla = sd_constraint_to_isla(c->constraint);
        if (isla) print_isla(isla);
        free(isla);
      } else {
        /* where the short forms coincide (exists and forall over a single
           node), the ISLa tells the members apart */
        uint32_t h = r;
        while (h > 0 && sd_learner_candidate(learner, h - 1)->equivalent_group == c->equivalent_group) h--;
        const SdCandidate *head = sd_learner_candidate(learner, h);
        char *isla = strcmp(c->text, head->text) ? NULL : sd_constraint_to_isla(c->constraint);
        printf("    equivalent: %s   [%s]\n", isla ? isla : c->text, c->pattern);
        free(isla);
      }
    }
  }

done:
  sd_learner_free(learner);
  sd_relevance_free(relevance);
  for (uint32_t i = 0; i < trees.size; i++) sd_tree_free(trees.items[i]);
  array_free(&trees);
  array_free(&labels);
  array_free(&relevant);
  array_free(&failing_args);
  array_free(&passing_args);
  array_free(&plain);
  if (fuzzer) sd_fuzzer_free(fuzzer);
  if (parser) sd_parser_free(parser);
  sd_catalog_free(catalog);
  sd_diagnostics_free(&diags);
  if (g) sd_grammar_free(g);
  return status;
}
