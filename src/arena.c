/* arena.c: chunked bump allocation. Chunks double in size from FIRST_CHUNK
 * up to 1 MiB; a request larger than a chunk gets a chunk of its own. A
 * mark remembers the newest chunk and its fill, so resetting to it frees
 * what came after. The first chunk is small: most arenas are a parsed
 * constraint of a few hundred bytes, and the learner keeps thousands (with
 * 4 KiB first chunks, a fresh page touched per constraint was a third of
 * its parsing time). */
#include "arena.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

enum { FIRST_CHUNK = 1024 - 32 }; /* bytes, with the chunk's header in a 1 KiB block */


void sd_arena_init(SdArena *self) {
  self->head = NULL;
  self->used_bytes = 0;
}

/* A chunk for n more bytes (rounded): the fast path is arena.h's. */
void *sd_arena_alloc_slow(SdArena *self, size_t n) {
  SdArenaChunk *c = self->head;
  if (!c || c->size - c->used < n) {
    size_t size = c ? c->size * 2 : FIRST_CHUNK;
    if (size > (1u << 20)) size = 1u << 20;
    if (size < n) size = n;
    SdArenaChunk *fresh = sd_xmalloc(sizeof *fresh + size);
    fresh->size = size;
    fresh->used = 0;
    fresh->next = c;
    self->head = c = fresh;
  }
  void *p = c->data + c->used;
  c->used += n;
  self->used_bytes += n;
  return p;
}

void *sd_arena_dup(SdArena *self, const void *p, size_t n) {
  void *q = sd_arena_alloc_uninit(self, n);
  if (n) memcpy(q, p, n);
  return q;
}

char *sd_arena_strndup(SdArena *self, const char *s, size_t n) {
  char *q = sd_arena_alloc_uninit(self, n + 1);
  if (n) memcpy(q, s, n);
  q[n] = 0;
  return q;
}

void sd_arena_free(SdArena *self) {
  SdArenaChunk *c = self->head;
  while (c) {
    SdArenaChunk *next = c->next;
    free(c);
    c = next;
  }
  self->head = NULL;
  self->used_bytes = 0;
}

SdArenaMark sd_arena_mark(const SdArena *self) {
  SdArenaMark m = {self->head, self->head ? self->head->used : 0, self->used_bytes};
  return m;
}

void sd_arena_reset(SdArena *self, SdArenaMark mark) {
  /* free the chunks made after the mark, rewind the marked one */
  while (self->head && self->head != mark.chunk) {
    SdArenaChunk *next = self->head->next;
    free(self->head);
    self->head = next;
  }
  if (self->head) self->head->used = mark.used;
  self->used_bytes = mark.used_bytes;
}
