/* test_learner.c: the learner on labelled sets made with the fuzzer (or
 * built directly) and labelled by C functions implementing the known truth:
 * heartbleed, calculator, middle, a failure with two causes, a list of
 * records with a per-record length field, a conjunction inside one record,
 * a bound found by threshold search,
 * invariant mining, a five-atom conjunction with an absent option, a set of
 * months, cause mode, sums and bounds beyond int64; plus the evaluation cache, incremental learning,
 * determinism and patterns that do not parse. Results are checked by meaning:
 * the top candidate is evaluated on fresh labelled inputs. */
#include <stdlib.h>
#include <string.h>

#include "semdbg/catalog.h"
#include "semdbg/constraint.h"
#include "semdbg/fuzzer.h"
#include "semdbg/learner.h"
#include "semdbg/parser.h"
#include "learner_internal.h"
#include "test.h"
#include "util.h"

typedef bool (*Label)(const SdTree *t);

typedef struct Set {
  SdTree **trees;
  bool *failing;
  uint32_t n, nfail;
} Set;

static SdGrammar *grammar(const char *path) {
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_load(path, NULL, &d);
  if (!g) sd_diagnostics_print(&d, stderr);
  sd_diagnostics_free(&d);
  return g;
}

static SdGrammar *grammar_text(const char *text) {
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_parse(text, strlen(text), "test.bnf", NULL, &d);
  if (!g) sd_diagnostics_print(&d, stderr);
  sd_diagnostics_free(&d);
  return g;
}

static SdCatalog *default_catalog(void) {
  SdDiagnostics d = {0};
  SdCatalog *c = sd_catalog_default(&d);
  if (!c) sd_diagnostics_print(&d, stderr);
  sd_diagnostics_free(&d);
  return c;
}

/* n fuzzed inputs labelled by `label`. */
static Set fuzz_set(const SdGrammar *g, uint64_t seed, uint32_t n, uint32_t max_size, Label label) {
  SdFuzzerOptions fo = {.seed = seed, .max_size = max_size};
  SdFuzzer *f = sd_fuzzer_new(g, &fo);
  Set s = {.trees = sd_xcalloc(n, sizeof(SdTree *)), .failing = sd_xcalloc(n, 1), .n = n};
  for (uint32_t i = 0; i < n; i++) {
    s.trees[i] = sd_fuzz_tree(f, -1);
    s.failing[i] = label(s.trees[i]);
    s.nfail += s.failing[i];
  }
  sd_fuzzer_free(f);
  return s;
}

static void set_free(Set *s) {
  for (uint32_t i = 0; i < s->n; i++) sd_tree_free(s->trees[i]);
  free(s->trees);
  free(s->failing);
}

/* Input i of s parsed from b (freed), failing by label, or (no label) as
 * `failing` says. */
static void put_parsed(Set *s, uint32_t i, SdParser *parser, SdBuf *b, Label label, bool failing) {
  SdParseError err;
  s->trees[i] = sd_parse(parser, -1, b->data, b->len, &err);
  CHECK(s->trees[i] != NULL);
  s->failing[i] = s->trees[i] && (label ? label(s->trees[i]) : failing);
  s->nfail += s->failing[i];
  sd_buf_free(b);
}

/* n inputs written by `write` (from one random stream), parsed, labelled. */
typedef void (*Writer)(SdRng *rng, SdBuf *b);
static Set written_set(const SdGrammar *g, uint64_t seed, uint32_t n, Writer write, Label label) {
  SdRng rng;
  sd_rng_seed(&rng, seed);
  SdParser *parser = sd_parser_new(g);
  Set s = {.trees = sd_xcalloc(n, sizeof(SdTree *)), .failing = sd_xcalloc(n, 1), .n = n};
  for (uint32_t i = 0; i < n; i++) {
    SdBuf b = {0};
    write(&rng, &b);
    put_parsed(&s, i, parser, &b, label, false);
  }
  sd_parser_free(parser);
  return s;
}

/* The text of the first <name> node (NULL if none). */
static const char *first(const SdTree *t, const char *name, uint32_t *len) {
  SdSymbol s = sd_grammar_find(t->grammar, name);
  *len = 0;
  if (s < 0 || !t->by_symbol_count[s]) return NULL;
  return sd_node_text(t, t->nodes[t->by_symbol[s][0]], len);
}

static SdLearner *learn(const SdGrammar *g, const SdCatalog *cat, const Set *s,
                        const char *const *relevant, const SdLearnerOptions *opts) {
  SdLearner *l = sd_learner_new(g, cat, opts);
  sd_learner_add(l, s->trees, s->failing, s->n);
  SdSymbol rel[16];
  uint32_t rc = 0;
  for (; relevant[rc]; rc++) rel[rc] = sd_grammar_find(g, relevant[rc]);
  sd_learner_learn(l, rel, rc);
  return l;
}

/* Precision and recall of a constraint on a labelled set. */
static void measure(const SdConstraint *c, const Set *s, double *precision, double *recall) {
  uint32_t tp = 0, fp = 0, fn = 0;
  for (uint32_t i = 0; i < s->n; i++) {
    bool v = sd_constraint_eval(c, s->trees[i], NULL);
    tp += v && s->failing[i];
    fp += v && !s->failing[i];
    fn += !v && s->failing[i];
  }
  *precision = tp + fp ? (double)tp / (tp + fp) : 0;
  *recall = tp + fn ? (double)tp / (tp + fn) : 0;
}

static void show_top(const SdLearner *l, uint32_t k) {
  for (uint32_t i = 0; i < k && i < sd_learner_candidate_count(l); i++) {
    const SdCandidate *c = sd_learner_candidate(l, i);
    fprintf(stderr, "   %u. [g%u] R %.3f P %.3f  %s  (%s)\n", i + 1, c->equivalent_group,
            c->recall, c->precision, c->text, c->pattern);
  }
}

/* ---------- heartbleed ---------- */

static bool heartbleed_fails(const SdTree *t) {
  uint32_t a, b;
  const char *declared = first(t, "<payload-length>", &a);
  first(t, "<payload>", &b);
  char num[32];
  if (a > 20) return true;
  memcpy(num, declared, a);
  num[a] = 0;
  return strtoll(num, NULL, 10) > (long long)b;
}

static void test_heartbleed(void) {
  SdGrammar *g = grammar("grammars/heartbleed.bnf");
  SdCatalog *cat = default_catalog();
  if (!g || !cat) {
    CHECK(false);
    return;
  }
  Set s = fuzz_set(g, 11, 300, 200, heartbleed_fails);
  CHECK(s.nfail > 20 && s.nfail < s.n - 20);
  const char *rel[] = {"<payload-length>", "<payload>", "<padding>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  CHECK(sd_learner_candidate_count(l) > 3);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  show_top(l, 3);
  CHECK(top->accepted && top->recall == 1.0 && top->precision == 1.0 && top->size == 1);
  CHECK(top->tp == s.nfail && top->fp == 0 && top->tn == s.n - s.nfail && top->fn == 0);
  CHECK(top->f1 == 1.0 && top->specificity == 1.0);
  /* by meaning, on inputs it never saw */
  Set fresh = fuzz_set(g, 12, 400, 200, heartbleed_fails);
  double p, r;
  measure(top->constraint, &fresh, &p, &r);
  CHECK(p == 1.0 && r == 1.0);
  /* the whole group is equivalent: every member is right too */
  for (uint32_t i = 1; i < sd_learner_candidate_count(l); i++) {
    const SdCandidate *c = sd_learner_candidate(l, i);
    if (c->equivalent_group != 0) break;
    measure(c->constraint, &fresh, &p, &r);
    CHECK(p == 1.0 && r == 1.0);
  }
  /* ranking order: accepted first, then by recall, precision */
  for (uint32_t i = 1; i < sd_learner_candidate_count(l); i++) {
    const SdCandidate *a = sd_learner_candidate(l, i - 1), *b = sd_learner_candidate(l, i);
    CHECK(a->accepted || !b->accepted);
    CHECK(a->equivalent_group <= b->equivalent_group);
    if (a->accepted && b->accepted && a->equivalent_group != b->equivalent_group)
      CHECK(a->recall > b->recall || (a->recall == b->recall && a->precision >= b->precision));
    if (a->equivalent_group == b->equivalent_group)
      CHECK(a->tp == b->tp && a->fp == b->fp && a->size <= b->size);
  }
  /* cached truth values agree with evaluation */
  for (uint32_t i = 0; i < sd_learner_candidate_count(l); i += 3)
    for (uint32_t k = 0; k < s.n; k += 7)
      CHECK(sd_learner_truth(l, i, k) ==
            sd_constraint_eval(sd_learner_candidate(l, i)->constraint, s.trees[k], NULL));
  sd_learner_free(l);
  set_free(&fresh);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- middle: y < x < z needs a conjunction ---------- */

static int compare_nt(const SdTree *t, const char *a, const char *b) {
  uint32_t la, lb;
  const char *x = first(t, a, &la), *y = first(t, b, &lb);
  return sd_compare_numerals(x, la, y, lb);
}

static bool middle_fails(const SdTree *t) {
  return compare_nt(t, "<y>", "<x>") < 0 && compare_nt(t, "<x>", "<z>") < 0;
}

static void test_middle(void) {
  SdGrammar *g = grammar("grammars/middle.bnf");
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 21, 400, 120, middle_fails);
  CHECK(s.nfail > 20);
  const char *rel[] = {"<x>", "<y>", "<z>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 3);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->accepted && top->recall == 1.0 && top->precision == 1.0);
  CHECK(top && top->size == 2 && top->parts == 2 && !top->disjunction);
  Set fresh = fuzz_set(g, 22, 400, 120, middle_fails);
  double p, r;
  measure(top->constraint, &fresh, &p, &r);
  CHECK(p == 1.0 && r == 1.0);
  /* without conjunctions no candidate is exact */
  SdLearnerOptions o;
  sd_learner_options_init(&o);
  o.max_conjunction = 1;
  SdLearner *l1 = learn(g, cat, &s, rel, &o);
  const SdCandidate *t1 = sd_learner_candidate(l1, 0);
  CHECK(t1 && t1->size == 1 && t1->precision < 0.9);
  sd_learner_free(l1);
  sd_learner_free(l);
  set_free(&fresh);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- calculator: sqrt of a negative number ---------- */

static bool calculator_fails(const SdTree *t) {
  uint32_t a, b;
  const char *f = first(t, "<function>", &a), *num = first(t, "<number>", &b);
  if (a != 4 || memcmp(f, "sqrt", 4) || b == 0 || num[0] != '-') return false;
  for (uint32_t i = 1; i < b; i++)
    if (num[i] >= '1' && num[i] <= '9') return true; /* not -0, -0.00 */
  return false;
}

static void test_calculator(void) {
  SdGrammar *g = grammar("grammars/calculator.bnf");
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 31, 400, 100, calculator_fails);
  CHECK(s.nfail > 20);
  const char *rel[] = {"<function>", "<number>", "<maybe-minus>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 3);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->accepted && top->recall == 1.0 && top->precision > 0.95);
  CHECK(top && top->size == 2);
  CHECK(top && strstr(top->text, "\"sqrt\"") != NULL); /* the catalog prefers string equality */
  Set fresh = fuzz_set(g, 32, 400, 100, calculator_fails);
  double p, r;
  measure(top->constraint, &fresh, &p, &r);
  /* -0 is the only exception to precision; a decimal bound lies in the gap
     the evidence leaves between the failing values and zero (the debugger's
     attacks and pinning close it: the rootfew case comes out "< 0") */
  CHECK(r > 0.95 && p > 0.95);
  sd_learner_free(l);
  set_free(&fresh);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- two causes: a disjunction ---------- */

static bool two_causes(const SdTree *t) {
  uint32_t a, b;
  const char *f = first(t, "<function>", &a);
  first(t, "<maybe-fraction>", &b);
  bool tan = a == 3 && !memcmp(f, "tan", 3);
  return tan || b == 0; /* tan(...), or a number without a fraction */
}

static void test_disjunction(void) {
  SdGrammar *g = grammar("grammars/calculator.bnf");
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 41, 400, 100, two_causes);
  CHECK(s.nfail > 100 && s.nfail < 300);
  const char *rel[] = {"<function>", "<number>", "<maybe-fraction>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 3);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->accepted && top->disjunction && top->parts == 2);
  CHECK(top && top->recall == 1.0 && top->precision == 1.0);
  Set fresh = fuzz_set(g, 42, 400, 100, two_causes);
  double p, r;
  measure(top->constraint, &fresh, &p, &r);
  CHECK(p == 1.0 && r == 1.0);
  /* and none without disjunctions */
  SdLearnerOptions o;
  sd_learner_options_init(&o);
  o.disjunctions = false;
  SdLearner *l2 = learn(g, cat, &s, rel, &o);
  for (uint32_t i = 0; i < sd_learner_candidate_count(l2); i++)
    CHECK(!sd_learner_candidate(l2, i)->disjunction);
  CHECK(sd_learner_candidate(l2, 0)->recall < 1.0 || sd_learner_candidate(l2, 0)->precision < 1.0);
  sd_learner_free(l2);
  sd_learner_free(l);
  set_free(&fresh);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- records: a relation inside one container ---------- */

static const char *tlv_grammar =
    "<start> ::= <records>\n"
    "<records> ::= <record> | <record> <records>\n"
    "<record> ::= <len> \":\" <value> \";\"\n"
    "<len> ::= [0-9]\n"
    "<value> ::= [a-z]*\n"; /* not recursive: a <value> holds no inner <value> */

/* Some record declares more than its own value holds. */
static bool tlv_fails(const SdTree *t) {
  SdSymbol rec = sd_grammar_find(t->grammar, "<record>");
  for (uint32_t i = 0; i < t->by_symbol_count[rec]; i++) {
    const SdNode *r = t->nodes[t->by_symbol[rec][i]];
    uint32_t len = r->end - r->start; /* "d:" value ";" */
    if ((uint32_t)(t->text[r->start] - '0') > len - 3) return true;
  }
  return false;
}

/* Records whose value lengths are near their declared length, so records
 * often declare more than some other record's value holds. */
static void tlv_text(SdRng *rng, SdBuf *b) {
  uint32_t records = 1 + sd_rng_below(rng, 4);
  for (uint32_t k = 0; k < records; k++) {
    uint32_t declared = sd_rng_below(rng, 10);
    int len = (int)declared + (int)sd_rng_below(rng, 8) - 1; /* one in eight too short */
    if (len < 0) len = 0;
    sd_buf_printf(b, "%u:", declared);
    for (int c = 0; c < len; c++) sd_buf_putc(b, (char)('a' + sd_rng_below(rng, 26)));
    sd_buf_putc(b, ';');
  }
}

static Set tlv_set(const SdGrammar *g, uint64_t seed, uint32_t n) { return written_set(g, seed, n, tlv_text, tlv_fails); }

static void test_container_scope(void) {
  SdGrammar *g = grammar_text(tlv_grammar);
  SdCatalog *cat = default_catalog();
  Set s = tlv_set(g, 51, 300);
  CHECK(s.nfail > 30 && s.nfail < s.n - 30);
  const char *rel[] = {"<record>", "<len>", "<value>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 4);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->recall == 1.0 && top->precision == 1.0 && top->size == 1);
  CHECK(top && strstr(top->pattern, "Record") != NULL);
  Set fresh = tlv_set(g, 52, 300);
  double p, r;
  measure(top->constraint, &fresh, &p, &r);
  CHECK(p == 1.0 && r == 1.0);
  /* the same relation across records is worse: it is somewhere in the ranking
     (as a separate group, alone or in a combination) with lower precision */
  bool cross = false;
  for (uint32_t i = 0; i < sd_learner_candidate_count(l); i++) {
    const SdCandidate *c = sd_learner_candidate(l, i);
    if (strstr(c->pattern, "Length field exceeds") && !strstr(c->pattern, "in one record") && c->recall == 1.0) {
      cross = true;
      CHECK(c->precision < 0.9 && c->equivalent_group > 0);
    }
  }
  CHECK(cross);
  sd_learner_free(l);
  set_free(&fresh);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- a conjunction inside one record ---------- */

static const char *dispatch_grammar =
    "<start> ::= <delivery>+\n"
    "<delivery> ::= \"deliver \" <kg> \"kg \" <carrier> \"\\n\"\n"
    "<kg> ::= [1-9] [0-9]?\n"
    "<carrier> ::= \"truck\" | \"van\" | \"drone\"\n";

/* A drone delivery heavier than kg, in one line. */
static bool drone_heavier(const SdTree *t, int kg) {
  SdSymbol delivery = sd_grammar_find(t->grammar, "<delivery>");
  for (uint32_t i = 0; i < t->by_symbol_count[delivery]; i++) {
    uint32_t len;
    const char *line = sd_node_text(t, t->nodes[t->by_symbol[delivery][i]], &len);
    if (len > 6 && !memcmp(line + len - 6, "drone\n", 6) && atoi(line + 8) > kg) return true;
  }
  return false;
}

static bool heavy_drone(const SdTree *t) { return drone_heavier(t, 5); }

static void test_record_conjunction(void) {
  SdGrammar *g = grammar_text(dispatch_grammar);
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 61, 300, 40, heavy_drone);
  CHECK(s.nfail > 20 && s.nfail < s.n - 20);
  const char *rel[] = {"<carrier>", "<kg>", "<delivery>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 3);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->precision == 1.0 && top->recall == 1.0);
  /* a record's pattern from the catalog, or a pair scoped into the record
     (the catalog's goes first when both say it) */
  CHECK(top && (strstr(top->pattern, "in one record") || strstr(top->pattern, "Record ")));
  Set fresh = fuzz_set(g, 62, 300, 40, heavy_drone);
  double p = 0, r = 0;
  if (top) measure(top->constraint, &fresh, &p, &r);
  CHECK(p == 1.0 && r == 1.0);
  sd_learner_free(l);
  set_free(&fresh);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* A <?RECORD> placeholder takes a list's records only: a nonterminal that
 * can occur more than once and does not nest in itself. */
static const char *record_catalog =
    "[[Container]]\n"
    "name = \"Record value above with a text\"\n"
    "constraint = '''\n"
    "exists <?RECORD> container in start:\n"
    "  ((exists <?NONTERMINAL> elem in container: elem = <?STRING>) and\n"
    "   (exists <?NONTERMINAL> value in container: str.to.int(value) > <?INTEGER>))\n"
    "'''\n";

static const char *nested_grammar =
    "<start> ::= <group>\n"
    "<group> ::= \"(\" <entry>+ \")\"\n"
    "<entry> ::= <carrier> \":\" <kg> \" \" | <group>\n"
    "<kg> ::= [1-9] [0-9]?\n"
    "<carrier> ::= \"truck\" | \"van\" | \"drone\"\n";

static bool any_heavy_drone(const SdTree *t) {
  uint32_t len;
  const char *text = sd_node_text(t, t->nodes[0], &len);
  char *copy = sd_xstrndup(text, len);
  bool heavy = false;
  for (const char *p = copy; !heavy && (p = strstr(p, "drone:")); p++) heavy = atoi(p + 6) > 5;
  free(copy);
  return heavy;
}

/* The candidates a catalog of one <?RECORD> pattern gives; each must
 * quantify over container. */
static uint32_t record_candidates(const char *grammar_src, Label label, const char *const *rel,
                                  const char *container) {
  SdGrammar *g = grammar_text(grammar_src);
  SdDiagnostics d = {0};
  SdCatalog *cat = sd_catalog_parse(record_catalog, strlen(record_catalog), "record.toml", &d);
  sd_diagnostics_free(&d);
  CHECK(cat && sd_catalog_pattern(cat, 0)->placeholders[0].record);
  Set s = fuzz_set(g, 61, 200, 40, label);
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  uint32_t n = sd_learner_candidate_count(l), wrong = 0;
  for (uint32_t i = 0; i < n; i++) {
    char *isla = sd_constraint_to_isla(sd_learner_candidate(l, i)->constraint);
    if (!strstr(isla, container)) wrong++;
    free(isla);
  }
  CHECK(wrong == 0);
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
  return n;
}

static void test_record_placeholder(void) {
  const char *flat[] = {"<carrier>", "<kg>", "<delivery>", "<start>", NULL};
  CHECK(record_candidates(dispatch_grammar, heavy_drone, flat, "exists <delivery> container") > 0);
  /* <group> and <entry> nest in themselves, <start> occurs once: no record */
  const char *nested[] = {"<carrier>", "<kg>", "<group>", "<entry>", "<start>", NULL};
  CHECK(record_candidates(nested_grammar, any_heavy_drone, nested, "no record") == 0);
}

/* A drone delivery over 45 kg in one line: the bound between the drones'
 * weights that pass and those that fail, found by the threshold search
 * with the text "drone" written in (not one of the weights seen in failing
 * inputs, which leaves the least of them out). */
static bool drone_over_45(const SdTree *t) { return drone_heavier(t, 45); }

static void test_record_bound(void) {
  SdGrammar *g = grammar_text(dispatch_grammar);
  SdDiagnostics d = {0};
  SdCatalog *cat = sd_catalog_parse(record_catalog, strlen(record_catalog), "record.toml", &d);
  sd_diagnostics_free(&d);
  Set s = fuzz_set(g, 7, 150, 40, drone_over_45);
  CHECK(s.nfail > 10 && s.nfail < s.n - 10);
  const char *rel[] = {"<carrier>", "<kg>", "<delivery>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->precision == 1.0 && top->recall == 1.0 && !strcmp(top->pattern, "Record value above with a text"));
  char *isla = top ? sd_constraint_to_isla(top->constraint) : NULL;
  CHECK(isla && strstr(isla, "\"drone\""));
  free(isla);
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* A number in a block (1002-1005, as VLANs reserved) anywhere in a list:
 * "Value in range", its bounds the passing numbers next to the block's. */
static const char *vlan_grammar = "<start> ::= <vid> | <vid> \" \" <start>\n<vid> ::= \"100\" [0-9] | [1-9] [0-9]? [0-9]?\n";

static bool reserved_vlan(const SdTree *t) {
  SdSymbol vid = sd_grammar_find(t->grammar, "<vid>");
  for (uint32_t i = 0; i < t->by_symbol_count[vid]; i++) {
    uint32_t len;
    const char *v = sd_node_text(t, t->nodes[t->by_symbol[vid][i]], &len);
    char buf[8] = {0};
    memcpy(buf, v, len < 7 ? len : 7);
    int x = atoi(buf);
    if (x >= 1002 && x <= 1005) return true;
  }
  return false;
}

static void test_value_range(void) {
  SdGrammar *g = grammar_text(vlan_grammar);
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 3, 300, 30, reserved_vlan);
  CHECK(s.nfail > 20 && s.nfail < s.n - 20);
  const char *rel[] = {"<vid>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->precision == 1.0 && top->recall == 1.0 && !strcmp(top->pattern, "Value in range"));
  char *isla = top ? sd_constraint_to_isla(top->constraint) : NULL;
  CHECK(isla && strstr(isla, "(> (str.to.int elem) 1001)") && strstr(isla, "(< (str.to.int elem) 1006)"));
  free(isla);
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* A number with a leading zero that is not all zeros ("010" fails, "00"
 * and "0" pass: Python's int(text, 0)): the leading zero and a value bound
 * of one element, the bound refit beside the prefix. The top candidate is
 * exact on inputs it never saw. With the threshold refit only beside a
 * period (before session 46) this training set made `not mod 10 = 0 and
 * a leading zero` the top candidate (other sets made `> 0` either way). */
static const char *octal_grammar =
    "<start> ::= <setting> | <setting> <start>\n<setting> ::= <key> \" = \" <value> \"\\n\"\n"
    "<key> ::= \"max_conns\" | \"timeout\" | \"backlog\"\n<value> ::= <num> | \"0x\" <hex>\n"
    "<num> ::= [0-9]+\n<hex> ::= [0-9a-f]+\n";

static bool leading_zero_not_zero(const SdTree *t) {
  SdSymbol num = sd_grammar_find(t->grammar, "<num>");
  for (uint32_t i = 0; i < t->by_symbol_count[num]; i++) {
    uint32_t len;
    const char *v = sd_node_text(t, t->nodes[t->by_symbol[num][i]], &len);
    bool zeros = true;
    for (uint32_t k = 0; k < len; k++) zeros &= v[k] == '0';
    if (len > 1 && v[0] == '0' && !zeros) return true;
  }
  return false;
}

/* Limits files of one to four settings, each value hexadecimal, all
 * zeros ("0", "00", "000"), a leading zero or two and a number (one digit
 * after one zero a third of these: "07"), or 1-999. */
static void limits_text(SdRng *rng, SdBuf *b) {
  static const char *const keys[] = {"max_conns", "timeout", "backlog"}, *const zeros[] = {"0", "00", "000"};
  uint32_t settings = 1 + sd_rng_below(rng, 4);
  for (uint32_t k = 0; k < settings; k++) {
    sd_buf_printf(b, "%s = ", keys[sd_rng_below(rng, 3)]);
    uint32_t kind = sd_rng_below(rng, 16);
    if (kind < 3) sd_buf_printf(b, "0x%x", (unsigned)sd_rng_below(rng, 4096));
    else if (kind < 6) sd_buf_puts(b, zeros[kind - 3]);
    else if (kind < 9) sd_buf_printf(b, "%s%u", kind == 8 ? "00" : "0", 1 + (unsigned)sd_rng_below(rng, kind == 6 ? 9 : 999));
    else sd_buf_printf(b, "%u", 1 + (unsigned)sd_rng_below(rng, 999));
    sd_buf_putc(b, '\n');
  }
}

/* Learn from a written training set (seed, n inputs) over the grammar
 * text with the given relevant nonterminals: the top candidate must be
 * exact on its evidence and on 400 fresh inputs written with seed + 4.
 * Returns the top candidate's ISLa (malloc'd; NULL when there is none). */
static char *expect_exact_top(const char *grammar_src, uint64_t seed, uint32_t n, Writer write, Label label,
                              const char *const *rel) {
  SdGrammar *g = grammar_text(grammar_src);
  SdCatalog *cat = default_catalog();
  Set s = written_set(g, seed, n, write, label), fresh = written_set(g, seed + 4, 400, write, label);
  CHECK(s.nfail > 20 && s.nfail < s.n - 20);
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 3);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  double precision = 0, recall = 0;
  if (top) measure(top->constraint, &fresh, &precision, &recall);
  CHECK(top && top->precision == 1.0 && top->recall == 1.0 && precision == 1.0 && recall == 1.0);
  char *isla = top ? sd_constraint_to_isla(top->constraint) : NULL;
  sd_learner_free(l);
  set_free(&s);
  set_free(&fresh);
  sd_catalog_free(cat);
  sd_grammar_free(g);
  return isla;
}

static void test_threshold_refit_beside_prefix(void) {
  const char *rel[] = {"<num>", NULL};
  free(expect_exact_top(octal_grammar, 2, 120, limits_text, leading_zero_not_zero, rel));
}

/* The same program on a thermostat schedule, temperatures signed:
 * alone, the number under the sign is best split below (`<`, where the
 * leading zeros, all zeros and small values lie together), and beside the
 * leading zero the bound is refit the other way (`> 0`); every schedule
 * has a setback of 100 degrees or more, so no `>` bound is worth an atom
 * alone. Before session 47 (the refit in the atom's direction only, and
 * only of pairs whose plain conjunction kept out more passing inputs than
 * either atom) the top candidate here was `not mod 13 = 0 and a leading
 * zero` ("026" fails). */
static const char *schedule_grammar =
    "<start> ::= <entry> | <entry> <start>\n<entry> ::= <hour> \":00 \" <temp> \"\\n\"\n"
    "<hour> ::= [0-2] [0-9]\n<temp> ::= \"-\" <num> | <num>\n"
    "<num> ::= [0-9] | [0-9] [0-9] | [0-9] [0-9] [0-9]\n";

static void schedule_text(SdRng *rng, SdBuf *b) {
  static const char *const zeros[] = {"0", "00", "000"};
  uint32_t entries = 2 + sd_rng_below(rng, 2);
  for (uint32_t k = 0; k < entries; k++) {
    sd_buf_printf(b, "%02u:00 %s", (unsigned)sd_rng_below(rng, 24), sd_rng_below(rng, 3) ? "" : "-");
    uint32_t kind = sd_rng_below(rng, 16);
    if (k == 0) sd_buf_printf(b, "%u", 100 + (unsigned)sd_rng_below(rng, 900)); /* a setback every night */
    else if (kind < 3) sd_buf_puts(b, zeros[kind]);
    else if (kind < 8) sd_buf_printf(b, "0%u", 1 + (unsigned)sd_rng_below(rng, kind < 6 ? 9 : 99));
    else sd_buf_printf(b, "%u", 1 + (unsigned)sd_rng_below(rng, 40));
    sd_buf_putc(b, '\n');
  }
}

static void test_threshold_refit_mirrored(void) {
  const char *rel[] = {"<num>", NULL};
  free(expect_exact_top(schedule_grammar, 3, 120, schedule_text, leading_zero_not_zero, rel));
}

/* Two fields of one record added (used + reserved above 100 in one
 * volume), with only the fields relevant: the record is offered as the
 * container all the same ("Record sum above"), and the bound is the
 * program's. */
static const char *volume_grammar =
    "<start> ::= <vol> | <vol> <vol> | <vol> <vol> <vol>\n"
    "<vol> ::= \"v \" <used> \" \" <resv> \";\"\n"
    "<used> ::= [0-9] | [1-9] [0-9] | \"100\"\n"
    "<resv> ::= [0-9] | [1-2] [0-9]\n";

static long field_value(const SdTree *t, const SdNode *n) {
  uint32_t len;
  const char *v = sd_node_text(t, n, &len);
  char buf[8] = {0};
  memcpy(buf, v, len < 7 ? len : 7);
  return atol(buf);
}

/* A condition of an element in one of its contexts: a quota daemon whose
 * users' limits are 16-bit and whose [defaults] take any number. Alone,
 * `exists <num> n: n > T` holds on the defaults' large numbers too; the
 * atom ranged in a <user> section, its threshold refit there, is the
 * cause, and is ranked before the equivalent "Record sum above" (a + b >
 * 131070 with a = b), which reads as a sum. Before session 47 no
 * candidate stated one number of a section. */
static const char *quota_grammar =
    "<start> ::= <defaults> <users>\n<defaults> ::= \"[defaults]\\n\" <entries>\n"
    "<users> ::= <user> | <user> <users>\n<user> ::= \"[user \" <name> \"]\\n\" <entries>\n"
    "<entries> ::= <entry> | <entry> <entries>\n<entry> ::= <key> \" = \" <num> \"\\n\"\n"
    "<key> ::= \"soft\" | \"hard\"\n<name> ::= [a-z]+\n<num> ::= [0-9]+\n";

static void quota_entries(SdRng *rng, SdBuf *b) {
  uint32_t n = 1 + sd_rng_below(rng, 2);
  for (uint32_t k = 0; k < n; k++) {
    uint32_t kind = sd_rng_below(rng, 4);
    unsigned v = kind == 0 ? 65536 + (unsigned)sd_rng_below(rng, 100000) : (unsigned)sd_rng_below(rng, 65536);
    sd_buf_printf(b, "%s = %u\n", sd_rng_below(rng, 2) ? "soft" : "hard", v);
  }
}

static void quota_text(SdRng *rng, SdBuf *b) {
  sd_buf_puts(b, "[defaults]\n");
  quota_entries(rng, b);
  uint32_t users = 1 + sd_rng_below(rng, 2);
  for (uint32_t u = 0; u < users; u++) {
    sd_buf_printf(b, "[user %c]\n", 'a' + (char)sd_rng_below(rng, 26));
    quota_entries(rng, b);
  }
}

static bool user_over_16_bits(const SdTree *t) {
  SdSymbol user = sd_grammar_find(t->grammar, "<user>"), num = sd_grammar_find(t->grammar, "<num>");
  for (uint32_t i = 0; i < t->by_symbol_count[user]; i++) {
    const SdNode *u = t->nodes[t->by_symbol[user][i]];
    uint32_t count, first = sd_tree_range(t, num, u, &count);
    for (uint32_t k = 0; k < count; k++)
      if (field_value(t, t->nodes[t->by_symbol[num][first + k]]) > 65535) return true;
  }
  return false;
}

static void test_condition_in_context(void) {
  const char *rel[] = {"<num>", "<user>", NULL};
  char *isla = expect_exact_top(quota_grammar, 4, 150, quota_text, user_over_16_bits, rel);
  CHECK(isla && strstr(isla, "exists <user>") && !strstr(isla, "+"));
  free(isla);
}

static bool volume_over(const SdTree *t) {
  SdSymbol used = sd_grammar_find(t->grammar, "<used>"), resv = sd_grammar_find(t->grammar, "<resv>");
  /* the i-th <used> and the i-th <resv> are one volume's */
  for (uint32_t i = 0; i < t->by_symbol_count[used] && i < t->by_symbol_count[resv]; i++)
    if (field_value(t, t->nodes[t->by_symbol[used][i]]) + field_value(t, t->nodes[t->by_symbol[resv][i]]) > 100)
      return true;
  return false;
}

/* Learn from a fuzzed, labelled set over the grammar text with the given
 * relevant nonterminals: the top candidate must be exact, of the named
 * pattern, and its ISLa must hold both fragments. */
static void expect_top_pattern(const char *grammar_src, uint64_t seed, Label label, const char *const *rel,
                               const char *pattern, const char *frag1, const char *frag2) {
  SdGrammar *g = grammar_text(grammar_src);
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, seed, 300, 40, label);
  CHECK(s.nfail > 10 && s.nfail < s.n - 10);
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->precision == 1.0 && top->recall == 1.0 && !strcmp(top->pattern, pattern));
  char *isla = top ? sd_constraint_to_isla(top->constraint) : NULL;
  CHECK(isla && strstr(isla, frag1) && strstr(isla, frag2));
  free(isla);
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* A volume past 80 used is read-only, skipped; the others fail when used
 * and reserved exceed 100 together: the record's sum with a bound on its
 * own <used> (learner_scopes.c, guarded relations). */
static const char *guarded_grammar =
    "<start> ::= <vol> | <vol> <vol> | <vol> <vol> <vol>\n"
    "<vol> ::= \"v \" <used> \" \" <resv> \";\"\n"
    "<used> ::= [0-9] | [1-9] [0-9] | \"100\"\n"
    "<resv> ::= [0-9] | [1-9] [0-9]\n";

static bool volume_guarded(const SdTree *t) {
  SdSymbol used = sd_grammar_find(t->grammar, "<used>"), resv = sd_grammar_find(t->grammar, "<resv>");
  for (uint32_t i = 0; i < t->by_symbol_count[used] && i < t->by_symbol_count[resv]; i++) {
    long u = field_value(t, t->nodes[t->by_symbol[used][i]]);
    if (u <= 80 && u + field_value(t, t->nodes[t->by_symbol[resv][i]]) > 100) return true;
  }
  return false;
}

static void test_guarded_record_sum(void) {
  SdGrammar *g = grammar_text(guarded_grammar);
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 9, 300, 40, volume_guarded);
  CHECK(s.nfail > 10 && s.nfail < s.n - 10);
  const char *rel[] = {"<used>", "<resv>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->precision == 1.0 && top->recall == 1.0);
  char *isla = top ? sd_constraint_to_isla(top->constraint) : NULL;
  /* one volume: its used at most a bound, and the sum above another */
  CHECK(isla && strstr(isla, "exists <vol> ") && strstr(isla, "(+ ") && (strstr(isla, "(<= ") || strstr(isla, "(< ")));
  free(isla);
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

static void test_record_sum(void) {
  const char *rel[] = {"<used>", "<resv>", NULL};
  expect_top_pattern(volume_grammar, 5, volume_over, rel, "Record sum above", "exists <vol> ", ") 100)");
}

/* One field of a record no multiple of another field of it ("Does not
 * divide", scoped to the record): a volume's size that is not a whole
 * number of its own chunks; another volume's chunk size does not count. */
static const char *stripe_grammar =
    "<start> ::= <vol> | <vol> <vol>\n"
    "<vol> ::= \"v \" <size> \" \" <chunk> \";\"\n"
    "<size> ::= [1-9] | [1-9] [0-9]\n"
    "<chunk> ::= [1-9]\n";

static bool stripe_ragged(const SdTree *t) {
  SdSymbol size = sd_grammar_find(t->grammar, "<size>"), chunk = sd_grammar_find(t->grammar, "<chunk>");
  for (uint32_t i = 0; i < t->by_symbol_count[size] && i < t->by_symbol_count[chunk]; i++)
    if (field_value(t, t->nodes[t->by_symbol[size][i]]) % field_value(t, t->nodes[t->by_symbol[chunk][i]]) != 0)
      return true;
  return false;
}

static void test_does_not_divide(void) {
  const char *rel[] = {"<size>", "<chunk>", NULL};
  expect_top_pattern(stripe_grammar, 5, stripe_ragged, rel, "Does not divide, in one record", "exists <vol> ", "mod");
}

/* Two fields of one record added against a bound below them: a signed
 * reading under minus its own probe's limit (reading + limit < 0), with
 * several probes per input ("Record sum below"). */
static const char *probe_grammar =
    "<start> ::= <probe> | <probe> <probe> | <probe> <probe> <probe>\n"
    "<probe> ::= \"p \" <reading> \" \" <limit> \";\"\n"
    "<reading> ::= <mag> | \"-\" <mag>\n"
    "<mag> ::= [0-9] | [1-9] [0-9]\n"
    "<limit> ::= [1-9] | [1-9] [0-9]\n";

static bool probe_below(const SdTree *t) {
  SdSymbol reading = sd_grammar_find(t->grammar, "<reading>"), limit = sd_grammar_find(t->grammar, "<limit>");
  for (uint32_t i = 0; i < t->by_symbol_count[reading] && i < t->by_symbol_count[limit]; i++)
    if (field_value(t, t->nodes[t->by_symbol[reading][i]]) + field_value(t, t->nodes[t->by_symbol[limit][i]]) < 0)
      return true;
  return false;
}

static void test_record_sum_below(void) {
  const char *rel[] = {"<reading>", "<limit>", NULL};
  expect_top_pattern(probe_grammar, 7, probe_below, rel, "Record sum below", "exists <probe> ", ") 0)");
}

/* More items in a record than a field of it declares ("Count exceeds
 * field"): a block of n=2 with three samples overflows, one of n=3 with
 * three does not, and another block's samples do not count. */
static const char *block_grammar =
    "<start> ::= <block> | <block> <block>\n"
    "<block> ::= \"b n=\" <count> \":\" <samples> \";\"\n"
    "<count> ::= [0-4]\n"
    "<samples> ::= \"\" | \" \" <sample> <samples>\n"
    "<sample> ::= [0-9]\n";

/* Whether some block holds more samples than it declares (sign 1) or
 * fewer (sign -1). */
static bool block_miscounted(const SdTree *t, long sign) {
  SdSymbol block = sd_grammar_find(t->grammar, "<block>"), count = sd_grammar_find(t->grammar, "<count>"),
           sample = sd_grammar_find(t->grammar, "<sample>");
  for (uint32_t i = 0; i < t->by_symbol_count[block]; i++) {
    const SdNode *b = t->nodes[t->by_symbol[block][i]];
    uint32_t nc, fc = sd_tree_range(t, count, b, &nc), ns;
    sd_tree_range(t, sample, b, &ns);
    if (nc == 1 && sign * ((long)ns - field_value(t, t->nodes[t->by_symbol[count][fc]])) > 0) return true;
  }
  return false;
}

static bool block_overflows(const SdTree *t) { return block_miscounted(t, 1); }

static void test_count_exceeds_field(void) {
  const char *rel[] = {"<count>", "<sample>", NULL};
  expect_top_pattern(block_grammar, 11, block_overflows, rel, "Count exceeds field", "exists <block> ", "count(");
}

/* A block declaring more samples than it holds ("Field exceeds count"):
 * the reader takes as many as declared. */
static bool block_underflows(const SdTree *t) { return block_miscounted(t, -1); }

static void test_field_exceeds_count(void) {
  const char *rel[] = {"<count>", "<sample>", NULL};
  expect_top_pattern(block_grammar, 12, block_underflows, rel, "Field exceeds count", "exists <block> ", "count(");
}

/* A block holding exactly as many samples as it declares, less short_by
 * ("Count equals field", session 52: an argv of n slots that refuses more
 * than n arguments and then writes its terminator at argv[n]). */
static bool block_holds(const SdTree *t, long short_by) {
  SdSymbol block = sd_grammar_find(t->grammar, "<block>"), count = sd_grammar_find(t->grammar, "<count>"),
           sample = sd_grammar_find(t->grammar, "<sample>");
  for (uint32_t i = 0; i < t->by_symbol_count[block]; i++) {
    const SdNode *b = t->nodes[t->by_symbol[block][i]];
    uint32_t nc, fc = sd_tree_range(t, count, b, &nc), ns;
    sd_tree_range(t, sample, b, &ns);
    if (nc == 1 && (long)ns + short_by == field_value(t, t->nodes[t->by_symbol[count][fc]])) return true;
  }
  return false;
}

static bool block_full(const SdTree *t) { return block_holds(t, 0); }

static void test_count_equals_field(void) {
  const char *rel[] = {"<count>", "<sample>", NULL};
  expect_top_pattern(block_grammar, 14, block_full, rel, "Count equals field", "exists <block> ", "count(");
}

/* One sample short of the declared count ("Count one short of field"):
 * a loader that tolerates a dropped last column, then fills it in one
 * slot past the names it found (hdrshort, session 52's red team). */
static bool block_one_short(const SdTree *t) { return block_holds(t, 1); }

/* One sample more than declared ("Count one over field"): a count that
 * leaves out the closing point a ring repeats (parcelring, session 52). */
static bool block_one_over(const SdTree *t) { return block_holds(t, -1); }

static void test_count_one_over(void) {
  const char *rel[] = {"<count>", "<sample>", NULL};
  expect_top_pattern(block_grammar, 19, block_one_over, rel, "Count one over field", "exists <block> ", "count(");
}

static void test_count_one_short(void) {
  const char *rel[] = {"<count>", "<sample>", NULL};
  expect_top_pattern(block_grammar, 15, block_one_short, rel, "Count one short of field", "exists <block> ", "count(");
}

/* One block per input: <block> is no record of a list, and the count is
 * over the whole input ("Field exceeds count in the input"). */
static const char *one_block_grammar =
    "<start> ::= <block>\n"
    "<block> ::= \"b n=\" <count> \":\" <samples> \";\"\n"
    "<count> ::= [0-4]\n"
    "<samples> ::= \"\" | \" \" <sample> <samples>\n"
    "<sample> ::= [0-9]\n";

static void test_field_exceeds_count_in_input(void) {
  const char *rel[] = {"<count>", "<sample>", NULL};
  expect_top_pattern(one_block_grammar, 13, block_underflows, rel, "Field exceeds count in the input",
                     "exists <count> ", "count(start");
}

/* A header's number above the cells some row holds ("A number exceeds the
 * count in a record"): the loader copies as many cells as the header
 * declares from each row; a row with more is cut, a row with as many fits. */
static const char *table_grammar =
    "<start> ::= \"cols=\" <cols> \"\\n\" <rows>\n"
    "<cols> ::= [1-4]\n"
    "<rows> ::= <row> | <row> <rows>\n"
    "<row> ::= \"r\" <cells> \"\\n\"\n"
    "<cells> ::= \" \" <cell> | \" \" <cell> <cells>\n"
    "<cell> ::= [0-9]\n";

static bool table_short_row(const SdTree *t) {
  SdSymbol row = sd_grammar_find(t->grammar, "<row>"), cols = sd_grammar_find(t->grammar, "<cols>"),
           cell = sd_grammar_find(t->grammar, "<cell>");
  long declared = field_value(t, t->nodes[t->by_symbol[cols][0]]);
  for (uint32_t i = 0; i < t->by_symbol_count[row]; i++) {
    uint32_t n;
    sd_tree_range(t, cell, t->nodes[t->by_symbol[row][i]], &n);
    if ((long)n < declared) return true;
  }
  return false;
}

static void test_number_exceeds_count_in_record(void) {
  const char *rel[] = {"<cols>", "<cell>", "<row>", NULL};
  expect_top_pattern(table_grammar, 21, table_short_row, rel, "A number exceeds the count in a record",
                     "exists <cols> ", "count(");
}

/* A literal longer than the 8 bytes values are cut to: a subject starting
 * "Subject: Fwd: Fwd:" loops, one with "Re: Fwd: Fwd:" does not; 8-byte
 * pieces hold on both, the grown literal (learner_affix.c) tells them apart. */
static const char *subject_grammar =
    "<start> ::= <msg> | <msg> <msg>\n"
    "<msg> ::= \"Subject: \" <subject> \"\\n\"\n"
    "<subject> ::= <word> | <word> \" \" <subject>\n"
    "<word> ::= \"Re:\" | \"Fwd:\" | \"ok\"\n";

static bool forward_loop(const SdTree *t) {
  SdSymbol msg = sd_grammar_find(t->grammar, "<msg>");
  for (uint32_t i = 0; i < t->by_symbol_count[msg]; i++) {
    uint32_t len;
    const char *text = sd_node_text(t, t->nodes[t->by_symbol[msg][i]], &len);
    if (len >= 18 && !memcmp(text, "Subject: Fwd: Fwd:", 18)) return true;
  }
  return false;
}

/* No literal across two fields: a job list whose mp3 encodes at 96000 Hz
 * fail. "3 9" (the codec's last byte, the space, the rate's first) tells
 * the failing jobs apart as well as the two fields do, but stands for a
 * codec and a rate together; no candidate may hold a piece with bytes of
 * both (learner.c `across_fields`), while one of a single field stays. */
static const char *job_grammar =
    "<start> ::= <job> | <job> <job>\n"
    "<job> ::= \"encode \" <codec> \" \" <rate> \"\\n\"\n"
    "<codec> ::= \"mp3\" | \"opus\" | \"aac\"\n"
    "<rate> ::= \"44100\" | \"48000\" | \"96000\"\n";

static bool mp3_at_96k(const SdTree *t) {
  SdSymbol job = sd_grammar_find(t->grammar, "<job>");
  for (uint32_t i = 0; i < t->by_symbol_count[job]; i++) {
    uint32_t len;
    const char *text = sd_node_text(t, t->nodes[t->by_symbol[job][i]], &len);
    if (len >= 17 && !memcmp(text, "encode mp3 96000", 16)) return true;
  }
  return false;
}

static void test_no_literal_across_fields(void) {
  const char *rel[] = {"<job>", "<codec>", "<rate>", NULL};
  SdGrammar *g = grammar_text(job_grammar);
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 5, 200, 40, mp3_at_96k);
  CHECK(s.nfail > 10 && s.nfail < s.n - 10);
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  uint32_t n = sd_learner_candidate_count(l);
  for (uint32_t r = 0; r < n && r < 20; r++) {
    char *isla = sd_constraint_to_isla(sd_learner_candidate(l, r)->constraint);
    bool across = strstr(isla, "\"3 9") || strstr(isla, "3 96") || strstr(isla, "p3 9");
    CHECK(!across);
    if (across) fprintf(stderr, "  across two fields: %s\n", isla);
    free(isla);
  }
  const SdCandidate *top = n ? sd_learner_candidate(l, 0) : NULL;
  CHECK(top && top->precision == 1.0 && top->recall == 1.0);
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

static void test_grown_literal(void) {
  const char *rel[] = {"<msg>", "<subject>", "<word>", NULL};
  SdGrammar *g = grammar_text(subject_grammar);
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 14, 300, 40, forward_loop);
  CHECK(s.nfail > 10 && s.nfail < s.n - 10);
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->precision == 1.0 && top->recall == 1.0);
  char *isla = top ? sd_constraint_to_isla(top->constraint) : NULL;
  CHECK(isla && strstr(isla, "Subject: Fwd: F"));
  free(isla);
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* An upper-case letter in a name fails; upper case elsewhere does not. The
 * grammar's letters are one mixed class, [a-zA-Z]: "Contains a character
 * of a class" takes its upper-case part. */
static const char *account_grammar =
    "<start> ::= <account> | <account> <account>\n"
    "<account> ::= <name> \":\" <group> \";\"\n"
    "<name> ::= <alpha> | <alpha> <alpha> | <alpha> <alpha> <alpha>\n"
    "<group> ::= <alpha> | <alpha> <alpha>\n"
    "<alpha> ::= [a-zA-Z]\n";

/* Does some <sym> of t have a text for which holds() is true? */
static bool some_text(const SdTree *t, const char *sym, bool (*holds)(const char *v, uint32_t len)) {
  SdSymbol s = sd_grammar_find(t->grammar, sym);
  for (uint32_t i = 0; s >= 0 && i < t->by_symbol_count[s]; i++) {
    uint32_t len;
    const char *v = sd_node_text(t, t->nodes[t->by_symbol[s][i]], &len);
    if (holds(v, len)) return true;
  }
  return false;
}

static bool has_capital(const char *v, uint32_t len) {
  for (uint32_t k = 0; k < len; k++)
    if (v[k] >= 'A' && v[k] <= 'Z') return true;
  return false;
}

static bool upper_in_name(const SdTree *t) { return some_text(t, "<name>", has_capital); }

static void test_character_class(void) {
  const char *rel[] = {"<name>", "<group>", "<alpha>", NULL};
  expect_top_pattern(account_grammar, 3, upper_in_name, rel, "Contains a character of a class", "exists <name> ",
                     "(re.range \"A\" \"Z\")");
}

/* The classes a <?CHARSET> takes: each set of the grammar, then the parts
 * of a mixed one by kind; a part of one character is left out, and so is a
 * repeated class. */
static void test_charset_choices(void) {
  SdGrammar *g = grammar_text("<start> ::= <id> \"=\" <digit>\n"
                              "<id> ::= [a-zA-Z0-9_] | [a-zA-Z0-9_] <id>\n"
                              "<digit> ::= [0-9]\n");
  char *out[12] = {0};
  uint32_t n = lr_charset_choices(g, out, 12);
  CHECK(n == 4);
  if (n == 4) {
    CHECK(!strcmp(out[0], "re.union(re.range(\"0\", \"9\"), re.range(\"A\", \"Z\"), str.to_re(\"_\"), re.range(\"a\", \"z\"))"));
    CHECK(!strcmp(out[1], "re.range(\"0\", \"9\")"));
    CHECK(!strcmp(out[2], "re.range(\"a\", \"z\")"));
    CHECK(!strcmp(out[3], "re.range(\"A\", \"Z\")"));
  }
  for (uint32_t i = 0; i < n; i++) free(out[i]);
  sd_grammar_free(g);
}

/* Three fields of one record: header plus payload above the total of the
 * same packet. "Sum exceeds" states it over the whole input (a header and
 * payload of one packet against another's total); the learner scopes the
 * relation into the record that holds all three. */
static const char *packet_grammar =
    "<start> ::= <pkt> | <pkt> <pkt> | <pkt> <pkt> <pkt>\n"
    "<pkt> ::= \"p \" <total> \" \" <hdr> \" \" <plen> \";\"\n"
    "<total> ::= [1-9] [0-9]\n"
    "<hdr> ::= \"20\" | \"24\" | \"40\"\n"
    "<plen> ::= [0-9] | [1-9] [0-9]\n";

static bool packet_over(const SdTree *t) {
  SdSymbol tot = sd_grammar_find(t->grammar, "<total>"), hdr = sd_grammar_find(t->grammar, "<hdr>"),
           plen = sd_grammar_find(t->grammar, "<plen>");
  for (uint32_t i = 0; i < t->by_symbol_count[tot]; i++)
    if (field_value(t, t->nodes[t->by_symbol[hdr][i]]) + field_value(t, t->nodes[t->by_symbol[plen][i]]) >
        field_value(t, t->nodes[t->by_symbol[tot][i]]))
      return true;
  return false;
}

static void test_scoped_relation(void) {
  SdGrammar *g = grammar_text(packet_grammar);
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 7, 400, 40, packet_over);
  CHECK(s.nfail > 10 && s.nfail < s.n - 10);
  const char *rel[] = {"<hdr>", "<plen>", "<total>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->precision == 1.0 && top->recall == 1.0 && strstr(top->pattern, "in one record"));
  char *isla = top ? sd_constraint_to_isla(top->constraint) : NULL;
  CHECK(isla && strstr(isla, "exists <pkt> ") && strstr(isla, "(+ (str.to.int"));
  free(isla);
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* A product of two fields against a third of the same record (a row's
 * width times its bytes per pixel above its stride): "Product exceeds"
 * scoped into the record, as the sum above. */
static const char *row_grammar =
    "<start> ::= <row> | <row> <row> | <row> <row> <row>\n"
    "<row> ::= \"r \" <width> \" \" <bpp> \" \" <stride> \";\"\n"
    "<width> ::= [1-9] | [1-9] [0-9]\n"
    "<bpp> ::= \"1\" | \"2\" | \"3\" | \"4\"\n"
    "<stride> ::= [1-9] | [1-9] [0-9] | [1-9] [0-9] [0-9]\n";

static bool row_over(const SdTree *t) {
  SdSymbol w = sd_grammar_find(t->grammar, "<width>"), b = sd_grammar_find(t->grammar, "<bpp>"),
           st = sd_grammar_find(t->grammar, "<stride>");
  for (uint32_t i = 0; i < t->by_symbol_count[st]; i++)
    if (field_value(t, t->nodes[t->by_symbol[w][i]]) * field_value(t, t->nodes[t->by_symbol[b][i]]) >
        field_value(t, t->nodes[t->by_symbol[st][i]]))
      return true;
  return false;
}

static void test_scoped_product(void) {
  SdGrammar *g = grammar_text(row_grammar);
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 5, 400, 40, row_over);
  CHECK(s.nfail > 10 && s.nfail < s.n - 10);
  const char *rel[] = {"<width>", "<bpp>", "<stride>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->precision == 1.0 && top->recall == 1.0 && strstr(top->pattern, "in one record"));
  char *isla = top ? sd_constraint_to_isla(top->constraint) : NULL;
  CHECK(isla && strstr(isla, "exists <row> ") && strstr(isla, "(* (str.to.int"));
  free(isla);
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* Two string conditions on one element (a number with a leading 0 that
 * holds an 8): each holds on passing inputs, and so does their conjunction
 * over the input ("0644" beside "28"); the conjunction of one element does
 * not. */
static const char *mode_grammar =
    "<start> ::= <mode> | <mode> <mode> | <mode> <mode> <mode>\n"
    "<mode> ::= \"m=\" <num> \";\"\n"
    "<num> ::= [0-9] [0-9] [0-9] | [0-9] [0-9] [0-9] [0-9]\n";

static bool leading_zero_and_eight(const char *v, uint32_t len) { return len && v[0] == '0' && memchr(v, '8', len); }

static bool octal_eight(const SdTree *t) { return some_text(t, "<num>", leading_zero_and_eight); }

static void test_within_element(void) {
  SdGrammar *g = grammar_text(mode_grammar);
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 3, 400, 40, octal_eight);
  CHECK(s.nfail > 10 && s.nfail < s.n - 10);
  const char *rel[] = {"<num>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->precision == 1.0 && top->recall == 1.0 && strstr(top->pattern, "of one element"));
  char *isla = top ? sd_constraint_to_isla(top->constraint) : NULL;
  CHECK(isla && !strcmp(isla, "exists <num> elem in start: ((str.contains elem \"8\") and (str.prefixof \"0\" elem))"));
  free(isla);
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* A range on the second of two numbers one nonterminal derives in a
 * record (a window of 256-511; a sequence number there passes): "Record
 * value in range at a position", at position 2. */
static const char *segment_grammar =
    "<start> ::= <seg> | <seg> <start>\n"
    "<seg> ::= \"s \" <n> \" w \" <n> \";\"\n"
    "<n> ::= [0-9] | [1-9] [0-9] [0-9]? [0-9]?\n";

static bool window_in_block(const SdTree *t) {
  SdSymbol seg = sd_grammar_find(t->grammar, "<seg>"), n = sd_grammar_find(t->grammar, "<n>");
  for (uint32_t i = 0; i < t->by_symbol_count[seg]; i++) {
    uint32_t count, first = sd_tree_range(t, n, t->nodes[t->by_symbol[seg][i]], &count);
    if (count < 2) continue;
    long w = field_value(t, t->nodes[t->by_symbol[n][first + 1]]);
    if (w >= 256 && w <= 511) return true;
  }
  return false;
}

static void test_position_range(void) {
  SdGrammar *g = grammar_text(segment_grammar);
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 11, 400, 40, window_in_block);
  CHECK(s.nfail > 10 && s.nfail < s.n - 10);
  const char *rel[] = {"<n>", "<seg>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->precision == 1.0 && top->recall == 1.0 && !strcmp(top->pattern, "Record value in range at a position"));
  char *isla = top ? sd_constraint_to_isla(top->constraint) : NULL;
  CHECK(isla && strstr(isla, "nth(2, elem, container)"));
  free(isla);
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* Arrays nested four deep (a parser's stack of three open arrays): "Nested
 * N deep" at the depth that separates the inputs, one statement. */
static const char *array_grammar = "<start> ::= <value>\n<value> ::= <num> | <arr>\n"
                                   "<arr> ::= \"[]\" | \"[\" <elems> \"]\"\n"
                                   "<elems> ::= <value> | <value> \",\" <elems>\n<num> ::= [0-9]\n";

static bool four_deep(const SdTree *t) {
  int depth = 0;
  for (uint32_t i = 0; i < t->length; i++) {
    depth += t->text[i] == '[' ? 1 : t->text[i] == ']' ? -1 : 0;
    if (depth > 3) return true;
  }
  return false;
}

static void test_nested_depth(void) {
  SdGrammar *g = grammar_text(array_grammar);
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 4, 300, 60, four_deep);
  CHECK(s.nfail > 10 && s.nfail < s.n - 10);
  const char *rel[] = {"<arr>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 1);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->precision == 1.0 && top->recall == 1.0 && !strcmp(top->pattern, "Nested N deep"));
  char *isla = top ? sd_constraint_to_isla(top->constraint) : NULL;
  CHECK(isla && strstr(isla, "exists <arr> n4 in n3: ") && !strstr(isla, " n5 "));
  free(isla);
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- parity ---------- */

static bool odd_count(const SdTree *t) {
  uint32_t len;
  const char *text = sd_node_text(t, t->nodes[0], &len);
  return len > 0 && (text[len - 1] - '0') % 2 == 1;
}

static bool odd_hex(const SdTree *t) {
  uint32_t len;
  sd_node_text(t, t->nodes[0], &len);
  return len % 2 == 1;
}

static bool repeated_key(const SdTree *t) {
  SdSymbol key = sd_grammar_find(t->grammar, "<key>");
  uint32_t n = t->by_symbol_count[key];
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = i + 1; j < n; j++) {
      uint32_t la, lb;
      const char *a = sd_node_text(t, t->nodes[t->by_symbol[key][i]], &la);
      const char *b = sd_node_text(t, t->nodes[t->by_symbol[key][j]], &lb);
      if (la == lb && !memcmp(a, b, la)) return true;
    }
  return false;
}

/* Odd values and odd lengths are learned whole ("Value odd", "Length odd"),
 * not as unions of last digits; a key given twice as one relation ("Repeated
 * text"), not as lists of keys. */
static void test_parity(void) {
  SdCatalog *cat = default_catalog();
  struct {
    const char *grammar, *rel, *pattern;
    Label label;
    uint32_t max_size;
  } cases[] = {
      {"<start> ::= <count>\n<count> ::= [0-9] [0-9]? [0-9]?\n", "<count>", "Value odd", odd_count, 12},
      {"<start> ::= <hex>\n<hex> ::= [0-9a-f]+\n", "<hex>", "Length odd", odd_hex, 12},
      {"<start> ::= <set>+\n<set> ::= <key> \"=1;\"\n<key> ::= [a-f] [a-f]?\n", "<key>", "Repeated text",
       repeated_key, 40},
  };
  for (uint32_t k = 0; k < 3; k++) {
    SdGrammar *g = grammar_text(cases[k].grammar);
    Set s = fuzz_set(g, 61, 200, cases[k].max_size, cases[k].label);
    CHECK(s.nfail > 20 && s.nfail < s.n - 20);
    const char *rel[] = {cases[k].rel, NULL};
    SdLearner *l = learn(g, cat, &s, rel, NULL);
    const SdCandidate *top = sd_learner_candidate(l, 0);
    CHECK(top && top->precision == 1.0 && top->recall == 1.0);
    CHECK(top && !strcmp(top->pattern, cases[k].pattern));
    sd_learner_free(l);
    set_free(&s);
    sd_grammar_free(g);
  }
  sd_catalog_free(cat);
}

/* ---------- consecutive records ---------- */

/* Record numbers that do not go up by one from one record to the next
 * ("Next record skips"): runs of consecutive numbers pass, a gap or a
 * repeat anywhere fails; "two records or more" does not separate them. */
static const char *gen_grammar = "<start> ::= <gen>+\n<gen> ::= \"g\" <n> \";\"\n<n> ::= [0-9] | [1-9] [0-9]\n";

static void test_next_record_skips(void) {
  SdGrammar *g = grammar_text(gen_grammar);
  SdCatalog *cat = default_catalog();
  SdParser *parser = sd_parser_new(g);
  SdRng rng;
  sd_rng_seed(&rng, 41);
  uint32_t n = 120;
  Set s = {.trees = sd_xcalloc(n, sizeof(SdTree *)), .failing = sd_xcalloc(n, 1), .n = n};
  for (uint32_t i = 0; i < n; i++) {
    SdBuf b = {0};
    uint32_t count = 2 + sd_rng_below(&rng, 4), v = sd_rng_below(&rng, 50);
    bool gap = i % 2;
    uint32_t at = 1 + sd_rng_below(&rng, count - 1);
    for (uint32_t k = 0; k < count; k++) {
      sd_buf_printf(&b, "g%u;", v);
      v += gap && k + 1 == at ? (sd_rng_below(&rng, 2) ? 0 : 2 + sd_rng_below(&rng, 5)) : 1;
    }
    put_parsed(&s, i, parser, &b, NULL, gap);
  }
  const char *rel[] = {"<n>", "<gen>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->precision == 1.0 && top->recall == 1.0 && !strcmp(top->pattern, "Next record skips"));
  if (!top || strcmp(top->pattern, "Next record skips")) show_top(l, 5);
  sd_learner_free(l);
  set_free(&s);
  sd_parser_free(parser);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- outside a set, undefined names ---------- */

/* Some die has a size outside {4, 6, 8}: passing inputs hold only those,
 * failing ones many others. The outside atom states it (a set of failing
 * sizes cannot: fresh sizes are unseen). Without it no candidate among the
 * first eight is that set. */
static bool odd_die(const SdTree *t) {
  SdSymbol n = sd_grammar_find(t->grammar, "<n>");
  for (uint32_t k = 0; k < t->by_symbol_count[n]; k++) {
    uint32_t len;
    const char *x = sd_node_text(t, t->nodes[t->by_symbol[n][k]], &len);
    if (!(len == 1 && (x[0] == '4' || x[0] == '6' || x[0] == '8'))) return true;
  }
  return false;
}

static void test_outside_set(void) {
  SdCatalog *cat = default_catalog();
  SdGrammar *g = grammar_text("<start> ::= <die>+\n<die> ::= \"d\" <n> \";\"\n<n> ::= \"4\" | \"6\" | \"8\" | [1-9] | [1-9] [0-9]\n");
  Set s = fuzz_set(g, 7, 300, 40, odd_die);
  CHECK(s.nfail > 20 && s.nfail < s.n - 20);
  const char *rel[] = {"<n>", "<die>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  /* among the candidates exact on the evidence (the debugger's experiments
     split it from "two digits or odd", equal on this sample) */
  bool found = false;
  for (uint32_t i = 0; i < sd_learner_candidate_count(l) && i < 8 && !found; i++) {
    const SdCandidate *c = sd_learner_candidate(l, i);
    char *text = sd_constraint_to_short(c->constraint);
    found = c->precision == 1.0 && c->recall == 1.0 && !strcmp(text, "exists <n> elem: not elem in {\"4\", \"6\", \"8\"}");
    free(text);
  }
  CHECK(found);
  if (!found) show_top(l, 8);
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* Some use names no definition: "Undefined name" over two nonterminals. */
static bool undefined_use(const SdTree *t) {
  SdSymbol def = sd_grammar_find(t->grammar, "<def>"), use = sd_grammar_find(t->grammar, "<use>");
  for (uint32_t u = 0; u < t->by_symbol_count[use]; u++) {
    uint32_t lu, ld;
    const char *x = sd_node_text(t, t->nodes[t->by_symbol[use][u]], &lu);
    bool found = false;
    for (uint32_t k = 0; k < t->by_symbol_count[def] && !found; k++) {
      const char *y = sd_node_text(t, t->nodes[t->by_symbol[def][k]], &ld);
      found = ld == lu && !memcmp(x, y, lu);
    }
    if (!found) return true;
  }
  return false;
}

static void test_undefined_name(void) {
  SdCatalog *cat = default_catalog();
  SdGrammar *g = grammar_text("<start> ::= <line>+\n<line> ::= \"def \" <def> \";\" | \"use \" <use> \";\"\n"
                              "<def> ::= [a-d]\n<use> ::= [a-d]\n");
  Set s = fuzz_set(g, 11, 300, 40, undefined_use);
  CHECK(s.nfail > 20 && s.nfail < s.n - 20);
  const char *rel[] = {"<use>", "<def>", "<line>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->precision == 1.0 && top->recall == 1.0 && !strcmp(top->pattern, "Undefined name"));
  if (!top || strcmp(top->pattern, "Undefined name")) show_top(l, 5);
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* A use its own block does not define ("Undefined name in its record",
 * session 52): a jump to a chain its table does not declare, where
 * another table's chain of that name does not count (nftjump). */
static const char *tables_grammar =
    "<start> ::= <table> <table>\n"
    "<table> ::= \"table{\" <lines> \"}\"\n"
    "<lines> ::= <line> | <line> <lines>\n"
    "<line> ::= \"def \" <def> \";\" | \"use \" <use> \";\"\n"
    "<def> ::= [a-c]\n"
    "<use> ::= [a-c]\n";

static bool undefined_in_table(const SdTree *t) {
  SdSymbol table = sd_grammar_find(t->grammar, "<table>"), def = sd_grammar_find(t->grammar, "<def>"),
           use = sd_grammar_find(t->grammar, "<use>");
  for (uint32_t i = 0; i < t->by_symbol_count[table]; i++) {
    const SdNode *tb = t->nodes[t->by_symbol[table][i]];
    uint32_t nu, fu = sd_tree_range(t, use, tb, &nu), nd, fd = sd_tree_range(t, def, tb, &nd);
    for (uint32_t u = 0; u < nu; u++) {
      uint32_t lu, ld;
      const char *x = sd_node_text(t, t->nodes[t->by_symbol[use][fu + u]], &lu);
      bool found = false;
      for (uint32_t k = 0; k < nd && !found; k++) {
        const char *y = sd_node_text(t, t->nodes[t->by_symbol[def][fd + k]], &ld);
        found = ld == lu && !memcmp(x, y, lu);
      }
      if (!found) return true;
    }
  }
  return false;
}

static void test_undefined_in_record(void) {
  const char *rel[] = {"<use>", "<def>", "<table>", NULL};
  expect_top_pattern(tables_grammar, 16, undefined_in_table, rel, "Undefined name in its record", "exists <table> ",
                     "forall <def> ");
}

/* Two records' ranges overlapping ("Ranges overlap", session 52): a
 * partition that starts inside another (espparts). */
static const char *parts_grammar =
    "<start> ::= <part> <part> | <part> <part> <part>\n"
    "<part> ::= \"p \" <off> \" \" <len> \";\"\n"
    "<off> ::= [1-9] [0-9]\n"
    "<len> ::= [1-9] | [1-2] [0-9]\n";

static bool parts_overlap(const SdTree *t) {
  SdSymbol off = sd_grammar_find(t->grammar, "<off>"), len = sd_grammar_find(t->grammar, "<len>");
  uint32_t n = t->by_symbol_count[off];
  for (uint32_t a = 0; a < n; a++)
    for (uint32_t b = 0; b < n; b++) {
      long oa = field_value(t, t->nodes[t->by_symbol[off][a]]), la = field_value(t, t->nodes[t->by_symbol[len][a]]),
           ob = field_value(t, t->nodes[t->by_symbol[off][b]]);
      if (a != b && oa <= ob && ob < oa + la) return true;
    }
  return false;
}

static void test_ranges_overlap(void) {
  const char *rel[] = {"<off>", "<len>", "<part>", NULL};
  expect_top_pattern(parts_grammar, 17, parts_overlap, rel, "Ranges overlap", "exists <part> ", "different_position(");
}

/* The same with each range from one number to another ("Ranges overlap,
 * from and to"): a port range that starts inside another. */
static const char *spans_grammar =
    "<start> ::= <span> <span> | <span> <span> <span>\n"
    "<span> ::= \"r \" <lo> \"-\" <hi> \";\"\n"
    "<lo> ::= [1-9] \"0\"\n"
    "<hi> ::= [1-9] \"5\"\n";

static bool spans_overlap(const SdTree *t) {
  SdSymbol lo = sd_grammar_find(t->grammar, "<lo>"), hi = sd_grammar_find(t->grammar, "<hi>");
  uint32_t n = t->by_symbol_count[lo];
  for (uint32_t a = 0; a < n; a++)
    for (uint32_t b = 0; b < n; b++) {
      long la = field_value(t, t->nodes[t->by_symbol[lo][a]]), ha = field_value(t, t->nodes[t->by_symbol[hi][a]]),
           lb = field_value(t, t->nodes[t->by_symbol[lo][b]]), hb = field_value(t, t->nodes[t->by_symbol[hi][b]]);
      (void)hb;
      if (a != b && la <= lb && lb <= ha) return true;
    }
  return false;
}

static void test_spans_overlap(void) {
  const char *rel[] = {"<lo>", "<hi>", "<span>", NULL};
  expect_top_pattern(spans_grammar, 18, spans_overlap, rel, "Ranges overlap, from and to", "exists <span> ",
                     "different_position(");
}

/* ---------- how many elements ---------- */

static bool many_items(const SdTree *t) {
  SdSymbol item = sd_grammar_find(t->grammar, "<item>");
  return t->by_symbol_count[item] >= 11;
}

/* "At least N" takes N beyond ISLearn's positions 1-8 from the failing
 * inputs' counts, the fewest first: eleven items or more. */
static void test_at_least_n(void) {
  SdCatalog *cat = default_catalog();
  SdGrammar *g = grammar_text("<start> ::= <item>+\n<item> ::= [a-c] \";\"\n");
  Set s = fuzz_set(g, 5, 300, 120, many_items);
  CHECK(s.nfail > 20 && s.nfail < s.n - 20);
  const char *rel[] = {"<item>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->precision == 1.0 && top->recall == 1.0 && !strcmp(top->pattern, "At least N"));
  char *isla = top ? sd_constraint_to_isla(top->constraint) : NULL;
  CHECK(isla && strstr(isla, "nth(11, elem, start)"));
  free(isla);
  sd_learner_free(l);
  set_free(&s);
  sd_grammar_free(g);
  sd_catalog_free(cat);
}

/* ---------- a bound chosen by threshold search ---------- */

static bool long_payload(const SdTree *t) {
  uint32_t b;
  first(t, "<payload>", &b);
  return b > 7;
}

static void test_threshold(void) {
  SdGrammar *g = grammar("grammars/heartbleed.bnf");
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 61, 300, 200, long_payload);
  CHECK(s.nfail > 20 && s.nfail < s.n - 20);
  const char *rel[] = {"<payload>", "<padding>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->recall == 1.0 && top->precision == 1.0 && top->size == 1);
  Set fresh = fuzz_set(g, 62, 400, 200, long_payload);
  double p, r;
  measure(top->constraint, &fresh, &p, &r);
  CHECK(p == 1.0 && r == 1.0);
  sd_learner_free(l);
  set_free(&fresh);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* A decimal bound is the roundest value between the failing and the
 * passing readings (the most zeros at the end, then the nearest the middle
 * of the gap): "> 4" between 1.4 and 7.3, not 4.3 or 4.35; with a reading
 * beyond int64 in millionths (the bound search on numerals) too. */
static void test_round_decimal_bound(void) {
  SdGrammar *g = grammar_text("<start> ::= <reading>\n<reading> ::= <digits> \".\" <digits>\n<digits> ::= [0-9]+\n");
  SdCatalog *cat = default_catalog();
  SdParser *p = sd_parser_new(g);
  const char *texts[] = {"7.3", "8.8", "9.1", "123456789012345678.6", "0.2", "1.1", "1.4", "0.9"};
  Set s = {.trees = sd_xcalloc(8, sizeof(SdTree *)), .failing = sd_xcalloc(8, 1), .n = 8};
  for (uint32_t i = 0; i < 8; i++) {
    SdParseError err = {0};
    s.trees[i] = sd_parse(p, -1, texts[i], strlen(texts[i]), &err);
    CHECK(s.trees[i] != NULL);
    s.failing[i] = i < 4;
    s.nfail += i < 4;
  }
  const char *rel[] = {"<reading>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 3);
  bool round = false, off = false;
  for (uint32_t i = 0; i < sd_learner_candidate_count(l); i++) {
    const char *t = sd_learner_candidate(l, i)->text;
    if (!strstr(t, "str.to.real")) continue;
    round |= strstr(t, " > 4)") != NULL || strstr(t, " > 4") != NULL;
    off |= strstr(t, "4.3") != NULL || strstr(t, "4.4") != NULL || strstr(t, "4.35") != NULL;
  }
  CHECK(round);
  CHECK(!off);
  sd_learner_free(l);
  set_free(&s);
  sd_parser_free(p);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- cache, increments, determinism ---------- */

static bool same_ranking(const SdLearner *a, const SdLearner *b) {
  if (sd_learner_candidate_count(a) != sd_learner_candidate_count(b)) return false;
  for (uint32_t i = 0; i < sd_learner_candidate_count(a); i++) {
    const SdCandidate *x = sd_learner_candidate(a, i), *y = sd_learner_candidate(b, i);
    if (strcmp(x->text, y->text) || x->tp != y->tp || x->fp != y->fp ||
        x->equivalent_group != y->equivalent_group) {
      return false;
    }
  }
  return true;
}

static void test_incremental_and_deterministic(void) {
  SdGrammar *g = grammar("grammars/middle.bnf");
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 71, 400, 120, middle_fails);
  const char *rel[] = {"<x>", "<y>", "<z>", NULL};
  SdSymbol syms[3];
  for (int i = 0; i < 3; i++) syms[i] = sd_grammar_find(g, rel[i]);
  /* all at once, twice */
  SdLearner *a = learn(g, cat, &s, rel, NULL);
  SdLearner *b = learn(g, cat, &s, rel, NULL);
  CHECK(sd_learner_candidate_count(a) > 5);
  CHECK(same_ranking(a, b));
  /* in two steps: the second learn evaluates only the new inputs on old atoms */
  SdLearner *c = sd_learner_new(g, cat, NULL);
  sd_learner_add(c, s.trees, s.failing, 200);
  sd_learner_learn(c, syms, 3);
  SdLearnerStats before, after, full;
  sd_learner_stats(c, &before);
  sd_learner_add(c, s.trees + 200, s.failing + 200, 200);
  sd_learner_learn(c, syms, 3);
  sd_learner_stats(c, &after);
  sd_learner_stats(a, &full);
  CHECK(same_ranking(a, c));
  CHECK(after.cached > 0);
  CHECK(after.evaluations - before.evaluations < full.evaluations * 3 / 4);
  /* learning again without new inputs costs no evaluation of known atoms */
  sd_learner_learn(c, syms, 3);
  SdLearnerStats again;
  sd_learner_stats(c, &again);
  CHECK(again.evaluations - after.evaluations < full.evaluations / 10);
  CHECK(same_ranking(a, c));
  CHECK(sd_learner_input_count(c) == 400 && sd_learner_failing_count(c) == s.nfail);
  sd_learner_free(a);
  sd_learner_free(b);
  sd_learner_free(c);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* A memo shared by two learners over the same trees: the second ranks as
 * one without a memo does, and evaluates far less (its atoms' truths are
 * known from the first). */
static void test_shared_memo(void) {
  SdGrammar *g = grammar("grammars/middle.bnf");
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 73, 300, 90, middle_fails);
  const char *rel[] = {"<x>", "<y>", "<z>", NULL};
  SdSymbol syms[3];
  for (int i = 0; i < 3; i++) syms[i] = sd_grammar_find(g, rel[i]);
  SdLearner *plain = learn(g, cat, &s, rel, NULL);
  SdLearnerMemo *memo = sd_learner_memo_new();
  SdLearner *shared[2];
  SdLearnerStats st[2];
  for (int k = 0; k < 2; k++) {
    shared[k] = sd_learner_new(g, cat, NULL);
    sd_learner_set_memo(shared[k], memo);
    sd_learner_add(shared[k], s.trees, s.failing, s.n);
    sd_learner_learn(shared[k], syms, 3);
    sd_learner_stats(shared[k], &st[k]);
    CHECK(same_ranking(plain, shared[k]));
  }
  CHECK(st[0].evaluations > 1000);
  CHECK(st[1].evaluations < st[0].evaluations / 10);
  for (int k = 0; k < 2; k++) sd_learner_free(shared[k]);
  sd_learner_memo_free(memo);
  sd_learner_free(plain);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- invariants ---------- */

static bool small_x(const SdTree *t) {
  uint32_t a;
  const char *x = first(t, "<x>", &a);
  return a == 1 && x[0] >= '0' && x[0] <= '9';
}

static void test_invariants(void) {
  SdGrammar *g = grammar("grammars/middle.bnf");
  SdCatalog *cat = default_catalog();
  /* the given inputs: those with a one-digit x; the background: random ones */
  Set all = fuzz_set(g, 81, 1500, 80, small_x);
  Set s = {.trees = sd_xcalloc(all.n, sizeof(SdTree *)), .failing = sd_xcalloc(all.n, 1)};
  for (uint32_t i = 0; i < all.n; i++)
    if (all.failing[i] && s.nfail < 60) s.trees[s.n] = all.trees[i], s.failing[s.n++] = true, s.nfail++;
  uint32_t bg = 0;
  for (uint32_t i = 0; i < all.n && bg < 200; i++)
    if (!all.failing[i]) s.trees[s.n++] = all.trees[i], bg++; /* background: positive ones excluded */
  CHECK(s.nfail >= 30);
  SdLearnerOptions o;
  sd_learner_options_init(&o);
  o.invariants = true;
  const char *rel[] = {"<x>", "<y>", "<z>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, &o);
  show_top(l, 3);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->accepted && top->recall == 1.0 && top->specificity == 1.0);
  /* every accepted candidate holds on all given inputs */
  for (uint32_t i = 0; i < sd_learner_candidate_count(l); i++) {
    const SdCandidate *c = sd_learner_candidate(l, i);
    if (!c->accepted) break;
    CHECK(c->tp == s.nfail);
    if (i) CHECK(c->specificity <= sd_learner_candidate(l, i - 1)->specificity);
  }
  /* by meaning on the rest of the set */
  Set rest = {.trees = all.trees, .failing = all.failing, .n = all.n};
  double p, r;
  measure(top->constraint, &rest, &p, &r);
  CHECK(p == 1.0 && r == 1.0);
  sd_learner_free(l);
  free(s.trees);
  free(s.failing);
  set_free(&all);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- catalogs with patterns that do not parse ---------- */

static void test_bad_patterns(void) {
  SdGrammar *g = grammar("grammars/heartbleed.bnf");
  const char *text = "[[Good]]\n"
                     "name = \"Long\"\n"
                     "constraint = '''\n"
                     "exists <?NONTERMINAL> e in start:\n"
                     "  str.len(e) > <?INTEGER>\n"
                     "'''\n"
                     "[[Bad]]\n"
                     "name = \"Nth\"\n"
                     "constraint = '''\n"
                     "exists <?NONTERMINAL> e in start:\n"
                     "  nth(<?STRING>, e, start, 4)\n"
                     "'''\n"
                     "[[Container]]\n"
                     "name = \"Same\"\n"
                     "constraint = '''\n"
                     "exists <?NONTERMINAL> c=\"{<?MATCHEXPR(a, b)>}\" in start:\n"
                     "  (= a b)\n"
                     "'''\n";
  /* "Same" has no instance here (no nonterminal derives two fields of one
     kind): left out without a word, since it is idle, not wrong */
  SdDiagnostics d = {0};
  SdCatalog *cat = sd_catalog_parse(text, strlen(text), "two.toml", &d);
  CHECK(cat && d.size == 0);
  CHECK(sd_catalog_check(cat, g, false, &d) == 1);
  CHECK(d.size == 1 && !d.items[0].is_warning && strstr(d.items[0].message, "pattern 'Nth'") &&
        d.items[0].line == 11 && !strcmp(d.items[0].path, "two.toml"));
  if (d.size) fprintf(stderr, "   (%s:%d: %s)\n", d.items[0].path, d.items[0].line, d.items[0].message);
  sd_diagnostics_free(&d);
  /* the learner warns once and uses the good pattern */
  Set s = fuzz_set(g, 91, 200, 200, long_payload);
  SdLearnerOptions o;
  sd_learner_options_init(&o);
  o.diagnostics = &d;
  const char *rel[] = {"<payload>", "<padding>", "<payload-length>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, &o);
  CHECK(d.size == 1 && d.items[0].is_warning && strstr(d.items[0].message, "'Nth'"));
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->recall == 1.0 && top->precision == 1.0 && !strcmp(top->pattern, "Long"));
  sd_learner_free(l);
  set_free(&s);
  sd_diagnostics_free(&d);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- inputs built from text ---------- */

typedef bool (*TextLabel)(const char *text, uint32_t len);

/* Parse texts (all must parse) and label them. */
static Set text_set(const SdGrammar *g, char **texts, uint32_t n, TextLabel label) {
  SdParser *parser = sd_parser_new(g);
  Set s = {.trees = sd_xcalloc(n, sizeof(SdTree *)), .failing = sd_xcalloc(n, 1), .n = n};
  for (uint32_t i = 0; i < n; i++) {
    SdParseError err;
    s.trees[i] = sd_parse(parser, -1, texts[i], strlen(texts[i]), &err);
    CHECK(s.trees[i] != NULL);
    if (!s.trees[i]) fprintf(stderr, "   does not parse: '%s'\n", texts[i]);
    s.failing[i] = s.trees[i] && label(texts[i], (uint32_t)strlen(texts[i]));
    s.nfail += s.failing[i];
  }
  sd_parser_free(parser);
  return s;
}

static void free_texts(char **texts, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) free(texts[i]);
  free(texts);
}

/* Members of one equivalence group shown beside its best: with a pool of
 * unlabelled inputs, ones that differ from each other there. Every failing
 * input has a tag, with a capital, and no passing one has a tag, so "some
 * <tag>" and "a capital in a <tag>" tie on the labels; without the pool,
 * the members shown first are rewrites of the best ("some <tag> holds a
 * letter"), all true of every tag. */
static const char *tagged_grammar =
    "<start> ::= <item> | <item> <item>\n"
    "<item> ::= <name> \";\" | <name> \":\" <tag> \";\"\n"
    "<name> ::= <alpha> | <alpha> <alpha>\n"
    "<tag> ::= <alpha> | <alpha> <alpha> | <alpha> <alpha> <alpha>\n"
    "<alpha> ::= [a-zA-Z]\n";

static bool has_tag(const char *text, uint32_t len) { return memchr(text, ':', len) != NULL; }

static void test_pool_members(void) {
  SdGrammar *g = grammar_text(tagged_grammar);
  SdCatalog *cat = default_catalog();
  char *texts[] = {"ab:Cd;", "q;r:sT;", "Bc:Xyz;", "e:F;f;", "ab;", "x;yz;", "Ab;", "Q;r;"};
  Set s = text_set(g, texts, 8, has_tag);
  /* the pool: items drawn from the grammar (half the letters lower case) */
  SdFuzzerOptions fo = {.seed = 5, .max_size = 40};
  SdFuzzer *f = sd_fuzzer_new(g, &fo);
  SdTree *pool[32];
  for (uint32_t i = 0; i < 32; i++) pool[i] = sd_fuzz_tree(f, -1);
  sd_fuzzer_free(f);
  SdSymbol rel[2] = {sd_grammar_find(g, "<tag>"), sd_grammar_find(g, "<item>")};
  bool found[2] = {false, false};
  for (int pooled = 0; pooled < 2; pooled++) {
    SdLearner *l = sd_learner_new(g, cat, NULL);
    sd_learner_add(l, s.trees, s.failing, s.n);
    if (pooled) sd_learner_set_pool(l, pool, 32);
    sd_learner_learn(l, rel, 2);
    const SdCandidate *best = sd_learner_candidate(l, 0);
    CHECK(best && best->precision == 1.0 && best->recall == 1.0 && !strstr(best->pattern, "character of a class"));
    for (uint32_t r = 1; best && r < sd_learner_candidate_count(l); r++) {
      const SdCandidate *c = sd_learner_candidate(l, r);
      if (c->equivalent_group == best->equivalent_group && strstr(c->pattern, "character of a class"))
        found[pooled] = true;
    }
    sd_learner_free(l);
  }
  CHECK(!found[0] && found[1]);
  for (uint32_t i = 0; i < 32; i++) sd_tree_free(pool[i]);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* sd_learner_draw_pool: SD_LEARNER_POOL inputs, half of them failing ones
 * with a part derived anew, the same for the same seed. */
static void test_draw_pool(void) {
  SdGrammar *g = grammar_text(tagged_grammar);
  char *texts[] = {"ab:Cd;", "q;r:sT;"};
  Set s = text_set(g, texts, 2, has_tag);
  SdTree *a[SD_LEARNER_POOL], *b[SD_LEARNER_POOL];
  CHECK(sd_learner_draw_pool(g, s.trees, 2, 7, a) == SD_LEARNER_POOL);
  CHECK(sd_learner_draw_pool(g, s.trees, 2, 7, b) == SD_LEARNER_POOL);
  uint32_t same = 0, tagged = 0;
  for (uint32_t i = 0; i < SD_LEARNER_POOL; i++) {
    same += a[i]->length == b[i]->length && !memcmp(a[i]->text, b[i]->text, a[i]->length);
    tagged += i >= SD_LEARNER_POOL / 2 && memchr(a[i]->text, ':', a[i]->length) != NULL;
    sd_tree_free(a[i]), sd_tree_free(b[i]);
  }
  CHECK(same == SD_LEARNER_POOL);
  CHECK(tagged > SD_LEARNER_POOL / 8); /* the failing half keeps much of its structure */
  set_free(&s);
  sd_grammar_free(g);
}

/* ---------- five atoms: a conjunction as long as the evidence needs ---------- */

static const char *grep_grammar =
    "<start> ::= \"grep\" <option>* \" \" <pattern> \" \" <file>\n"
    "<option> ::= \" -i\" | \" -w\" | \" -F\" | \" -v\" | \" -n\"\n"
    "<pattern> ::= <pchar>+\n"
    "<pchar> ::= <letter> | <digit>\n"
    "<letter> ::= [a-z]\n"
    "<digit> ::= [0-9]\n"
    "<file> ::= <letter>+ <ext>\n"
    "<ext> ::= \".txt\" | \".c\" | \".md\"\n";

static bool has(const char *text, const char *what) { return strstr(text, what) != NULL; }

static bool grep_fails(const char *text, uint32_t len) {
  const char *pat = strchr(text + 4, ' ');
  while (pat && pat[1] == '-') pat = strchr(pat + 1, ' ');
  bool digit = false;
  for (const char *p = pat + 1; *p && *p != ' '; p++) digit |= *p >= '0' && *p <= '9';
  return has(text, " -i") && has(text, " -w") && !has(text, " -F") && digit && len > 4 &&
         !strcmp(text + len - 4, ".txt");
}

/* Command lines near the failure: each of the five conditions holds with
 * probability 3/4 (absence of -F included), the other options at random. */
static char **grep_texts(uint64_t seed, uint32_t n) {
  SdRng rng;
  sd_rng_seed(&rng, seed);
  char **texts = sd_xcalloc(n, sizeof(char *));
  for (uint32_t i = 0; i < n; i++) {
    SdBuf b = {0};
    sd_buf_puts(&b, "grep");
    bool want[5];
    for (int k = 0; k < 5; k++) want[k] = sd_rng_below(&rng, 4) != 0;
    if (sd_rng_below(&rng, 3) == 0) want[sd_rng_below(&rng, 5)] = false; /* near misses */
    if (sd_rng_below(&rng, 2)) sd_buf_puts(&b, " -n");
    if (want[0]) sd_buf_puts(&b, " -i");
    if (sd_rng_below(&rng, 2)) sd_buf_puts(&b, " -v");
    if (want[1]) sd_buf_puts(&b, " -w");
    if (!want[2]) sd_buf_puts(&b, " -F");
    sd_buf_putc(&b, ' ');
    uint32_t pl = 1 + sd_rng_below(&rng, 4), at = sd_rng_below(&rng, pl);
    for (uint32_t k = 0; k < pl; k++)
      sd_buf_putc(&b, want[3] && k == at ? (char)('0' + sd_rng_below(&rng, 10))
                                         : (char)('a' + sd_rng_below(&rng, 26)));
    sd_buf_putc(&b, ' ');
    for (uint32_t k = 0, fl = 1 + sd_rng_below(&rng, 5); k < fl; k++)
      sd_buf_putc(&b, (char)('a' + sd_rng_below(&rng, 26)));
    sd_buf_puts(&b, want[4] ? ".txt" : sd_rng_below(&rng, 2) ? ".c" : ".md");
    texts[i] = sd_buf_take(&b);
  }
  return texts;
}

static void test_long_conjunction(void) {
  SdGrammar *g = grammar_text(grep_grammar);
  SdCatalog *cat = default_catalog();
  if (!g || !cat) {
    CHECK(false);
    return;
  }
  char **texts = grep_texts(101, 600);
  Set s = text_set(g, texts, 600, grep_fails);
  CHECK(s.nfail > 30 && s.nfail < s.n - 100);
  const char *rel[] = {"<option>", "<digit>", "<file>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 3);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->accepted && top->recall == 1.0 && top->precision == 1.0);
  CHECK(top && top->parts == 5 && !top->disjunction); /* size 4: `exists <digit>: true` has no atom */
  /* -F is absent: a negated atom, though " -F" never occurs in a failing input */
  CHECK(top && strstr(top->text, "\" -F\"") && strstr(top->text, "not "));
  CHECK(top && strstr(top->text, "\" -i\"") && strstr(top->text, "\" -w\""));
  char **fresh_texts = grep_texts(102, 600);
  Set fresh = text_set(g, fresh_texts, 600, grep_fails);
  double p, r;
  measure(top->constraint, &fresh, &p, &r);
  CHECK(p == 1.0 && r == 1.0);
  /* capped at three atoms, nothing is exact */
  SdLearnerOptions o;
  sd_learner_options_init(&o);
  o.max_conjunction = 3;
  SdLearner *l3 = learn(g, cat, &s, rel, &o);
  CHECK(sd_learner_candidate(l3, 0)->precision < 1.0);
  sd_learner_free(l3);
  sd_learner_free(l);
  set_free(&fresh);
  set_free(&s);
  free_texts(texts, 600);
  free_texts(fresh_texts, 600);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- the negation of a shape: a word that does not start with a letter ---------- */

static const char *word_grammar = "<start> ::= <word>\n<word> ::= [a-z0-9_.-]+\n";

static bool word_fails(const char *text, uint32_t len) {
  return len >= 2 && !(text[0] >= 'a' && text[0] <= 'z');
}

static char **word_texts(uint64_t seed, uint32_t n) {
  static const char other[] = "0123456789_.-";
  SdRng rng;
  sd_rng_seed(&rng, seed);
  char **texts = sd_xcalloc(n, sizeof(char *));
  for (uint32_t i = 0; i < n; i++) {
    SdBuf b = {0};
    for (uint32_t k = 0, len = 1 + sd_rng_below(&rng, 5); k < len; k++)
      sd_buf_putc(&b, sd_rng_below(&rng, 2) ? (char)('a' + sd_rng_below(&rng, 26))
                                            : other[sd_rng_below(&rng, sizeof other - 1)]);
    texts[i] = sd_buf_take(&b);
  }
  return texts;
}

/* "Starts with a letter" holds on no failing input: its negation, with the
 * length, is the cause (no catalog pattern says "starts with a digit, '_',
 * '.' or '-'"). */
static void test_negated_shape(void) {
  SdGrammar *g = grammar_text(word_grammar);
  SdCatalog *cat = default_catalog();
  if (!g || !cat) {
    CHECK(false);
    return;
  }
  char **texts = word_texts(11, 300), **fresh_texts = word_texts(12, 300);
  Set s = text_set(g, texts, 300, word_fails), fresh = text_set(g, fresh_texts, 300, word_fails);
  const char *rel[] = {"<word>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->precision == 1.0 && top->recall == 1.0);
  CHECK(top && strstr(top->text, "not ") && strstr(top->text, "re.range(\"a\", \"z\")"));
  double p = 0, r = 0;
  if (top) measure(top->constraint, &fresh, &p, &r);
  CHECK(p == 1.0 && r == 1.0);
  sd_learner_free(l);
  set_free(&s);
  set_free(&fresh);
  free_texts(texts, 300);
  free_texts(fresh_texts, 300);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- a set of values: 31 days in a 30-day month ---------- */

static const char *date_grammar =
    "<start> ::= <year> \"-\" <month> \"-\" <day>\n"
    "<year> ::= \"20\" <digit> <digit>\n"
    "<digit> ::= [0-9]\n"
    "<month> ::= \"01\" | \"02\" | \"03\" | \"04\" | \"05\" | \"06\" | \"07\" | \"08\" | \"09\""
    " | \"10\" | \"11\" | \"12\"\n"
    "<day> ::= \"0\" [1-9] | \"1\" <digit> | \"2\" <digit> | \"3\" [01]\n";

static bool date_fails(const char *text, uint32_t len) {
  (void)len;
  int month = atoi(text + 5), day = atoi(text + 8);
  return day == 31 && (month == 4 || month == 6 || month == 9 || month == 11);
}

static char **date_texts(uint64_t seed, uint32_t n) {
  SdRng rng;
  sd_rng_seed(&rng, seed);
  char **texts = sd_xcalloc(n, sizeof(char *));
  for (uint32_t i = 0; i < n; i++) {
    uint32_t day = sd_rng_below(&rng, 3) == 0 ? 31 : 1 + sd_rng_below(&rng, 31);
    texts[i] = sd_format("20%02u-%02u-%02u", sd_rng_below(&rng, 100), 1 + sd_rng_below(&rng, 12), day);
  }
  return texts;
}

static void test_value_set(void) {
  SdGrammar *g = grammar_text(date_grammar);
  SdCatalog *cat = default_catalog();
  if (!g || !cat) {
    CHECK(false);
    return;
  }
  char **texts = date_texts(111, 600);
  Set s = text_set(g, texts, 600, date_fails);
  CHECK(s.nfail > 30);
  const char *rel[] = {"<month>", "<day>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 3);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->accepted && top->recall == 1.0 && top->precision == 1.0);
  CHECK(top && !strcmp(top->text, "<month> in {\"04\", \"06\", \"09\", \"11\"} and <day> = \"31\""));
  /* faithful ISLa: an or of equalities of one variable */
  char *isla = top ? sd_constraint_to_isla(top->constraint) : NULL;
  CHECK(isla && strstr(isla, "(= ") && strstr(isla, " or ") && strstr(isla, "\"09\""));
  if (isla) fprintf(stderr, "   ISLa: %s\n", isla);
  SdConstraintError err = {0};
  SdConstraint *back = isla ? sd_constraint_parse(g, isla, strlen(isla), &err) : NULL;
  CHECK(back && sd_constraint_equal(back, top->constraint));
  sd_constraint_free(back);
  free(err.message);
  free(isla);
  char **fresh_texts = date_texts(112, 600);
  Set fresh = text_set(g, fresh_texts, 600, date_fails);
  double p, r;
  measure(top->constraint, &fresh, &p, &r);
  CHECK(p == 1.0 && r == 1.0);
  sd_learner_free(l);
  set_free(&fresh);
  set_free(&s);
  free_texts(texts, 600);
  free_texts(fresh_texts, 600);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- cause mode: precise causes first, by recall ---------- */

static void test_cause_mode(void) {
  SdGrammar *g = grammar("grammars/calculator.bnf");
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 41, 400, 100, two_causes);
  const char *rel[] = {"<function>", "<number>", "<maybe-fraction>", NULL};
  SdLearnerOptions o;
  sd_learner_options_init(&o);
  o.cause_mode = true;
  o.min_recall = 0.05;
  o.disjunctions = false; /* the debugger covers causes one by one */
  SdLearner *l = learn(g, cat, &s, rel, &o);
  show_top(l, 3);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->accepted && top->fp == 0 && top->recall >= 0.3 && top->recall < 1.0);
  uint32_t accepted = 0;
  for (uint32_t i = 0; i < sd_learner_candidate_count(l); i++) {
    const SdCandidate *c = sd_learner_candidate(l, i);
    if (!c->accepted) break;
    accepted++;
    CHECK(c->fp == 0 && c->precision == 1.0);
    if (i) CHECK(c->recall <= sd_learner_candidate(l, i - 1)->recall);
  }
  CHECK(accepted >= 2);
  /* the other cause is among the accepted ones: together they cover everything */
  bool covered = false;
  for (uint32_t i = 1; i < accepted && !covered; i++) {
    uint32_t both = 0;
    for (uint32_t k = 0; k < s.n; k++)
      both += s.failing[k] && (sd_learner_truth(l, 0, k) || sd_learner_truth(l, i, k));
    covered = both == s.nfail;
  }
  CHECK(covered);
  SdLearnerStats st;
  sd_learner_stats(l, &st);
  CHECK(st.combinations < 200000);
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- sums, differences, offsets; bounds beyond int64 ---------- */

static const char *sum_grammar =
    "<start> ::= <a> \" \" <b> \" \" <c>\n"
    "<a> ::= [0-9]+\n"
    "<b> ::= [0-9]+\n"
    "<c> ::= [0-9]+\n";

/* a + b > 2^63 - 1, in exact decimal arithmetic on the text */
static bool sum_above_int64(const char *text, uint32_t len) {
  (void)len;
  unsigned __int128 a = 0, b = 0;
  const char *p = text;
  for (; *p != ' '; p++) a = a * 10 + (unsigned)(*p - '0');
  for (p++; *p != ' '; p++) b = b * 10 + (unsigned)(*p - '0');
  return a + b > (unsigned __int128)INT64_MAX;
}

/* a * b > 5000 */
static bool product_above(const char *text, uint32_t len) {
  (void)len;
  return strtoull(text, NULL, 10) * strtoull(strchr(text, ' ') + 1, NULL, 10) > 5000;
}

static bool ratio_above(const char *text, uint32_t len) {
  (void)len;
  return strtoull(text, NULL, 10) > 3 * strtoull(strchr(text, ' ') + 1, NULL, 10);
}

static bool ratio_at_least(const char *text, uint32_t len) {
  (void)len;
  return strtoull(text, NULL, 10) >= 3 * strtoull(strchr(text, ' ') + 1, NULL, 10);
}

static bool a_above_u64(const char *text, uint32_t len) {
  (void)len;
  const char *sp = strchr(text, ' ');
  return sd_compare_numerals(text, (size_t)(sp - text), "18446744073709551615", 20) > 0;
}

static bool sum_exceeds_c(const char *text, uint32_t len) {
  (void)len;
  long a = strtol(text, NULL, 10);
  const char *p = strchr(text, ' ') + 1;
  long b = strtol(p, NULL, 10), c = strtol(strchr(p, ' ') + 1, NULL, 10);
  return a + b > c;
}

/* a + b > c + 1: a first frame counted from 1 plus a count past the last */
static bool sum_exceeds_c_by_1(const char *text, uint32_t len) {
  (void)len;
  long a = strtol(text, NULL, 10);
  const char *p = strchr(text, ' ') + 1;
  long b = strtol(p, NULL, 10), c = strtol(strchr(p, ' ') + 1, NULL, 10);
  return a + b > c + 1;
}

static bool sum_is_100(const char *text, uint32_t len) {
  (void)len;
  return strtol(text, NULL, 10) + strtol(strchr(text, ' ') + 1, NULL, 10) == 100;
}

/* Random triples with big (mode 0, 1) or small (mode 2) numbers, and the
 * boundary cases of mode 0 / 1 (so the bound is pinned exactly); products
 * (mode 3) and sums of 100 (mode 4); ratios (mode 5); small numbers with a
 * third one or two below the sum (mode 6). */
static char **sum_texts(uint64_t seed, uint32_t n, int mode) {
  SdRng rng;
  sd_rng_seed(&rng, seed);
  char **texts = sd_xcalloc(n, sizeof(char *));
  for (uint32_t i = 0; i < n; i++) {
    if (mode == 2) {
      texts[i] = sd_format("%u %u %u", sd_rng_below(&rng, 100), sd_rng_below(&rng, 100),
                           sd_rng_below(&rng, 200));
      continue;
    }
    if (mode == 6) { /* small numbers, a third of them with c at a + b - 1 or - 2 */
      uint32_t a = 2 + sd_rng_below(&rng, 98), b = sd_rng_below(&rng, 100);
      uint32_t c = i % 3 ? sd_rng_below(&rng, 200) : a + b - 1 - i % 2;
      texts[i] = sd_format("%u %u %u", a, b, c);
      continue;
    }
    if (mode == 4) { /* shares: a third of them adding up to exactly 100 */
      uint32_t a = sd_rng_below(&rng, 100), b = i % 3 ? sd_rng_below(&rng, 100) : 100 - a;
      texts[i] = sd_format("%u %u 1", a, b);
      continue;
    }
    if (mode == 3 || mode == 5) { /* factors up to 200: products up to 40,000 around 5,000 */
      texts[i] = sd_format("%u %u 1", 1 + sd_rng_below(&rng, 200), 1 + sd_rng_below(&rng, 200));
      continue;
    }
    uint64_t a = sd_rng_next(&rng) >> 1, b = sd_rng_next(&rng) >> 1;
    if (mode == 0) texts[i] = sd_format("%llu %llu 1", (unsigned long long)a, (unsigned long long)b);
    else texts[i] = sd_format("%llu%u 7 1", (unsigned long long)(a >> 2), sd_rng_below(&rng, 10));
  }
  if (mode == 0 && n >= 2) {
    free(texts[0]), free(texts[1]);
    texts[0] = sd_xstrdup("4611686018427387903 4611686018427387904 1"); /* 2^63 - 1 */
    texts[1] = sd_xstrdup("4611686018427387904 4611686018427387904 1"); /* 2^63 */
  }
  if (mode == 1 && n >= 2) {
    free(texts[0]), free(texts[1]);
    texts[0] = sd_xstrdup("18446744073709551615 7 1");
    texts[1] = sd_xstrdup("18446744073709551616 7 1");
  }
  if (mode == 5 && n >= 2) { /* a ratio of exactly 3, and one just below */
    free(texts[0]), free(texts[1]);
    texts[0] = sd_xstrdup("60 20 1");
    texts[1] = sd_xstrdup("59 20 1");
  }
  if (mode == 3 && n >= 2) { /* the products next to the bound */
    free(texts[0]), free(texts[1]);
    texts[0] = sd_xstrdup("5000 1 1");
    texts[1] = sd_xstrdup("1 5001 1");
  }
  return texts;
}

/* Whether a candidate of the best group (those the evidence cannot tell
 * apart from the top one) is exact on the evidence and reads `expect`. */
static bool best_group_has(const SdLearner *l, const char *expect) {
  for (uint32_t i = 0; i < sd_learner_candidate_count(l); i++) {
    const SdCandidate *c = sd_learner_candidate(l, i);
    if (c->equivalent_group != 0) break;
    if (c->precision == 1.0 && c->recall == 1.0 && !strcmp(c->text, expect)) return true;
  }
  return false;
}

/* texts labelled and learned from, rel the relevant nonterminals; with an
 * expect, it must be exact in the best group. Frees the texts, the set and
 * the learner unless *keep is given (then the caller frees *keep). */
static void expect_learned(const SdGrammar *g, const SdCatalog *cat, char **texts, uint32_t n, TextLabel label,
                           const char *const *rel, const char *expect, SdLearner **keep) {
  Set s = text_set(g, texts, n, label);
  CHECK(s.nfail > 0 && s.nfail < s.n);
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  if (expect) {
    bool found = best_group_has(l, expect);
    CHECK(found);
    if (!found) fprintf(stderr, "   expected: %s\n", expect);
  }
  if (keep) *keep = l;
  else sd_learner_free(l);
  set_free(&s);
  free_texts(texts, n);
}

static void check_arith(const SdGrammar *g, const SdCatalog *cat, int mode, TextLabel label,
                        const char *expect) {
  char **texts = sum_texts(120 + (uint64_t)mode, 300, mode);
  const char *rel[] = {"<a>", "<b>", "<c>", NULL};
  SdLearner *l = NULL;
  expect_learned(g, cat, texts, 300, label, rel, expect, &l);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  CHECK(top && top->accepted && top->recall == 1.0 && top->precision == 1.0 && top->size == 1);
  sd_learner_free(l);
}

static void test_arithmetic(void) {
  SdGrammar *g = grammar_text(sum_grammar);
  SdCatalog *cat = default_catalog();
  if (!g || !cat) {
    CHECK(false);
    return;
  }
  check_arith(g, cat, 0, sum_above_int64,
              "str.to.int(<a>) + str.to.int(<b>) > 9223372036854775807");
  check_arith(g, cat, 1, a_above_u64, "str.to.int(<a>) > 18446744073709551615");
  check_arith(g, cat, 2, sum_exceeds_c, "str.to.int(<a>) + str.to.int(<b>) > str.to.int(<c>)");
  /* past a third field by an offset: no bound of the plain sum states it */
  check_arith(g, cat, 6, sum_exceeds_c_by_1, "str.to.int(<a>) + str.to.int(<b>) > str.to.int(<c>) + 1");
  check_arith(g, cat, 3, product_above, "str.to.int(<a>) * str.to.int(<b>) > 5000");
  check_arith(g, cat, 3, ratio_above, "str.to.int(<a>) > 3 * str.to.int(<b>)");
  /* at least a multiple: only `>=` separates 60 20 (fails) from 59 20 */
  check_arith(g, cat, 5, ratio_at_least, "str.to.int(<a>) >= 3 * str.to.int(<b>)");
  /* a sum equal to a bound: no bisection finds 100, and it is no element's text */
  check_arith(g, cat, 4, sum_is_100, "str.to.int(<a>) + str.to.int(<b>) = 100");
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- two lengths together ---------- */

static const char *address_grammar =
    "<start> ::= <user> \"@\" <host>\n"
    "<user> ::= [a-z]+\n"
    "<host> ::= [a-z]+\n";

/* a user and a host longer than 12 together (a fixed buffer for both) */
static bool joined_too_long(const char *text, uint32_t len) {
  (void)text;
  return len - 1 > 12;
}

static void test_lengths_together(void) {
  SdGrammar *g = grammar_text(address_grammar);
  SdCatalog *cat = default_catalog();
  if (!g || !cat) {
    CHECK(false);
    return;
  }
  SdRng rng;
  sd_rng_seed(&rng, 52);
  char **texts = sd_xcalloc(300, sizeof(char *));
  for (uint32_t i = 0; i < 300; i++) {
    char user[16] = "", host[16] = "";
    uint32_t nu = 1 + sd_rng_below(&rng, 10), nh = 1 + sd_rng_below(&rng, 10);
    for (uint32_t k = 0; k < nu; k++) user[k] = (char)('a' + sd_rng_below(&rng, 26));
    for (uint32_t k = 0; k < nh; k++) host[k] = (char)('a' + sd_rng_below(&rng, 26));
    texts[i] = sd_format("%s@%s", user, host);
  }
  const char *rel[] = {"<user>", "<host>", NULL};
  SdLearner *l = NULL;
  expect_learned(g, cat, texts, 300, joined_too_long, rel, NULL, &l);
  CHECK(best_group_has(l, "str.len(<user>) + str.len(<host>) > 12") ||
        best_group_has(l, "str.len(<host>) + str.len(<user>) > 12"));
  sd_learner_free(l);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- a text beside too few items, in one record ---------- */

static const char *quorum_grammar =
    "<start> ::= <group> <group>\n"
    "<group> ::= <mode> \":\" <peers> \";\"\n"
    "<mode> ::= \"raft\" | \"async\"\n"
    "<peers> ::= <peer> | <peer> <peer> | <peer> <peer> <peer> | <peer> <peer> <peer> <peer>\n"
    "<peer> ::= <voter> | <learner>\n"
    "<voter> ::= \"v\"\n"
    "<learner> ::= \"l\"\n";

/* some raft group with fewer than 3 voters (learners do not count) */
static bool raft_without_quorum(const char *text, uint32_t len) {
  (void)len;
  for (const char *g = text; *g; g = strchr(g, ';') + 1) {
    const char *end = strchr(g, ';');
    int voters = 0;
    for (const char *c = strchr(g, ':'); c < end; c++) voters += *c == 'v';
    if (!strncmp(g, "raft", 4) && voters < 3) return true;
    if (!end[1]) break;
  }
  return false;
}

static void test_count_below_with_text(void) {
  SdGrammar *g = grammar_text(quorum_grammar);
  SdCatalog *cat = default_catalog();
  if (!g || !cat) {
    CHECK(false);
    return;
  }
  SdRng rng;
  sd_rng_seed(&rng, 53);
  char **texts = sd_xcalloc(300, sizeof(char *));
  for (uint32_t i = 0; i < 300; i++) {
    SdBuf b = {0};
    for (int k = 0; k < 2; k++) {
      sd_buf_puts(&b, sd_rng_below(&rng, 2) ? "raft:" : "async:");
      for (uint32_t n = 1 + sd_rng_below(&rng, 4); n > 0; n--) sd_buf_putc(&b, sd_rng_below(&rng, 3) ? 'v' : 'l');
      sd_buf_putc(&b, ';');
    }
    texts[i] = sd_xstrndup(b.data, b.len);
    sd_buf_free(&b);
  }
  Set s = text_set(g, texts, 300, raft_without_quorum);
  CHECK(s.nfail > 20 && s.nfail < s.n - 20);
  const char *rel[] = {"<mode>", "<voter>", "<group>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  const SdCandidate *top = sd_learner_candidate(l, 0);
  char *isla = top ? sd_constraint_to_isla(top->constraint) : NULL;
  CHECK(top && top->precision == 1.0 && top->recall == 1.0 && isla && strstr(isla, "nth(3, item, container)") &&
        strstr(isla, "\"raft\""));
  free(isla);
  sd_learner_free(l);
  set_free(&s);
  free_texts(texts, 300);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- an order between two kinds of items ---------- */

static const char *steps_grammar =
    "<start> ::= <step> <step> <step> <step>\n"
    "<step> ::= <open> | <write> | <close>\n"
    "<open> ::= \"open \"\n"
    "<write> ::= \"write \"\n"
    "<close> ::= \"close \"\n";

/* some write after some close (wherever, not only next to it) */
static bool write_after_close(const char *text, uint32_t len) {
  (void)len;
  const char *c = strstr(text, "close ");
  return c && strstr(c, "write ");
}

/* some write with no open before it */
static bool write_before_open(const char *text, uint32_t len) {
  (void)len;
  const char *w = strstr(text, "write "), *o = strstr(text, "open ");
  return w && (!o || w < o);
}

static void check_order(const SdGrammar *g, const SdCatalog *cat, TextLabel label, const char *expect) {
  static const char *const words[] = {"open ", "write ", "close "};
  char **texts = sd_xcalloc(81, sizeof(char *));
  for (uint32_t i = 0; i < 81; i++) { /* every sequence of four steps */
    char buf[64] = "";
    for (uint32_t k = 0, v = i; k < 4; k++, v /= 3) strcat(buf, words[v % 3]);
    texts[i] = sd_xstrdup(buf);
  }
  const char *rel[] = {"<open>", "<write>", "<close>", NULL};
  expect_learned(g, cat, texts, 81, label, rel, expect, NULL);
}

static const char *stamps_grammar =
    "<start> ::= <t> \" \" <t> \" \" <t> \" \" <t>\n"
    "<t> ::= [1-9] [0-9]\n";

static void stamp_values(const char *text, long *v) {
  for (int k = 0; k < 4; k++, text += 3) v[k] = strtol(text, NULL, 10);
}

/* some stamp more than 30 below an earlier one (a clock gone back) */
static bool stamp_drops(const char *text, uint32_t len) {
  (void)len;
  long v[4];
  stamp_values(text, v);
  for (int i = 0; i < 4; i++)
    for (int j = i + 1; j < 4; j++)
      if (v[i] - v[j] > 30) return true;
  return false;
}

/* some stamp more than 30 above an earlier one (a leap past a window) */
static bool stamp_leaps(const char *text, uint32_t len) {
  (void)len;
  long v[4];
  stamp_values(text, v);
  for (int i = 0; i < 4; i++)
    for (int j = i + 1; j < 4; j++)
      if (v[j] - v[i] > 30) return true;
  return false;
}

/* Value orders with a margin: a later number below (above) an earlier one
 * by more than N, which neither "Value decreases" nor "Difference above"
 * (unordered) states. Random stamps, labelled. */
static void check_value_order(const SdGrammar *g, const SdCatalog *cat, TextLabel label, const char *expect) {
  SdRng rng;
  sd_rng_seed(&rng, 51);
  char **texts = sd_xcalloc(300, sizeof(char *));
  for (uint32_t i = 0; i < 300; i++)
    texts[i] = sd_format("%u %u %u %u", 10 + sd_rng_below(&rng, 90), 10 + sd_rng_below(&rng, 90),
                         10 + sd_rng_below(&rng, 90), 10 + sd_rng_below(&rng, 90));
  const char *rel[] = {"<t>", NULL};
  expect_learned(g, cat, texts, 300, label, rel, expect, NULL);
}

static void test_value_orders(void) {
  SdGrammar *g = grammar_text(stamps_grammar);
  SdCatalog *cat = default_catalog();
  if (!g || !cat) {
    CHECK(false);
    return;
  }
  check_value_order(g, cat, stamp_drops, "exists <t> a: exists <t> b: (before(a, b) and str.to.int(a) - str.to.int(b) > 30)");
  check_value_order(g, cat, stamp_leaps, "exists <t> a: exists <t> b: (before(a, b) and str.to.int(b) - str.to.int(a) > 30)");
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* "Comes before" and "None before" relate two nonterminals: the order of
 * kinds of items (a step after a close, a write before any open), which
 * the order patterns of one nonterminal cannot say. */
static void test_orders(void) {
  SdGrammar *g = grammar_text(steps_grammar);
  SdCatalog *cat = default_catalog();
  if (!g || !cat) {
    CHECK(false);
    return;
  }
  check_order(g, cat, write_after_close, "exists <close> a: exists <write> b: before(a, b)");
  check_order(g, cat, write_before_open, "exists <write> a: forall <open> b: not before(b, a)");
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* ---------- ISLearn's placeholders: <?MATCHEXPR>, <?DSTRINGS>, nth, count ---------- */

static SdCatalog *catalog_text(const char *text) {
  SdDiagnostics d = {0};
  SdCatalog *c = sd_catalog_parse(text, strlen(text), "islearn.toml", &d);
  CHECK(c && d.size == 0);
  if (d.size) sd_diagnostics_print(&d, stderr);
  sd_diagnostics_free(&d);
  return c;
}

/* An accepted candidate with precision and recall 1 whose ISLa has `what`. */
static bool found_exact(const SdLearner *l, const char *what) {
  for (uint32_t i = 0; i < sd_learner_candidate_count(l); i++) {
    const SdCandidate *c = sd_learner_candidate(l, i);
    if (!c->accepted) break;
    char *isla = sd_constraint_to_isla(c->constraint);
    bool hit = c->precision == 1.0 && c->recall == 1.0 && strstr(isla, what);
    free(isla);
    if (hit) return true;
  }
  return false;
}

static const char *assign_grammar =
    "<start> ::= <stmt>\n"
    "<stmt> ::= <assgn> \" ; \" <stmt> | <assgn>\n"
    "<assgn> ::= <var> \" := \" <rhs>\n"
    "<rhs> ::= <var> | <digit>\n"
    "<var> ::= \"a\" | \"b\" | \"c\"\n"
    "<digit> ::= \"0\" | \"1\"\n";

/* every variable used on a right-hand side is assigned before */
static bool defined_before_use(const SdTree *t) {
  bool defined[256] = {false};
  const char *s = t->text;
  for (uint32_t i = 1; i + 4 < t->length; i++) {
    if (memcmp(s + i, " := ", 4)) continue;
    unsigned char rhs = (unsigned char)s[i + 4];
    if (rhs >= 'a' && rhs <= 'z' && !defined[rhs]) return false;
    defined[(unsigned char)s[i - 1]] = true;
  }
  return true;
}

static void test_islearn_match_expressions(void) {
  SdGrammar *g = grammar_text(assign_grammar);
  SdCatalog *cat = catalog_text("[[Def-Use]]\n"
                                "name = \"Defined before use\"\n"
                                "constraint = '''\n"
                                "forall <?NONTERMINAL> use_ctx=\"{<?MATCHEXPR(use)>}\" in start:\n"
                                "  exists <?NONTERMINAL> def_ctx=\"{<?MATCHEXPR(def)>}\" in start:\n"
                                "    (before(def_ctx, use_ctx) and (= use def))\n"
                                "'''\n");
  Set s = fuzz_set(g, 17, 300, 40, defined_before_use);
  CHECK(s.nfail > 30 && s.nfail < 270);
  const char *rel[] = {"<assgn>", "<rhs>", "<var>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 3);
  /* the match expressions ISLearn infers: an alternative with the variable */
  CHECK(found_exact(l, "def_ctx=\"{<var> def} := <rhs>\""));
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  /* the choices themselves */
  const char *p2 = "[[M]]\nname = \"m\"\nconstraint = '''forall <?NONTERMINAL> x=\"{<?MATCHEXPR(a, <var> b)>}\": true'''\n";
  cat = catalog_text(p2);
  LrMexpr m;
  lr_mexpr_read(g, sd_catalog_pattern(cat, 0), 1, &m);
  CHECK(m.count == 2 && !strcmp(m.names[0], "a") && m.types[0] == -1 &&
        m.types[1] == sd_grammar_find(g, "<var>") && m.slot == 0);
  char *out[8];
  uint32_t n = lr_mexpr_choices(g, sd_grammar_find(g, "<assgn>"), &m, out, 8);
  CHECK(n == 0); /* <assgn> has no <var> after another nonterminal */
  m.types[1] = -1;
  n = lr_mexpr_choices(g, sd_grammar_find(g, "<assgn>"), &m, out, 8);
  CHECK(n == 1 && !strcmp(out[0], "{<var> a} := {<rhs> b}"));
  for (uint32_t i = 0; i < n; i++) free(out[i]);
  lr_mexpr_free(&m);
  sd_catalog_free(cat);
  /* a pattern comparing the two fields' texts takes fields of one kind only
     (a <var> and an <rhs> are not: "00" and "00.0" differ as texts) */
  const char *p3 = "[[M]]\nname = \"m\"\nconstraint = '''exists <?NONTERMINAL> x=\"{<?MATCHEXPR(a, b)>}\": not (= a b)'''\n";
  cat = catalog_text(p3);
  lr_mexpr_read(g, sd_catalog_pattern(cat, 0), 1, &m);
  CHECK(m.count == 2 && m.equated);
  n = lr_mexpr_choices(g, sd_grammar_find(g, "<assgn>"), &m, out, 8);
  CHECK(n == 0);
  for (uint32_t i = 0; i < n; i++) free(out[i]);
  lr_mexpr_free(&m);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

/* A range whose step is zero in any spelling ("0", "-0", "(0)", "(0 - 00)")
 * loops forever; a zero start or stop is harmless. The field after the key
 * "step" holds only zeros: "Zero after a field", a match expression whose
 * field is quantified over (`forall <num> n in f`). Before session 48 the
 * learner took `n in f` for a slot over the whole input, and the rule that
 * two numeric slots over the input are not nested kept <num> out of it
 * (the only candidates were `forall <setting> n in f`). */
static const char *range_grammar =
    "<start> ::= <setting> | <setting> \"; \" <start>\n<setting> ::= <key> \"=\" <value>\n"
    "<key> ::= \"start\" | \"stop\" | \"step\"\n"
    "<value> ::= <num> | \"-\" <num> | \"(\" <value> \" - \" <value> \")\"\n"
    "<num> ::= [0-9] | [1-9] [0-9] | \"00\"\n";

static bool step_all_zeros(const SdTree *t) {
  SdSymbol setting = sd_grammar_find(t->grammar, "<setting>"), num = sd_grammar_find(t->grammar, "<num>");
  for (uint32_t i = 0; i < t->by_symbol_count[setting]; i++) {
    const SdNode *st = t->nodes[t->by_symbol[setting][i]];
    uint32_t len;
    const char *text = sd_node_text(t, st, &len);
    if (len < 5 || memcmp(text, "step=", 5)) continue;
    uint32_t count, first = sd_tree_range(t, num, st, &count);
    bool zeros = count > 0;
    for (uint32_t k = 0; k < count; k++) zeros &= field_value(t, t->nodes[t->by_symbol[num][first + k]]) == 0;
    if (zeros) return true;
  }
  return false;
}

static void test_zero_after_field(void) {
  SdGrammar *g = grammar_text(range_grammar);
  SdCatalog *cat = default_catalog();
  Set s = fuzz_set(g, 11, 300, 30, step_all_zeros), fresh = fuzz_set(g, 12, 400, 30, step_all_zeros);
  CHECK(s.nfail > 20 && s.nfail < s.n - 20);
  const char *rel[] = {"<key>", "<value>", "<num>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 3);
  CHECK(found_exact(l, "forall <num> n in f"));
  const SdCandidate *top = sd_learner_candidate(l, 0);
  double precision = 0, recall = 0;
  if (top) measure(top->constraint, &fresh, &precision, &recall);
  CHECK(top && top->precision == 1.0 && top->recall == 1.0 && precision == 1.0 && recall == 1.0);
  sd_learner_free(l);
  set_free(&s);
  set_free(&fresh);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

static const char *words_grammar = "<start> ::= <w> | <w> \" \" <start>\n"
                                   "<w> ::= \"ab\" | \"cd\" | \"ef\" | \"g\" | \"12\"\n";

static bool only_ab_cd(const SdTree *t) {
  for (uint32_t i = 0; i < t->length;) {
    uint32_t j = i;
    while (j < t->length && t->text[j] != ' ') j++;
    if (j - i != 2 || (memcmp(t->text + i, "ab", 2) && memcmp(t->text + i, "cd", 2))) return false;
    i = j + 1;
  }
  return true;
}

static void test_islearn_dstrings(void) {
  SdGrammar *g = grammar_text(words_grammar);
  SdCatalog *cat = catalog_text("[[Sets]]\nname = \"Reserved\"\nconstraint = '''\n"
                                "forall <?NONTERMINAL> elem in start:\n  (= elem <?DSTRINGS>)\n'''\n");
  Set s = fuzz_set(g, 5, 300, 12, only_ab_cd);
  CHECK(s.nfail > 20);
  const char *rel[] = {"<w>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  /* a set of two, as a disjunction under the forall; no numbers, no single letters */
  CHECK(found_exact(l, "((= elem \"ab\") or (= elem \"cd\"))") ||
        found_exact(l, "((= elem \"cd\") or (= elem \"ab\"))"));
  for (uint32_t i = 0; i < sd_learner_candidate_count(l); i++) {
    char *isla = sd_constraint_to_isla(sd_learner_candidate(l, i)->constraint);
    CHECK(!strstr(isla, "\"g\"") && !strstr(isla, "\"12\""));
    free(isla);
  }
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

static const char *rows_grammar = "<start> ::= <row> | <row> \"\\n\" <start>\n"
                                  "<row> ::= <cells>\n"
                                  "<cells> ::= <cell> | <cell> \",\" <cells>\n"
                                  "<cell> ::= \"a\" | \"b\" | \"c\"\n";

/* some row's second cell is b */
static bool second_cell_b(const SdTree *t) {
  for (uint32_t i = 0; i + 2 < t->length; i++)
    if ((i == 0 || t->text[i - 1] == '\n') && t->text[i + 1] == ',' && t->text[i + 2] == 'b') return true;
  return false;
}

/* every row has as many cells */
static bool rows_alike(const SdTree *t) {
  uint32_t want = 0, have = 1;
  for (uint32_t i = 0; i <= t->length; i++) {
    if (i == t->length || t->text[i] == '\n') {
      if (want && have != want) return false;
      want = have, have = 1;
    } else if (t->text[i] == ',') {
      have++;
    }
  }
  return true;
}

static void test_islearn_nth_and_count(void) {
  SdGrammar *g = grammar_text(rows_grammar);
  SdCatalog *cat = catalog_text("[[Position]]\nname = \"Positioned string\"\nconstraint = '''\n"
                                "exists <?NONTERMINAL> container in start:\n"
                                "  exists <?NONTERMINAL> elem in container:\n"
                                "    (nth(<?STRING>, elem, container) and (= elem <?STRING>))\n'''\n");
  Set s = fuzz_set(g, 9, 300, 30, second_cell_b);
  CHECK(s.nfail > 20);
  const char *rel[] = {"<row>", "<cell>", NULL};
  SdLearner *l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  /* the first row's second cell: nth takes positions 1, 2, ... */
  CHECK(found_exact(l, "nth(2, elem, container)"));
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  /* ISLearn's Equal Count: the nonterminal in count() is a string */
  cat = catalog_text("[[Misc]]\nname = \"Equal count\"\nconstraint = '''\n"
                     "exists int num:\n  forall <?NONTERMINAL> elem in start:\n"
                     "    ((>= (str.to.int num) 1) and count(elem, <?NONTERMINAL>, num))\n'''\n");
  s = fuzz_set(g, 3, 300, 30, rows_alike);
  CHECK(s.nfail > 20 && s.nfail < 280);
  l = learn(g, cat, &s, rel, NULL);
  show_top(l, 2);
  CHECK(found_exact(l, "count(elem, \"<cell>\", num)"));
  sd_learner_free(l);
  set_free(&s);
  sd_catalog_free(cat);
  sd_grammar_free(g);
}

int main(void) {
  /* every threshold flip found without the bisection over all numbers
     (closed forms, the bisection over the values the elements take) is
     checked against the evaluator next to it: a wrong one aborts */
  setenv("SEMDBG_CHECK_FLIPS", "1", 1);
  RUN(test_heartbleed);
  RUN(test_middle);
  RUN(test_calculator);
  RUN(test_disjunction);
  RUN(test_container_scope);
  RUN(test_record_conjunction);
  RUN(test_record_placeholder);
  RUN(test_record_bound);
  RUN(test_value_range);
  RUN(test_threshold_refit_beside_prefix);
  RUN(test_threshold_refit_mirrored);
  RUN(test_condition_in_context);
  RUN(test_record_sum);
  RUN(test_guarded_record_sum);
  RUN(test_record_sum_below);
  RUN(test_count_exceeds_field);
  RUN(test_field_exceeds_count);
  RUN(test_count_equals_field);
  RUN(test_count_one_short);
  RUN(test_count_one_over);
  RUN(test_undefined_in_record);
  RUN(test_ranges_overlap);
  RUN(test_spans_overlap);
  RUN(test_field_exceeds_count_in_input);
  RUN(test_number_exceeds_count_in_record);
  RUN(test_does_not_divide);
  RUN(test_grown_literal);
  RUN(test_no_literal_across_fields);
  RUN(test_character_class);
  RUN(test_charset_choices);
  RUN(test_pool_members);
  RUN(test_draw_pool);
  RUN(test_scoped_relation);
  RUN(test_scoped_product);
  RUN(test_within_element);
  RUN(test_position_range);
  RUN(test_nested_depth);
  RUN(test_parity);
  RUN(test_next_record_skips);
  RUN(test_outside_set);
  RUN(test_undefined_name);
  RUN(test_at_least_n);
  RUN(test_threshold);
  RUN(test_round_decimal_bound);
  RUN(test_incremental_and_deterministic);
  RUN(test_shared_memo);
  RUN(test_invariants);
  RUN(test_bad_patterns);
  RUN(test_long_conjunction);
  RUN(test_negated_shape);
  RUN(test_value_set);
  RUN(test_cause_mode);
  RUN(test_arithmetic);
  RUN(test_orders);
  RUN(test_value_orders);
  RUN(test_lengths_together);
  RUN(test_count_below_with_text);
  RUN(test_islearn_match_expressions);
  RUN(test_zero_after_field);
  RUN(test_islearn_dstrings);
  RUN(test_islearn_nth_and_count);
  return test_report();
}
