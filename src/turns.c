/* turns.c: the order of taking items from groups by turns (turns.h). A
 * cursor per group walks it; each round takes the next item of every group
 * that has one, until the cap or every group is spent. */
#include "turns.h"

#include <stdlib.h>

#include "util.h"

uint32_t sd_take_by_turns(const uint32_t *ends, uint32_t groups, uint32_t cap, uint32_t *order) {
  if (!groups || !cap) return 0;
  uint32_t *at = sd_xmalloc(groups * sizeof *at), taken = 0;
  for (uint32_t k = 0; k < groups; k++) at[k] = k ? ends[k - 1] : 0;
  for (int any = 1; any && taken < cap;) {
    any = 0;
    for (uint32_t k = 0; k < groups && taken < cap; k++) {
      if (at[k] >= ends[k]) continue;
      any = 1;
      order[taken++] = at[k]++;
    }
  }
  free(at);
  return taken;
}
