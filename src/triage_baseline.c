/* triage_baseline.c: an earlier triage's JSON as a baseline, and which groups
 * of this triage are new. A baseline group is its kind, its cause (its ISLa
 * parsed again with this triage's grammar; none for unexplained inputs) and
 * its example and reduced inputs. Causes are compared by meaning, not by text:
 * two causes of the same kind are the same when they agree (the same truth
 * value) on every input of a shared sample: the random inputs the shares were
 * estimated on, the group's members and reduced input, and the baseline
 * group's example and reduced input (so each side's own failures are in it). */
#define _GNU_SOURCE /* vasprintf */
#include <cjson/cJSON.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "json_util.h"
#include "semdbg/parser.h"
#include "semdbg/triage.h"
#include "util.h"

const char *sd_triage_novelty_name(SdTriageNovelty novelty) {
  return novelty == SD_TRIAGE_KNOWN ? "known" : novelty == SD_TRIAGE_NEW ? "new" : NULL;
}

bool sd_triage_agree(const SdConstraint *a, const SdConstraint *b, SdTree *const *sample, uint32_t count) {
  for (uint32_t i = 0; i < count; i++)
    if (sd_constraint_eval(a, sample[i], NULL) != sd_constraint_eval(b, sample[i], NULL)) return false;
  return true;
}

void sd_triage_baseline_free(SdTriageBaseline *self) {
  if (!self) return;
  for (uint32_t i = 0; i < self->group_count; i++) {
    SdTriageBaseGroup *g = &self->groups[i];
    free(g->kind), free(g->short_form);
    sd_constraint_free(g->cause);
    sd_tree_free(g->inputs[0]), sd_tree_free(g->inputs[1]);
  }
  free(self->groups);
  free(self->path);
  free(self);
}

/* ---------- loading ---------- */

typedef struct Loader {
  const SdGrammar *grammar;
  const char *path;
  SdParser *parser;
  char *error;
} Loader;

static bool fail(Loader *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(Loader *l, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *what = NULL;
  if (vasprintf(&what, fmt, ap) < 0) what = NULL;
  va_end(ap);
  l->error = sd_format("%s: %s", l->path, what ? what : "bad baseline");
  free(what);
  return false;
}

/* The input of an {"input": "..."} object, as a tree when it parses. */
static SdTree *input_tree(Loader *l, const cJSON *holder) {
  const cJSON *in = cJSON_GetObjectItemCaseSensitive(holder, "input");
  if (!cJSON_IsString(in)) return NULL;
  size_t length;
  char *bytes = sd_json_bytes_decode(in->valuestring, &length);
  if (!bytes) return NULL;
  SdTree *t = sd_parse(l->parser, -1, bytes, length, NULL);
  free(bytes);
  return t;
}

static bool load_cause(Loader *l, SdTriageBaseGroup *g, const cJSON *cause, uint32_t index) {
  if (cJSON_IsNull(cause)) return true;
  const cJSON *isla = cJSON_GetObjectItemCaseSensitive(cause, "isla");
  const cJSON *sf = cJSON_GetObjectItemCaseSensitive(cause, "short");
  if (!cJSON_IsString(isla)) return fail(l, "group %u: its cause has no \"isla\" string", index + 1);
  SdConstraintError ce = {0};
  g->cause = sd_constraint_parse(l->grammar, isla->valuestring, strlen(isla->valuestring), &ce);
  if (!g->cause) {
    fail(l, "group %u (%s): its cause does not parse with %s: %d:%d: %s", index + 1, g->kind, l->grammar->path,
         ce.line, ce.column, ce.message ? ce.message : "error");
    free(ce.message);
    return false;
  }
  g->short_form = sd_xstrdup(cJSON_IsString(sf) ? sf->valuestring : isla->valuestring);
  return true;
}

static bool load_group(Loader *l, SdTriageBaseGroup *g, const cJSON *json, uint32_t index) {
  const cJSON *kind = cJSON_GetObjectItemCaseSensitive(json, "kind");
  const cJSON *cause = cJSON_GetObjectItemCaseSensitive(json, "cause");
  if (!cJSON_IsObject(json) || !cJSON_IsString(kind))
    return fail(l, "group %u: not an object with a \"kind\" string", index + 1);
  g->kind = sd_xstrdup(kind->valuestring);
  if (!cause || !(cJSON_IsNull(cause) || cJSON_IsObject(cause)))
    return fail(l, "group %u (%s): \"cause\" is neither an object nor null", index + 1, g->kind);
  if (!load_cause(l, g, cause, index)) return false;
  g->inputs[0] = input_tree(l, cJSON_GetObjectItemCaseSensitive(json, "example"));
  g->inputs[1] = input_tree(l, cJSON_GetObjectItemCaseSensitive(json, "reduced"));
  return true;
}

/* The document's root, checked to be a triage report this semdbg reads. */
static const cJSON *groups_of(Loader *l, const cJSON *root) {
  const cJSON *report = cJSON_GetObjectItemCaseSensitive(root, "report");
  const cJSON *schema = cJSON_GetObjectItemCaseSensitive(root, "schema");
  const cJSON *groups = cJSON_GetObjectItemCaseSensitive(root, "groups");
  if (!cJSON_IsObject(root) || !cJSON_IsString(report) || strcmp(report->valuestring, "triage")) {
    fail(l, "not a semdbg triage report (no \"report\": \"triage\"; see docs/triage.md)");
    return NULL;
  }
  if (!cJSON_IsNumber(schema) || schema->valuedouble > SD_TRIAGE_SCHEMA) {
    fail(l, "triage schema %s is not one this semdbg reads (%d)", cJSON_IsNumber(schema) ? "newer" : "missing",
         SD_TRIAGE_SCHEMA);
    return NULL;
  }
  if (!cJSON_IsArray(groups)) fail(l, "no \"groups\" array");
  return cJSON_IsArray(groups) ? groups : NULL;
}

static cJSON *parse_json(Loader *l) {
  size_t len;
  const char *why = NULL;
  char *text = sd_read_file(l->path, &len, &why);
  if (!text) {
    l->error = sd_format("%s: %s", l->path, why ? why : "cannot read");
    return NULL;
  }
  const char *end = NULL;
  cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, false);
  if (!root) {
    int line, col;
    size_t offset = end && end >= text && end <= text + len ? (size_t)(end - text) : 0;
    sd_line_col(text, len, offset, &line, &col);
    l->error = sd_format("%s:%d:%d: not valid JSON", l->path, line, col);
  }
  free(text);
  return root;
}

SdTriageBaseline *sd_triage_baseline_load(const SdGrammar *grammar, const char *path, char **error) {
  Loader l = {.grammar = grammar, .path = path};
  cJSON *root = parse_json(&l);
  const cJSON *groups = root ? groups_of(&l, root) : NULL;
  SdTriageBaseline *b = NULL;
  if (groups) {
    l.parser = sd_parser_new(grammar);
    b = sd_xcalloc(1, sizeof *b);
    b->path = sd_xstrdup(path);
    uint32_t n = (uint32_t)cJSON_GetArraySize(groups), i = 0;
    b->groups = sd_xcalloc(n ? n : 1, sizeof *b->groups);
    const cJSON *g;
    cJSON_ArrayForEach(g, groups) {
      b->group_count = i + 1;
      if (!load_group(&l, &b->groups[i], g, i)) break;
      i++;
    }
    sd_parser_free(l.parser);
    if (l.error) sd_triage_baseline_free(b), b = NULL;
  }
  cJSON_Delete(root);
  *error = l.error;
  return b;
}

/* ---------- comparing ---------- */

typedef Array(SdTree *) TreeList;

/* The shared sample for group g and baseline group b. */
static void shared_sample(const SdTriage *self, const SdTriageGroup *g, const SdTree *reduced,
                          const SdTriageBaseGroup *b, TreeList *out) {
  out->size = 0;
  for (uint32_t i = 0; i < self->sample_count; i++) array_push(out, self->sample[i]);
  for (uint32_t i = 0; i < g->member_count; i++) array_push(out, self->inputs[g->members[i]].tree);
  if (reduced) array_push(out, (SdTree *)reduced);
  for (int k = 0; k < 2; k++)
    if (b->inputs[k]) array_push(out, b->inputs[k]);
}

/* The baseline group that g is, or -1. */
static int32_t match(const SdTriage *self, const SdTriageGroup *g, const SdTree *reduced,
                     const SdTriageBaseline *baseline) {
  TreeList sample = {0};
  int32_t found = -1;
  for (uint32_t i = 0; i < baseline->group_count && found < 0; i++) {
    const SdTriageBaseGroup *b = &baseline->groups[i];
    if (strcmp(b->kind, g->kind) || !b->cause != !g->cause) continue;
    if (!g->cause) {
      found = (int32_t)i;
      continue;
    }
    shared_sample(self, g, reduced, b, &sample);
    if (sd_triage_agree(g->cause, b->cause, sample.items, sample.size)) found = (int32_t)i;
  }
  array_free(&sample);
  return found;
}

void sd_triage_compare(SdTriage *self, SdTriageBaseline *baseline) {
  SdParser *parser = sd_parser_new(self->grammar);
  self->baseline = baseline;
  self->known = self->fresh = 0;
  for (uint32_t i = 0; i < self->group_count; i++) {
    SdTriageGroup *g = &self->groups[i];
    SdTree *reduced = g->reduced ? sd_parse(parser, -1, g->reduced, g->reduced_length, NULL) : NULL;
    g->baseline = match(self, g, reduced, baseline);
    sd_tree_free(reduced);
    g->novelty = g->baseline >= 0 ? SD_TRIAGE_KNOWN : SD_TRIAGE_NEW;
    if (g->baseline >= 0) baseline->groups[g->baseline].matched = true, self->known++;
    else self->fresh++;
  }
  sd_parser_free(parser);
}
