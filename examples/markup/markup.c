/* markup.c: strips HTML-like tags from text, with the quote bug of the classic
 * remove_html_markup() of The Debugging Book, a subject for semdbg. It reads
 * text with tags (grammars/markup.bnf) from the file named by the last
 * argument and prints the text without its tags; `markup --fixed FILE` prints
 * the correct stripping, and the harness compares the two.
 *
 * The bug: the quote test reads `c == '"' || (c == '\'' && tag)`, so a double
 * quote outside a tag also toggles quote mode and is dropped from the output.
 * Inside tags quotes only occur around attribute values, where both versions
 * agree (and hide the '<' and '>' an attribute value may hold), and single
 * quotes only occur in plain text, where both versions keep them. So the output
 * is wrong exactly when the plain text holds a '"'.
 * Exit status: 0 output printed; 125 input outside the language; 127 the
 * input cannot be read. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void remove_html_markup(const char *s, size_t n, bool fixed, FILE *out) {
  bool tag = false, quote = false;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    bool is_quote = fixed ? (c == '"' || c == '\'') && tag
                          : c == '"' || (c == '\'' && tag); /* the bug */
    if (c == '<' && !quote) tag = true;
    else if (c == '>' && !quote) tag = false;
    else if (is_quote) quote = !quote;
    else if (!tag) putc(c, out);
  }
}

/* Syntax check against grammars/markup.bnf. */
static bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_alnum(char c) { return is_lower(c) || (c >= 'A' && c <= 'Z') || is_digit(c); }
static bool is_text_char(char c) { return is_alnum(c) || (c && strchr(" .,!?'\"", c)); }
static bool is_value_char(char c) { return is_alnum(c) || (c && strchr(" .:/<>", c)); }

/* <name> ::= [a-z] [a-z0-9]* */
static bool name(const char *s, size_t n, size_t *i) {
  if (*i >= n || !is_lower(s[*i])) return false;
  for (++*i; *i < n && (is_lower(s[*i]) || is_digit(s[*i])); ++*i) {}
  return true;
}

static bool valid_markup(const char *s, size_t n) {
  size_t i = 0;
  for (;;) {
    while (i < n && is_text_char(s[i])) i++; /* <plain-text> */
    if (i == n) return true;
    if (s[i++] != '<') return false;
    if (i < n && s[i] == '/') { /* <closing-tag> ::= "</" <name> ">" */
      i++;
      if (!name(s, n, &i)) return false;
    } else { /* <opening-tag> ::= "<" <name> <attribute>* ">" */
      if (!name(s, n, &i)) return false;
      while (i < n && s[i] == ' ') { /* <attribute> ::= " " <name> "=\"" <attribute-value> "\"" */
        i++;
        if (!name(s, n, &i) || n - i < 2 || s[i] != '=' || s[i + 1] != '"') return false;
        for (i += 2; i < n && is_value_char(s[i]); i++) {}
        if (i >= n || s[i++] != '"') return false;
      }
    }
    if (i >= n || s[i++] != '>') return false;
  }
}

int main(int argc, char **argv) {
  bool fixed = argc == 3 && !strcmp(argv[1], "--fixed");
  if (argc != 2 && !fixed) {
    fprintf(stderr, "usage: markup [--fixed] INPUT-FILE\n");
    return 127;
  }
  const char *path = argv[argc - 1];
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "markup: %s: %s\n", path, strerror(errno));
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
    fprintf(stderr, "markup: out of memory\n");
    return 127;
  }
  int status = 0;
  if (!valid_markup(text, n)) {
    fprintf(stderr, "markup: not text with tags (grammars/markup.bnf)\n");
    status = 125;
  } else {
    remove_html_markup(text, n, fixed, stdout);
    putchar('\n');
  }
  free(text);
  return status;
}
