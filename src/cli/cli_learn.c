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
#include "json_util.h"
#include "semdbg/catalog.h"
#include "semdbg/fuzzer.h"
#include "semdbg/learner.h"
#include "semdbg/parser.h"
#include "semdbg/relevance.h"
#include "util.h"

static const char *usage_head =
    "usage: semdbg learn --grammar G.bnf --failing PATH --passing PATH [options]\n"
    "       semdbg learn --invariants --grammar G.bnf [options] INPUT...\n"
    "\n"
    "Learn candidate failure constraints: instantiate the pattern catalog with\n"
    "the relevant nonterminals and with strings and bounds from the inputs,\n"
    "score every candidate on the labelled inputs (precision, recall,\n"
    "specificity, F1), combine good ones into conjunctions and disjunctions,\n"
    "and print the ranking: candidates meeting the thresholds first, by recall,\n"
    "then precision, then size. Equivalent candidates (true on exactly the same\n"
    "inputs) are listed together.\n";

static const char *usage_tail =
    "Exit status: 0 some candidate meets the thresholds; 1 none does; 2 usage\n"
    "error, bad grammar or catalog, an input that does not parse, or no failing\n"
    "(or, without --invariants, no passing) input.\n";

/* Larger values of these options count as these. */
enum { MAX_TOP = 100000, MAX_ALTERNATIVES = 1000, MAX_RELEVANT = 1000, MAX_BACKGROUND = 100000 };

typedef Array(SdTree *) Trees;
typedef Array(SdSymbol) Symbols;

/* Parse the inputs named by args (files or directories) and append the trees. */
static bool load_inputs(SdParser *parser, const CliStrings *args, Trees *out) {
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

typedef struct LearnSettings {
  SdLearnerOptions learner;
  const char *grammar_path, *start, *patterns, *relevant_list;
  bool json, quiet, invariants;
  uint64_t top, alternatives, seed, max_relevant, background;
  CliStrings failing, passing, inputs; /* inputs: the positional arguments (--invariants) */
} LearnSettings;

/* Which inputs the mode takes: --failing and --passing, or (with
 * --invariants) positional ones. */
static int check_inputs_given(const LearnSettings *s) {
  if (s->invariants) {
    if (s->failing.size || s->passing.size)
      return cli_error("learn --invariants takes the inputs as arguments, not --failing/--passing");
    if (!s->inputs.size) return cli_error("learn --invariants: no inputs given (see semdbg learn --help)");
  } else if (s->inputs.size) {
    return cli_error("learn: unexpected argument '%s' (inputs go after --failing or --passing)",
                     s->inputs.items[0]);
  } else if (!s->failing.size || !s->passing.size) {
    return cli_error("learn: needs --failing and --passing inputs (see semdbg learn --help)");
  }
  return CLI_CONTINUE;
}

static uint64_t at_most(uint64_t value, uint64_t limit) { return value > limit ? limit : value; }

/* The command line into *s; CLI_CONTINUE or the exit status. */
static int parse_command_line(int argc, char **argv, LearnSettings *s) {
  SdLearnerOptions *lo = &s->learner;
  const CliOption options[] = {
      CLI_STRING("grammar", 'g', &s->grammar_path, "FILE", "the grammar (ISLa BNF)"),
      CLI_STRING("start", 0, &s->start, "SYMBOL", "parse from this nonterminal instead of <start>"),
      CLI_LIST("failing", 0, &s->failing, "PATH", "failing inputs: a directory or a file (repeatable)"),
      CLI_LIST("passing", 0, &s->passing, "PATH", "passing inputs: a directory or a file (repeatable)"),
      CLI_STRING("patterns", 0, &s->patterns, "FILE",
                 "pattern catalog (default: $SEMDBG_PATTERNS, else the bundled\n"
                 "share/semdbg/patterns/default.toml)"),
      CLI_STRING("relevant", 0, &s->relevant_list, "LIST",
                 "comma-separated nonterminals to instantiate with, e.g.\n"
                 "'<x>,<y>'; default: the relevance ranking's kept set"),
      CLI_UINT("max-relevant", 0, &s->max_relevant, "K", "at most K nonterminals from the ranking (default 5)"),
      CLI_UINT("top", 0, &s->top, "N", "equivalence groups shown (default 10)"),
      CLI_UINT("alternatives", 0, &s->alternatives, "N", "equivalent alternatives shown per group (default 2)"),
      CLI_PROBABILITY("min-precision", 0, &lo->min_precision, "P",
                      "precision a candidate must reach (default 0.6)"),
      CLI_PROBABILITY("min-recall", 0, &lo->min_recall, "R", "recall a candidate must reach (default 0.9)"),
      CLI_UINT_RANGE("max-conjunction", 0, &lo->max_conjunction, 1, 3, "K",
                     "atoms per conjunction, 1 to 3 (default 3)"),
      CLI_UNSET("no-disjunctions", 0, &lo->disjunctions, "do not look for failures with two causes"),
      CLI_UINT("seed", 0, &s->seed, "S", "seed of the relevance ranking and the background (default 0)"),
      CLI_FLAG("invariants", 0, &s->invariants,
               "mine invariants of the INPUTs: constraints that hold for\n"
               "all of them, the most specific first"),
      CLI_UINT("background", 0, &s->background, "N",
               "invariants: random inputs measuring specificity (default 300)"),
      CLI_FLAG("json", 0, &s->json, "print a JSON object"),
      CLI_FLAG("quiet", 'q', &s->quiet, "no warnings and no summary on stderr"),
      CLI_END,
  };
  const CliCommand command = {"learn", usage_head, usage_tail, options};
  int status = cli_parse_options(&command, argc, argv, &s->inputs);
  if (status != CLI_CONTINUE) return status;
  s->top = at_most(s->top, MAX_TOP);
  s->alternatives = at_most(s->alternatives, MAX_ALTERNATIVES);
  s->max_relevant = at_most(s->max_relevant, MAX_RELEVANT);
  s->background = at_most(s->background, MAX_BACKGROUND);
  return check_inputs_given(s);
}

/* What a run of the learner holds. */
typedef struct Learn {
  const LearnSettings *settings;
  SdGrammar *grammar;
  SdCatalog *catalog;
  uint32_t parsing_patterns; /* patterns of the catalog that parse with the grammar */
  SdParser *parser;
  SdFuzzer *fuzzer;
  SdRelevance *relevance;
  SdLearner *learner;
  Trees trees;
  Array(bool) labels;
  uint32_t given, failing; /* inputs given (the rest are background), failing ones */
  Symbols relevant;
  const char *relevant_source;
  SdDiagnostics diags;
  SdTree *pool[SD_LEARNER_POOL]; /* unlabelled inputs that tell equivalents apart */
  uint32_t pool_size;
} Learn;

static void learn_free(Learn *L) {
  sd_learner_free(L->learner);
  sd_relevance_free(L->relevance);
  for (uint32_t i = 0; i < L->pool_size; i++) sd_tree_free(L->pool[i]);
  for (uint32_t i = 0; i < L->trees.size; i++) sd_tree_free(L->trees.items[i]);
  array_free(&L->trees);
  array_free(&L->labels);
  array_free(&L->relevant);
  if (L->fuzzer) sd_fuzzer_free(L->fuzzer);
  if (L->parser) sd_parser_free(L->parser);
  sd_catalog_free(L->catalog);
  sd_diagnostics_free(&L->diags);
  if (L->grammar) sd_grammar_free(L->grammar);
}

/* The grammar and the catalog, whose patterns must parse with it (errors
 * name the pattern). */
static bool load_grammar_and_catalog(Learn *L) {
  const LearnSettings *s = L->settings;
  L->grammar = cli_load_grammar(s->grammar_path, s->start, s->quiet);
  if (!L->grammar) return false;
  L->catalog = s->patterns ? sd_catalog_load(s->patterns, &L->diags) : sd_catalog_default(&L->diags);
  if (!L->catalog || sd_diagnostics_has_error(&L->diags) || !s->quiet) sd_diagnostics_print(&L->diags, stderr);
  sd_diagnostics_free(&L->diags);
  if (!L->catalog) return false;
  L->parsing_patterns = sd_catalog_check(L->catalog, L->grammar, true, &L->diags);
  if (L->parsing_patterns == 0) {
    sd_diagnostics_print(&L->diags, stderr);
    cli_error("%s: no pattern of the catalog parses with this grammar", sd_catalog_path(L->catalog));
    return false;
  }
  if (!s->quiet) sd_diagnostics_print(&L->diags, stderr);
  sd_diagnostics_free(&L->diags);
  return true;
}

/* Parse the inputs named by args and label them. */
static bool load_labelled(Learn *L, const CliStrings *args, bool label) {
  bool ok = load_inputs(L->parser, args, &L->trees);
  while (L->labels.size < L->trees.size) array_push(&L->labels, label);
  return ok;
}

/* The given inputs, then (for invariants) the random background. */
static bool load_all_inputs(Learn *L) {
  const LearnSettings *s = L->settings;
  L->parser = sd_parser_new(L->grammar);
  bool ok;
  if (s->invariants) {
    ok = load_labelled(L, &s->inputs, true);
  } else {
    if (!cli_disjoint_inputs(&s->failing, &s->passing)) return false;
    ok = load_labelled(L, &s->failing, true);
    ok = load_labelled(L, &s->passing, false) && ok; /* report the errors of both */
  }
  if (!ok) return false;
  for (uint32_t i = 0; i < L->labels.size; i++) L->failing += L->labels.items[i];
  if (L->failing == 0) {
    cli_error(s->invariants ? "learn: no inputs" : "learn: no failing input");
    return false;
  }
  if (!s->invariants && L->failing == L->labels.size) {
    cli_error("learn: no passing input");
    return false;
  }
  L->given = L->trees.size;
  if (s->invariants && s->background) {
    SdFuzzerOptions fo = {.seed = s->seed, .max_size = 400};
    L->fuzzer = sd_fuzzer_new(L->grammar, &fo);
    for (uint64_t i = 0; i < s->background; i++) {
      array_push(&L->trees, sd_fuzz_tree(L->fuzzer, -1));
      array_push(&L->labels, false);
    }
  }
  return true;
}

/* Invariants without --relevant: the grammar's first nonterminals. */
static void relevant_from_grammar(Learn *L) {
  const SdGrammar *g = L->grammar;
  L->relevant_source = "all";
  for (uint32_t s = 0; s < g->symbol_count && L->relevant.size < 12; s++) {
    const SdSymbolInfo *info = &g->symbols[s];
    if (info->kind == SD_SYM_NONTERMINAL && info->reachable && !info->generated && (SdSymbol)s != g->start)
      array_push(&L->relevant, (SdSymbol)s);
  }
  if (!L->settings->quiet && L->relevant.size == 12)
    fprintf(stderr, "semdbg: using the first 12 nonterminals of the grammar; name others "
                    "with --relevant\n");
}

/* Failures without --relevant: the relevance ranking's kept set. */
static bool relevant_from_ranking(Learn *L) {
  L->relevant_source = "relevance";
  SdRelevanceOptions ro;
  sd_relevance_options_init(&ro);
  ro.seed = L->settings->seed;
  ro.max_k = (uint32_t)L->settings->max_relevant;
  char *err = NULL;
  L->relevance = sd_relevance_compute(L->grammar, L->trees.items, L->labels.items, L->trees.size, &ro, &err);
  if (!L->relevance) {
    cli_error("relevance ranking failed: %s", err ? err : "unknown error");
    free(err);
    return false;
  }
  for (uint32_t i = 0; i < L->relevance->count; i++)
    if (L->relevance->ranked[i].kept) array_push(&L->relevant, L->relevance->ranked[i].symbol);
  if (!L->relevant.size) {
    cli_error("the relevance ranking kept no nonterminal (every feature is the same in all "
              "inputs?); name them with --relevant");
    return false;
  }
  return true;
}

static bool choose_relevant(Learn *L) {
  L->relevant_source = "given";
  if (L->settings->relevant_list) return parse_relevant(L->grammar, L->settings->relevant_list, &L->relevant);
  if (L->settings->invariants) {
    relevant_from_grammar(L);
    return true;
  }
  return relevant_from_ranking(L);
}

static void run_learner(Learn *L) {
  const LearnSettings *s = L->settings;
  SdLearnerOptions lo = s->learner;
  lo.invariants = s->invariants;
  lo.max_candidates = (uint32_t)s->top;
  lo.max_equivalent = (uint32_t)s->alternatives + 1;
  /* patterns that do not parse were reported above: the learner's warnings
     about them would repeat that */
  lo.diagnostics = L->parsing_patterns == sd_catalog_count(L->catalog) ? &L->diags : NULL;
  L->learner = sd_learner_new(L->grammar, L->catalog, &lo);
  sd_learner_add(L->learner, L->trees.items, L->labels.items, L->trees.size);
  if (!s->invariants) { /* the alternatives shown: ones that differ off the evidence */
    Trees failing = {0};
    for (uint32_t i = 0; i < L->trees.size; i++)
      if (L->labels.items[i]) array_push(&failing, L->trees.items[i]);
    L->pool_size = sd_learner_draw_pool(L->grammar, failing.items, failing.size, s->seed, L->pool);
    array_free(&failing);
    sd_learner_set_pool(L->learner, L->pool, L->pool_size);
  }
  sd_learner_learn(L->learner, L->relevant.items, L->relevant.size);
  if (!s->quiet) sd_diagnostics_print(&L->diags, stderr);
}

static void print_json(const Learn *L) {
  const SdLearner *learner = L->learner;
  uint32_t count = sd_learner_candidate_count(learner);
  SdLearnerStats st;
  sd_learner_stats(learner, &st);
  cJSON *root = cJSON_CreateObject();
  cJSON *in = cJSON_AddObjectToObject(root, "inputs");
  if (L->settings->invariants) {
    cJSON_AddNumberToObject(in, "given", L->given);
    cJSON_AddNumberToObject(in, "background", L->trees.size - L->given);
  } else {
    cJSON_AddNumberToObject(in, "failing", L->failing);
    cJSON_AddNumberToObject(in, "passing", L->trees.size - L->failing);
  }
  cJSON_AddStringToObject(root, "mode", L->settings->invariants ? "invariants" : "failure");
  cJSON_AddStringToObject(root, "relevant_from", L->relevant_source);
  cJSON *rel = cJSON_AddArrayToObject(root, "relevant");
  for (uint32_t i = 0; i < L->relevant.size; i++)
    cJSON_AddItemToArray(rel, cJSON_CreateString(L->grammar->symbols[L->relevant.items[i]].name));
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
  cJSON_AddNumberToObject(s, "patterns", sd_catalog_count(L->catalog));
  cJSON_AddNumberToObject(s, "templates", (double)st.templates);
  cJSON_AddNumberToObject(s, "candidates", (double)st.instantiated);
  cJSON_AddNumberToObject(s, "pruned", (double)st.pruned);
  cJSON_AddNumberToObject(s, "evaluations", (double)st.evaluations);
  cJSON_AddNumberToObject(s, "combinations", (double)st.combinations);
  char *text = sd_json_print(root, true);
  puts(text);
  cJSON_free(text);
  cJSON_Delete(root);
}

/* The inputs, the relevant nonterminals and the learner's statistics. */
static void print_text_summary(const Learn *L) {
  SdLearnerStats st;
  sd_learner_stats(L->learner, &st);
  if (L->settings->invariants)
    printf("%u inputs, %u random background inputs\n", L->given, L->trees.size - L->given);
  else
    printf("%u failing and %u passing inputs\n", L->failing, L->trees.size - L->failing);
  printf("relevant (%s):", L->relevant_source);
  for (uint32_t i = 0; i < L->relevant.size; i++) printf(" %s", L->grammar->symbols[L->relevant.items[i]].name);
  printf("\n%llu candidates from %u patterns (%llu pruned), %llu evaluations, %llu "
         "combinations\n",
         (unsigned long long)st.instantiated, sd_catalog_count(L->catalog),
         (unsigned long long)st.pruned, (unsigned long long)st.evaluations,
         (unsigned long long)st.combinations);
}

/* Candidate r: the head of an equivalence group with its scores, or one
 * more member of the group. */
static void print_text_candidate(const Learn *L, uint32_t r) {
  const SdLearner *learner = L->learner;
  const SdCandidate *c = sd_learner_candidate(learner, r);
  bool first = r == 0 || c->equivalent_group != sd_learner_candidate(learner, r - 1)->equivalent_group;
  if (first) {
    if (!c->accepted && (r == 0 || sd_learner_candidate(learner, r - 1)->accepted))
      printf("\n-- below the thresholds (%s) --\n",
             L->settings->invariants ? "recall 1" : "min precision / recall");
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

static void print_text(const Learn *L) {
  uint32_t count = sd_learner_candidate_count(L->learner);
  print_text_summary(L);
  if (!count) printf("\nno candidates\n");
  for (uint32_t r = 0; r < count; r++) print_text_candidate(L, r);
}

static int learn(const LearnSettings *s) {
  Learn L = {.settings = s};
  int status = CLI_EXIT_USAGE;
  if (load_grammar_and_catalog(&L) && load_all_inputs(&L) && choose_relevant(&L)) {
    run_learner(&L);
    uint32_t count = sd_learner_candidate_count(L.learner);
    const SdCandidate *best = count ? sd_learner_candidate(L.learner, 0) : NULL;
    status = best && best->accepted ? CLI_EXIT_OK : CLI_EXIT_NEGATIVE;
    if (s->json) print_json(&L);
    else print_text(&L);
  }
  learn_free(&L);
  return status;
}

int cli_learn(int argc, char **argv) {
  LearnSettings s = {.top = 10, .alternatives = 2, .max_relevant = 5, .background = 300};
  sd_learner_options_init(&s.learner);
  int status = parse_command_line(argc, argv, &s);
  if (status == CLI_CONTINUE) status = learn(&s);
  array_free(&s.failing);
  array_free(&s.passing);
  array_free(&s.inputs);
  return status;
}
