/* expression.c: evaluates integer arithmetic with + - * /, unary minus and
 * parentheses (grammars/expression.bnf), a subject for semdbg. It reads the
 * expression from the file named by argv[1], checks its syntax in a first
 * pass, then evaluates it by recursive descent in a second, and aborts
 * (SIGABRT) on a division by zero: a "/" whose right operand evaluates to 0.
 *
 * Arithmetic is 64-bit two's complement with wrap-around, like the machine's
 * (numerals are read modulo 2^64, +, -, * and unary minus wrap,
 * INT64_MIN / -1 is INT64_MIN); division truncates toward zero. So a divisor
 * that wraps to 0, such as (4294967296 * 4294967296), fails too.
 * Exit status: 0 result printed; 125 input outside the language (or nested
 * deeper than 10000 levels); 127 the input cannot be read; SIGABRT on a
 * division by zero. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 10000 };

typedef struct Parser {
  const char *text;
  size_t length, pos;
  bool evaluate; /* second pass: compute (and divide) */
  bool ok;       /* no syntax error so far */
  int depth;
} Parser;

static bool at(Parser *p, const char *s) {
  size_t n = strlen(s);
  return p->length - p->pos >= n && !memcmp(p->text + p->pos, s, n);
}

static int64_t fail_syntax(Parser *p) {
  p->ok = false;
  return 0;
}

static int64_t wrap_add(int64_t a, int64_t b) { int64_t r; __builtin_add_overflow(a, b, &r); return r; }
static int64_t wrap_sub(int64_t a, int64_t b) { int64_t r; __builtin_sub_overflow(a, b, &r); return r; }
static int64_t wrap_mul(int64_t a, int64_t b) { int64_t r; __builtin_mul_overflow(a, b, &r); return r; }

static int64_t divide(int64_t a, int64_t b) {
  if (b == 0) {
    fprintf(stderr, "expression: division by zero\n");
    abort();
  }
  if (a == INT64_MIN && b == -1) return INT64_MIN;
  return a / b;
}

static int64_t expr(Parser *p);

/* <factor> ::= <number> | "(" <expr> ")" | "-" <factor> */
static int64_t factor(Parser *p) {
  if (!p->ok) return 0;
  if (++p->depth > MAX_DEPTH) return fail_syntax(p);
  int64_t v = 0;
  char c = p->pos < p->length ? p->text[p->pos] : '\0';
  if (c == '-') {
    p->pos++;
    v = wrap_sub(0, factor(p));
  } else if (c == '(') {
    p->pos++;
    v = expr(p);
    if (p->ok && at(p, ")")) p->pos++;
    else v = fail_syntax(p);
  } else if (c >= '0' && c <= '9') {
    /* <number> ::= [0-9] | [1-9] [0-9]+ */
    size_t start = p->pos;
    while (p->pos < p->length && p->text[p->pos] >= '0' && p->text[p->pos] <= '9') {
      v = wrap_add(wrap_mul(v, 10), p->text[p->pos] - '0');
      p->pos++;
    }
    if (c == '0' && p->pos - start > 1) v = fail_syntax(p);
  } else {
    v = fail_syntax(p);
  }
  p->depth--;
  return v;
}

/* <term> ::= <factor> | <term> <mul-op> <factor> (left-associative) */
static int64_t term(Parser *p) {
  int64_t v = factor(p);
  for (;;) {
    bool mul = at(p, " * ");
    if (!p->ok || !(mul || at(p, " / "))) return v;
    p->pos += 3;
    int64_t right = factor(p);
    if (p->evaluate) v = mul ? wrap_mul(v, right) : divide(v, right);
  }
}

/* <expr> ::= <term> | <expr> <add-op> <term> (left-associative) */
static int64_t expr(Parser *p) {
  int64_t v = term(p);
  for (;;) {
    bool add = at(p, " + ");
    if (!p->ok || !(add || at(p, " - "))) return v;
    p->pos += 3;
    int64_t right = term(p);
    v = add ? wrap_add(v, right) : wrap_sub(v, right);
  }
}

static bool run(Parser *p, bool evaluate, int64_t *value) {
  p->pos = 0;
  p->ok = true;
  p->depth = 0;
  p->evaluate = evaluate;
  *value = expr(p);
  return p->ok && p->pos == p->length;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: expression EXPRESSION-FILE\n");
    return 127;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    fprintf(stderr, "expression: %s: %s\n", argv[1], strerror(errno));
    return 127;
  }
  size_t cap = 4096, n = 0;
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
    fprintf(stderr, "expression: out of memory\n");
    return 127;
  }
  Parser p = {.text = text, .length = n};
  int64_t value;
  if (!run(&p, false, &value)) {
    fprintf(stderr, "expression: syntax error at offset %zu\n", p.pos);
    free(text);
    return 125;
  }
  run(&p, true, &value);
  printf("%" PRId64 "\n", value);
  free(text);
  return 0;
}
