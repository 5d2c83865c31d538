/* Unit tests of turns.c: the order of taking items from groups by turns,
 * under a cap (the hunt's makers, the conjuncts of its near misses). */
#include "test.h"
#include "turns.h"

/* The order for groups of the given sizes and cap, as a string of item
 * numbers ("0 3 1 4"). */
static const char *order_of(const uint32_t *sizes, uint32_t groups, uint32_t cap) {
  static char text[256];
  uint32_t ends[16], order[64], n = 0;
  for (uint32_t k = 0; k < groups; k++) n += sizes[k], ends[k] = n;
  uint32_t taken = sd_take_by_turns(ends, groups, cap, order);
  int at = 0;
  text[0] = 0;
  for (uint32_t i = 0; i < taken; i++) at += snprintf(text + at, sizeof text - at, i ? " %u" : "%u", order[i]);
  return text;
}

static void test_turns(void) {
  /* the first of each group, then the second of each */
  CHECK_STR(order_of((uint32_t[]){3, 2}, 2, 99), "0 3 1 4 2");
  /* the cap cuts the last turn short, earlier groups first */
  CHECK_STR(order_of((uint32_t[]){3, 2, 2}, 3, 4), "0 3 5 1");
  /* empty groups are passed over */
  CHECK_STR(order_of((uint32_t[]){0, 2, 0, 1}, 4, 99), "0 2 1");
  /* one group: in order, up to the cap */
  CHECK_STR(order_of((uint32_t[]){5}, 1, 3), "0 1 2");
  /* nothing to take */
  CHECK_STR(order_of((uint32_t[]){2, 2}, 2, 0), "");
  CHECK_STR(order_of((uint32_t[]){0, 0}, 2, 5), "");
  /* a long group is drained once the others are spent */
  CHECK_STR(order_of((uint32_t[]){1, 4}, 2, 99), "0 1 2 3 4");
}

int main(void) {
  RUN(test_turns);
  return test_report();
}
