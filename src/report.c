/* report.c: renders a diagnosis report as text for people and as JSON for
 * scripts. The JSON schema (documented in README.md) is versioned by the
 * "schema" field; fields are only ever added. */
#define _GNU_SOURCE /* sigabbrev_np */
#include "semdbg/report.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_util.h"
#include "util.h"

const char *sd_report_status_name(SdReportStatus status) {
  switch (status) {
    case SD_REPORT_CONFIRMED: return "confirmed";
    case SD_REPORT_APPROXIMATE: return "approximate";
    case SD_REPORT_SHORT: return "falls-short";
    default: return "none";
  }
}

/* "where: <block-1> is <setting>*" for each generated name the text mentions. */
static void put_names(SdBuf *b, const SdReport *self, const char *text) {
  uint32_t shown = 0;
  for (uint32_t i = 0; i < self->name_count; i++)
    if (strstr(text, self->names[i].name))
      sd_buf_printf(b, "%s%s is %s\n", shown++ ? "             " : "  where:     ", self->names[i].name,
                    self->names[i].stands_for);
}

uint64_t sd_report_diagnosis_runs(const SdReport *self) {
  uint64_t after = self->reduction_runs + self->generalization_runs;
  return self->runs > after ? self->runs - after : 0;
}

double sd_report_hunt_bound(uint32_t n) { return n ? 1.0 - pow(0.05, 1.0 / n) : 1.0; }

static void boundary_free(SdReportBoundary *b) {
  free(b->element), free(b->measure), free(b->passing_value), free(b->failing_value);
  free(b->passing_input), free(b->failing_input), free(b->note);
}

void sd_report_free(SdReport *self) {
  if (!self) return;
  for (uint32_t i = 0; i < self->cause_count; i++) {
    SdReportCause *c = &self->causes[i];
    free(c->short_form), free(c->isla), free(c->example.text);
    for (uint32_t k = 0; k < c->boundary_count; k++) boundary_free(&c->boundaries[k]);
    free(c->boundaries);
  }
  free(self->causes);
  free(self->kind);
  for (uint32_t i = 0; i < self->other_kind_count; i++) free(self->other_kinds[i].kind);
  free(self->other_kinds);
  for (uint32_t i = 0; i < self->caveat_count; i++) free(self->caveats[i]);
  free(self->caveats);
  for (uint32_t i = 0; i < self->candidate_count; i++) {
    free(self->candidates[i].short_form);
    free(self->candidates[i].isla);
    free(self->candidates[i].pattern);
  }
  free(self->candidates);
  for (uint32_t i = 0; i < self->name_count; i++) free(self->names[i].name), free(self->names[i].stands_for);
  free(self->names);
  for (uint32_t i = 0; i < self->relevant_count; i++) {
    free(self->relevant[i].name);
    free(self->relevant[i].top_feature);
  }
  free(self->relevant);
  for (uint32_t i = 0; i < self->failing_example_count; i++) free(self->failing_examples[i].text);
  for (uint32_t i = 0; i < self->passing_example_count; i++) free(self->passing_examples[i].text);
  free(self->failing_examples);
  free(self->passing_examples);
  free(self->reduced);
  free(self->outside);
  free(self->outside_original);
  free(self->abstract);
  free(self->stop_reason);
  free(self->interrupted_during);
  for (uint32_t i = 0; i < self->flaky_count; i++)
    free(self->flaky[i].input), free(self->flaky[i].first), free(self->flaky[i].again);
  free(self->flaky);
  free(self);
}

/* An input for a terminal: quoted with escapes, so that control bytes show. */
static void put_input(SdBuf *b, const char *text, size_t length) {
  sd_buf_append_quoted(b, text, length);
}

/* Equivalent candidates can read the same for people (an exists and a forall
 * over a single node both print as <T>): list each short form once. */
static bool shown_before(const SdReport *self, uint32_t i) {
  for (uint32_t k = 0; k < i; k++)
    if (self->candidates[k].group == self->candidates[i].group &&
        !strcmp(self->candidates[k].short_form, self->candidates[i].short_form))
      return true;
  return false;
}

static void put_scores(SdBuf *b, const SdReportCandidate *c) {
  sd_buf_printf(b, "precision %.3f, recall %.3f (tp %u, fp %u, tn %u, fn %u)", c->precision,
                c->recall, c->tp, c->fp, c->tn, c->fn);
}

static void put_boundary(SdBuf *b, const SdReportBoundary *bd) {
  /* what the values measure: "<port>", "length of <name>", "computed value of <shift>",
     "<cents> times <qty>" */
  const char *with = !strncmp(bd->measure, "product with ", 13) ? bd->measure + 13 : NULL;
  const char *of = !strcmp(bd->measure, "length") ? "length of " : !strcmp(bd->measure, "computed value") ? "computed value of " : "";
  char *what = with ? sd_format("%s times %s", bd->element, with) : sd_format("%s%s", of, bd->element);
  if (bd->passing_value && bd->failing_value) {
    sd_buf_printf(b, "      boundary: %s %s passes, %s fails%s%s%s\n", what, bd->passing_value, bd->failing_value,
                  bd->pinned ? " (pinned)" : " (not the cause's own)", bd->note ? ": " : "", bd->note ? bd->note : "");
    if (bd->passing_input && bd->failing_input && bd->passing_length + bd->failing_length < 120) {
      sd_buf_puts(b, "                passes ");
      put_input(b, bd->passing_input, bd->passing_length);
      sd_buf_puts(b, ", fails ");
      put_input(b, bd->failing_input, bd->failing_length);
      sd_buf_putc(b, '\n');
    }
  } else {
    sd_buf_printf(b, "      boundary: %s not pinned%s%s\n", what, bd->note ? ": " : "", bd->note ? bd->note : "");
  }
  free(what);
}

static void put_causes(SdBuf *b, const SdReport *self) {
  if (!self->cause_count) return;
  uint32_t failing = self->failing;
  if (self->cause_count > 1) sd_buf_printf(b, "\n  %u causes (the diagnosis is their disjunction):\n", self->cause_count);
  else sd_buf_puts(b, "\n  cause:\n");
  for (uint32_t i = 0; i < self->cause_count; i++) {
    const SdReportCause *c = &self->causes[i];
    sd_buf_printf(b, "    %u. %s\n", i + 1, c->short_form);
    sd_buf_printf(b, "      explains %u of %u failing inputs (%.0f%%), %u of them alone; holds on %u passing inputs\n",
                  c->tp, failing, failing ? 100.0 * c->tp / failing : 0.0, c->only, c->fp);
    for (uint32_t k = 0; k < c->boundary_count; k++) put_boundary(b, &c->boundaries[k]);
    if (c->example.text) {
      sd_buf_puts(b, "      for example: ");
      put_input(b, c->example.text, c->example.length);
      sd_buf_putc(b, '\n');
    }
  }
}

static void put_hunt(SdBuf *b, const SdReport *self) {
  if (!self->hunted) return;
  if (self->hunt_failures)
    sd_buf_printf(b, "  hunt:      %u of %u inputs outside the diagnosis failed\n", self->hunt_failures,
                  self->hunt_inputs);
  else if (self->hunt_inputs)
    sd_buf_printf(b, "  hunt:      0 failures in %u inputs outside the diagnosis: if failures outside it\n"
                     "             exist, they are rarer than %.1f%% of such inputs, at 95%% confidence\n",
                  self->hunt_inputs, 100 * sd_report_hunt_bound(self->hunt_inputs));
  else if (!self->exhaustive)
    sd_buf_puts(b, "  hunt:      no input outside the diagnosis could be made\n");
  if (self->hunt_inside)
    sd_buf_printf(b, "             %u of %u inputs made inside it near passing inputs passed\n", self->hunt_passes,
                  self->hunt_inside);
}

static void put_exhaustive(SdBuf *b, const SdReport *self) {
  if (!self->exhaustive) return;
  sd_buf_printf(b, "  exhaustive: every one of the %llu inputs the grammar derives was run, and\n"
                   "              the diagnosis agrees with each: it is exact on all inputs\n",
                (unsigned long long)self->exhaustive);
}

/* "other failures (learned neither way): 12 signal:SIGABRT, 3 timeout". */
/* A diagnosis whose hunt stood but that is approximate (a boundary not
 * pinned) did not stop as confirmed. */
const char *sd_report_stop_text(const char *stop_reason, const char *status) {
  const char *r = stop_reason ? stop_reason : "";
  if (!strcmp(r, "confirmed") && (!status || strcmp(status, "confirmed"))) return "the last hunt refuted nothing";
  return r;
}

static void put_other_failures(SdBuf *b, const SdReport *self) {
  if (!self->other_failures) return;
  sd_buf_printf(b, "other failures (another kind than %s; learned neither way): ", self->kind ? self->kind : "?");
  for (uint32_t i = 0; i < self->other_kind_count; i++)
    sd_buf_printf(b, "%s%u %s", i ? ", " : "", self->other_kinds[i].count, self->other_kinds[i].kind);
  sd_buf_puts(b, ";\n");
}

static const char *signal_name(int sig) {
  const char *name = sigabbrev_np(sig);
  return name ? name : "?";
}

static void put_interruption(SdBuf *b, const SdReport *self) {
  if (self->signal)
    sd_buf_printf(b, "Interrupted by SIG%s during %s: this report says what was found until then.\n\n",
                  signal_name(self->signal), self->interrupted_during ? self->interrupted_during : "the diagnosis");
  if (self->flaky_count) {
    sd_buf_printf(b, "The test command is flaky: %u of %u inputs run twice changed their verdict, so\n"
                     "there is nothing reliable to learn from (make it deterministic: a fixed seed, a\n"
                     "longer --timeout, no shared state between runs):\n",
                  self->flaky_count, self->rechecked);
    for (uint32_t i = 0; i < self->flaky_count; i++) {
      sd_buf_puts(b, "    ");
      put_input(b, self->flaky[i].input, self->flaky[i].length);
      sd_buf_printf(b, ": %s, then %s\n", self->flaky[i].first, self->flaky[i].again);
    }
    sd_buf_putc(b, '\n');
  }
}

char *sd_report_to_text(const SdReport *self) {
  SdBuf b = {0};
  const SdReportCandidate *best = self->candidate_count ? &self->candidates[0] : NULL;
  put_interruption(&b, self);
  switch (self->status) {
    case SD_REPORT_CONFIRMED: sd_buf_puts(&b, "Diagnosis (confirmed):\n"); break;
    case SD_REPORT_APPROXIMATE: sd_buf_puts(&b, "Diagnosis (approximate, not confirmed):\n"); break;
    case SD_REPORT_SHORT:
      sd_buf_puts(&b, "No diagnosis meets the thresholds; the best candidate falls short:\n");
      break;
    default:
      if (self->flaky_count)
        sd_buf_puts(&b, "No diagnosis: the test command is flaky (above).\n");
      else if (self->stop_reason && !self->candidate_count &&
               (!strcmp(self->stop_reason, "time-limit") || !strcmp(self->stop_reason, "interrupted") ||
                !strcmp(self->stop_reason, "write-error")))
        sd_buf_printf(&b, "No diagnosis: stopped (%s) before any candidate was learned.\n", self->stop_reason);
      else if (self->passing == 0 && self->failing > 0)
        sd_buf_printf(&b, "No diagnosis: every input run failed (%u of %u), so nothing contrasts with the\n"
                          "failure; check the harness with `semdbg run` (a timeout counts as a failure).\n",
                      self->failing, self->failing + self->undefined);
      else
        sd_buf_puts(&b, "No diagnosis: no candidate constraint separates failing from passing inputs.\n");
  }
  if (best) {
    sd_buf_printf(&b, "\n    %s\n\n", best->short_form);
    if (self->passing == 0)
      sd_buf_puts(&b, "  note:      no input passed: the program may fail on every input\n");
    else if (self->failing + self->passing < 10)
      sd_buf_puts(&b, "  note:      very little evidence (the grammar may allow few inputs)\n");
    sd_buf_printf(&b, "  ISLa:      %s\n", best->isla);
    put_names(&b, self, best->isla);
    sd_buf_puts(&b, "  scores:    ");
    put_scores(&b, best);
    sd_buf_printf(&b, "\n  evidence:  %u failing and %u passing inputs\n", best->tp + best->fn,
                  best->fp + best->tn);
    if (self->status == SD_REPORT_SHORT)
      sd_buf_printf(&b, "  shortfall: needs precision >= %.2f and recall >= %.2f\n",
                    self->min_precision, self->min_recall);
    put_causes(&b, self);
    put_hunt(&b, self);
    put_exhaustive(&b, self);
    for (uint32_t i = 0; i < self->caveat_count; i++)
      sd_buf_printf(&b, "%s%s\n", i ? "             " : "  not confirmed: ", self->caveats[i]);
    uint32_t equivalents = 0;
    for (uint32_t i = 1; i < self->candidate_count; i++)
      if (self->candidates[i].group == best->group && !shown_before(self, i)) {
        if (!equivalents++) sd_buf_puts(&b, "\nEquivalent on all evidence:\n");
        sd_buf_printf(&b, "    %s\n", self->candidates[i].short_form);
      }
    uint32_t shown = 0;
    for (uint32_t i = 1; i < self->candidate_count && shown < 4; i++)
      if (self->candidates[i].group != best->group &&
          self->candidates[i].group != self->candidates[i - 1].group) { /* one per group */
        if (!shown++) sd_buf_puts(&b, "\nNext best candidates:\n");
        sd_buf_printf(&b, "    %s\n      ", self->candidates[i].short_form);
        put_scores(&b, &self->candidates[i]);
        sd_buf_putc(&b, '\n');
      }
  }
  if (self->relevant_count) {
    sd_buf_puts(&b, "\nRelevant nonterminals:\n");
    for (uint32_t i = 0; i < self->relevant_count; i++)
      sd_buf_printf(&b, "    %-24s %.3f%s%s%s\n", self->relevant[i].name, self->relevant[i].score,
                    self->relevant[i].top_feature ? "  (" : "",
                    self->relevant[i].top_feature ? self->relevant[i].top_feature : "",
                    self->relevant[i].top_feature
                        ? (self->relevant[i].correlated_ancestor     ? "; correlated ancestor)"
                           : self->relevant[i].correlated_descendant ? "; correlated descendant)"
                                                                     : ")")
                        : "");
  }
  if (self->failing_example_count) {
    sd_buf_puts(&b, "\nFailing inputs, for example:\n");
    for (uint32_t i = 0; i < self->failing_example_count; i++) {
      sd_buf_puts(&b, "    ");
      put_input(&b, self->failing_examples[i].text, self->failing_examples[i].length);
      sd_buf_putc(&b, '\n');
    }
  }
  if (self->passing_example_count) {
    sd_buf_puts(&b, "Passing inputs, for example:\n");
    for (uint32_t i = 0; i < self->passing_example_count; i++) {
      sd_buf_puts(&b, "    ");
      put_input(&b, self->passing_examples[i].text, self->passing_examples[i].length);
      sd_buf_putc(&b, '\n');
    }
  }
  if (self->reduced) {
    sd_buf_printf(&b, "\nReduced failing input (%zu of %zu bytes):\n    ", self->reduced_length,
                  self->original_length);
    put_input(&b, self->reduced, self->reduced_length);
    sd_buf_putc(&b, '\n');
  }
  if (self->outside) {
    sd_buf_printf(&b, "A failure the diagnosis does not explain, reduced (%zu of %zu bytes):\n    ",
                  self->outside_length, self->outside_original_length);
    put_input(&b, self->outside, self->outside_length);
    sd_buf_puts(&b, "\n    from ");
    put_input(&b, self->outside_original, self->outside_original_length);
    sd_buf_putc(&b, '\n');
  }
  if (self->abstract) {
    sd_buf_puts(&b, "Abstract failure-inducing input (DDSET):\n    ");
    for (const unsigned char *c = (const unsigned char *)self->abstract; *c; c++)
      if (*c < 0x20 || *c == 0x7f) sd_buf_printf(&b, "\\x%02x", *c); /* control bytes made visible */
      else sd_buf_putc(&b, (char)*c);
    sd_buf_putc(&b, '\n');
    if (self->abstract_fail_share >= 0)
      sd_buf_printf(&b, "    (%.0f%% of its instantiations fail%s%s)\n", 100 * self->abstract_fail_share,
                    self->kind ? " with " : "", self->kind ? self->kind : "");
  }
  sd_buf_printf(&b,
                "\n%u iterations, %llu runs: %llu for the diagnosis (%llu answered from the cache; %llu pinning\n"
                "boundaries, %llu hunting), %llu reducing, %llu generalising; %llu Z3 queries;\n"
                "%u failing (%s), %u passing, %u undefined inputs; stopped: %s;\n",
                self->iterations, (unsigned long long)self->runs, (unsigned long long)sd_report_diagnosis_runs(self),
                (unsigned long long)self->cache_hits, (unsigned long long)self->boundary_runs,
                (unsigned long long)self->hunt_runs, (unsigned long long)self->reduction_runs,
                (unsigned long long)self->generalization_runs,
                (unsigned long long)self->z3_queries,
                self->failing, self->kind ? self->kind : "any kind", self->passing, self->undefined,
                sd_report_stop_text(self->stop_reason, sd_report_status_name(self->status)));
  put_other_failures(&b, self);
  uint64_t diagnosis_runs = sd_report_diagnosis_runs(self);
  if (self->found_runs && self->found_runs <= diagnosis_runs)
    sd_buf_printf(&b, "the diagnosis was first put forward after %llu runs; the %llu after them tested it;\n",
                  (unsigned long long)self->found_runs, (unsigned long long)(diagnosis_runs - self->found_runs));
  sd_buf_printf(&b,
                "%.1f s in all, %.1f s inside the harness (summed over parallel runs), %.1f s of CPU in semdbg;\n"
                "seed %llu\n",
                self->total_seconds, self->harness_seconds, self->self_seconds,
                (unsigned long long)self->seed);
  return sd_buf_take(&b);
}

static cJSON *candidate_json(const SdReportCandidate *c) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "short", c->short_form);
  cJSON_AddStringToObject(o, "isla", c->isla);
  if (c->pattern) cJSON_AddStringToObject(o, "pattern", c->pattern);
  else cJSON_AddNullToObject(o, "pattern"); /* a disjunction of causes learned one by one */
  cJSON_AddNumberToObject(o, "precision", c->precision);
  cJSON_AddNumberToObject(o, "recall", c->recall);
  cJSON_AddNumberToObject(o, "specificity", c->specificity);
  cJSON_AddNumberToObject(o, "f1", c->f1);
  cJSON_AddNumberToObject(o, "tp", c->tp);
  cJSON_AddNumberToObject(o, "fp", c->fp);
  cJSON_AddNumberToObject(o, "tn", c->tn);
  cJSON_AddNumberToObject(o, "fn", c->fn);
  cJSON_AddNumberToObject(o, "group", c->group);
  return o;
}

static cJSON *inputs_json(const SdReportInput *in, uint32_t n) {
  cJSON *a = cJSON_CreateArray();
  for (uint32_t i = 0; i < n; i++) cJSON_AddItemToArray(a, sd_json_bytes(in[i].text, in[i].length));
  return a;
}

static cJSON *boundary_json(const SdReportBoundary *bd) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "element", bd->element);
  cJSON_AddStringToObject(o, "measure", bd->measure);
  cJSON_AddBoolToObject(o, "pinned", bd->pinned);
  if (bd->passing_value) cJSON_AddStringToObject(o, "passing_value", bd->passing_value);
  else cJSON_AddNullToObject(o, "passing_value");
  if (bd->failing_value) cJSON_AddStringToObject(o, "failing_value", bd->failing_value);
  else cJSON_AddNullToObject(o, "failing_value");
  if (bd->passing_input) cJSON_AddItemToObject(o, "passing_input", sd_json_bytes(bd->passing_input, bd->passing_length));
  if (bd->failing_input) cJSON_AddItemToObject(o, "failing_input", sd_json_bytes(bd->failing_input, bd->failing_length));
  if (bd->note) cJSON_AddStringToObject(o, "note", bd->note);
  return o;
}

static void add_causes_json(cJSON *root, const SdReport *self) {
  cJSON *causes = cJSON_AddArrayToObject(root, "causes");
  for (uint32_t i = 0; i < self->cause_count; i++) {
    const SdReportCause *c = &self->causes[i];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "short", c->short_form);
    cJSON_AddStringToObject(o, "isla", c->isla);
    cJSON_AddNumberToObject(o, "tp", c->tp);
    cJSON_AddNumberToObject(o, "fp", c->fp);
    cJSON_AddNumberToObject(o, "only", c->only);
    cJSON_AddNumberToObject(o, "explains", self->failing ? (double)c->tp / self->failing : 0.0);
    cJSON *bs = cJSON_AddArrayToObject(o, "boundaries");
    for (uint32_t k = 0; k < c->boundary_count; k++) cJSON_AddItemToArray(bs, boundary_json(&c->boundaries[k]));
    if (c->example.text) cJSON_AddItemToObject(o, "example", sd_json_bytes(c->example.text, c->example.length));
    cJSON_AddItemToArray(causes, o);
  }
  if (self->hunted) {
    cJSON *h = cJSON_AddObjectToObject(root, "hunt");
    cJSON_AddNumberToObject(h, "inputs", self->hunt_inputs);
    cJSON_AddNumberToObject(h, "failures", self->hunt_failures);
    cJSON_AddNumberToObject(h, "inside", self->hunt_inside);
    cJSON_AddNumberToObject(h, "passes_inside", self->hunt_passes);
    cJSON_AddNumberToObject(h, "upper_bound", self->hunt_failures ? 1.0 : sd_report_hunt_bound(self->hunt_inputs));
  } else {
    cJSON_AddNullToObject(root, "hunt");
  }
  cJSON_AddNumberToObject(root, "exhaustive", (double)self->exhaustive);
  cJSON *cv = cJSON_AddArrayToObject(root, "caveats");
  for (uint32_t i = 0; i < self->caveat_count; i++) cJSON_AddItemToArray(cv, cJSON_CreateString(self->caveats[i]));
}

char *sd_report_to_json(const SdReport *self) {
  cJSON *root = cJSON_CreateObject();
  cJSON_AddNumberToObject(root, "schema", 2);
  cJSON_AddStringToObject(root, "version", SEMDBG_VERSION);
  cJSON_AddStringToObject(root, "status", sd_report_status_name(self->status));
  cJSON_AddStringToObject(root, "stop_reason", self->stop_reason ? self->stop_reason : "");
  if (self->signal) {
    char name[32];
    snprintf(name, sizeof name, "SIG%s", signal_name(self->signal));
    cJSON *in = cJSON_AddObjectToObject(root, "interrupted");
    cJSON_AddStringToObject(in, "signal", name);
    cJSON_AddStringToObject(in, "during", self->interrupted_during ? self->interrupted_during : "the diagnosis");
  } else {
    cJSON_AddNullToObject(root, "interrupted");
  }
  cJSON *fl = cJSON_AddObjectToObject(root, "flaky");
  cJSON_AddNumberToObject(fl, "rechecked", self->rechecked);
  cJSON *changed = cJSON_AddArrayToObject(fl, "changed");
  for (uint32_t i = 0; i < self->flaky_count; i++) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToObject(o, "input", sd_json_bytes(self->flaky[i].input, self->flaky[i].length));
    cJSON_AddStringToObject(o, "first", self->flaky[i].first);
    cJSON_AddStringToObject(o, "again", self->flaky[i].again);
    cJSON_AddItemToArray(changed, o);
  }
  if (self->kind) cJSON_AddStringToObject(root, "kind", self->kind);
  else cJSON_AddNullToObject(root, "kind");
  cJSON *others = cJSON_AddObjectToObject(root, "other_failures");
  for (uint32_t i = 0; i < self->other_kind_count; i++)
    cJSON_AddNumberToObject(others, self->other_kinds[i].kind, self->other_kinds[i].count);
  if (self->candidate_count) {
    cJSON *d = candidate_json(&self->candidates[0]);
    cJSON_AddItemToObject(root, "diagnosis", d);
  } else {
    cJSON_AddNullToObject(root, "diagnosis");
  }
  cJSON *alts = cJSON_AddArrayToObject(root, "equivalent");
  cJSON *cands = cJSON_AddArrayToObject(root, "candidates");
  for (uint32_t i = 0; i < self->candidate_count; i++) {
    if (i && self->candidates[i].group == self->candidates[0].group && !shown_before(self, i))
      cJSON_AddItemToArray(alts, cJSON_CreateString(self->candidates[i].short_form));
    cJSON_AddItemToArray(cands, candidate_json(&self->candidates[i]));
  }
  add_causes_json(root, self);
  cJSON *names = cJSON_AddObjectToObject(root, "names");
  for (uint32_t i = 0; i < self->name_count; i++)
    cJSON_AddStringToObject(names, self->names[i].name, self->names[i].stands_for);
  cJSON *rel = cJSON_AddArrayToObject(root, "relevant");
  for (uint32_t i = 0; i < self->relevant_count; i++) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "nonterminal", self->relevant[i].name);
    cJSON_AddNumberToObject(o, "score", self->relevant[i].score);
    if (self->relevant[i].top_feature)
      cJSON_AddStringToObject(o, "top_feature", self->relevant[i].top_feature);
    cJSON_AddBoolToObject(o, "correlated_ancestor", self->relevant[i].correlated_ancestor);
    cJSON_AddBoolToObject(o, "correlated_descendant", self->relevant[i].correlated_descendant);
    cJSON_AddItemToArray(rel, o);
  }
  cJSON *ex = cJSON_AddObjectToObject(root, "examples");
  cJSON_AddItemToObject(ex, "failing", inputs_json(self->failing_examples, self->failing_example_count));
  cJSON_AddItemToObject(ex, "passing", inputs_json(self->passing_examples, self->passing_example_count));
  if (self->reduced) {
    cJSON *r = cJSON_AddObjectToObject(root, "reduced");
    cJSON_AddItemToObject(r, "input", sd_json_bytes(self->reduced, self->reduced_length));
    cJSON_AddNumberToObject(r, "length", (double)self->reduced_length);
    cJSON_AddNumberToObject(r, "original_length", (double)self->original_length);
  } else {
    cJSON_AddNullToObject(root, "reduced");
  }
  if (self->outside) {
    cJSON *o = cJSON_AddObjectToObject(root, "outside");
    cJSON_AddItemToObject(o, "input", sd_json_bytes(self->outside, self->outside_length));
    cJSON_AddItemToObject(o, "original", sd_json_bytes(self->outside_original, self->outside_original_length));
    cJSON_AddNumberToObject(o, "length", (double)self->outside_length);
    cJSON_AddNumberToObject(o, "original_length", (double)self->outside_original_length);
  } else {
    cJSON_AddNullToObject(root, "outside");
  }
  if (self->abstract) {
    cJSON *a = cJSON_AddObjectToObject(root, "abstract");
    cJSON_AddStringToObject(a, "pattern", self->abstract);
    /* -1: unknown (none of its instantiations could run), as the schema says */
    cJSON_AddNumberToObject(a, "fail_share", self->abstract_fail_share >= 0 ? self->abstract_fail_share : -1);
  } else {
    cJSON_AddNullToObject(root, "abstract");
  }
  cJSON *c = cJSON_AddObjectToObject(root, "counts");
  cJSON_AddNumberToObject(c, "iterations", self->iterations);
  cJSON_AddNumberToObject(c, "runs", (double)self->runs);
  cJSON_AddNumberToObject(c, "cache_hits", (double)self->cache_hits);
  cJSON_AddNumberToObject(c, "z3_queries", (double)self->z3_queries);
  cJSON_AddNumberToObject(c, "evaluations", (double)self->evaluations);
  cJSON_AddNumberToObject(c, "failing", self->failing);
  cJSON_AddNumberToObject(c, "passing", self->passing);
  cJSON_AddNumberToObject(c, "undefined", self->undefined);
  cJSON_AddNumberToObject(c, "other_failures", self->other_failures);
  cJSON_AddNumberToObject(c, "harness_seconds", self->harness_seconds);
  cJSON_AddNumberToObject(c, "total_seconds", self->total_seconds);
  cJSON_AddNumberToObject(c, "semdbg_cpu_seconds", self->self_seconds);
  cJSON_AddNumberToObject(c, "boundary_runs", (double)self->boundary_runs);
  cJSON_AddNumberToObject(c, "hunt_runs", (double)self->hunt_runs);
  cJSON_AddNumberToObject(c, "reduction_runs", (double)self->reduction_runs);
  cJSON_AddNumberToObject(c, "generalization_runs", (double)self->generalization_runs);
  cJSON_AddNumberToObject(c, "diagnosis_runs", (double)sd_report_diagnosis_runs(self));
  cJSON_AddNumberToObject(c, "found_runs", (double)self->found_runs);
  char seed[32];
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)self->seed);
  cJSON_AddStringToObject(root, "seed", seed); /* a string: 64-bit values lose precision as numbers */
  cJSON *th = cJSON_AddObjectToObject(root, "thresholds");
  cJSON_AddNumberToObject(th, "precision", self->min_precision);
  cJSON_AddNumberToObject(th, "recall", self->min_recall);
  char *s = sd_json_print(root, true);
  cJSON_Delete(root);
  char *out = sd_xstrdup(s);
  cJSON_free(s);
  return out;
}
