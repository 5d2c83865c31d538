/* learner_memo.c: the truths of atoms on inputs, shared by the learners of
 * one diagnosis (sd_learner_set_memo).
 *
 * Each learner evaluates every atom it instantiates on every input it is
 * given; the debugger makes a new learner for each later cause and for the
 * precise search after the first, over mostly the same trees and with many
 * of the same atoms. The memo keeps, per atom (the hash of its text, and of
 * what else decides its truth), a record: two bits per tree, known and
 * held, indexed by a small number the memo gives each tree on first sight
 * (its address looked up in a table of its own). An atom finds its record
 * once (lr_memo_record) and each truth is then a bit test: a first version
 * kept one key per (atom, tree) in a table of millions of slots, and a
 * lookup there, almost always a miss in the first learner, cost more than a
 * tenth of the learning's time. The trees are known by their addresses, so
 * a memo is only valid while its trees live unchanged (the debugger's
 * evidence does). Past MEMO_MAX_WORDS words of records it makes no more
 * records (LR_MEMO_NONE: the caller evaluates). */
#include <stdint.h>
#include <stdlib.h>

#include "learner_internal.h"
#include "util.h"

enum { MEMO_MAX_WORDS = 1u << 22 }; /* 32 MiB of records at most */

typedef struct Record {
  uint64_t key;
  uint64_t *bits;  /* per tree id: bit 2*id known, bit 2*id+1 held */
  uint32_t words;
} Record;

/* open addressing: 64-bit keys (never 0) to values */
typedef struct Table {
  uint64_t *keys;
  uint32_t *values;
  uint32_t capacity, count;
} Table;

/* The flips of one template's bound (learner.c find_flip), per tree id;
 * kind -1 where not known yet. */
typedef struct FlipRecord {
  LrFlip *flips;
  uint32_t count;
} FlipRecord;

struct SdLearnerMemo {
  Table trees;   /* tree address -> tree id */
  Table records; /* key -> index in records */
  Record *recs;
  uint32_t rec_count, rec_cap;
  Table flip_records; /* key -> index in frecs */
  FlipRecord *frecs;
  uint32_t frec_count, frec_cap;
  uint64_t words; /* in all records, flips counted as words too */
};

static uint64_t mix(uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdull;
  k ^= k >> 33;
  return k ? k : 1;
}

/* The slot of key in t: where it is, or the empty slot where it would go. */
static uint32_t table_slot(const Table *t, uint64_t key) {
  uint32_t mask = t->capacity - 1, i = (uint32_t)mix(key) & mask;
  while (t->keys[i] && t->keys[i] != key) i = (i + 1) & mask;
  return i;
}

static uint32_t table_get(const Table *t, uint64_t key) {
  if (!t->capacity) return LR_MEMO_NONE;
  uint32_t i = table_slot(t, key);
  return t->keys[i] ? t->values[i] : LR_MEMO_NONE;
}

static void table_put(Table *t, uint64_t key, uint32_t value) {
  if ((t->count + 1) * 2 > t->capacity) {
    Table bigger = {sd_xcalloc(t->capacity ? t->capacity * 2 : 256, sizeof(uint64_t)),
                    sd_xcalloc(t->capacity ? t->capacity * 2 : 256, sizeof(uint32_t)),
                    t->capacity ? t->capacity * 2 : 256, t->count};
    for (uint32_t i = 0; i < t->capacity; i++)
      if (t->keys[i]) {
        uint32_t j = table_slot(&bigger, t->keys[i]);
        bigger.keys[j] = t->keys[i];
        bigger.values[j] = t->values[i];
      }
    free(t->keys);
    free(t->values);
    *t = bigger;
  }
  uint32_t i = table_slot(t, key);
  if (!t->keys[i]) t->count++;
  t->keys[i] = key;
  t->values[i] = value;
}

static void table_free(Table *t) {
  free(t->keys);
  free(t->values);
}

SdLearnerMemo *sd_learner_memo_new(void) { return sd_xcalloc(1, sizeof(SdLearnerMemo)); }

void sd_learner_memo_free(SdLearnerMemo *self) {
  if (!self) return;
  for (uint32_t i = 0; i < self->rec_count; i++) free(self->recs[i].bits);
  free(self->recs);
  table_free(&self->trees);
  table_free(&self->records);
  for (uint32_t i = 0; i < self->frec_count; i++) {
    for (uint32_t k = 0; k < self->frecs[i].count; k++) free(self->frecs[i].flips[k].big);
    free(self->frecs[i].flips);
  }
  free(self->frecs);
  table_free(&self->flip_records);
  free(self);
}

void sd_learner_set_memo(SdLearner *self, SdLearnerMemo *memo) { self->memo = memo; }

uint32_t lr_memo_tree(SdLearnerMemo *self, const SdTree *t) {
  uint64_t key = (uint64_t)(uintptr_t)t;
  uint32_t id = table_get(&self->trees, key);
  if (id == LR_MEMO_NONE) {
    id = self->trees.count;
    table_put(&self->trees, key, id);
  }
  return id;
}

uint32_t lr_memo_record(SdLearnerMemo *self, uint64_t key) {
  key = key ? key : 1;
  uint32_t r = table_get(&self->records, key);
  if (r != LR_MEMO_NONE || self->words >= MEMO_MAX_WORDS) return r;
  if (self->rec_count == self->rec_cap) {
    self->rec_cap = self->rec_cap ? self->rec_cap * 2 : 256;
    self->recs = sd_xrealloc(self->recs, self->rec_cap * sizeof(Record));
  }
  r = self->rec_count++;
  self->recs[r] = (Record){.key = key};
  table_put(&self->records, key, r);
  return r;
}

int lr_memo_truth(const SdLearnerMemo *self, uint32_t record, uint32_t tree) {
  const Record *r = &self->recs[record];
  uint32_t w = tree / 32, shift = 2 * (tree % 32);
  if (w >= r->words) return -1;
  uint64_t v = r->bits[w] >> shift;
  return v & 1 ? (int)((v >> 1) & 1) : -1;
}

void lr_memo_set(SdLearnerMemo *self, uint32_t record, uint32_t tree, bool held) {
  Record *r = &self->recs[record];
  uint32_t w = tree / 32;
  if (w >= r->words) {
    uint32_t words = w + 1 + (w + 1) / 2;
    r->bits = sd_xrealloc(r->bits, words * sizeof(uint64_t));
    for (uint32_t i = r->words; i < words; i++) r->bits[i] = 0;
    self->words += words - r->words;
    r->words = words;
  }
  r->bits[w] |= ((uint64_t)1 | (uint64_t)held << 1) << (2 * (tree % 32));
}

/* ---- flips ---- */

uint32_t lr_memo_flip_record(SdLearnerMemo *self, uint64_t key) {
  key = key ? key : 1;
  uint32_t r = table_get(&self->flip_records, key);
  if (r != LR_MEMO_NONE || self->words >= MEMO_MAX_WORDS) return r;
  if (self->frec_count == self->frec_cap) {
    self->frec_cap = self->frec_cap ? self->frec_cap * 2 : 256;
    self->frecs = sd_xrealloc(self->frecs, self->frec_cap * sizeof(FlipRecord));
  }
  r = self->frec_count++;
  self->frecs[r] = (FlipRecord){0};
  table_put(&self->flip_records, key, r);
  return r;
}

bool lr_memo_flip(const SdLearnerMemo *self, uint32_t record, uint32_t tree, LrFlip *out) {
  const FlipRecord *r = &self->frecs[record];
  if (tree >= r->count || r->flips[tree].kind < 0) return false;
  *out = r->flips[tree];
  if (out->big) out->big = sd_xstrdup(out->big);
  return true;
}

void lr_memo_set_flip(SdLearnerMemo *self, uint32_t record, uint32_t tree, const LrFlip *f) {
  FlipRecord *r = &self->frecs[record];
  if (tree >= r->count) {
    uint32_t count = tree + 1 + (tree + 1) / 2;
    r->flips = sd_xrealloc(r->flips, count * sizeof(LrFlip));
    for (uint32_t i = r->count; i < count; i++) r->flips[i] = (LrFlip){.kind = -1};
    self->words += (uint64_t)(count - r->count) * (sizeof(LrFlip) / sizeof(uint64_t));
    r->count = count;
  }
  if (r->flips[tree].kind >= 0) return;
  r->flips[tree] = *f;
  if (f->big) r->flips[tree].big = sd_xstrdup(f->big);
}
