/* Unit tests of the small shared pieces: growable arrays, the arena and its
 * marks, the hash set, byte buffers, the random number generator. */
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "array.h"
#include "test.h"
#include "util.h"

static void test_array(void) {
  Array(int) a = {0};
  for (int i = 0; i < 1000; i++) array_push(&a, i);
  CHECK(a.size == 1000 && a.items[999] == 999 && a.capacity >= 1000);
  CHECK(array_pop(&a) == 999 && a.size == 999);
  int *z = array_grow_zeroed(&a, 3);
  CHECK(z[0] == 0 && z[2] == 0 && a.size == 1002);
  array_free(&a);
  CHECK(a.items == NULL && a.size == 0);
}

static void test_arena_marks(void) {
  SdArena arena;
  sd_arena_init(&arena);
  char *keep = sd_arena_strndup(&arena, "keep", 4);
  SdArenaMark m = sd_arena_mark(&arena);
  size_t before = arena.used_bytes;
  for (int i = 0; i < 1000; i++) {
    unsigned char *p = sd_arena_alloc(&arena, 100);
    CHECK(((uintptr_t)p & 15) == 0);
    CHECK(p[0] == 0 && p[99] == 0); /* zeroed */
    memset(p, 0xab, 100);
  }
  CHECK(arena.used_bytes > before);
  sd_arena_reset(&arena, m);
  CHECK(arena.used_bytes == before);
  CHECK_STR(keep, "keep"); /* what came before the mark survives */
  unsigned char *again = sd_arena_alloc(&arena, 100);
  CHECK(again[50] == 0);
  sd_arena_free(&arena);
  SdArena zeroed = {0}; /* a zeroed arena is valid */
  CHECK(sd_arena_alloc(&zeroed, 8) != NULL);
  sd_arena_free(&zeroed);
}

static void test_hash_set(void) {
  SdHashSet s = {0};
  CHECK(!sd_hash_set_has(&s, 42));
  CHECK(sd_hash_set_add(&s, 42));
  CHECK(!sd_hash_set_add(&s, 42));
  CHECK(sd_hash_set_add(&s, 0) && sd_hash_set_has(&s, 0)); /* key 0 works too */
  for (uint64_t k = 1000; k < 11000; k++) sd_hash_set_add(&s, k * 0x9e3779b97f4a7c15ULL);
  CHECK(s.count == 10002);
  int missing = 0;
  for (uint64_t k = 1000; k < 11000; k++) missing += !sd_hash_set_has(&s, k * 0x9e3779b97f4a7c15ULL);
  CHECK(missing == 0 && !sd_hash_set_has(&s, 7));
  sd_hash_set_free(&s);
}

static void test_buffers(void) {
  SdBuf b = {0};
  sd_buf_append_quoted(&b, "a\"\\\n\x01\xff", 6);
  CHECK_STR(b.data, "\"a\\\"\\\\\\n\\x01\\xff\"");
  sd_buf_free(&b);
  sd_buf_printf(&b, "%d-%s", 7, "x");
  char *s = sd_buf_take(&b);
  CHECK_STR(s, "7-x");
  free(s);
  int line, col;
  sd_line_col("ab\ncd", 5, 4, &line, &col);
  CHECK(line == 2 && col == 2);
}

static void test_rng(void) {
  SdRng a, b;
  sd_rng_seed(&a, 5);
  sd_rng_seed(&b, 5);
  bool same = true, in_range = true;
  for (int i = 0; i < 1000; i++) {
    uint32_t x = sd_rng_below(&a, 10), y = sd_rng_below(&b, 10);
    same = same && x == y;
    in_range = in_range && x < 10;
  }
  CHECK(same && in_range);
  sd_rng_seed(&b, 6);
  CHECK(sd_rng_next(&a) != sd_rng_next(&b));
}

int main(void) {
  RUN(test_array);
  RUN(test_arena_marks);
  RUN(test_hash_set);
  RUN(test_buffers);
  RUN(test_rng);
  return test_report();
}
