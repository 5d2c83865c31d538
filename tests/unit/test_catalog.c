/* test_catalog.c: the pattern catalog reader: the ISLearn/Avicenna TOML
 * layout, placeholders, descriptions, textual instantiation, and the error
 * messages (with line and column) for broken catalogs. */
#include <stdlib.h>
#include <string.h>

#include "semdbg/catalog.h"
#include "test.h"

static SdCatalog *parse(const char *text, SdDiagnostics *d) {
  return sd_catalog_parse(text, strlen(text), "cat.toml", d);
}

/* The first error (not warning) in d, or NULL. */
static const SdDiagnostic *first_error(const SdDiagnostics *d) {
  for (uint32_t i = 0; i < d->size; i++)
    if (!d->items[i].is_warning) return &d->items[i];
  return NULL;
}

static bool has_message(const SdDiagnostics *d, const char *part, bool warning) {
  for (uint32_t i = 0; i < d->size; i++)
    if (d->items[i].is_warning == warning && strstr(d->items[i].message, part)) return true;
  return false;
}

static void test_islearn_layout(void) {
  /* the layout of ISLearn's and Avicenna's patterns.toml */
  const char *text =
      "[[Universal]]\n"
      "\n"
      "name = \"String Length Upper Bound\"\n"
      "constraint = '''\n"
      "forall <?NONTERMINAL> elem in start:\n"
      "  (<= (str.len elem) (str.to.int <?STRING>))\n"
      "'''\n"
      "\n"
      "[[Existential]]\n"
      "\n"
      "# a comment inside a table\n"
      "name = \"String Existence\"\n"
      "constraint = '''\n"
      "forall <?NONTERMINAL> container in start:\n"
      "  exists <?NONTERMINAL> elem in container:\n"
      "    (= elem <?STRING>)\n"
      "'''\n"
      "\n"
      "#[[Length]]\n"
      "#name = \"commented out\"\n"
      "\n"
      "[[Misc]]\n"
      "name = \"Balance\"\n"
      "constraint = '''\n"
      "forall <?NONTERMINAL> container=\"{<?MATCHEXPR(opid, clid)>}\" in start:\n"
      "  (= opid clid)\n"
      "'''\n"
      "[[Misc]]\n"
      "name = \"Disjunctive\"\n"
      "constraint = '''forall <?NONTERMINAL> a in start: (= a <?DSTRINGS>)'''\n"
      "[[Misc]]\n"
      "name = \"Equal Count\"\n"
      "constraint = '''exists int num: forall <?NONTERMINAL> e in start: count(e, <?NONTERMINAL>, num)'''\n"
      "[[Misc]]\n"
      "name = \"Unknown\"\n"
      "constraint = '''forall <?NONTERMINAL> e in start: (= e <?FOO>)'''\n";
  SdDiagnostics d = {0};
  SdCatalog *c = parse(text, &d);
  CHECK(c != NULL);
  if (!c) {
    sd_diagnostics_print(&d, stderr);
    return;
  }
  CHECK(sd_catalog_count(c) == 5);
  CHECK(sd_catalog_skipped(c) == 1);
  CHECK(has_message(&d, "'Unknown': skipped: unsupported placeholder <?FOO>", true));
  CHECK(first_error(&d) == NULL);
  const SdPattern *p = sd_catalog_pattern(c, 0);
  CHECK_STR(p->group, "Universal");
  CHECK_STR(p->name, "String Length Upper Bound");
  CHECK(p->line == 1);
  CHECK(p->constraint_line == 5);
  CHECK_STR(p->constraint, "forall <?NONTERMINAL> elem in start:\n"
                           "  (<= (str.len elem) (str.to.int <?STRING>))\n");
  CHECK(p->placeholder_count == 2);
  CHECK(p->nonterminal_count == 1);
  CHECK(p->placeholders[0].kind == SD_PLACEHOLDER_NONTERMINAL);
  /* a <?STRING> under str.to.int is a numeric string (a bound) */
  CHECK(p->placeholders[1].kind == SD_PLACEHOLDER_NUMERIC_STRING);
  const SdPattern *q = sd_catalog_pattern(c, 1);
  CHECK_STR(q->group, "Existential");
  CHECK(q->nonterminal_count == 2);
  CHECK(q->placeholders[2].kind == SD_PLACEHOLDER_STRING);
  CHECK(q->description == NULL); /* the comment is inside the table, not above it */
  const char *values[] = {"<payload>", "<char>", "\"a\\\"b\""};
  char *inst = sd_pattern_instantiate(q, values);
  CHECK_STR(inst, "forall <payload> container in start:\n"
                  "  exists <char> elem in container:\n"
                  "    (= elem \"a\\\"b\")\n");
  free(inst);
  /* ISLearn's placeholders: a match expression (its braces included), a
     set of strings, a nonterminal written as a string in count() */
  const SdPattern *b = sd_catalog_pattern(c, 2);
  CHECK_STR(b->name, "Balance");
  CHECK(b->placeholder_count == 2 && b->nonterminal_count == 1);
  CHECK(b->placeholders[1].kind == SD_PLACEHOLDER_MATCHEXPR);
  CHECK(!strncmp(b->constraint + b->placeholders[1].offset, "{<?MATCHEXPR(opid, clid)>}",
                 b->placeholders[1].length) && b->placeholders[1].length == 26);
  const char *bv[] = {"<pair>", "{<a> opid} , {<b> clid}"};
  inst = sd_pattern_instantiate(b, bv);
  CHECK_STR(inst, "forall <pair> container=\"{<a> opid} , {<b> clid}\" in start:\n  (= opid clid)\n");
  free(inst);
  const SdPattern *ds = sd_catalog_pattern(c, 3);
  CHECK(ds->placeholder_count == 2 && ds->placeholders[1].kind == SD_PLACEHOLDER_DSTRINGS);
  const SdPattern *ec = sd_catalog_pattern(c, 4);
  CHECK(ec->placeholder_count == 2 && ec->nonterminal_count == 2);
  CHECK(ec->placeholders[0].kind == SD_PLACEHOLDER_NONTERMINAL);
  CHECK(ec->placeholders[1].kind == SD_PLACEHOLDER_NONTERMINAL_STRING);
  CHECK(!ec->placeholders[0].record && !b->placeholders[0].record);
  CHECK(sd_catalog_pattern(c, 5) == NULL);
  sd_catalog_free(c);
  sd_diagnostics_free(&d);
}

static void test_strings_and_descriptions(void) {
  const char *text =
      "# Some <X> is long.\n"
      "[[Length]]\n"
      "name = 'Long'   # literal string\n"
      "constraint = \"exists <?NONTERMINAL> e: str.len(e) > <?INTEGER>\"\n"
      "\n"
      "[[ Length.Other ]]\n"
      "name = \"Tab\\tand \\u00e9\"\n"
      "description = \"explicit\"\n"
      "constraint = '''\r\n"
      "exists <?NONTERMINAL> e: str.to_int(<?STRING>) < 3 and e = <?STRING>'''\n"
      "[[Q]]\n"
      "\"name\" = \"quoted key\"\n"
      "constraint = \"\"\"\n"
      "exists <?NONTERMINAL> e: \\\n"
      "    e = \"x\"\"\"\"\n";
  SdDiagnostics d = {0};
  SdCatalog *c = parse(text, &d);
  CHECK(c != NULL);
  if (!c) {
    sd_diagnostics_print(&d, stderr);
    return;
  }
  CHECK(sd_catalog_count(c) == 3);
  const SdPattern *p = sd_catalog_pattern(c, 0);
  CHECK_STR(p->name, "Long");
  CHECK_STR(p->description, "Some <X> is long.");
  CHECK(p->placeholder_count == 2);
  CHECK(p->placeholders[1].kind == SD_PLACEHOLDER_INTEGER);
  const char *v[] = {"<a>", "17"};
  char *inst = sd_pattern_instantiate(p, v);
  CHECK_STR(inst, "exists <a> e: str.len(e) > 17");
  free(inst);
  const SdPattern *q = sd_catalog_pattern(c, 1);
  CHECK_STR(q->group, "Length.Other");
  CHECK_STR(q->name, "Tab\tand \xc3\xa9");
  CHECK_STR(q->description, "explicit");
  CHECK(q->placeholders[1].kind == SD_PLACEHOLDER_NUMERIC_STRING);
  CHECK(q->placeholders[2].kind == SD_PLACEHOLDER_STRING);
  CHECK(q->constraint_line == 10);
  const SdPattern *r = sd_catalog_pattern(c, 2);
  CHECK_STR(r->name, "quoted key");
  /* line-ending backslash trims; a quote right before the closing """ is content */
  CHECK_STR(r->constraint, "exists <?NONTERMINAL> e: e = \"x\"");
  CHECK(r->placeholder_count == 1);
  sd_catalog_free(c);
  sd_diagnostics_free(&d);
}

/* Parse a broken catalog; expect NULL and an error at line:col containing msg. */
static void expect_error(const char *text, int line, int col, const char *msg) {
  SdDiagnostics d = {0};
  SdCatalog *c = parse(text, &d);
  CHECK(c == NULL);
  const SdDiagnostic *e = first_error(&d);
  CHECK(e != NULL);
  if (e) {
    bool ok = e->line == line && e->column == col && strstr(e->message, msg) &&
              !strcmp(e->path, "cat.toml");
    if (!ok)
      fprintf(stderr, "  wanted %d:%d '%s', got %s:%d:%d: %s\n", line, col, msg, e->path,
              e->line, e->column, e->message);
    CHECK(ok);
  }
  sd_catalog_free(c);
  sd_diagnostics_free(&d);
}

/* A NUL byte is named, not printed (it cut the message short). */
static void test_nul_byte(void) {
  SdDiagnostics d = {0};
  SdCatalog *c = sd_catalog_parse("\0[[G]]\n", 7, "cat.toml", &d);
  CHECK(c == NULL);
  const SdDiagnostic *e = first_error(&d);
  CHECK(e && e->line == 1 && e->column == 1 &&
        !strcmp(e->message, "unexpected byte 0x00: expected a key, a [[Group]] header or a comment"));
  sd_diagnostics_free(&d);
}

static void test_errors(void) {
  expect_error("[[G]]\nname = \"x\"\nconstraint = '''\nexists <?NONTERMINAL> e: true\n", 3, 14,
               "unterminated ''' string");
  expect_error("[[G]]\nname = \"x\nconstraint = 'y'\n", 2, 8, "unterminated \" string");
  expect_error("\n[[G]]\nconstraint = 'true'\n", 2, 1, "has no 'name'");
  expect_error("[[G]]\nname = 'a'\n[[H]]\nname = 'b'\nconstraint = 'true'\n", 1, 1,
               "pattern 'a' in [[G]] has no 'constraint'");
  expect_error("[[G]]\nname = 'a'\nconstraint = 'true'\nweight = '3'\n", 4, 1,
               "unknown key 'weight'");
  expect_error("[G]\nname = 'a'\n", 1, 1, "only [[Group]] tables are supported");
  expect_error("name = 'a'\n", 1, 1, "outside a [[Group]] table");
  expect_error("[[G]]\nname = 'a'\nname = 'b'\nconstraint = 't'\n", 3, 1, "given twice");
  expect_error("[[G]]\nname = 3\n", 2, 8, "expected a string value");
  expect_error("[[G]]\nname = \"a\\q\"\n", 2, 11, "bad escape");
  expect_error("[[G]]\nname = 'a' 'b'\n", 2, 12, "unexpected ''' after the value");
  expect_error("[[G]]\nname 'a'\n", 2, 6, "expected '=' after key 'name'");
  expect_error("[[G\n", 1, 4, "bad table header");
  expect_error("# nothing\n", 1, 1, "no patterns");
  expect_error("[[G]]\nname = 'a' \x01\n", 2, 12, "unexpected byte 0x01 after the value");
  expect_error("[[G]]\n\x7f = 'a'\n", 2, 1, "unexpected byte 0x7f: expected a key");
  test_nul_byte();
  /* several errors are all reported */
  SdDiagnostics d = {0};
  SdCatalog *c = parse("[[G]]\nfoo = 'a'\nbar = 'b'\n", &d);
  CHECK(c == NULL);
  uint32_t errors = 0;
  for (uint32_t i = 0; i < d.size; i++) errors += !d.items[i].is_warning;
  CHECK(errors == 4); /* foo, bar, no name, no constraint */
  sd_diagnostics_free(&d);
}

static void test_load_files(void) {
  SdDiagnostics d = {0};
  SdCatalog *c = sd_catalog_load("/nonexistent/patterns.toml", &d);
  CHECK(c == NULL);
  CHECK(d.size == 1 && strstr(d.items[0].message, "cannot read the pattern catalog"));
  sd_diagnostics_free(&d);

  /* the default catalog: every pattern documented, the kinds present */
  c = sd_catalog_default(&d);
  CHECK(c != NULL);
  if (!c) {
    sd_diagnostics_print(&d, stderr);
    return;
  }
  CHECK(d.size == 0);
  CHECK(sd_catalog_count(c) >= 20);
  CHECK(sd_catalog_skipped(c) == 0);
  uint32_t three = 0, integer = 0, string = 0;
  for (uint32_t i = 0; i < sd_catalog_count(c); i++) {
    const SdPattern *p = sd_catalog_pattern(c, i);
    CHECK(p->description && strlen(p->description) > 10);
    CHECK(p->nonterminal_count >= 1);
    if (p->nonterminal_count == 3) three++;
    for (uint32_t k = 0; k < p->placeholder_count; k++) {
      integer += p->placeholders[k].kind == SD_PLACEHOLDER_INTEGER;
      string += p->placeholders[k].kind == SD_PLACEHOLDER_STRING;
    }
    for (uint32_t j = 0; j < i; j++) CHECK(strcmp(p->name, sd_catalog_pattern(c, j)->name) != 0);
  }
  CHECK(three >= 3);   /* container-scoped relations */
  CHECK(integer >= 8); /* bounds */
  CHECK(string >= 4);  /* equality, contains, prefix, suffix */
  sd_catalog_free(c);
  sd_diagnostics_free(&d);
}

int main(void) {
  RUN(test_islearn_layout);
  RUN(test_strings_and_descriptions);
  RUN(test_errors);
  RUN(test_load_files);
  return test_report();
}
