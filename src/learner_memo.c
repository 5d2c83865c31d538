/* learner_memo.c: the truths of atoms on inputs, shared by the learners of
 * one diagnosis (sd_learner_set_memo).
 *
 * Each learner evaluates every atom it instantiates on every input it is
 * given; the debugger makes a new learner for each later cause and for the
 * precise search after the first, over mostly the same trees and with many
 * of the same atoms. The memo keeps, per (atom text, tree address), whether
 * the atom held: one open-addressing table of 64-bit keys whose lowest bit
 * is the truth (a lookup touches one table: with a set for each truth, a
 * key the memo did not know cost two missed lookups, 4.5% of the expression
 * example's CPU). A key mixes the hash of the text with the tree's address,
 * so a memo is only valid while its trees live unchanged (the debugger's
 * evidence does). Past MEMO_MAX_KEYS entries it stops growing (lookups go
 * on). */
#include <stdint.h>

#include "learner_internal.h"
#include "util.h"

enum { MEMO_MAX_KEYS = 1u << 21 }; /* at most 2^22 slots of 8 bytes */

struct SdLearnerMemo {
  uint64_t *slots; /* 0: empty; else a key (lowest bit clear) | its truth */
  uint32_t capacity, count;
};

SdLearnerMemo *sd_learner_memo_new(void) { return sd_xcalloc(1, sizeof(SdLearnerMemo)); }

void sd_learner_memo_free(SdLearnerMemo *self) {
  if (!self) return;
  free(self->slots);
  free(self);
}

void sd_learner_set_memo(SdLearner *self, SdLearnerMemo *memo) { self->memo = memo; }

/* The key of an atom's text (its hash) on a tree: its lowest bit clear
 * (the truth goes there), never 0 (the empty slot). */
uint64_t lr_memo_key(uint64_t text_hash, const SdTree *t) {
  uint64_t k = text_hash ^ ((uint64_t)(uintptr_t)t * 0x9e3779b97f4a7c15ull);
  k ^= k >> 29;
  k &= ~(uint64_t)1;
  return k ? k : 2;
}

/* The slot of key: where it is, or the empty slot where it would go. */
static uint32_t slot_of(const SdLearnerMemo *self, uint64_t key) {
  uint32_t mask = self->capacity - 1;
  uint32_t i = (uint32_t)(key >> 1) & mask;
  while (self->slots[i] && (self->slots[i] & ~(uint64_t)1) != key) i = (i + 1) & mask;
  return i;
}

/* 1 if the atom held on the tree, 0 if not, -1 when the memo does not know. */
int lr_memo_get(const SdLearnerMemo *self, uint64_t key) {
  if (!self->capacity) return -1;
  uint64_t v = self->slots[slot_of(self, key)];
  return v ? (int)(v & 1) : -1;
}

static void grow(SdLearnerMemo *self) {
  SdLearnerMemo bigger = {sd_xcalloc(self->capacity ? self->capacity * 2 : 1024, sizeof(uint64_t)),
                          self->capacity ? self->capacity * 2 : 1024, self->count};
  for (uint32_t i = 0; i < self->capacity; i++)
    if (self->slots[i]) bigger.slots[slot_of(&bigger, self->slots[i] & ~(uint64_t)1)] = self->slots[i];
  free(self->slots);
  *self = bigger;
}

void lr_memo_put(SdLearnerMemo *self, uint64_t key, bool held) {
  if (self->count >= MEMO_MAX_KEYS) return;
  if ((self->count + 1) * 2 > self->capacity) grow(self);
  uint32_t i = slot_of(self, key);
  if (!self->slots[i]) self->count++;
  self->slots[i] = key | (held ? 1 : 0);
}
