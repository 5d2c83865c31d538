/* calculator.c: applies sqrt, sin, cos or tan to a decimal number, a subject
 * for semdbg. It reads "<function>(<number>)" (grammars/calculator.bnf) from
 * the file named by argv[1], splits the number into a sign and a magnitude,
 * and prints the result. Its square root asserts that the sign is not minus:
 * every sqrt of a number written with "-" fails with SIGABRT, "-0" and "-0.0"
 * included (the sign is checked, not the value).
 * Exit status: 0 result printed; 125 input outside the calculator language;
 * 127 the input cannot be read; SIGABRT from the failed assertion. */
#undef NDEBUG /* the assertion is the bug's symptom: keep it in release builds */
#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Number {
  bool negative;
  double magnitude;
} Number;

static double calc_sqrt(Number x) {
  assert(!x.negative && "square root of a negative number");
  return sqrt(x.magnitude);
}

static double value(Number x) { return x.negative ? -x.magnitude : x.magnitude; }

static int outside(const char *why) {
  fprintf(stderr, "calculator: not a calculator expression: %s\n", why);
  return 125;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: calculator EXPRESSION-FILE\n");
    return 127;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    fprintf(stderr, "calculator: %s: %s\n", argv[1], strerror(errno));
    return 127;
  }
  char text[4096];
  size_t n = fread(text, 1, sizeof text - 1, f);
  bool too_long = !feof(f) && !ferror(f);
  fclose(f);
  if (too_long) return outside("longer than 4095 bytes");
  text[n] = '\0';
  if (strlen(text) != n) return outside("NUL byte");

  static const char *const functions[] = {"sqrt", "sin", "cos", "tan"};
  int fn = -1;
  size_t i = 0;
  for (int k = 0; k < 4; k++) {
    size_t len = strlen(functions[k]);
    if (!strncmp(text, functions[k], len) && text[len] == '(') fn = k, i = len + 1;
  }
  if (fn < 0) return outside("expected sqrt(, sin(, cos( or tan(");

  /* <number> ::= <maybe-minus> <integer-part> <maybe-fraction> */
  Number x = {false, 0.0};
  if (text[i] == '-') x.negative = true, i++;
  size_t start = i;
  if (text[i] == '0') i++;
  else if (text[i] >= '1' && text[i] <= '9') while (is_digit(text[i])) i++;
  else return outside("expected a digit");
  if (text[i] == '.') {
    size_t fraction = ++i;
    while (is_digit(text[i])) i++;
    if (i == fraction) return outside("expected a digit after '.'");
  }
  if (text[i] != ')' || i + 1 != n) return outside("expected ')' at the end");
  text[i] = '\0';
  x.magnitude = strtod(text + start, NULL); /* may be inf for huge numbers: fine */

  double result;
  switch (fn) {
  case 0: result = calc_sqrt(x); break;
  case 1: result = sin(value(x)); break;
  case 2: result = cos(value(x)); break;
  default: result = tan(value(x)); break;
  }
  printf("%.17g\n", result);
  return 0;
}
