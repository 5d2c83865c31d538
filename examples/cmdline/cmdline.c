/* cmdline.c: parses a grep command line (grammars/cmdline.bnf: "grep", options
 * among -i -F -w -v -n -c, and one quoted pattern) and compiles the pattern
 * the way a small grep would, printing the compiled matcher; a subject for
 * semdbg whose failure needs five conditions. It imitates the option-
 * interaction bugs of grep (GNU grep had several that only showed with -i and
 * -w together): for -w the compiler asks whether the pattern starts with a word
 * character, to decide on a leading word-boundary test; with -i it asks the
 * case-folding table, which only covers letters and asserts so. The failure
 * needs all of: -i given, -w given, no -F (fixed strings take the
 * Boyer-Moore path, which has its own word test), a pattern of at least two
 * characters (single characters take a memchr fast path) and a pattern that
 * does not start with a letter (a digit, a space, '_', '.' or '-').
 * Exit status: 0 matcher printed; 125 input outside the language; 127 the
 * input cannot be read; SIGABRT (assert) on the bug. */
#undef NDEBUG
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Case-folding classes of the 26 letters: all are word characters. */
static const unsigned char folded_word_class[26] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};

/* Callers fold case and pass letters only (the assertion documents that). */
static bool folded_is_word(int c) {
  assert(c >= 'a' && c <= 'z' && "folded_is_word: not a letter");
  return folded_word_class[c - 'a'];
}

static bool is_word(int c) { return isalnum(c) || c == '_'; }

static bool is_pattern_char(char c) {
  return isalnum((unsigned char)c) || c == ' ' || c == '_' || c == '.' || c == '-';
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: cmdline COMMAND-LINE-FILE\n");
    return 127;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    fprintf(stderr, "cmdline: %s: %s\n", argv[1], strerror(errno));
    return 127;
  }
  static char text[1 << 16];
  size_t n = fread(text, 1, sizeof text - 1, f);
  bool truncated = n == sizeof text - 1 && fgetc(f) != EOF;
  fclose(f);
  text[n] = '\0';
  bool icase = false, fixed = false, word = false, invert = false, number = false, count = false;
  const char *p = text, *end = text + n;
  bool ok = !truncated && strlen(text) == n && !strncmp(p, "grep", 4);
  p += ok ? 4 : 0;
  while (ok && end - p >= 3 && p[0] == ' ' && p[1] == '-') {
    switch (p[2]) {
      case 'i': icase = true; break;
      case 'F': fixed = true; break;
      case 'w': word = true; break;
      case 'v': invert = true; break;
      case 'n': number = true; break;
      case 'c': count = true; break;
      default: ok = false;
    }
    p += 3;
  }
  ok = ok && end - p >= 3 && p[0] == ' ' && p[1] == '\'' && end[-1] == '\'';
  const char *pattern = p + 2;
  size_t length = ok ? (size_t)(end - 1 - pattern) : 0;
  for (size_t i = 0; ok && i < length; i++) ok = is_pattern_char(pattern[i]);
  if (!ok) {
    fprintf(stderr, "cmdline: not grep [-i|-F|-w|-v|-n|-c]... 'PATTERN'\n");
    return 125;
  }

  const char *matcher;
  bool leading_boundary = false, trailing_boundary = false;
  if (length == 1) {
    matcher = "memchr"; /* fast path: a single byte */
    leading_boundary = trailing_boundary = word;
  } else if (fixed) {
    matcher = "boyer-moore";
    leading_boundary = trailing_boundary = word; /* checked per match */
  } else {
    matcher = length ? "regex" : "empty";
    if (word && length) {
      /* The bug: with -i the first character goes through the folding table,
       * which only knows letters; any other first character trips its assertion. */
      int first = (unsigned char)pattern[0], last = (unsigned char)pattern[length - 1];
      leading_boundary = icase ? folded_is_word(tolower(first)) : is_word(first);
      trailing_boundary = is_word(last);
    }
  }
  printf("matcher %s, pattern '%.*s'%s%s%s%s%s%s%s\n", matcher, (int)length, pattern,
         icase ? ", ignore case" : "", leading_boundary ? ", leading \\b" : "",
         trailing_boundary ? ", trailing \\b" : "", invert ? ", invert" : "",
         number ? ", line numbers" : "", count ? ", count" : "", fixed ? ", fixed" : "");
  return 0;
}
