/* test.h: minimal assertions for unit tests. A test file defines functions
 * `static void test_x(void)` and a main() that calls RUN(test_x) for each;
 * main returns test_report(). */
#ifndef SEMDBG_TEST_H
#define SEMDBG_TEST_H

#include <stdio.h>
#include <string.h>

static int test_failures, test_checks;

#define CHECK(cond)                                                              \
  do {                                                                           \
    test_checks++;                                                               \
    if (!(cond)) {                                                               \
      test_failures++;                                                           \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);   \
    }                                                                            \
  } while (0)

#define CHECK_STR(a, b)                                                          \
  do {                                                                           \
    const char *a_ = (a), *b_ = (b);                                             \
    test_checks++;                                                               \
    if (!a_ || !b_ || strcmp(a_, b_) != 0) {                                     \
      test_failures++;                                                           \
      fprintf(stderr, "%s:%d: expected \"%s\", got \"%s\"\n", __FILE__, __LINE__, \
              b_ ? b_ : "(null)", a_ ? a_ : "(null)");                           \
    }                                                                            \
  } while (0)

#define RUN(fn) (fprintf(stderr, "-- %s\n", #fn), fn())

static inline int test_report(void) {
  fprintf(stderr, "%d checks, %d failed\n", test_checks, test_failures);
  return test_failures ? 1 : 0;
}

#endif
