/* array.c: growth routine behind the Array(T) macros of array.h. */
#include "array.h"
#include "util.h"

void *sd_array_grow(void *items, uint32_t *capacity, uint32_t needed, size_t elem) {
  if (needed <= *capacity) return items;
  uint32_t cap = *capacity ? *capacity : 8;
  while (cap < needed) cap = cap > UINT32_MAX / 2 ? UINT32_MAX : cap * 2;
  items = sd_xrealloc(items, (size_t)cap * elem);
  *capacity = cap;
  return items;
}
