/* middle.c: the middle of three integers, with the bug of the classic middle()
 * of The Debugging Book: when y < x < z it returns y instead of x. A subject
 * for semdbg. It reads "<x> <y> <z>" (grammars/middle.bnf) from the file named
 * by the last argument and prints the middle value; `middle --fixed FILE`
 * prints the correct one, and the harness compares the two.
 *
 * The integers have any number of digits: they are compared as decimal
 * strings (sign, then length, then digits; the grammar has no leading zeros),
 * so "-0" equals "0" and there is no overflow. Values are printed in canonical
 * form ("-0" prints as "0"), so equal values print equally.
 * Exit status: 0 result printed; 125 input outside the language; 127 the
 * input cannot be read. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Integer {
  bool negative;      /* never set for zero */
  const char *digits; /* no leading zeros (grammar), not NUL-terminated */
  size_t length;
} Integer;

/* -1, 0, 1 as a <, =, > b. */
static int compare(Integer a, Integer b) {
  if (a.negative != b.negative) return a.negative ? -1 : 1;
  int c = a.length != b.length ? (a.length < b.length ? -1 : 1)
                               : memcmp(a.digits, b.digits, a.length);
  c = c < 0 ? -1 : c > 0;
  return a.negative ? -c : c;
}
static bool lt(Integer a, Integer b) { return compare(a, b) < 0; }
static bool gt(Integer a, Integer b) { return compare(a, b) > 0; }

/* The buggy middle(), as in the book. */
static Integer middle(Integer x, Integer y, Integer z) {
  if (lt(y, z)) {
    if (lt(x, y)) return y;
    else if (lt(x, z)) return y; /* the bug: should return x */
  } else {
    if (gt(x, y)) return y;
    else if (gt(x, z)) return x;
  }
  return z;
}

static Integer middle_fixed(Integer x, Integer y, Integer z) {
  if (gt(x, y)) { Integer t = x; x = y; y = t; }
  if (gt(y, z)) { Integer t = y; y = z; z = t; }
  if (gt(x, y)) { Integer t = x; x = y; y = t; }
  return y;
}

/* Parses <integer> ::= ("" | "-") ([0-9] | [1-9] [0-9]+) at text[*i]. */
static bool parse_integer(const char *text, size_t n, size_t *i, Integer *out) {
  size_t k = *i;
  bool negative = k < n && text[k] == '-';
  if (negative) k++;
  size_t start = k;
  while (k < n && text[k] >= '0' && text[k] <= '9') k++;
  if (k == start || (text[start] == '0' && k - start > 1)) return false;
  out->digits = text + start;
  out->length = k - start;
  out->negative = negative && !(out->length == 1 && text[start] == '0');
  *i = k;
  return true;
}

int main(int argc, char **argv) {
  bool fixed = argc == 3 && !strcmp(argv[1], "--fixed");
  if (argc != 2 && !fixed) {
    fprintf(stderr, "usage: middle [--fixed] INPUT-FILE\n");
    return 127;
  }
  const char *path = argv[argc - 1];
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "middle: %s: %s\n", path, strerror(errno));
    return 127;
  }
  size_t cap = 256, n = 0;
  char *text = malloc(cap);
  for (size_t got; text && (got = fread(text + n, 1, cap - n, f)) > 0;) {
    n += got;
    if (n == cap) {
      char *bigger = realloc(text, cap *= 2);
      if (!bigger) free(text);
      text = bigger;
    }
  }
  fclose(f);
  if (!text) {
    fprintf(stderr, "middle: out of memory\n");
    return 127;
  }

  Integer v[3];
  size_t i = 0;
  bool ok = true;
  for (int k = 0; k < 3 && ok; k++) {
    if (k > 0) ok = i < n && text[i++] == ' ';
    ok = ok && parse_integer(text, n, &i, &v[k]);
  }
  if (!ok || i != n) {
    fprintf(stderr, "middle: not three integers separated by single spaces\n");
    free(text);
    return 125;
  }
  Integer m = fixed ? middle_fixed(v[0], v[1], v[2]) : middle(v[0], v[1], v[2]);
  if (m.negative) putchar('-');
  fwrite(m.digits, 1, m.length, stdout);
  putchar('\n');
  free(text);
  return 0;
}
