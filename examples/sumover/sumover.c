/* sumover.c: adds two nonnegative decimal integers "X + Y" (grammars/
 * sumover.bnf) and prints the sum, a subject for semdbg. It imitates the
 * arithmetic of BusyBox expr and other small shells' `$(( ))`: operands are
 * read into 64-bit integers and added without overflow checks, so
 * "9223372036854775807 + 1" prints -9223372036854775808 and operands above
 * 2^64 - 1 wrap. (Wrap-around is computed in unsigned arithmetic, so the
 * program has no undefined behaviour; the bug is the wrong answer.)
 * `sumover --fixed FILE` prints the exact sum (decimal digit-by-digit
 * addition) and the harness compares the two, so the failure is exactly: the
 * exact sum does not fit a signed 64-bit integer.
 * Exit status: 0 sum printed; 125 input outside the language; 127 the input
 * cannot be read. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/read_file.h"

/* <number> ::= "0" | [1-9] [0-9]* at *p; its digits are [*start, *p). */
static bool read_number(const char **p, const char *end, const char **start) {
  *start = *p;
  while (*p < end && **p >= '0' && **p <= '9') (*p)++;
  return *p > *start && !(**start == '0' && *p - *start > 1);
}

/* The bug: 64-bit arithmetic that wraps (as int64_t overflow does on every
 * machine expr runs on, written here without undefined behaviour). */
static int64_t to_int64(const char *digits, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; i++) v = v * 10 + (uint64_t)(digits[i] - '0');
  return (int64_t)v;
}

static void print_exact_sum(const char *a, size_t na, const char *b, size_t nb) {
  size_t n = (na > nb ? na : nb) + 1;
  char *sum = malloc(n + 1);
  if (!sum) exit(127);
  int carry = 0;
  for (size_t i = 0; i < n; i++) {
    int d = carry + (i < na ? a[na - 1 - i] - '0' : 0) + (i < nb ? b[nb - 1 - i] - '0' : 0);
    sum[n - 1 - i] = (char)('0' + d % 10);
    carry = d / 10;
  }
  sum[n] = '\0';
  const char *s = sum;
  while (s[0] == '0' && s[1]) s++;
  puts(s);
  free(sum);
}

int main(int argc, char **argv) {
  bool fixed = argc == 3 && !strcmp(argv[1], "--fixed");
  if (argc != 2 && !fixed) {
    fprintf(stderr, "usage: sumover [--fixed] FILE\n");
    return 127;
  }
  size_t n;
  char *text = read_file(argv[argc - 1], &n);
  if (!text) {
    fprintf(stderr, "sumover: %s: %s\n", argv[argc - 1], strerror(errno));
    return 127;
  }
  const char *p = text, *end = text + n, *x, *y;
  bool ok = read_number(&p, end, &x);
  size_t nx = (size_t)(p - x);
  ok = ok && end - p >= 3 && !memcmp(p, " + ", 3);
  if (ok) p += 3;
  ok = ok && read_number(&p, end, &y) && p == end;
  if (!ok) {
    fprintf(stderr, "sumover: not X + Y with two nonnegative integers\n");
    free(text);
    return 125;
  }
  size_t ny = (size_t)(p - y);
  if (fixed) {
    print_exact_sum(x, nx, y, ny);
  } else {
    uint64_t sum = (uint64_t)to_int64(x, nx) + (uint64_t)to_int64(y, ny);
    printf("%" PRId64 "\n", (int64_t)sum);
  }
  free(text);
  return 0;
}
