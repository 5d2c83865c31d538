/* Unit tests of the report: the text names the status, the diagnosis and the
 * counts; equivalent candidates that read the same are listed once; the JSON
 * document has the documented fields and survives bytes that are not UTF-8;
 * the failure kind and the other failures by kind. */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "semdbg/report.h"
#include "test.h"
#include "util.h"

static SdReport *sample(void) {
  SdReport *r = sd_xcalloc(1, sizeof *r);
  r->status = SD_REPORT_CONFIRMED;
  r->stop_reason = sd_xstrdup("confirmed");
  r->candidate_count = 3;
  r->candidates = sd_xcalloc(3, sizeof(SdReportCandidate));
  const char *shorts[] = {"str.len(<p>) < str.to.int(<n>)", "str.len(<p>) < str.to.int(<n>)", "str.to.int(<n>) > 0"};
  for (int i = 0; i < 3; i++) {
    r->candidates[i].short_form = sd_xstrdup(shorts[i]);
    r->candidates[i].isla = sd_format("isla %d", i);
    r->candidates[i].precision = i < 2 ? 1.0 : 0.75;
    r->candidates[i].recall = 1.0;
    r->candidates[i].tp = 10, r->candidates[i].tn = i < 2 ? 5 : 2, r->candidates[i].fp = i < 2 ? 0 : 3;
    r->candidates[i].group = i < 2 ? 0 : 1;
  }
  r->failing_example_count = 1;
  r->failing_examples = sd_xcalloc(1, sizeof(SdReportInput));
  r->failing_examples[0].text = sd_xstrndup("\x01 9\xff", 4);
  r->failing_examples[0].length = 4;
  r->abstract = sd_xstrdup("\x01 <digit>*");
  r->abstract_fail_share = 1.0;
  r->runs = 123;
  r->iterations = 2;
  r->seed = 18446744073709551615ULL;
  r->min_precision = r->min_recall = 0.9;
  return r;
}

static void test_text(void) {
  SdReport *r = sample();
  char *t = sd_report_to_text(r);
  CHECK(strstr(t, "Diagnosis (confirmed)") != NULL);
  CHECK(strstr(t, "    str.len(<p>) < str.to.int(<n>)\n") != NULL);
  CHECK(strstr(t, "Equivalent on all evidence") == NULL); /* the equivalent reads the same */
  CHECK(strstr(t, "str.to.int(<n>) > 0") != NULL);        /* next best */
  CHECK(strstr(t, "\"\\x01 9\\xff\"") != NULL);            /* inputs quoted with escapes */
  CHECK(strstr(t, "\\x01 <digit>*") != NULL);              /* control bytes made visible */
  CHECK(strstr(t, "123 runs") != NULL);
  free(t);
  r->status = SD_REPORT_SHORT;
  t = sd_report_to_text(r);
  CHECK(strstr(t, "falls short") != NULL && strstr(t, "needs precision >= 0.90") != NULL);
  free(t);
  sd_report_free(r);
}

/* The stop reason "confirmed" only where the status is; a product's
 * boundary names both factors. */
static void test_stop_and_boundaries(void) {
  SdReport *r = sample();
  r->cause_count = 1;
  r->causes = sd_xcalloc(1, sizeof(SdReportCause));
  r->causes[0].short_form = sd_xstrdup("str.to.int(<cents>) * str.to.int(<qty>) > 99999");
  r->causes[0].isla = sd_xstrdup("isla");
  r->causes[0].boundary_count = 2;
  r->causes[0].boundaries = sd_xcalloc(2, sizeof(SdReportBoundary));
  SdReportBoundary *b = r->causes[0].boundaries;
  b[0].element = sd_xstrdup("<cents>"), b[0].measure = sd_xstrdup("product with <qty>");
  b[0].passing_value = sd_xstrdup("99999"), b[0].failing_value = sd_xstrdup("100000"), b[0].pinned = true;
  b[1].element = sd_xstrdup("<name>"), b[1].measure = sd_xstrdup("length");
  b[1].passing_value = sd_xstrdup("8"), b[1].failing_value = sd_xstrdup("9"), b[1].pinned = true;
  char *t = sd_report_to_text(r);
  CHECK(strstr(t, "boundary: <cents> times <qty> 99999 passes, 100000 fails (pinned)") != NULL);
  CHECK(strstr(t, "boundary: length of <name> 8 passes, 9 fails (pinned)") != NULL);
  CHECK(strstr(t, "stopped: confirmed;") != NULL);
  free(t);
  r->status = SD_REPORT_APPROXIMATE;
  t = sd_report_to_text(r);
  CHECK(strstr(t, "stopped: confirmed;") == NULL && strstr(t, "stopped: the last hunt refuted nothing;") != NULL);
  free(t);
  sd_report_free(r);
}

static void test_json(void) {
  SdReport *r = sample();
  char *j = sd_report_to_json(r);
  cJSON *doc = cJSON_ParseWithOpts(j, NULL, 1);
  CHECK(doc != NULL);
  if (doc) {
    CHECK(cJSON_GetObjectItemCaseSensitive(doc, "schema")->valuedouble == 2);
    CHECK_STR(cJSON_GetObjectItemCaseSensitive(doc, "status")->valuestring, "confirmed");
    cJSON *d = cJSON_GetObjectItemCaseSensitive(doc, "diagnosis");
    CHECK(d && cJSON_GetObjectItemCaseSensitive(d, "precision")->valuedouble == 1.0);
    CHECK(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "candidates")) == 3);
    CHECK(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "equivalent")) == 0);
    CHECK_STR(cJSON_GetObjectItemCaseSensitive(doc, "seed")->valuestring, "18446744073709551615");
    cJSON *ex = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc, "examples"), "failing");
    CHECK_STR(cJSON_GetArrayItem(ex, 0)->valuestring, "\x01 9\xc3\xbf"); /* 0xff as U+00FF */
    CHECK(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(doc, "reduced")));
    cJSON *counts = cJSON_GetObjectItemCaseSensitive(doc, "counts");
    CHECK(cJSON_GetObjectItemCaseSensitive(counts, "runs")->valuedouble == 123);
  }
  cJSON_Delete(doc);
  free(j);
  sd_report_free(r);
}

/* A failure outside the diagnosis, reduced: in the text with the input it
 * was reduced from, in JSON as bytes; null when there is none. */
static void test_outside(void) {
  SdReport *r = sample();
  char *j = sd_report_to_json(r);
  cJSON *doc = cJSON_ParseWithOpts(j, NULL, 1);
  CHECK(doc && cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(doc, "outside")));
  cJSON_Delete(doc);
  free(j);
  r->status = SD_REPORT_APPROXIMATE;
  r->outside = sd_xstrndup("4 / (7 / 8)\xff", 12), r->outside_length = 12;
  r->outside_original = sd_xstrdup("8 / -19 / ---((7) / 8 / 2)");
  r->outside_original_length = strlen(r->outside_original);
  char *t = sd_report_to_text(r);
  CHECK(strstr(t, "A failure the diagnosis does not explain, reduced (12 of 26 bytes):\n"
                  "    \"4 / (7 / 8)\\xff\"\n    from \"8 / -19 / ---((7) / 8 / 2)\"\n") != NULL);
  free(t);
  j = sd_report_to_json(r);
  doc = cJSON_ParseWithOpts(j, NULL, 1);
  cJSON *o = doc ? cJSON_GetObjectItemCaseSensitive(doc, "outside") : NULL;
  CHECK(o != NULL);
  if (o) {
    CHECK_STR(cJSON_GetObjectItemCaseSensitive(o, "input")->valuestring, "4 / (7 / 8)\xc3\xbf");
    CHECK_STR(cJSON_GetObjectItemCaseSensitive(o, "original")->valuestring, "8 / -19 / ---((7) / 8 / 2)");
    CHECK(cJSON_GetObjectItemCaseSensitive(o, "length")->valuedouble == 12);
    CHECK(cJSON_GetObjectItemCaseSensitive(o, "original_length")->valuedouble == 26);
  }
  cJSON_Delete(doc);
  free(j);
  sd_report_free(r);
}

/* The kind explained and the other failures, per kind, in text and JSON. */
static void test_kinds(void) {
  SdReport *r = sample();
  char *t = sd_report_to_text(r);
  CHECK(strstr(t, "0 failing (any kind), 0 passing") != NULL); /* no kind known */
  CHECK(strstr(t, "other failures") == NULL);
  free(t);
  r->kind = sd_xstrdup("exit:2");
  r->failing = 7;
  r->other_failures = 5;
  r->other_kind_count = 2;
  r->other_kinds = sd_xcalloc(2, sizeof *r->other_kinds);
  r->other_kinds[0] = (SdReportKindCount){sd_xstrdup("signal:SIGABRT"), 4};
  r->other_kinds[1] = (SdReportKindCount){sd_xstrdup("timeout"), 1};
  t = sd_report_to_text(r);
  CHECK(strstr(t, "7 failing (exit:2), 0 passing") != NULL);
  CHECK(strstr(t, "\nother failures (another kind than exit:2; learned neither way): 4 signal:SIGABRT, "
                  "1 timeout;\n") != NULL);
  free(t);
  char *j = sd_report_to_json(r);
  cJSON *doc = cJSON_ParseWithOpts(j, NULL, 1);
  CHECK(doc != NULL);
  if (doc) {
    CHECK_STR(cJSON_GetObjectItemCaseSensitive(doc, "kind")->valuestring, "exit:2");
    cJSON *o = cJSON_GetObjectItemCaseSensitive(doc, "other_failures");
    CHECK(cJSON_GetArraySize(o) == 2);
    CHECK(cJSON_GetObjectItemCaseSensitive(o, "signal:SIGABRT")->valuedouble == 4);
    CHECK(cJSON_GetObjectItemCaseSensitive(o, "timeout")->valuedouble == 1);
    cJSON *counts = cJSON_GetObjectItemCaseSensitive(doc, "counts");
    CHECK(cJSON_GetObjectItemCaseSensitive(counts, "other_failures")->valuedouble == 5);
  }
  cJSON_Delete(doc);
  free(j);
  sd_report_free(r);
}

/* Generated nonterminals the diagnosis names are explained under it, and
 * listed in the JSON; those only other candidates name are not shown. */
static void test_names(void) {
  SdReport *r = sample();
  free(r->candidates[0].isla);
  r->candidates[0].isla = sd_xstrdup("exists <block> c=\"begin {<id> a}\\n<block-1>end {<id> b}\\n\" in start: not (= a b)");
  r->name_count = 2;
  r->names = sd_xcalloc(2, sizeof *r->names);
  r->names[0] = (SdReportName){sd_xstrdup("<block-1>"), sd_xstrdup("<setting>*")};
  r->names[1] = (SdReportName){sd_xstrdup("<id-2>"), sd_xstrdup("[a-z0-9]*")};
  char *t = sd_report_to_text(r);
  CHECK(strstr(t, "\n  where:     <block-1> is <setting>*\n") != NULL);
  CHECK(strstr(t, "<id-2> is") == NULL);
  free(t);
  char *j = sd_report_to_json(r);
  cJSON *doc = cJSON_ParseWithOpts(j, NULL, 1);
  CHECK(doc != NULL);
  if (doc) {
    cJSON *names = cJSON_GetObjectItemCaseSensitive(doc, "names");
    CHECK(cJSON_GetArraySize(names) == 2);
    CHECK_STR(cJSON_GetObjectItemCaseSensitive(names, "<block-1>")->valuestring, "<setting>*");
  }
  cJSON_Delete(doc);
  free(j);
  sd_report_free(r);
}

int main(void) {
  RUN(test_text);
  RUN(test_names);
  RUN(test_json);
  RUN(test_stop_and_boundaries);
  RUN(test_kinds);
  RUN(test_outside);
  return test_report();
}
