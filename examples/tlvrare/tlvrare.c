/* tlvrare.c: decodes a list of name:length:value records (grammars/
 * tlvrare.bnf) and prints each value, a subject for semdbg whose failure is
 * rare among random inputs. It imitates the type-length-value over-reads of
 * Heartbleed (CVE-2014-0160) and countless TLV parsers: each value is kept in
 * a heap buffer of exactly its size, and the printer copies as many bytes as
 * the record declares, trusting the length field. A record whose declared
 * length exceeds its own value reads past the buffer; other records, however
 * long or short, are harmless decoys. With the grammar's dictionary words,
 * only "ox-ox-ox" (8 bytes) declared as 9 does that, so few random inputs
 * fail. Built with AddressSanitizer the over-read is reported with status 1; a
 * build without ASan checks the copy itself and abort()s.
 * Exit status: 0 records printed; 125 input outside the language; 127 the
 * input cannot be read; ASan's 1 (or SIGABRT) on the over-read. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/read_file.h"

#if defined(__SANITIZE_ADDRESS__)
#define TLV_HAVE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TLV_HAVE_ASAN 1
#endif
#endif

static const char *const words[] = {"apple", "cedar", "river", "stone", "maple", "zebra", "tulip", "ox"};

typedef struct Record {
  const char *name;
  size_t name_length;
  size_t declared; /* the length field */
  char *value;     /* heap, exactly value_length bytes, no NUL */
  size_t value_length;
} Record;

/* One dictionary word at *p. */
static bool read_word(const char **p, const char *end) {
  for (size_t w = 0; w < sizeof words / sizeof *words; w++) {
    size_t k = strlen(words[w]);
    if ((size_t)(end - *p) >= k && !memcmp(*p, words[w], k)) {
      *p += k;
      return true;
    }
  }
  return false;
}

/* <name> ":" <length> ":" <word> "-" <word> "-" <word> ";" */
static bool parse_record(const char **p, const char *end, Record *r) {
  const char *s = *p;
  r->name = s;
  while (s < end && *s >= 'a' && *s <= 'z') s++;
  r->name_length = (size_t)(s - r->name);
  if (r->name_length == 0 || end - s < 3 || s[0] != ':' || s[1] < '0' || s[1] > '9' || s[2] != ':')
    return false;
  r->declared = (size_t)(s[1] - '0');
  s += 3;
  const char *value = s;
  if (!read_word(&s, end) || !(s < end && *s++ == '-') || !read_word(&s, end) ||
      !(s < end && *s++ == '-') || !read_word(&s, end) || !(s < end && *s == ';'))
    return false;
  r->value_length = (size_t)(s - value);
  r->value = malloc(r->value_length);
  if (!r->value) exit(127);
  memcpy(r->value, value, r->value_length);
  *p = s + 1;
  return true;
}

/* The bug: copies r->declared bytes of a value of r->value_length bytes. */
static void print_record(const Record *r) {
  char out[10];
#ifndef TLV_HAVE_ASAN
  if (r->declared > r->value_length) {
    fprintf(stderr, "tlvrare: over-read of %zu bytes past a %zu-byte value\n",
            r->declared - r->value_length, r->value_length);
    abort();
  }
#endif
  memcpy(out, r->value, r->declared);
  printf("%.*s = %.*s\n", (int)r->name_length, r->name, (int)r->declared, out);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: tlvrare RECORDS-FILE\n");
    return 127;
  }
  size_t n;
  char *text = read_file(argv[1], &n);
  if (!text) {
    fprintf(stderr, "tlvrare: %s: %s\n", argv[1], strerror(errno));
    return 127;
  }
  size_t count = 0, cap = 8;
  Record *records = malloc(cap * sizeof *records);
  const char *p = text, *end = text + n;
  bool ok = records && p < end;
  while (ok && p < end) {
    if (count == cap) {
      Record *bigger = realloc(records, (cap *= 2) * sizeof *records);
      if (!bigger) exit(127);
      records = bigger;
    }
    ok = parse_record(&p, end, &records[count]);
    if (ok) count++;
  }
  if (ok)
    for (size_t i = 0; i < count; i++) print_record(&records[i]);
  else
    fprintf(stderr, "tlvrare: not a list of name:length:value; records\n");
  for (size_t i = 0; i < count; i++) free(records[i].value);
  free(records);
  free(text);
  return ok ? 0 : 125;
}
