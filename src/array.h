/* array.h: a tiny generic growable array (after tree-sitter's lib/src/array.h).
 * An Array(T) is a struct {T *items; uint32_t size, capacity;} that any code
 * can declare inline; the macros grow it geometrically. Zero-initialised
 * arrays are valid and empty. */
#ifndef SEMDBG_ARRAY_H
#define SEMDBG_ARRAY_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define Array(T) struct { T *items; uint32_t size; uint32_t capacity; }

void *sd_array_grow(void *items, uint32_t *capacity, uint32_t needed, size_t elem);

#define array_reserve(a, n) \
  ((a)->items = sd_array_grow((a)->items, &(a)->capacity, (n), sizeof(*(a)->items)))
#define array_push(a, x) \
  (array_reserve((a), (a)->size + 1), (a)->items[(a)->size++] = (x))
#define array_pop(a) ((a)->items[--(a)->size])
#define array_back(a) (&(a)->items[(a)->size - 1])
#define array_clear(a) ((a)->size = 0)
#define array_free(a) (free((a)->items), (a)->items = NULL, (a)->size = (a)->capacity = 0)
/* Append n zero-initialised elements and return a pointer to the first. */
#define array_grow_zeroed(a, n)                                              \
  (array_reserve((a), (a)->size + (n)),                                      \
   memset((a)->items + (a)->size, 0, (size_t)(n) * sizeof(*(a)->items)),     \
   (a)->size += (n), (a)->items + (a)->size - (n))

#endif
