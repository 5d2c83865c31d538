/* csvfield.c: prints a CSV file (grammars/csv.bnf) as a table with trimmed
 * cells, a subject for semdbg whose failure random inputs rarely trigger. It
 * reads the file named by argv[1] and copies each field into a fixed cell
 * buffer with room for CELL_WIDTH (52) characters and a NUL, without checking
 * the field's length, trims the spaces and prints the cells separated by
 * " | ". A field of 53 or more characters overflows the stack buffer (random
 * inputs from `semdbg fuzz` rarely have one: about 0.3%). Built with
 * AddressSanitizer, that is reported and the program exits with ASan's status
 * (1); builds without ASan check the copy themselves and abort(), so the
 * verdicts stay the same.
 * Exit status: 0 table printed; 125 input outside the CSV language; 127 the
 * input cannot be read; non-zero (ASan, or SIGABRT without ASan) on the
 * overflow. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#define CSV_HAVE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CSV_HAVE_ASAN 1
#endif
#endif

enum { CELL_WIDTH = 52 };

/* [a-zA-Z0-9 _.-] */
static bool is_field_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == ' ' || c == '_' || c == '.' || c == '-';
}

/* Prints one field, trimmed; the bug: the copy trusts the field to fit. */
static void print_cell(const char *field, size_t length) {
  char cell[CELL_WIDTH + 1];
#ifndef CSV_HAVE_ASAN
  if (length > CELL_WIDTH) {
    fprintf(stderr, "csvfield: a %zu-character field overflows the %d-character cell\n",
            length, (int)CELL_WIDTH);
    abort();
  }
#endif
  memcpy(cell, field, length);
  cell[length] = '\0';
  char *start = cell, *end = cell + length;
  while (*start == ' ') start++;
  while (end > start && end[-1] == ' ') end--;
  *end = '\0';
  fputs(start, stdout);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: csvfield CSV-FILE\n");
    return 127;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    fprintf(stderr, "csvfield: %s: %s\n", argv[1], strerror(errno));
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
    fprintf(stderr, "csvfield: out of memory\n");
    return 127;
  }

  /* <csv-file> ::= <record>+, <record> ::= <field> ("," <field>)* "\n":
   * check the syntax first, so that inputs outside the language never run. */
  bool ok = n > 0 && text[n - 1] == '\n';
  for (size_t i = 0; ok && i < n; i++)
    ok = is_field_char(text[i]) || text[i] == ',' || text[i] == '\n';
  if (!ok) {
    fprintf(stderr, "csvfield: not CSV (grammars/csv.bnf)\n");
    free(text);
    return 125;
  }

  size_t start = 0;
  for (size_t i = 0; i < n; i++) {
    if (text[i] != ',' && text[i] != '\n') continue;
    print_cell(text + start, i - start);
    fputs(text[i] == ',' ? " | " : "\n", stdout);
    start = i + 1;
  }
  free(text);
  return 0;
}
