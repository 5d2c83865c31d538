/* arena.h: a bump allocator for objects that die together (the trees of one
 * iteration, one parsed constraint). Nothing is freed individually; freeing
 * the arena frees everything allocated from it. */
#ifndef SEMDBG_ARENA_H
#define SEMDBG_ARENA_H

#include <stddef.h>

typedef struct SdArenaChunk SdArenaChunk;
typedef struct SdArena {
  SdArenaChunk *head;
  size_t used_bytes;
} SdArena;

void sd_arena_init(SdArena *self);
void *sd_arena_alloc(SdArena *self, size_t n);  /* 16-byte aligned, zeroed */
void *sd_arena_alloc_uninit(SdArena *self, size_t n); /* the same, not zeroed */
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
