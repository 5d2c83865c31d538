/* learner_memo.c: the truths of atoms on inputs, shared by the learners of
 * one diagnosis (sd_learner_set_memo).
 *
 * Each learner evaluates every atom it instantiates on every input it is
 * given; the debugger makes a new learner for each later cause and for the
 * precise search after the first, over mostly the same trees and with many
 * of the same atoms. The memo keeps, per (atom text, tree address), whether
 * the atom held: two sets of 64-bit keys, one for true and one for false.
 * A key mixes the hash of the text with the tree's address, so a memo is
 * only valid while its trees live unchanged (the debugger's evidence does).
 * Past MEMO_MAX_KEYS entries it stops growing (lookups go on). */
#include <stdint.h>

#include "learner_internal.h"
#include "util.h"

enum { MEMO_MAX_KEYS = 1u << 21 }; /* at most 2^22 slots of 8 bytes in each set */

struct SdLearnerMemo {
  SdHashSet held, failed;
};

SdLearnerMemo *sd_learner_memo_new(void) { return sd_xcalloc(1, sizeof(SdLearnerMemo)); }

void sd_learner_memo_free(SdLearnerMemo *self) {
  if (!self) return;
  sd_hash_set_free(&self->held);
  sd_hash_set_free(&self->failed);
  free(self);
}

void sd_learner_set_memo(SdLearner *self, SdLearnerMemo *memo) { self->memo = memo; }

/* The key of an atom's text (its hash) on a tree; never 0 (the hash
 * sets' empty slot). */
uint64_t lr_memo_key(uint64_t text_hash, const SdTree *t) {
  uint64_t k = text_hash ^ ((uint64_t)(uintptr_t)t * 0x9e3779b97f4a7c15ull);
  k ^= k >> 29;
  return k ? k : 1;
}

/* 1 if the atom held on the tree, 0 if not, -1 when the memo does not know. */
int lr_memo_get(const SdLearnerMemo *self, uint64_t key) {
  if (sd_hash_set_has(&self->held, key)) return 1;
  if (sd_hash_set_has(&self->failed, key)) return 0;
  return -1;
}

void lr_memo_put(SdLearnerMemo *self, uint64_t key, bool held) {
  if (self->held.count + self->failed.count >= MEMO_MAX_KEYS) return;
  sd_hash_set_add(held ? &self->held : &self->failed, key);
}
