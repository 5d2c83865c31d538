/* twocause.c: reads an account record "name,count,total" (grammars/
 * twocause.bnf) and prints the average amount per item, a subject for semdbg
 * with two independent bugs, either of which alone makes it fail:
 *  - the name is copied with strcpy() into a 16-byte buffer, so a name of 16
 *    or more characters overflows the stack (the classic unchecked strcpy of
 *    fixed-size name fields, as in many CVEs);
 *  - the average is total / count without a zero check, so a count of 0
 *    divides by zero (SIGFPE), like the division-by-zero crashes of report
 *    tools that average over empty groups.
 * Built with AddressSanitizer, the overflow is reported with status 1; a build
 * without ASan checks the copy itself and abort()s, so verdicts stay the same.
 * Exit status: 0 average printed; 125 input outside the language; 127 the
 * input cannot be read; ASan's 1, SIGABRT or SIGFPE on the bugs. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/read_file.h"

#if defined(__SANITIZE_ADDRESS__)
#define TWOCAUSE_HAVE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TWOCAUSE_HAVE_ASAN 1
#endif
#endif

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Reads a decimal of 1..max_digits digits without leading zeros at *p. */
static bool read_number(const char **p, const char *end, int max_digits, long *out) {
  const char *start = *p;
  long v = 0;
  while (*p < end && is_digit(**p)) v = v * 10 + (*(*p)++ - '0');
  long digits = *p - start;
  if (digits == 0 || digits > max_digits || (*start == '0' && digits > 1)) return false;
  *out = v;
  return true;
}

static void report(const char *name, long count, long total) {
  char label[16];
#ifndef TWOCAUSE_HAVE_ASAN
  if (strlen(name) >= sizeof label) {
    fprintf(stderr, "twocause: a %zu-character name overflows the 16-byte label\n", strlen(name));
    abort();
  }
#endif
  strcpy(label, name); /* bug 1: no length check */
  volatile long divisor = count;
  long average = total / divisor; /* bug 2: count may be 0 */
  printf("%s: %ld items, %ld.%02ld per item\n", label, count, average / 100, average % 100);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: twocause RECORD-FILE\n");
    return 127;
  }
  size_t n;
  char *text = read_file(argv[1], &n);
  if (!text) {
    fprintf(stderr, "twocause: %s: %s\n", argv[1], strerror(errno));
    return 127;
  }
  /* <name> ::= [a-z] [a-z0-9_]* "," <count> "," <total> */
  const char *p = text, *end = text + n;
  bool ok = p < end && *p >= 'a' && *p <= 'z';
  while (ok && p < end && ((*p >= 'a' && *p <= 'z') || is_digit(*p) || *p == '_')) p++;
  size_t name_length = (size_t)(p - text);
  long count = 0, total = 0;
  ok = ok && p < end && *p++ == ',' && read_number(&p, end, 4, &count);
  ok = ok && p < end && *p++ == ',' && read_number(&p, end, 8, &total) && p == end;
  if (!ok) {
    fprintf(stderr, "twocause: not a record name,count,total\n");
    free(text);
    return 125;
  }
  text[name_length] = '\0';
  report(text, count, total);
  free(text);
  return 0;
}
