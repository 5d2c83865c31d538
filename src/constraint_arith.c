/* constraint_arith.c: arith.value(s), the value of a text read as integer
 * arithmetic, for failures decided by what an expression in the input
 * computes rather than how it is spelt (a divisor written "(2 - 2)").
 *
 * The text is read by recursive descent, blanks (space, tab) between
 * tokens ignored:
 *
 *   sum     ::= product (("+" | "-") product)*
 *   product ::= unary (("*" | "/" | "%") unary)*
 *   unary   ::= ("-" | "+") unary | primary
 *   primary ::= digits | "(" sum ")" | name "(" sum ("," sum)* ")"
 *
 * with the calls min and max (one argument or more), abs (one) and mod
 * (two), in any letter case, as formula languages spell them. Arithmetic is
 * exact in 64 bits: division truncates toward zero and % keeps the sign of
 * the dividend (C's, Java's); mod(a, b) is the same remainder. The value is
 * undefined (false is returned) where the text is not such an expression,
 * where a step divides by zero or leaves 64 bits, or where parentheses nest
 * deeper than ARITH_DEPTH; an atom over an undefined value is false, as for
 * str.to.int. */
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "constraint_internal.h"

#define ARITH_DEPTH 256

typedef struct {
  const char *s;
  size_t n, at;
  int depth;
} Reader;

static void skip_blanks(Reader *r) {
  while (r->at < r->n && (r->s[r->at] == ' ' || r->s[r->at] == '\t')) r->at++;
}

static bool take(Reader *r, char c) {
  skip_blanks(r);
  if (r->at < r->n && r->s[r->at] == c) {
    r->at++;
    return true;
  }
  return false;
}

static bool sum(Reader *r, int64_t *out);

static bool numeral(Reader *r, int64_t *out) {
  int64_t v = 0;
  size_t from = r->at;
  while (r->at < r->n && r->s[r->at] >= '0' && r->s[r->at] <= '9') {
    if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, r->s[r->at] - '0', &v)) return false;
    r->at++;
  }
  *out = v;
  return r->at > from;
}

static bool divide(int64_t a, int64_t b, bool remainder, int64_t *out) {
  if (b == 0 || (a == INT64_MIN && b == -1)) return false;
  *out = remainder ? a % b : a / b;
  return true;
}

/* The call of `name` (length k) whose "(" has been read. */
static bool call(Reader *r, const char *name, size_t k, int64_t *out) {
  int64_t args[2] = {0, 0}, x;
  int count = 0;
  bool lo = k == 3 && !strncasecmp(name, "min", 3), hi = k == 3 && !strncasecmp(name, "max", 3);
  bool abs_ = k == 3 && !strncasecmp(name, "abs", 3), mod = k == 3 && !strncasecmp(name, "mod", 3);
  if (!lo && !hi && !abs_ && !mod) return false;
  do {
    if (!sum(r, &x)) return false;
    if (count == 0) args[0] = x;
    else if (lo) args[0] = x < args[0] ? x : args[0];
    else if (hi) args[0] = x > args[0] ? x : args[0];
    else if (count == 1) args[1] = x;
    else return false; /* abs or mod with too many arguments */
    count++;
  } while (take(r, ','));
  if (!take(r, ')')) return false;
  if (abs_) {
    if (count != 1 || args[0] == INT64_MIN) return false;
    *out = args[0] < 0 ? -args[0] : args[0];
    return true;
  }
  if (mod) return count == 2 && divide(args[0], args[1], true, out);
  *out = args[0];
  return true;
}

static bool primary(Reader *r, int64_t *out) {
  skip_blanks(r);
  if (r->at >= r->n) return false;
  char c = r->s[r->at];
  if (c >= '0' && c <= '9') return numeral(r, out);
  if (c == '(') {
    r->at++;
    return sum(r, out) && take(r, ')');
  }
  size_t from = r->at;
  while (r->at < r->n && isalpha((unsigned char)r->s[r->at])) r->at++;
  size_t k = r->at - from;
  return k > 0 && take(r, '(') && call(r, r->s + from, k, out);
}

static bool unary(Reader *r, int64_t *out) {
  if (++r->depth > ARITH_DEPTH) return false;
  bool ok;
  if (take(r, '-')) {
    ok = unary(r, out) && *out != INT64_MIN;
    if (ok) *out = -*out;
  } else if (take(r, '+')) ok = unary(r, out);
  else ok = primary(r, out);
  r->depth--;
  return ok;
}

static bool product(Reader *r, int64_t *out) {
  if (!unary(r, out)) return false;
  for (;;) {
    int64_t x;
    if (take(r, '*')) {
      if (!unary(r, &x) || __builtin_mul_overflow(*out, x, out)) return false;
    } else if (take(r, '/') || take(r, '%')) {
      bool remainder = r->s[r->at - 1] == '%';
      if (!unary(r, &x) || !divide(*out, x, remainder, out)) return false;
    } else return true;
  }
}

static bool sum(Reader *r, int64_t *out) {
  if (++r->depth > ARITH_DEPTH || !product(r, out)) return false;
  for (;;) {
    int64_t x;
    if (take(r, '+')) {
      if (!product(r, &x) || __builtin_add_overflow(*out, x, out)) return false;
    } else if (take(r, '-')) {
      if (!product(r, &x) || __builtin_sub_overflow(*out, x, out)) return false;
    } else break;
  }
  r->depth--;
  return true;
}

bool sd_arith_value(const char *text, size_t length, int64_t *out) {
  Reader r = {text, length, 0, 0};
  if (!sum(&r, out)) return false;
  skip_blanks(&r);
  return r.at == r.n;
}
