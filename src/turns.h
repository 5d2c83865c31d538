/* turns.h: the order in which to take items from several groups by turns
 * (the first of each group, then the second of each, and so on), as the
 * hunt takes its makers' inputs under a cap. */
#ifndef SEMDBG_TURNS_H
#define SEMDBG_TURNS_H

#include <stdint.h>

/* Groups of items numbered one after the other: group k holds the items
 * [ends[k-1], ends[k]) (group 0 starts at 0); ends are nondecreasing.
 * Writes to order the numbers of at most cap items, taken by turns, and
 * returns how many it wrote. */
uint32_t sd_take_by_turns(const uint32_t *ends, uint32_t groups, uint32_t cap, uint32_t *order);

#endif
