/* learner_affix.c: a literal as long as the failing inputs have it.
 *
 * The learner offers prefixes, suffixes and substrings of elements as
 * values of up to LR_AFFIX_MAX bytes (each longer one would multiply the
 * values counted per element). A literal that matters can be longer: a
 * subject starting "Subject: Fwd: Fwd:" is told from "Subject: Re: Fwd:
 * Fwd:" only by all 18 bytes. For a value at the limit, this file finds its
 * longest extension that every failing input having the value still has:
 * the value's occurrences in the failing inputs' elements are collected
 * once; from each occurrence in the first of those inputs (at most
 * AFFIX_SEEDS of them), the literal grows a byte at a time, leftwards then
 * rightwards for a substring (only rightwards for a prefix, only leftwards
 * for a suffix), while every such input has an occurrence that grows the
 * same way. The longest grown literal is offered beside the value, with
 * it cut back by the run of one kind of byte (letters, digits, spaces) it
 * ends or starts with: the inputs seen may all have the literal followed
 * by a space that does not matter. Which is right is for the evidence and
 * the hunt's rivals to tell. */
#define _GNU_SOURCE /* memmem */
#include <stdlib.h>
#include <string.h>

#include "learner_internal.h"
#include "util.h"

enum { AFFIX_SEEDS = 8, AFFIX_LONGEST = 64 };

typedef struct Occurrence {
  const char *text; /* the element's text */
  uint32_t len;
  uint32_t input;   /* the failing input's ordinal among those with the value */
} Occurrence;

typedef Array(Occurrence) Occurrences;

static bool has_value(int mode, const char *txt, uint32_t len, const char *v, uint32_t vlen) {
  if (vlen >= len) return false; /* as the values are counted: shorter than the element */
  if (mode == LR_PREFIX) return !memcmp(txt, v, vlen);
  if (mode == LR_SUFFIX) return !memcmp(txt + len - vlen, v, vlen);
  return memmem(txt, len, v, vlen) != NULL;
}

/* The elements of the slot's nonterminals in the failing inputs that have
 * the value; *inputs is how many failing inputs have one. */
static void collect(const SdLearner *self, const SdSymbol *syms, uint32_t sym_count, int mode,
                    const char *v, uint32_t vlen, Occurrences *out, uint32_t *inputs) {
  *inputs = 0;
  for (uint32_t i = 0; i < self->inputs.size; i++) {
    if (!lr_is_failing(self, i)) continue;
    const SdTree *tree = self->inputs.items[i];
    bool found = false;
    for (uint32_t k = 0; k < sym_count; k++) {
      SdSymbol sym = syms[k];
      if (sym < 0 || (uint32_t)sym >= self->grammar->symbol_count) continue;
      for (uint32_t j = 0; j < tree->by_symbol_count[sym]; j++) {
        uint32_t len;
        const char *txt = sd_node_text(tree, tree->nodes[tree->by_symbol[sym][j]], &len);
        /* substrings are values of short elements only (as they are counted) */
        if ((mode == LR_SUBSTRING && len > AFFIX_LONGEST) || !has_value(mode, txt, len, v, vlen)) continue;
        array_push(out, ((Occurrence){.text = txt, .len = len, .input = *inputs}));
        found = true;
      }
    }
    if (found) (*inputs)++;
  }
}

/* Whether every input with an occurrence has the literal in one. */
static bool all_have(const Occurrences *occ, uint32_t inputs, int mode, const char *lit, uint32_t n) {
  uint32_t have = 0, last = UINT32_MAX;
  for (uint32_t i = 0; i < occ->size; i++) {
    const Occurrence *o = &occ->items[i];
    if (o->input == last) continue;
    if (has_value(mode, o->text, o->len, lit, n)) {
      last = o->input;
      have++;
    } else if (i + 1 == occ->size || occ->items[i + 1].input != o->input) {
      return false; /* the input's last occurrence, and none had it */
    }
  }
  return have == inputs;
}

/* The literal grown from the occurrence of the value at [at, at + vlen) of
 * seed's text: *from and *to are where it ends up. */
static void grow(const Occurrences *occ, uint32_t inputs, int mode, const Occurrence *seed,
                 uint32_t at, uint32_t vlen, uint32_t *from, uint32_t *to) {
  uint32_t a = at, b = at + vlen;
  if (mode == LR_SUFFIX || mode == LR_SUBSTRING)
    while (a > 0 && b - a < AFFIX_LONGEST && b - (a - 1) < seed->len &&
           all_have(occ, inputs, mode, seed->text + a - 1, b - a + 1))
      a--;
  if (mode == LR_PREFIX || mode == LR_SUBSTRING)
    while (b < seed->len && b - a < AFFIX_LONGEST && b + 1 - a < seed->len &&
           all_have(occ, inputs, mode, seed->text + a, b + 1 - a))
      b++;
  *from = a, *to = b;
}

/* The kind of a byte, for where a literal's ends stand: letters, digits,
 * spaces, and every other byte a kind of its own. */
static int byte_kind(char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return 'a';
  if (c >= '0' && c <= '9') return '0';
  if (c == ' ' || c == '\t' || c == '\n' || c == '\r') return ' ';
  return (unsigned char)c + 256;
}

/* How many bytes the run of one kind at the end (from_end) or start of
 * lit[0..n) has. */
static uint32_t end_run(const char *lit, uint32_t n, bool from_end) {
  uint32_t r = 1;
  if (from_end)
    while (r < n && byte_kind(lit[n - 1 - r]) == byte_kind(lit[n - 1])) r++;
  else
    while (r < n && byte_kind(lit[r]) == byte_kind(lit[0])) r++;
  return r;
}

static uint32_t push(char **out, uint32_t *out_len, uint32_t n, const char *text, uint32_t len) {
  for (uint32_t i = 0; i < n; i++)
    if (out_len[i] == len && !memcmp(out[i], text, len)) return n;
  out[n] = sd_xstrndup(text, len);
  out_len[n] = len;
  return n + 1;
}

uint32_t lr_affix_extensions(const SdLearner *self, const SdSymbol *syms, uint32_t sym_count, int mode,
                             const char *v, uint32_t vlen, char **out, uint32_t *out_len) {
  if (mode != LR_PREFIX && mode != LR_SUFFIX && mode != LR_SUBSTRING) return 0;
  Occurrences occ = {0};
  uint32_t inputs;
  collect(self, syms, sym_count, mode, v, vlen, &occ, &inputs);
  const char *best = NULL;
  uint32_t best_len = vlen, best_at = 0, seeds = 0;
  for (uint32_t i = 0; i < occ.size && occ.items[i].input == 0 && seeds < AFFIX_SEEDS; i++) {
    const Occurrence *o = &occ.items[i];
    /* every place of the value in this element (a prefix and a suffix have one) */
    for (uint32_t at = 0; at + vlen < o->len + 1 && seeds < AFFIX_SEEDS; at++) {
      if (mode == LR_PREFIX && at > 0) break;
      if (mode == LR_SUFFIX && at + vlen != o->len) continue;
      if (memcmp(o->text + at, v, vlen)) continue;
      seeds++;
      uint32_t a, b;
      grow(&occ, inputs, mode, o, at, vlen, &a, &b);
      if (b - a > best_len) best = o->text + a, best_len = b - a, best_at = at - a;
    }
  }
  uint32_t n = 0;
  if (best) {
    /* the grown literal, and it without the run of one kind it ends (or
       starts) with beyond the value: the failing inputs may all have had
       "sudo rm -rf" followed by a space, and the space does not matter */
    n = push(out, out_len, n, best, best_len);
    uint32_t tail = end_run(best, best_len, true), head = end_run(best, best_len, false);
    if (mode != LR_SUFFIX && best_len - tail >= best_at + vlen && best_len - tail > vlen)
      n = push(out, out_len, n, best, best_len - tail);
    if (mode != LR_PREFIX && head <= best_at && best_len - head > vlen)
      n = push(out, out_len, n, best + head, best_len - head);
  }
  array_free(&occ);
  return n;
}
