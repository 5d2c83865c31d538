/* utf8.c: compiles a regular expression over UTF-8 text (grammars/utf8.bnf:
 * characters, ".", bracket expressions, "*") into a list of matcher steps and
 * prints them, a subject for semdbg. It imitates the GNU grep/dfa.c crashes
 * on multi-byte characters inside bracket expressions (e.g. `grep '[é]'` in a
 * UTF-8 locale): literal characters outside brackets are handled as whole
 * UTF-8 sequences, but the bracket compiler walks its contents byte by byte
 * and sets each byte's bit in a 256-bit set indexed with a plain (signed)
 * char, so the bytes 0x80-0xff of a multi-byte character index before the
 * set. The set lives in a 32-byte heap block; AddressSanitizer reports the
 * underflow with status 1, and a build without ASan checks the index itself
 * and abort()s. Failure: a multi-byte character inside brackets.
 * Exit status: 0 program printed; 125 input outside the language; 127 the
 * input cannot be read; ASan's 1 (or SIGABRT) on the bug. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#define UTF8_HAVE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UTF8_HAVE_ASAN 1
#endif
#endif

static unsigned char *read_file(const char *path, size_t *length) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 256, n = 0;
  unsigned char *text = malloc(cap + 1);
  for (size_t got; text && (got = fread(text + n, 1, cap - n, f)) > 0;) {
    n += got;
    if (n == cap) {
      unsigned char *bigger = realloc(text, (cap *= 2) + 1);
      if (!bigger) free(text);
      text = bigger;
    }
  }
  fclose(f);
  if (text) text[n] = '\0';
  *length = n;
  return text;
}

/* The length of the character of the grammar at s (ASCII letter, digit or
 * space; well-formed 2- or 3-byte UTF-8 up to U+FFFF without surrogates), or
 * 0 if there is none. */
static size_t char_length(const unsigned char *s, const unsigned char *end) {
  size_t left = (size_t)(end - s);
  if (!left) return 0;
  unsigned c = s[0];
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ' ')
    return 1;
  bool tail1 = left > 1 && s[1] >= 0x80 && s[1] <= 0xbf;
  if (c >= 0xc2 && c <= 0xdf) return tail1 ? 2 : 0;
  if (c < 0xe0 || c > 0xef || left < 3 || !tail1 || s[2] < 0x80 || s[2] > 0xbf) return 0;
  if (c == 0xe0 && s[1] < 0xa0) return 0; /* overlong */
  if (c == 0xed && s[1] > 0x9f) return 0; /* surrogate */
  return 3;
}

/* The bug: every byte is a single-byte character, indexed as a plain char. */
static void bracket_add(unsigned char *set, const unsigned char *bytes, size_t n) {
  for (size_t i = 0; i < n; i++) {
    signed char c = (signed char)bytes[i]; /* `char` is signed on x86 */
#ifndef UTF8_HAVE_ASAN
    if (c < 0) {
      fprintf(stderr, "utf8: bracket set indexed at %d\n", c >> 3);
      abort();
    }
#endif
    set[c >> 3] |= (unsigned char)(1u << (c & 7));
  }
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: utf8 REGEX-FILE\n");
    return 127;
  }
  size_t n;
  unsigned char *text = read_file(argv[1], &n);
  if (!text) {
    fprintf(stderr, "utf8: %s: %s\n", argv[1], strerror(errno));
    return 127;
  }
  const unsigned char *p = text, *end = text + n;
  /* Syntax first, so that inputs outside the language never reach the bug. */
  bool ok = true;
  while (ok && p < end) {
    if (*p == '[') {
      p++;
      if (p < end && *p == '^') p++;
      size_t k, count = 0;
      while ((k = char_length(p, end)) > 0) p += k, count++;
      ok = count > 0 && p < end && *p++ == ']';
    } else if (*p == '.') {
      p++;
    } else {
      size_t k = char_length(p, end);
      ok = k > 0;
      p += k;
    }
    if (ok && p < end && *p == '*') p++;
  }
  if (!ok) {
    fprintf(stderr, "utf8: not a regular expression of the grammar\n");
    free(text);
    return 125;
  }
  for (p = text; p < end;) {
    if (*p == '[') {
      bool negated = *++p == '^';
      if (negated) p++;
      const unsigned char *start = p;
      while (*p != ']') p++;
      unsigned char *set = calloc(32, 1);
      if (!set) exit(127);
      bracket_add(set, start, (size_t)(p - start));
      int members = 0;
      for (int b = 0; b < 256; b++) members += (set[b >> 3] >> (b & 7)) & 1;
      printf("set%s of %d bytes", negated ? " (negated)" : "", members);
      free(set);
      p++;
    } else if (*p == '.') {
      printf("any character");
      p++;
    } else {
      size_t k = char_length(p, end);
      printf("literal '%.*s'", (int)k, (const char *)p);
      p += k;
    }
    if (p < end && *p == '*') printf(", repeated"), p++;
    putchar('\n');
  }
  free(text);
  return 0;
}
