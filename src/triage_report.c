/* triage_report.c: a triage as text for people, as JSON for scripts (the
 * schema is in docs/triage.md, versioned by "schema"; fields are only ever
 * added) and as Markdown for a CI job page or a pull-request comment (a table
 * of the causes, then one example and one reduced input each). Inputs print
 * quoted with escapes in text, as byte strings in JSON (json_util.h), and in
 * fenced code blocks in Markdown (quoted when they hold control bytes). */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_util.h"
#include "semdbg/triage.h"
#include "util.h"

enum { TEXT_MEMBERS = 4 };

static const char *plural(uint32_t n) { return n == 1 ? "" : "s"; }

static uint32_t cause_count(const SdTriage *self) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < self->group_count; i++) n += self->groups[i].cause != NULL;
  return n;
}

static uint32_t unexplained_count(const SdTriage *self) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < self->group_count; i++)
    if (!self->groups[i].cause) n += self->groups[i].member_count;
  return n;
}

/* The baseline groups no group of this triage matched. */
static uint32_t gone_count(const SdTriage *self) {
  uint32_t n = 0;
  for (uint32_t i = 0; self->baseline && i < self->baseline->group_count; i++) n += !self->baseline->groups[i].matched;
  return n;
}

/* ---------- text ---------- */

static void text_share(SdBuf *b, const SdTriageShare *s) {
  sd_buf_printf(b, "%.1f%% of random inputs satisfy it (95%%: %.1f-%.1f%%; %u of %u)", 100 * s->share,
                100 * s->low, 100 * s->high, s->satisfied, s->samples);
}

static void text_members(SdBuf *b, const SdTriage *self, const SdTriageGroup *g) {
  sd_buf_printf(b, "%u input%s: ", g->member_count, plural(g->member_count));
  for (uint32_t k = 0; k < g->member_count && k < TEXT_MEMBERS; k++)
    sd_buf_printf(b, "%s%s", k ? ", " : "", self->inputs[g->members[k]].path);
  if (g->member_count > TEXT_MEMBERS) sd_buf_printf(b, ", ... (%u more)", g->member_count - TEXT_MEMBERS);
  sd_buf_putc(b, '\n');
}

static void text_group(SdBuf *b, const SdTriage *self, const SdTriageGroup *g, uint32_t number) {
  const char *novelty = sd_triage_novelty_name(g->novelty);
  if (g->cause) sd_buf_printf(b, "  %u. %s", number, g->short_form);
  else sd_buf_puts(b, "  unexplained (no cause of the diagnosis holds on them)");
  if (novelty) sd_buf_printf(b, "   [%s]", novelty);
  sd_buf_puts(b, "\n     ");
  text_members(b, self, g);
  if (!g->cause) return;
  sd_buf_puts(b, "     ");
  text_share(b, &g->share);
  sd_buf_putc(b, '\n');
  if (g->example == SD_TRIAGE_NO_EXAMPLE) {
    sd_buf_puts(b, "     (found by the diagnosis; none of the given inputs fails so)\n");
    return;
  }
  sd_buf_puts(b, "     for example: ");
  const SdTree *ex = self->inputs[g->example].tree;
  sd_buf_append_quoted(b, ex->text, ex->length);
  sd_buf_printf(b, " (%s)\n", self->inputs[g->example].path);
  if (g->reduced) {
    sd_buf_printf(b, "     reduced (%zu of %u bytes): ", g->reduced_length, ex->length);
    sd_buf_append_quoted(b, g->reduced, g->reduced_length);
    sd_buf_putc(b, '\n');
  }
}

static void text_kind(SdBuf *b, const SdTriage *self, const SdTriageKind *k, uint32_t *number) {
  const char *stop = sd_report_stop_text(k->stop_reason, k->status);
  sd_buf_printf(b, "\n%s: %u input%s; diagnosis %s (stopped: %s), %u cause%s, %llu runs\n", k->kind, k->inputs,
                plural(k->inputs), k->status, stop, k->causes, plural(k->causes),
                (unsigned long long)k->runs);
  for (uint32_t i = 0; i < self->group_count; i++)
    if (!strcmp(self->groups[i].kind, k->kind))
      text_group(b, self, &self->groups[i], self->groups[i].cause ? ++*number : 0);
}

static void text_baseline(SdBuf *b, const SdTriage *self) {
  if (!self->baseline) return;
  sd_buf_printf(b, "\nbaseline %s: %u known, %u new", self->baseline->path, self->known, self->fresh);
  if (gone_count(self)) {
    sd_buf_printf(b, "; no longer seen:");
    for (uint32_t i = 0; i < self->baseline->group_count; i++) {
      const SdTriageBaseGroup *g = &self->baseline->groups[i];
      if (!g->matched) sd_buf_printf(b, "\n  %s: %s", g->kind, g->cause ? g->short_form : "unexplained inputs");
    }
  }
  sd_buf_putc(b, '\n');
}

char *sd_triage_to_text(const SdTriage *self) {
  SdBuf b = {0};
  sd_buf_printf(&b, "Triage of %u input%s: %u fail in %u kind%s; %u cause%s, %u input%s unexplained\n",
                self->input_count, plural(self->input_count), self->failing, self->kind_count,
                plural(self->kind_count), cause_count(self), plural(cause_count(self)), unexplained_count(self),
                plural(unexplained_count(self)));
  uint32_t number = 0;
  for (uint32_t k = 0; k < self->kind_count; k++) text_kind(&b, self, &self->kinds[k], &number);
  if (self->failing < self->input_count) {
    sd_buf_printf(&b, "\nnot failing (%u):", self->input_count - self->failing);
    for (uint32_t i = 0; i < self->input_count; i++)
      if (!self->inputs[i].kind) sd_buf_printf(&b, " %s (%s)", self->inputs[i].path, self->inputs[i].verdict);
    sd_buf_putc(&b, '\n');
  }
  text_baseline(&b, self);
  sd_buf_printf(&b, "\n%llu runs (%llu answered from the cache), %u diagnos%s, %.1f s; seed %llu\n",
                (unsigned long long)self->runs, (unsigned long long)self->cache_hits, self->kind_count,
                self->kind_count == 1 ? "is" : "es", self->total_seconds, (unsigned long long)self->seed);
  return sd_buf_take(&b);
}

/* ---------- JSON ---------- */

static cJSON *share_json(const SdTriageShare *s) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddNumberToObject(o, "samples", s->samples);
  cJSON_AddNumberToObject(o, "satisfied", s->satisfied);
  cJSON_AddNumberToObject(o, "share", s->share);
  cJSON_AddNumberToObject(o, "low", s->low);
  cJSON_AddNumberToObject(o, "high", s->high);
  return o;
}

static cJSON *cause_json(const SdTriageGroup *g) {
  if (!g->cause) return cJSON_CreateNull();
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "short", g->short_form);
  cJSON_AddStringToObject(o, "isla", g->isla);
  cJSON_AddBoolToObject(o, "pinned", g->pinned);
  return o;
}

static void add_inputs_json(cJSON *o, const SdTriage *self, const SdTriageGroup *g) {
  cJSON *members = cJSON_AddArrayToObject(o, "members");
  for (uint32_t k = 0; k < g->member_count; k++)
    cJSON_AddItemToArray(members, cJSON_CreateString(self->inputs[g->members[k]].path));
  if (g->example == SD_TRIAGE_NO_EXAMPLE) {
    cJSON_AddNullToObject(o, "example");
    cJSON_AddNullToObject(o, "reduced");
    return;
  }
  const SdTriageInput *ex = &self->inputs[g->example];
  cJSON *e = cJSON_AddObjectToObject(o, "example");
  cJSON_AddStringToObject(e, "path", ex->path);
  cJSON_AddItemToObject(e, "input", sd_json_bytes(ex->tree->text, ex->tree->length));
  if (!g->reduced) {
    cJSON_AddNullToObject(o, "reduced");
    return;
  }
  cJSON *r = cJSON_AddObjectToObject(o, "reduced");
  cJSON_AddItemToObject(r, "input", sd_json_bytes(g->reduced, g->reduced_length));
  cJSON_AddNumberToObject(r, "length", (double)g->reduced_length);
  cJSON_AddNumberToObject(r, "original_length", ex->tree->length);
}

static cJSON *group_json(const SdTriage *self, const SdTriageGroup *g, uint32_t id) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddNumberToObject(o, "id", id);
  cJSON_AddStringToObject(o, "kind", g->kind);
  cJSON_AddItemToObject(o, "cause", cause_json(g));
  cJSON_AddStringToObject(o, "diagnosis", g->diagnosis ? g->diagnosis : "none");
  cJSON_AddNumberToObject(o, "count", g->member_count);
  add_inputs_json(o, self, g);
  if (g->cause) cJSON_AddItemToObject(o, "share", share_json(&g->share));
  else cJSON_AddNullToObject(o, "share");
  const char *novelty = sd_triage_novelty_name(g->novelty);
  if (novelty) cJSON_AddStringToObject(o, "baseline", novelty);
  else cJSON_AddNullToObject(o, "baseline");
  const SdTriageBaseGroup *b = self->baseline && g->baseline >= 0 ? &self->baseline->groups[g->baseline] : NULL;
  if (b && b->cause) cJSON_AddStringToObject(o, "baseline_cause", b->short_form);
  else cJSON_AddNullToObject(o, "baseline_cause");
  return o;
}

static cJSON *kind_json(const SdTriageKind *k) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "kind", k->kind);
  cJSON_AddNumberToObject(o, "inputs", k->inputs);
  cJSON_AddStringToObject(o, "diagnosis", k->status);
  cJSON_AddStringToObject(o, "stop_reason", k->stop_reason);
  cJSON_AddNumberToObject(o, "causes", k->causes);
  cJSON_AddNumberToObject(o, "unexplained", k->unexplained);
  cJSON_AddNumberToObject(o, "runs", (double)k->runs);
  return o;
}

static cJSON *baseline_json(const SdTriage *self) {
  if (!self->baseline) return cJSON_CreateNull();
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "path", self->baseline->path);
  cJSON_AddNumberToObject(o, "known", self->known);
  cJSON_AddNumberToObject(o, "new", self->fresh);
  cJSON *gone = cJSON_AddArrayToObject(o, "gone");
  for (uint32_t i = 0; i < self->baseline->group_count; i++) {
    const SdTriageBaseGroup *g = &self->baseline->groups[i];
    if (g->matched) continue;
    cJSON *e = cJSON_CreateObject();
    cJSON_AddStringToObject(e, "kind", g->kind);
    if (g->cause) cJSON_AddStringToObject(e, "cause", g->short_form);
    else cJSON_AddNullToObject(e, "cause");
    cJSON_AddItemToArray(gone, e);
  }
  return o;
}

static cJSON *counts_json(const SdTriage *self) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddNumberToObject(o, "runs", (double)self->runs);
  cJSON_AddNumberToObject(o, "cache_hits", (double)self->cache_hits);
  cJSON_AddNumberToObject(o, "diagnoses", self->kind_count);
  cJSON_AddNumberToObject(o, "causes", cause_count(self));
  cJSON_AddNumberToObject(o, "unexplained", unexplained_count(self));
  cJSON_AddNumberToObject(o, "harness_seconds", self->harness_seconds);
  cJSON_AddNumberToObject(o, "total_seconds", self->total_seconds);
  return o;
}

char *sd_triage_to_json(const SdTriage *self) {
  cJSON *root = cJSON_CreateObject();
  cJSON_AddStringToObject(root, "report", "triage");
  cJSON_AddNumberToObject(root, "schema", SD_TRIAGE_SCHEMA);
  cJSON_AddStringToObject(root, "version", SEMDBG_VERSION);
  char seed[24];
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)self->seed);
  cJSON_AddStringToObject(root, "seed", seed);
  cJSON_AddStringToObject(root, "grammar", self->grammar->path ? self->grammar->path : "");
  cJSON_AddNumberToObject(root, "inputs", self->input_count);
  cJSON_AddNumberToObject(root, "failing", self->failing);
  cJSON *kinds = cJSON_AddArrayToObject(root, "kinds");
  for (uint32_t k = 0; k < self->kind_count; k++) cJSON_AddItemToArray(kinds, kind_json(&self->kinds[k]));
  cJSON *groups = cJSON_AddArrayToObject(root, "groups");
  for (uint32_t i = 0; i < self->group_count; i++) cJSON_AddItemToArray(groups, group_json(self, &self->groups[i], i + 1));
  cJSON *nf = cJSON_AddArrayToObject(root, "not_failing");
  for (uint32_t i = 0; i < self->input_count; i++) {
    if (self->inputs[i].kind) continue;
    cJSON *e = cJSON_CreateObject();
    cJSON_AddStringToObject(e, "path", self->inputs[i].path);
    cJSON_AddStringToObject(e, "verdict", self->inputs[i].verdict);
    cJSON_AddItemToArray(nf, e);
  }
  cJSON_AddItemToObject(root, "baseline", baseline_json(self));
  cJSON_AddItemToObject(root, "counts", counts_json(self));
  char *text = sd_json_print(root, true);
  cJSON_Delete(root);
  char *copy = sd_xstrdup(text);
  cJSON_free(text);
  return copy;
}

/* ---------- Markdown ---------- */

/* `text` as a code span in a table cell: | escaped, a longer fence around backticks. */
static void md_code(SdBuf *b, const char *text) {
  bool tick = strchr(text, '`') != NULL;
  sd_buf_puts(b, tick ? "`` " : "`");
  for (const char *p = text; *p; p++) {
    if (*p == '|') sd_buf_puts(b, "\\|");
    else if (*p == '\n') sd_buf_putc(b, ' ');
    else sd_buf_putc(b, *p);
  }
  sd_buf_puts(b, tick ? " ``" : "`");
}

/* An input in a fenced block, as it is when printable, else quoted. */
static void md_block(SdBuf *b, const char *text, size_t length) {
  bool plain = true;
  size_t run = 0, longest = 0;
  for (size_t i = 0; i < length; i++) {
    unsigned char c = (unsigned char)text[i];
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f || c >= 0x80) plain = false;
    run = c == '`' ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  size_t fence = longest < 3 ? 3 : longest + 1;
  for (size_t i = 0; i < fence; i++) sd_buf_putc(b, '`');
  sd_buf_putc(b, '\n');
  if (plain) sd_buf_append(b, text, length);
  else sd_buf_append_quoted(b, text, length);
  if (!plain || !length || text[length - 1] != '\n') sd_buf_putc(b, '\n');
  for (size_t i = 0; i < fence; i++) sd_buf_putc(b, '`');
  sd_buf_puts(b, "\n\n");
}

static void md_row(SdBuf *b, const SdTriage *self, const SdTriageGroup *g, uint32_t number) {
  const char *novelty = sd_triage_novelty_name(g->novelty);
  if (g->cause) sd_buf_printf(b, "| %u | ", number);
  else sd_buf_puts(b, "| | ");
  md_code(b, g->kind);
  sd_buf_puts(b, " | ");
  if (g->cause) md_code(b, g->short_form);
  else sd_buf_puts(b, "*unexplained*");
  sd_buf_printf(b, " | %u | ", g->member_count);
  if (g->cause) sd_buf_printf(b, "%.1f%% (%.1f-%.1f%%)", 100 * g->share.share, 100 * g->share.low, 100 * g->share.high);
  if (novelty) sd_buf_printf(b, " | %s", g->novelty == SD_TRIAGE_NEW ? "**new**" : "known");
  sd_buf_puts(b, " |\n");
}

static void md_section(SdBuf *b, const SdTriage *self, const SdTriageGroup *g, uint32_t number) {
  if (g->cause) sd_buf_printf(b, "#### %u. ", number);
  else sd_buf_puts(b, "#### Unexplained: ");
  md_code(b, g->kind);
  if (g->cause) {
    sd_buf_puts(b, ": ");
    md_code(b, g->short_form);
  }
  if (g->novelty == SD_TRIAGE_NEW) sd_buf_puts(b, " (new)");
  if (g->example == SD_TRIAGE_NO_EXAMPLE) {
    sd_buf_puts(b, "\n\nFound by the diagnosis; none of the given inputs fails so.\n\n");
    return;
  }
  const SdTriageInput *ex = &self->inputs[g->example];
  sd_buf_printf(b, "\n\n%u input%s, for example `%s`:\n\n", g->member_count, plural(g->member_count), ex->path);
  md_block(b, ex->tree->text, ex->tree->length);
  if (g->reduced) {
    sd_buf_printf(b, "Reduced (%zu of %u bytes):\n\n", g->reduced_length, ex->tree->length);
    md_block(b, g->reduced, g->reduced_length);
  }
}

static void md_header(SdBuf *b, const SdTriage *self) {
  uint32_t causes = cause_count(self), unexplained = unexplained_count(self);
  sd_buf_printf(b, "### semdbg triage: %u cause%s of %u failing input%s", causes, plural(causes), self->failing,
                plural(self->failing));
  if (self->baseline) sd_buf_printf(b, " (%u new)", self->fresh);
  sd_buf_printf(b, "\n\n%u input%s, %u failing in %u kind%s", self->input_count, plural(self->input_count),
                self->failing, self->kind_count, plural(self->kind_count));
  if (unexplained) sd_buf_printf(b, "; %u unexplained", unexplained);
  if (self->baseline)
    sd_buf_printf(b, "; against `%s`: %u known, %u new, %u no longer seen", self->baseline->path, self->known,
                  self->fresh, gone_count(self));
  sd_buf_printf(b, ". Share: of %u random inputs from the grammar, those that satisfy the cause (95%% interval).\n\n",
                self->sample_count);
  sd_buf_puts(b, self->baseline ? "| | kind | cause | inputs | share | baseline |\n|--:|---|---|--:|---|---|\n"
                                : "| | kind | cause | inputs | share |\n|--:|---|---|--:|---|\n");
}

char *sd_triage_to_markdown(const SdTriage *self) {
  SdBuf b = {0};
  md_header(&b, self);
  for (int pass = 0; pass < 2; pass++) {
    uint32_t number = 0;
    for (uint32_t i = 0; i < self->group_count; i++) {
      const SdTriageGroup *g = &self->groups[i];
      if (g->cause) number++;
      if (pass == 0) md_row(&b, self, g, number);
      else md_section(&b, self, g, number);
    }
    sd_buf_putc(&b, '\n');
  }
  sd_buf_printf(&b, "<sub>%llu runs (%llu answered from the cache), %.0f s, seed %llu.</sub>\n",
                (unsigned long long)self->runs, (unsigned long long)self->cache_hits, self->total_seconds,
                (unsigned long long)self->seed);
  return sd_buf_take(&b);
}
