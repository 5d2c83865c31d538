/* Unit tests of the Earley parser and derivation trees: ambiguity resolved
 * deterministically, start symbols, epsilon, left and right recursion, deep
 * trees, any bytes; tree operations (ranges, paths, replace, clone). */
#include <stdlib.h>
#include <string.h>

#include "json_util.h"
#include "semdbg/constraint.h"
#include "semdbg/fuzzer.h"
#include "semdbg/parser.h"
#include "test.h"
#include "util.h"

static SdGrammar *grammar(const char *text) {
  SdDiagnostics d = {0};
  SdGrammar *g = sd_grammar_parse(text, strlen(text), "test.bnf", NULL, &d);
  if (!g) sd_diagnostics_print(&d, stderr);
  sd_diagnostics_free(&d);
  return g;
}

static SdTree *parse(SdGrammar *g, const char *start, const char *text, size_t len) {
  SdParser *p = sd_parser_new(g);
  SdParseError e;
  SdTree *t = sd_parse(p, start ? sd_grammar_find(g, start) : -1, text, len, &e);
  if (!t) fprintf(stderr, "parse error: %d:%d %s\n", e.line, e.column, e.message), free(e.message);
  sd_parser_free(p);
  return t;
}

static void test_ambiguity_is_deterministic(void) {
  SdGrammar *g = grammar("<start> ::= <e>\n<e> ::= <e> \"+\" <e> | \"1\"\n");
  SdTree *a = parse(g, NULL, "1+1+1", 5), *b = parse(g, NULL, "1+1+1", 5);
  CHECK(a && b);
  char *ta = sd_tree_to_text(a), *tb = sd_tree_to_text(b);
  CHECK_STR(ta, tb);
  CHECK(a->length == 5 && !memcmp(a->text, "1+1+1", 5));
  free(ta);
  free(tb);
  sd_tree_free(a);
  sd_tree_free(b);
  sd_grammar_free(g);
}

static void test_start_symbol_and_spans(void) {
  SdGrammar *g = grammar("<start> ::= <pair>\n<pair> ::= <word> \"=\" <word>\n<word> ::= [a-z]+\n");
  SdTree *t = parse(g, "<word>", "hello", 5);
  CHECK(t && t->root->symbol == sd_grammar_find(g, "<word>"));
  sd_tree_free(t);
  t = parse(g, NULL, "ab=cde", 6);
  CHECK(t);
  SdSymbol word = sd_grammar_find(g, "<word>");
  uint32_t n;
  uint32_t first = sd_tree_range(t, word, NULL, &n);
  CHECK(n == 2);
  SdNode *w1 = sd_tree_node(t, t->by_symbol[word][first]);
  SdNode *w2 = sd_tree_node(t, t->by_symbol[word][first + 1]);
  uint32_t len;
  const char *s = sd_node_text(t, w2, &len);
  CHECK(len == 3 && !memcmp(s, "cde", 3));
  CHECK(w1->start == 0 && w1->end == 2 && w2->start == 3);
  /* range restricted to a subtree */
  sd_tree_range(t, word, w2, &n);
  CHECK(n == 1);
  CHECK(sd_node_is_ancestor(t->root, w2) && !sd_node_is_ancestor(w1, w2));
  uint32_t path[16];
  uint32_t depth = sd_node_path(w2, path, 16);
  CHECK(sd_tree_follow(t, path, depth) == w2);
  sd_tree_free(t);
  sd_grammar_free(g);
}

static void test_replace_and_clone(void) {
  SdGrammar *g = grammar("<start> ::= <word> \"=\" <word>\n<word> ::= [a-z]+\n");
  SdTree *t = parse(g, NULL, "ab=cd", 5);
  SdTree *r = parse(g, "<word>", "xyz", 3);
  CHECK(t && r);
  SdTree *c = sd_tree_clone(t);
  SdSymbol word = sd_grammar_find(g, "<word>");
  SdNode *second = sd_tree_node(t, t->by_symbol[word][1]);
  sd_tree_replace(t, second, r->root);
  CHECK(t->length == 6 && !memcmp(t->text, "ab=xyz", 6));
  CHECK(c->length == 5 && !memcmp(c->text, "ab=cd", 5)); /* the clone is independent */
  uint32_t n;
  sd_tree_range(t, word, NULL, &n);
  CHECK(n == 2);
  /* a copy with one subtree replaced: the original unchanged, the copy
     indexed as a fresh parse of its text would be */
  SdNode *first = sd_tree_node(c, c->by_symbol[word][0]);
  SdTree *d = sd_tree_clone_replacing(c, first, r->root);
  CHECK(d && d->length == 6 && !memcmp(d->text, "xyz=cd", 6));
  CHECK(c->length == 5 && !memcmp(c->text, "ab=cd", 5));
  sd_tree_range(d, word, NULL, &n);
  CHECK(n == 2 && d->nodes[d->by_symbol[word][0]]->start == 0 && d->nodes[d->by_symbol[word][1]]->start == 4);
  CHECK(d->root->size == d->node_count && d->nodes[d->by_symbol[word][1]]->parent == d->root);
  /* both words at once */
  SdTree *q = parse(g, "<word>", "q", 1);
  const SdNode *both[2] = {sd_tree_node(c, c->by_symbol[word][0]), sd_tree_node(c, c->by_symbol[word][1])};
  const SdNode *with[2] = {q->root, r->root};
  SdTree *e = sd_tree_clone_replacing_many(c, both, with, 2);
  CHECK(e && e->length == 5 && !memcmp(e->text, "q=xyz", 5));
  CHECK(c->length == 5 && !memcmp(c->text, "ab=cd", 5));
  sd_tree_range(e, word, NULL, &n);
  CHECK(n == 2 && e->nodes[e->by_symbol[word][1]]->start == 2 && e->root->size == e->node_count);
  sd_tree_free(e);
  sd_tree_free(q);
  sd_tree_free(d);
  sd_tree_free(c);
  sd_tree_free(r);
  sd_tree_free(t);
  sd_grammar_free(g);
}

static void test_epsilon_and_recursion(void) {
  SdGrammar *g = grammar(
      "<start> ::= <a> <b> <c>\n<a> ::= \"\" | \"x\"\n<b> ::= <a> <a>\n<c> ::= <b> \"y\" <b>\n");
  const char *ok[] = {"y", "xy", "xxxy", "xxxyxx", "yx"};
  for (int i = 0; i < 5; i++) {
    SdTree *t = parse(g, NULL, ok[i], strlen(ok[i]));
    CHECK(t && t->length == strlen(ok[i]));
    sd_tree_free(t);
  }
  sd_grammar_free(g);
  /* long left and right recursion: deep trees must not overflow the stack */
  g = grammar("<start> ::= <l> \"|\" <r>\n<l> ::= \"\" | <l> \"a\"\n<r> ::= \"\" | \"b\" <r>\n");
  SdBuf b = {0};
  for (int i = 0; i < 20000; i++) sd_buf_putc(&b, 'a');
  sd_buf_putc(&b, '|');
  for (int i = 0; i < 2000; i++) sd_buf_putc(&b, 'b');
  SdTree *t = parse(g, NULL, b.data, b.len);
  CHECK(t && t->length == b.len && t->node_count > 40000);
  sd_tree_free(t);
  sd_buf_free(&b);
  sd_grammar_free(g);
}

/* Right-recursive lists are parsed as left recursion internally; the tree
 * must still be the grammar's right-nested one, and the time linear. */
static void test_right_recursive_lists(void) {
  SdGrammar *g = grammar(
      "<start> ::= <n> \";\" <p>\n<n> ::= <d> | <d> <n>\n<d> ::= [0-9]\n"
      "<p> ::= \"\" | <c> <p> | \"!\" \"!\" <p>\n<c> ::= [a-z]\n");
  CHECK(g);
  SdBuf b = {0};
  for (int i = 0; i < 50000; i++) sd_buf_putc(&b, (char)('0' + i % 10));
  sd_buf_putc(&b, ';');
  for (int i = 0; i < 50000; i++) sd_buf_puts(&b, i % 7 ? "x" : "!!");
  SdTree *t = parse(g, NULL, b.data, b.len);
  CHECK(t && t->length == b.len && !memcmp(t->text, b.data, b.len));
  if (t) {
    SdSymbol n = sd_grammar_find(g, "<n>"), p = sd_grammar_find(g, "<p>");
    uint32_t count;
    sd_tree_range(t, n, NULL, &count);
    CHECK(count == 50000);
    sd_tree_range(t, p, NULL, &count);
    CHECK(count == 50001);
    /* every <n> but the last is <d> <n>, the last is <d>; <p>: last is "" */
    bool shape = true;
    for (uint32_t i = 0; i < t->by_symbol_count[n]; i++) {
      SdNode *x = sd_tree_node(t, t->by_symbol[n][i]);
      bool last = i + 1 == t->by_symbol_count[n];
      shape = shape && x->alternative == (last ? 0 : 1) && x->child_count == (last ? 1u : 2u);
      shape = shape && x->end == 50000 && x->start == i; /* nested to the right */
    }
    for (uint32_t i = 0; i < t->by_symbol_count[p]; i++) {
      SdNode *x = sd_tree_node(t, t->by_symbol[p][i]);
      bool last = i + 1 == t->by_symbol_count[p];
      shape = shape && (last ? x->alternative == 0 && x->child_count == 0
                             : (x->alternative == 1 || (x->alternative == 2 && x->child_count == 3)));
    }
    CHECK(shape);
  }
  sd_tree_free(t);
  sd_buf_free(&b);
  sd_grammar_free(g);
}

static void test_any_bytes(void) {
  SdGrammar *g = grammar("<start> ::= <byte>*\n<byte> ::= [\\x00-\\xff]\n");
  const char data[] = {'a', 0, (char)0xff, (char)0x80, '\n'};
  SdTree *t = parse(g, NULL, data, sizeof data);
  CHECK(t && t->length == sizeof data && !memcmp(t->text, data, sizeof data));
  sd_tree_free(t);
  sd_grammar_free(g);
}

static void test_error_position(void) {
  SdGrammar *g = grammar("<start> ::= <line>+\n<line> ::= [0-9]+ \"\\n\"\n");
  SdParser *p = sd_parser_new(g);
  SdParseError e;
  SdTree *t = sd_parse(p, -1, "12\n34\n5x\n", 9, &e);
  CHECK(!t);
  CHECK(e.line == 3 && e.column == 2 && e.offset == 7);
  CHECK(strstr(e.message, "unexpected 'x'") != NULL);
  free(e.message);
  /* without a place for the reason: the same answer, nothing to free */
  CHECK(!sd_parse(p, -1, "12\n34\n5x\n", 9, NULL));
  t = sd_parse(p, -1, "12\n", 3, NULL);
  CHECK(t && t->length == 3);
  sd_tree_free(t);
  CHECK(sd_parser_accepts(p, -1, "1\n", 2));
  CHECK(!sd_parser_accepts(p, -1, "", 0));
  sd_parser_free(p);
  sd_grammar_free(g);
}

/* (((x))) nested n deep (malloc'd, *len set). */
static char *nested(uint32_t n, size_t *len) {
  *len = 2 * (size_t)n + 1;
  char *s = malloc(*len);
  memset(s, '(', n);
  s[n] = 'x';
  memset(s + n + 1, ')', n);
  return s;
}

/* A 100,000-deep input: the tree is built, cloned, evaluated and measured
 * without recursion; JSON stops at SD_TREE_JSON_MAX_DEPTH (cJSON recurses). */
/* A clone copies its original's index (clone_indexed): every node, span,
 * id and run of by_symbol as a tree rebuilt from the same nodes has them,
 * on random trees of a grammar with empty alternatives, character classes
 * and nesting, and again on a clone of a clone edited in place. */
static bool same_index(const SdTree *a, const SdTree *b) {
  if (a->node_count != b->node_count || a->length != b->length || memcmp(a->text, b->text, a->length + 1)) return false;
  for (uint32_t i = 0; i < a->node_count; i++) {
    const SdNode *x = a->nodes[i], *y = b->nodes[i];
    if (x->symbol != y->symbol || x->alternative != y->alternative || x->child_count != y->child_count ||
        x->start != y->start || x->end != y->end || x->id != i || y->id != i || x->size != y->size ||
        x->depth != y->depth || (x->parent ? (int64_t)x->parent->id : -1) != (y->parent ? (int64_t)y->parent->id : -1) ||
        x->leaf_length != y->leaf_length || (x->leaf_length && memcmp(x->leaf, y->leaf, x->leaf_length)))
      return false;
    for (uint32_t c = 0; c < x->child_count; c++)
      if (x->children[c]->id != y->children[c]->id || y->children[c]->parent != y) return false;
  }
  for (uint32_t s = 0; s < a->grammar->symbol_count; s++) {
    if (a->by_symbol_count[s] != b->by_symbol_count[s]) return false;
    for (uint32_t k = 0; k < a->by_symbol_count[s]; k++)
      if (a->by_symbol[s][k] != b->by_symbol[s][k]) return false;
  }
  return true;
}

static void test_clone_copies_index(void) {
  SdGrammar *g = grammar("<start> ::= <item>*\n<item> ::= \"(\" <item>* \")\" | <word> | \"\"\n"
                         "<word> ::= [a-z0-9] [a-z]*\n");
  SdFuzzerOptions fo = {.seed = 7, .max_size = 200};
  SdFuzzer *f = sd_fuzzer_new(g, &fo);
  SdSymbol word = sd_grammar_find(g, "<word>");
  for (int k = 0; k < 50; k++) {
    SdTree *t = sd_fuzz_tree(f, -1);
    SdTree *c = sd_tree_clone(t), *rebuilt = sd_tree_new(g);
    sd_tree_set_root(rebuilt, sd_tree_copy_node(rebuilt, t->root));
    CHECK(same_index(c, rebuilt) && same_index(c, t));
    uint32_t n;
    uint32_t first = sd_tree_range(c, word, NULL, &n);
    if (n) { /* the clone edited: its index rebuilt, the original untouched */
      SdTree *r = parse(g, "<word>", "zz", 2);
      sd_tree_replace(c, sd_tree_node(c, c->by_symbol[word][first]), r->root);
      SdTree *cc = sd_tree_clone(c), *again = sd_tree_new(g);
      sd_tree_set_root(again, sd_tree_copy_node(again, c->root));
      CHECK(same_index(cc, again) && same_index(t, rebuilt));
      sd_tree_free(cc);
      sd_tree_free(again);
      sd_tree_free(r);
    }
    sd_tree_free(rebuilt);
    sd_tree_free(c);
    sd_tree_free(t);
  }
  sd_fuzzer_free(f);
  sd_grammar_free(g);
}

static void test_deep_tree(void) {
  SdGrammar *g = grammar("<start> ::= \"(\" <start> \")\" | \"x\"\n");
  size_t len;
  char *text = nested(100000, &len);
  SdTree *t = parse(g, NULL, text, len);
  CHECK(t && sd_tree_height(t, t->root) == 100001);
  SdTree *c = t ? sd_tree_clone(t) : NULL;
  CHECK(c && c->length == len && !memcmp(c->text, text, len));
  CHECK(t && sd_tree_to_json(t, NULL) == NULL);
  SdConstraint *k = sd_constraint_parse(g, "str.len(start) = 200001", 23, NULL);
  CHECK(k && t && sd_constraint_eval(k, t, NULL));
  sd_constraint_free(k);
  sd_tree_free(c);
  sd_tree_free(t);
  free(text);
  text = nested(SD_TREE_JSON_MAX_DEPTH - 1, &len);
  t = parse(g, NULL, text, len);
  cJSON *j = t ? sd_tree_to_json(t, NULL) : NULL;
  CHECK(j != NULL);
  char *printed = j ? sd_json_print(j, false) : NULL;
  CHECK(printed && !strncmp(printed, "{\"symbol\":\"<start>\"", 19));
  cJSON_free(printed);
  cJSON_Delete(j);
  sd_tree_free(t);
  free(text);
  sd_grammar_free(g);
}

int main(void) {
  RUN(test_deep_tree);
  RUN(test_ambiguity_is_deterministic);
  RUN(test_start_symbol_and_spans);
  RUN(test_replace_and_clone);
  RUN(test_clone_copies_index);
  RUN(test_epsilon_and_recursion);
  RUN(test_right_recursive_lists);
  RUN(test_any_bytes);
  RUN(test_error_position);
  return test_report();
}
