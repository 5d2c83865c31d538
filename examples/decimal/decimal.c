/* decimal.c: loads a thermostat configuration (grammars/decimal.bnf: lines
 * "name = temperature", temperatures decimals such as -0.5, 37.25, 1e2 or
 * 3.75e-1) and hands each setpoint to the heater driver, a subject for semdbg.
 * It imitates the classic missing range check of device configuration
 * loaders: the loader checks the syntax but never clamps setpoints to the
 * safety limit of 37.5 degrees, and the driver asserts that limit, so any
 * setting above 37.5 aborts the controller. Temperatures are compared by
 * value, exactly (fractions have up to six digits; decimal digits against 375 * 10^-1, no floating point):
 * 37.50 and 3.75e1 are at the limit and pass, 37.51 and 4e1 fail.
 * Exit status: 0 configuration loaded; 125 input outside the language; 127
 * the input cannot be read; SIGABRT (assert) on a setpoint above the limit. */
#undef NDEBUG
#include <assert.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/read_file.h"

typedef struct Temperature {
  bool negative;
  const char *integer; /* digits, no leading zeros (grammar) */
  size_t integer_length;
  const char *fraction; /* 1..6 digits after the point */
  size_t fraction_length;
  int exponent; /* -9..9 */
} Temperature;

/* The i-th significant digit of the temperature's digit string D (integer
 * digits then fraction digits), '0' past its end. */
static char digit_at(const Temperature *t, size_t skip, size_t i) {
  i += skip;
  if (i < t->integer_length) return t->integer[i];
  i -= t->integer_length;
  return i < t->fraction_length ? t->fraction[i] : '0';
}

/* The driver's safety check: value > 37.5, exactly. The value is D * 10^(e-L)
 * (L fraction digits), so value > 37.5 iff D * 10^k > 375 with k = e - L + 1. */
static bool above_limit(const Temperature *t) {
  size_t total = t->integer_length + t->fraction_length, skip = 0;
  while (skip < total && digit_at(t, 0, skip) == '0') skip++;
  if (t->negative || skip == total) return false; /* negative or zero */
  long digits = (long)(total - skip);             /* D without leading zeros */
  long k = t->exponent - (long)t->fraction_length + 1;
  /* D * 10^k has digits + k digits (k >= 0); 375 * 10^-k has 3 - k (k < 0). */
  long magnitude = k >= 0 ? digits + k : digits, limit = k >= 0 ? 3 : 3 - k;
  if (magnitude != limit) return magnitude > limit;
  /* same number of digits: compare D (zero-padded) with "375" zero-padded */
  for (long i = 0; i < magnitude; i++) {
    char d = i < digits ? digit_at(t, skip, (size_t)i) : '0';
    char l = i < 3 ? "375"[i] : '0';
    if (d != l) return d > l;
  }
  return false;
}

static void heater_set(const char *name, size_t name_length, const Temperature *t) {
  assert(!above_limit(t) && "setpoint above the 37.5 degree safety limit");
  printf("%.*s: setpoint %s%.*s%s%.*s e%d accepted\n", (int)name_length, name,
         t->negative ? "-" : "", (int)t->integer_length, t->integer,
         t->fraction_length ? "." : "", (int)t->fraction_length, t->fraction, t->exponent);
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static bool parse_temperature(const char **p, const char *end, Temperature *t) {
  const char *s = *p;
  memset(t, 0, sizeof *t);
  if (s < end && *s == '-') t->negative = true, s++;
  t->integer = s;
  while (s < end && is_digit(*s)) s++;
  t->integer_length = (size_t)(s - t->integer);
  if (t->integer_length == 0 || (t->integer[0] == '0' && t->integer_length > 1)) return false;
  if (s < end && *s == '.') {
    t->fraction = ++s;
    while (s < end && is_digit(*s)) s++;
    t->fraction_length = (size_t)(s - t->fraction);
    if (t->fraction_length == 0 || t->fraction_length > 6) return false;
  }
  if (s < end && *s == 'e') {
    s++;
    bool minus = s < end && *s == '-';
    if (minus) s++;
    if (!(s < end && is_digit(*s))) return false;
    t->exponent = minus ? -(*s - '0') : *s - '0';
    s++;
  }
  *p = s;
  return true;
}

int main(int argc, char **argv) {
  static const char *const keys[] = {"comfort", "eco", "night", "away", "boost"};
  if (argc != 2) {
    fprintf(stderr, "usage: decimal CONFIG-FILE\n");
    return 127;
  }
  size_t n;
  char *text = read_file(argv[1], &n);
  if (!text) {
    fprintf(stderr, "decimal: %s: %s\n", argv[1], strerror(errno));
    return 127;
  }
  /* Syntax first (the loader's check), then the settings go to the driver. */
  const char *end = text + n;
  size_t settings = 0;
  bool ok = n > 0;
  for (const char *p = text; ok && p < end; settings++) {
    size_t k = 0, length = 0;
    for (; k < 5; k++) {
      length = strlen(keys[k]);
      if ((size_t)(end - p) > length && !memcmp(p, keys[k], length) && p[length] == ' ') break;
    }
    Temperature t;
    ok = k < 5 && end - p >= (long)length + 3 && !memcmp(p + length, " = ", 3);
    if (ok) p += length + 3;
    ok = ok && parse_temperature(&p, end, &t) && p < end && *p++ == '\n';
  }
  if (!ok) {
    fprintf(stderr, "decimal: not a configuration of \"name = temperature\" lines\n");
    free(text);
    return 125;
  }
  for (const char *p = text; p < end;) {
    const char *name = p;
    while (*p != ' ') p++;
    size_t name_length = (size_t)(p - name);
    p += 3;
    Temperature t;
    parse_temperature(&p, end, &t);
    heater_set(name, name_length, &t);
    p++; /* "\n" */
  }
  free(text);
  return settings > 0 ? 0 : 125;
}
