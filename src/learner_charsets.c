/* learner_charsets.c: the character classes a <?CHARSET> placeholder takes.
 *
 * A failure often turns on the kind of character an element holds (an
 * upper-case letter in a user name, a digit in a host label, a dot in a
 * key) rather than on one text. The classes are read from the grammar: each
 * character set it uses ([a-z], [A-Z0-9_], ...), restricted to ASCII, and,
 * where a set mixes kinds, each of its parts in one of the common kinds
 * (lower-case letters, upper-case letters, digits, white space, the other
 * printable characters), since a set written [a-zA-Z] says nothing of which
 * case the program minds. Sets of one character are left out (a text
 * pattern states them), and so are duplicates. Each class is written as a
 * regular expression that matches one character of it:
 * `re.union(re.range("A", "Z"), str.to_re("_"))`. */
#include <stdlib.h>
#include <string.h>

#include "learner_internal.h"
#include "util.h"

typedef struct ByteSet {
  uint8_t bits[16]; /* ASCII only */
} ByteSet;

static bool has(const ByteSet *s, unsigned c) { return (s->bits[c >> 3] >> (c & 7)) & 1; }
static void put(ByteSet *s, unsigned c) { s->bits[c >> 3] |= (uint8_t)(1u << (c & 7)); }

static uint32_t members(const ByteSet *s) {
  uint32_t n = 0;
  for (unsigned c = 0; c < 128; c++) n += has(s, c);
  return n;
}

/* The common kinds a set is split into. */
static int kind_of(unsigned c) {
  if (c >= 'a' && c <= 'z') return 0;
  if (c >= 'A' && c <= 'Z') return 1;
  if (c >= '0' && c <= '9') return 2;
  if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') return 3;
  if (c > ' ' && c < 127) return 4;
  return 5; /* control characters */
}
enum { KINDS = 6 };

static void append_char(SdBuf *b, unsigned c) {
  char ch = (char)c;
  sd_buf_append_quoted(b, &ch, 1);
}

/* A regular expression matching one character of s. */
static char *render(const ByteSet *s) {
  SdBuf b = {0};
  uint32_t runs = 0;
  for (unsigned c = 0; c < 128; c++)
    if (has(s, c) && (c == 0 || !has(s, c - 1))) runs++;
  if (runs > 1) sd_buf_puts(&b, "re.union(");
  bool first = true;
  for (unsigned c = 0; c < 128; c++) {
    if (!has(s, c) || (c > 0 && has(s, c - 1))) continue;
    unsigned end = c;
    while (end + 1 < 128 && has(s, end + 1)) end++;
    if (!first) sd_buf_puts(&b, ", ");
    first = false;
    if (end == c) {
      sd_buf_puts(&b, "str.to_re(");
      append_char(&b, c);
    } else {
      sd_buf_puts(&b, "re.range(");
      append_char(&b, c);
      sd_buf_puts(&b, ", ");
      append_char(&b, end);
    }
    sd_buf_putc(&b, ')');
  }
  if (runs > 1) sd_buf_putc(&b, ')');
  return sd_buf_take(&b);
}

static void add_class(ByteSet *found, uint32_t *n, uint32_t max, const ByteSet *s) {
  if (*n >= max || members(s) < 2) return;
  for (uint32_t i = 0; i < *n; i++)
    if (!memcmp(found[i].bits, s->bits, sizeof s->bits)) return;
  found[(*n)++] = *s;
}

uint32_t lr_charset_choices(const SdGrammar *g, char **out, uint32_t max) {
  ByteSet *found = sd_xcalloc(max ? max : 1, sizeof(ByteSet));
  uint32_t n = 0;
  for (uint32_t pass = 0; pass < 2; pass++) /* whole sets first, then their parts */
    for (uint32_t sym = 0; sym < g->symbol_count; sym++) {
      const SdSymbolInfo *info = &g->symbols[sym];
      if (info->kind != SD_SYM_CHARSET || !info->reachable) continue;
      ByteSet whole = {0}, part[KINDS] = {{{0}}};
      bool mixed = false;
      int first_kind = -1;
      for (unsigned c = 0; c < 128; c++) {
        if (!sd_charset_has(info, (unsigned char)c)) continue;
        put(&whole, c);
        put(&part[kind_of(c)], c);
        if (first_kind < 0) first_kind = kind_of(c);
        else if (kind_of(c) != first_kind) mixed = true;
      }
      if (pass == 0) add_class(found, &n, max, &whole);
      else if (mixed)
        for (int k = 0; k < KINDS; k++) add_class(found, &n, max, &part[k]);
    }
  for (uint32_t i = 0; i < n; i++) out[i] = render(&found[i]);
  free(found);
  return n;
}
