/* lengths.c: the set of text lengths each symbol derives, and words of an
 * exact length.
 *
 * Each symbol's lengths (up to a maximum) are a bitset: a literal has its
 * own length, a character class length 1, a nonterminal the union over its
 * alternatives of the sums of its symbols' sets (a Minkowski sum of
 * bitsets, cut at the maximum). Recursion is a fixpoint: passes over the
 * nonterminals until no set grows.
 *
 * A word of length L is drawn top-down: an alternative that can make L,
 * chosen at random, then for each of its symbols in turn a length it can
 * make that leaves a length the rest can make (suffix sets), chosen at
 * random. The solver uses it to turn a length solved as an integer into
 * text ("a <payload> of 53 bytes" is a draw, not a string query). */
#include "lengths.h"

#include <stdlib.h>
#include <string.h>

#include "array.h"

typedef uint64_t Word;

struct SdLengths {
  const SdGrammar *g;
  uint32_t max;    /* lengths 0..max */
  uint32_t words;  /* per bitset */
  Word *sets;      /* symbol_count bitsets */
  /* made once the sets are complete, for drawing: per alternative (numbered
     symbol by symbol from first_alt[s]) the lengths it makes, and the
     suffix sets of its symbols (count + 1 bitsets from suffix_at[alt]) */
  uint32_t *first_alt;
  Word *alt_sets;
  size_t *suffix_at;
  Word *suffixes;
};

enum { MAX_DEPTH = 4096 };

static Word *set_of(const SdLengths *self, SdSymbol s) { return self->sets + (size_t)s * self->words; }

static bool has(const Word *set, uint32_t i) { return (set[i / 64] >> (i % 64)) & 1; }
static void put(Word *set, uint32_t i) { set[i / 64] |= (Word)1 << (i % 64); }

/* out |= in shifted up by k, cut at max. */
static void or_shifted(const SdLengths *self, Word *out, const Word *in, uint32_t k) {
  uint32_t wk = k / 64, bk = k % 64;
  for (uint32_t i = self->words; i-- > wk;) {
    Word w = in[i - wk] << bk;
    if (bk && i - wk > 0) w |= in[i - wk - 1] >> (64 - bk);
    out[i] |= w;
  }
  uint32_t spare = self->words * 64 - (self->max + 1);
  if (spare) out[self->words - 1] &= ~(Word)0 >> spare;
}

static uint32_t bits_in(const SdLengths *self, const Word *set) {
  uint32_t n = 0;
  for (uint32_t w = 0; w < self->words; w++) n += (uint32_t)__builtin_popcountll(set[w]);
  return n;
}

/* out = a + b (every sum of a length in a and one in b): the other set
 * shifted by each length of the sparser one (an alternative's prefix
 * holds many lengths, a literal one; shifting by each of the many made
 * the fixpoint a twentieth of the calculator's instructions). */
static void sum(const SdLengths *self, Word *out, const Word *a, const Word *b) {
  memset(out, 0, self->words * sizeof(Word));
  if (bits_in(self, b) < bits_in(self, a)) {
    const Word *t = a;
    a = b, b = t;
  }
  for (uint32_t w = 0; w < self->words; w++)
    for (Word bits = a[w]; bits; bits &= bits - 1) {
      uint32_t i = w * 64 + (uint32_t)__builtin_ctzll(bits);
      if (i > self->max) break;
      or_shifted(self, out, b, i);
    }
}

/* The lengths alternative alt makes, from its symbols' current sets. */
static void alternative_set(const SdLengths *self, const SdAlternative *alt, Word *out, Word *tmp) {
  memset(out, 0, self->words * sizeof(Word));
  put(out, 0);
  for (uint32_t k = 0; k < alt->count; k++) {
    sum(self, tmp, out, set_of(self, alt->symbols[k]));
    memcpy(out, tmp, self->words * sizeof(Word));
  }
}

static void init_terminals(SdLengths *self) {
  for (uint32_t s = 0; s < self->g->symbol_count; s++) {
    const SdSymbolInfo *si = &self->g->symbols[s];
    Word *set = set_of(self, (SdSymbol)s);
    if (si->kind == SD_SYM_LITERAL && si->length <= self->max) put(set, si->length);
    if (si->kind == SD_SYM_CHARSET)
      for (int b = 0; b < 32; b++)
        if (si->set[b]) put(set, 1);
  }
}

/* One pass over the nonterminals; returns whether a set grew. */
static bool grow_pass(SdLengths *self, Word *acc, Word *alt_set, Word *tmp) {
  bool grew = false;
  for (uint32_t s = 0; s < self->g->symbol_count; s++) {
    const SdSymbolInfo *si = &self->g->symbols[s];
    if (si->kind != SD_SYM_NONTERMINAL) continue;
    Word *set = set_of(self, (SdSymbol)s);
    memcpy(acc, set, self->words * sizeof(Word));
    for (uint32_t a = 0; a < si->alternative_count; a++) {
      alternative_set(self, &si->alternatives[a], alt_set, tmp);
      for (uint32_t w = 0; w < self->words; w++) acc[w] |= alt_set[w];
    }
    if (memcmp(acc, set, self->words * sizeof(Word))) {
      memcpy(set, acc, self->words * sizeof(Word));
      grew = true;
    }
  }
  return grew;
}

static void sum(const SdLengths *self, Word *out, const Word *a, const Word *b);

/* suffix (count + 1 sets): [k] = the lengths alt->symbols[k..] make together. */
static void suffix_sets(const SdLengths *self, const SdAlternative *alt, Word *suffix) {
  put(suffix + (size_t)alt->count * self->words, 0);
  for (uint32_t k = alt->count; k-- > 0;)
    sum(self, suffix + (size_t)k * self->words, set_of(self, alt->symbols[k]), suffix + (size_t)(k + 1) * self->words);
}

/* The per-alternative sets drawing reads (they were made anew at every
 * step of every draw: the expression example spent a tenth of its time
 * there). */
static void make_draw_tables(SdLengths *self) {
  const SdGrammar *g = self->g;
  self->first_alt = sd_xcalloc(g->symbol_count + 1, sizeof(uint32_t));
  uint32_t alts = 0;
  size_t suffix_sets_total = 0;
  for (uint32_t s = 0; s < g->symbol_count; s++) {
    self->first_alt[s] = alts;
    if (g->symbols[s].kind != SD_SYM_NONTERMINAL) continue;
    for (uint32_t a = 0; a < g->symbols[s].alternative_count; a++) suffix_sets_total += g->symbols[s].alternatives[a].count + 1;
    alts += g->symbols[s].alternative_count;
  }
  self->first_alt[g->symbol_count] = alts;
  self->alt_sets = sd_xcalloc((size_t)alts * self->words + 1, sizeof(Word));
  self->suffix_at = sd_xcalloc((size_t)alts + 1, sizeof(size_t));
  self->suffixes = sd_xcalloc(suffix_sets_total * self->words + 1, sizeof(Word));
  size_t at = 0;
  for (uint32_t s = 0; s < g->symbol_count; s++) {
    if (g->symbols[s].kind != SD_SYM_NONTERMINAL) continue;
    for (uint32_t a = 0; a < g->symbols[s].alternative_count; a++) {
      const SdAlternative *alt = &g->symbols[s].alternatives[a];
      uint32_t i = self->first_alt[s] + a;
      self->suffix_at[i] = at;
      suffix_sets(self, alt, self->suffixes + at * self->words);
      memcpy(self->alt_sets + (size_t)i * self->words, self->suffixes + at * self->words, self->words * sizeof(Word));
      at += alt->count + 1;
    }
  }
}

SdLengths *sd_lengths_new(const SdGrammar *g, uint32_t max_length) {
  SdLengths *self = sd_xcalloc(1, sizeof *self);
  self->g = g;
  self->max = max_length > SD_LENGTHS_MAX ? SD_LENGTHS_MAX : max_length;
  self->words = (self->max + 1 + 63) / 64;
  self->sets = sd_xcalloc((size_t)g->symbol_count * self->words, sizeof(Word));
  init_terminals(self);
  Word *scratch = sd_xmalloc(3 * self->words * sizeof(Word));
  while (grow_pass(self, scratch, scratch + self->words, scratch + 2 * self->words)) {
  }
  free(scratch);
  make_draw_tables(self);
  return self;
}

void sd_lengths_free(SdLengths *self) {
  if (!self) return;
  free(self->first_alt);
  free(self->alt_sets);
  free(self->suffix_at);
  free(self->suffixes);
  free(self->sets);
  free(self);
}

uint32_t sd_lengths_max(const SdLengths *self) { return self->max; }

uint32_t sd_lengths_longest(const SdLengths *self, SdSymbol symbol) {
  const Word *set = set_of(self, symbol);
  if (has(set, self->max)) return UINT32_MAX;
  for (uint32_t i = self->max; i-- > 0;)
    if (has(set, i)) return i;
  return 0;
}

bool sd_lengths_possible(const SdLengths *self, SdSymbol symbol, uint32_t length) {
  return length <= self->max && has(set_of(self, symbol), length);
}

/* ---------- drawing a word ---------- */

typedef struct Draw {
  const SdLengths *self;
  SdRng *rng;
  SdBuf out;
  uint32_t depth;
} Draw;

static bool draw(Draw *d, SdSymbol s, uint32_t length);

/* A random i in [0, n) with ok(i), or -1. */
static int64_t pick(SdRng *rng, uint32_t n, bool (*ok)(void *, uint32_t), void *user) {
  uint32_t count = 0;
  for (uint32_t i = 0; i < n; i++) count += ok(user, i);
  if (!count) return -1;
  uint32_t k = sd_rng_below(rng, count);
  for (uint32_t i = 0; i < n; i++)
    if (ok(user, i) && k-- == 0) return i;
  return -1;
}

typedef struct SplitChoice {
  const SdLengths *self;
  const Word *here, *rest;
  uint32_t remaining;
} SplitChoice;

static bool split_ok(void *user, uint32_t l) {
  SplitChoice *c = user;
  return has(c->here, l) && has(c->rest, c->remaining - l);
}

static bool draw_alternative(Draw *d, SdSymbol s, uint32_t a, uint32_t length) {
  const SdAlternative *alt = &d->self->g->symbols[s].alternatives[a];
  const Word *suffix = d->self->suffixes + d->self->suffix_at[d->self->first_alt[s] + a] * d->self->words;
  uint32_t remaining = length;
  bool ok = true;
  for (uint32_t k = 0; k < alt->count && ok; k++) {
    SplitChoice c = {d->self, set_of(d->self, alt->symbols[k]), suffix + (size_t)(k + 1) * d->self->words, remaining};
    int64_t l = pick(d->rng, remaining + 1, split_ok, &c);
    ok = l >= 0 && draw(d, alt->symbols[k], (uint32_t)l);
    remaining -= ok ? (uint32_t)l : 0;
  }
  return ok && remaining == 0;
}

typedef struct AltChoice {
  const Word *sets; /* the symbol's alternatives' length sets */
  uint32_t words, length;
} AltChoice;

static bool alternative_ok(void *user, uint32_t a) {
  AltChoice *c = user;
  return has(c->sets + (size_t)a * c->words, c->length);
}

static bool draw_charset(Draw *d, const SdSymbolInfo *si) {
  uint32_t count = 0;
  for (int b = 0; b < 256; b++) count += (si->set[b / 8] >> (b % 8)) & 1;
  if (!count) return false;
  uint32_t k = sd_rng_below(d->rng, count);
  for (int b = 0; b < 256; b++)
    if (((si->set[b / 8] >> (b % 8)) & 1) && k-- == 0) {
      sd_buf_putc(&d->out, (char)b);
      return true;
    }
  return false;
}

static bool draw(Draw *d, SdSymbol s, uint32_t length) {
  const SdSymbolInfo *si = &d->self->g->symbols[s];
  if (!sd_lengths_possible(d->self, s, length) || d->depth >= MAX_DEPTH) return false;
  if (si->kind == SD_SYM_LITERAL) {
    sd_buf_append(&d->out, si->bytes, si->length);
    return true;
  }
  if (si->kind == SD_SYM_CHARSET) return draw_charset(d, si);
  AltChoice c = {d->self->alt_sets + (size_t)d->self->first_alt[s] * d->self->words, d->self->words, length};
  int64_t a = pick(d->rng, si->alternative_count, alternative_ok, &c);
  if (a < 0) return false;
  d->depth++;
  bool ok = draw_alternative(d, s, (uint32_t)a, length);
  d->depth--;
  return ok;
}

char *sd_lengths_sample(const SdLengths *self, SdSymbol symbol, uint32_t length, SdRng *rng) {
  Draw d = {.self = self, .rng = rng};
  if (!draw(&d, symbol, length) || d.out.len != length) {
    sd_buf_free(&d.out);
    return NULL;
  }
  return sd_buf_take(&d.out);
}
