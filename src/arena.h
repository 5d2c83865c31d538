/* arena.h: a bump allocator for objects that die together (the trees of one
 * iteration, one parsed constraint). Nothing is freed individually; freeing
 * the arena frees everything allocated from it. */
#ifndef SEMDBG_ARENA_H
#define SEMDBG_ARENA_H

#include <stddef.h>
#include <string.h>

typedef struct SdArenaChunk SdArenaChunk;
struct SdArenaChunk {
  SdArenaChunk *next;
  size_t size, used;
  _Alignas(16) unsigned char data[];
};
typedef struct SdArena {
  SdArenaChunk *head;
  size_t used_bytes;
} SdArena;

void sd_arena_init(SdArena *self);
void *sd_arena_alloc_slow(SdArena *self, size_t n);

/* n bytes, 16-byte aligned, not zeroed: for callers that write them all
 * (copies, and the tree clones made by the thousand in a tie split's
 * search, where zeroing first was a twentieth of the calculator's
 * instructions). Inline: a bump in the newest chunk (a call per tree node
 * was another twentieth). */
static inline void *sd_arena_alloc_uninit(SdArena *self, size_t n) {
  n = n ? (n + 15) & ~(size_t)15 : 16;
  SdArenaChunk *c = self->head;
  if (!c || c->size - c->used < n) return sd_arena_alloc_slow(self, n);
  void *p = c->data + c->used;
  c->used += n;
  self->used_bytes += n;
  return p;
}

/* n bytes, 16-byte aligned, zeroed (to the rounded size). */
static inline void *sd_arena_alloc(SdArena *self, size_t n) {
  void *p = sd_arena_alloc_uninit(self, n);
  memset(p, 0, n ? (n + 15) & ~(size_t)15 : 16);
  return p;
}
void *sd_arena_dup(SdArena *self, const void *p, size_t n);
char *sd_arena_strndup(SdArena *self, const char *s, size_t n);
void sd_arena_free(SdArena *self);

/* Marks: everything allocated after a mark can be dropped at once (for
 * temporaries, e.g. while evaluating one atom). A zeroed SdArena is valid. */
typedef struct SdArenaMark {
  SdArenaChunk *chunk;
  size_t used, used_bytes;
} SdArenaMark;
SdArenaMark sd_arena_mark(const SdArena *self);
void sd_arena_reset(SdArena *self, SdArenaMark mark);

#endif
