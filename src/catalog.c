/* catalog.c: reads pattern catalogs (the TOML subset ISLearn and Avicenna
 * catalogs use: [[Group]] array-of-tables headers, `key = value` pairs with
 * basic, literal and multi-line strings, # comments), finds the placeholders
 * in each template, and instantiates templates by text substitution.
 * A hand-written line-oriented scanner; every error names file:line:col. */
#include "semdbg/catalog.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "semdbg/datadir.h"
#include "util.h"

struct SdCatalog {
  char *path;
  Array(SdPattern) patterns;
  uint32_t skipped;
};

typedef struct Scanner {
  const char *text;
  size_t len, pos;
  int line;
  size_t line_start;
  const char *path;
  SdDiagnostics *diags;
  bool failed;
} Scanner;

static int column(const Scanner *s, size_t pos) { return (int)(pos - s->line_start) + 1; }

static void error_at(Scanner *s, size_t pos, int line, int col, const char *msg) {
  (void)pos;
  sd_diagnostics_add(s->diags, false, s->path, line, col, "%s", msg);
  s->failed = true;
}

static void advance(Scanner *s) {
  if (s->text[s->pos] == '\n') {
    s->line++;
    s->line_start = s->pos + 1;
  }
  s->pos++;
}

static bool at_end(const Scanner *s) { return s->pos >= s->len; }
static char peek(const Scanner *s) { return at_end(s) ? '\0' : s->text[s->pos]; }
static bool starts(const Scanner *s, const char *lit) {
  size_t n = strlen(lit);
  return s->pos + n <= s->len && !memcmp(s->text + s->pos, lit, n);
}

static void skip_blanks(Scanner *s) {
  while (!at_end(s) && (peek(s) == ' ' || peek(s) == '\t')) advance(s);
}

/* A byte as people read it: 'x' when printable, else "byte 0xNN". */
static const char *describe_byte(char c, char out[16]) {
  unsigned char u = (unsigned char)c;
  if (u >= 0x20 && u < 0x7f) snprintf(out, 16, "'%c'", c);
  else snprintf(out, 16, "byte 0x%02x", u);
  return out;
}

/* Skip to the end of the line; anything but blanks and a comment is an error. */
static void end_of_line(Scanner *s, const char *after) {
  skip_blanks(s);
  if (peek(s) == '#') {
    while (!at_end(s) && peek(s) != '\n') advance(s);
  }
  if (peek(s) == '\r') advance(s);
  if (at_end(s)) return;
  if (peek(s) != '\n') {
    char what[16];
    char *m = sd_format("unexpected %s after %s", describe_byte(peek(s), what), after);
    error_at(s, s->pos, s->line, column(s, s->pos), m);
    free(m);
    while (!at_end(s) && peek(s) != '\n') advance(s);
  }
  if (!at_end(s)) advance(s);
}

static bool is_bare(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

static int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static void put_utf8(SdBuf *b, uint32_t cp) {
  if (cp < 0x80) sd_buf_putc(b, (char)cp);
  else if (cp < 0x800) {
    sd_buf_putc(b, (char)(0xc0 | (cp >> 6)));
    sd_buf_putc(b, (char)(0x80 | (cp & 0x3f)));
  } else if (cp < 0x10000) {
    sd_buf_putc(b, (char)(0xe0 | (cp >> 12)));
    sd_buf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
    sd_buf_putc(b, (char)(0x80 | (cp & 0x3f)));
  } else {
    sd_buf_putc(b, (char)(0xf0 | (cp >> 18)));
    sd_buf_putc(b, (char)(0x80 | ((cp >> 12) & 0x3f)));
    sd_buf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
    sd_buf_putc(b, (char)(0x80 | (cp & 0x3f)));
  }
}

/* A basic-string escape after the backslash; false on a bad escape. */
static bool escape(Scanner *s, SdBuf *b) {
  char c = peek(s);
  const char *simple = "btnfr\"\\";
  const char *values = "\b\t\n\f\r\"\\";
  const char *p = c ? strchr(simple, c) : NULL;
  if (p) {
    sd_buf_putc(b, values[p - simple]);
    advance(s);
    return true;
  }
  if (c == 'u' || c == 'U') {
    int digits = c == 'u' ? 4 : 8;
    advance(s);
    uint32_t cp = 0;
    for (int i = 0; i < digits; i++) {
      int h = hex_value(peek(s));
      if (h < 0) return false;
      cp = cp * 16 + (uint32_t)h;
      advance(s);
    }
    put_utf8(b, cp);
    return true;
  }
  return false;
}

/* Read a string value at s->pos into *out; false (error reported) if bad.
 * *value_line receives the line where the string's content starts. */
static bool read_string(Scanner *s, char **out, int *value_line) {
  size_t open = s->pos;
  int open_line = s->line, open_col = column(s, s->pos);
  SdBuf b = {0};
  if (starts(s, "'''") || starts(s, "\"\"\"")) {
    char quote = peek(s);
    bool literal = quote == '\'';
    advance(s), advance(s), advance(s);
    if (peek(s) == '\r' && s->pos + 1 < s->len && s->text[s->pos + 1] == '\n') advance(s);
    if (peek(s) == '\n') advance(s); /* a newline right after the opening quotes is trimmed */
    *value_line = s->line;
    for (;;) {
      if (at_end(s)) {
        error_at(s, open, open_line, open_col,
                 literal ? "unterminated ''' string (no closing ''')"
                         : "unterminated \"\"\" string (no closing \"\"\")");
        sd_buf_free(&b);
        return false;
      }
      char c = peek(s);
      if (c == quote && s->pos + 2 < s->len + 0 && s->text[s->pos + 1] == quote &&
          s->text[s->pos + 2] == quote) {
        /* up to two more quotes directly before the closing three belong to the content */
        size_t extra = 0;
        while (extra < 2 && s->pos + 3 + extra < s->len && s->text[s->pos + 3 + extra] == quote)
          extra++;
        for (size_t i = 0; i < extra; i++) sd_buf_putc(&b, quote), advance(s);
        advance(s), advance(s), advance(s);
        break;
      }
      if (!literal && c == '\\') {
        advance(s);
        if (peek(s) == '\n' || peek(s) == ' ' || peek(s) == '\t' || peek(s) == '\r') {
          /* line-ending backslash: trim whitespace up to the next non-blank */
          while (!at_end(s) && strchr(" \t\r\n", peek(s))) advance(s);
          continue;
        }
        size_t at = s->pos;
        int l = s->line, col = column(s, s->pos);
        if (!escape(s, &b)) {
          error_at(s, at, l, col, "bad escape sequence in string");
          sd_buf_free(&b);
          return false;
        }
        continue;
      }
      sd_buf_putc(&b, c);
      advance(s);
    }
  } else if (peek(s) == '\'' || peek(s) == '"') {
    char quote = peek(s);
    advance(s);
    *value_line = s->line;
    for (;;) {
      if (at_end(s) || peek(s) == '\n') {
        error_at(s, open, open_line, open_col,
                 quote == '\'' ? "unterminated ' string (strings in ' ' end on the same line)"
                               : "unterminated \" string (strings in \" \" end on the same line)");
        sd_buf_free(&b);
        return false;
      }
      char c = peek(s);
      if (c == quote) {
        advance(s);
        break;
      }
      if (quote == '"' && c == '\\') {
        advance(s);
        size_t at = s->pos;
        int col = column(s, s->pos);
        if (!escape(s, &b)) {
          error_at(s, at, s->line, col, "bad escape sequence in string");
          sd_buf_free(&b);
          return false;
        }
        continue;
      }
      sd_buf_putc(&b, c);
      advance(s);
    }
  } else {
    error_at(s, s->pos, s->line, column(s, s->pos),
             "expected a string value (\"...\", '...' or '''...''')");
    sd_buf_free(&b);
    return false;
  }
  *out = b.data ? sd_buf_take(&b) : sd_xstrdup("");
  return true;
}

/* A table under construction. */
typedef struct Table {
  char *group;
  char *name, *description, *constraint, *comment;
  int line, col, constraint_line;
} Table;

static void table_clear(Table *t) {
  free(t->group), free(t->name), free(t->description), free(t->constraint), free(t->comment);
  memset(t, 0, sizeof *t);
}

/* Is the text before `offset` (ignoring blanks) a call of str.to.int? */
static bool after_str_to_int(const char *text, uint32_t offset) {
  size_t i = offset;
  while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n')) i--;
  if (i > 0 && text[i - 1] == '(') {
    i--;
    while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t')) i--;
  }
  static const char *names[] = {"str.to.int", "str.to_int"};
  for (int k = 0; k < 2; k++) {
    size_t n = strlen(names[k]);
    if (i >= n && !memcmp(text + i - n, names[k], n)) return true;
  }
  return false;
}

/* Is the placeholder at offset count()'s second argument? (Then ISLearn
 * writes the nonterminal as a string.) */
static bool count_needle(const char *text, uint32_t offset) {
  int depth = 0, commas = 0;
  for (uint32_t i = offset; i-- > 0;) {
    char c = text[i];
    if (c == ')') depth++;
    else if (c == '(' && depth) depth--;
    else if (c == '(') {
      uint32_t j = i;
      while (j > 0 && (text[j - 1] == ' ' || text[j - 1] == '\t')) j--;
      return commas == 1 && j >= 5 && !memcmp(text + j - 5, "count", 5) &&
             (j == 5 || !((text[j - 6] >= 'a' && text[j - 6] <= 'z') || text[j - 6] == '_' || text[j - 6] == '.'));
    } else if (c == ',' && !depth) commas++;
    else if (c == '\n' || c == ':') return false;
  }
  return false;
}

/* Find placeholders; on an unsupported one return false with its text. */
static bool find_placeholders(SdPattern *p, char **unsupported) {
  Array(SdPlaceholder) found = {0};
  const char *t = p->constraint;
  for (uint32_t i = 0; t[i]; i++) {
    if (t[i] != '<' || t[i + 1] != '?') continue;
    uint32_t j = i + 2;
    while ((t[j] >= 'A' && t[j] <= 'Z') || t[j] == '_') j++;
    uint32_t name_end = j;
    if (t[j] == '(') {
      int depth = 0;
      for (; t[j]; j++) {
        if (t[j] == '(') depth++;
        else if (t[j] == ')' && --depth == 0) break;
      }
      if (t[j]) j++;
    }
    if (t[j] != '>') {
      *unsupported = sd_xstrndup(t + i, j - i);
      array_free(&found);
      return false;
    }
    j++;
    SdPlaceholder ph = {.offset = i, .length = j - i};
    size_t n = name_end - (i + 2);
    const char *name = t + i + 2;
    bool has_args = name_end + 1 < j; /* "(...)" follows the name */
    if (!has_args && n == 11 && !memcmp(name, "NONTERMINAL", 11)) {
      ph.kind = count_needle(t, i) ? SD_PLACEHOLDER_NONTERMINAL_STRING : SD_PLACEHOLDER_NONTERMINAL;
      p->nonterminal_count++;
    } else if (!has_args && n == 6 && !memcmp(name, "RECORD", 6)) {
      ph.kind = SD_PLACEHOLDER_NONTERMINAL, ph.record = true;
      p->nonterminal_count++;
    } else if (has_args && n == 9 && !memcmp(name, "MATCHEXPR", 9)) {
      ph.kind = SD_PLACEHOLDER_MATCHEXPR;
      if (i > 0 && t[i - 1] == '{' && t[j] == '}') ph.offset--, ph.length += 2; /* {<?MATCHEXPR(..)>} */
    } else if (!has_args && n == 7 && !memcmp(name, "CHARSET", 7)) {
      ph.kind = SD_PLACEHOLDER_CHARSET;
    } else if (!has_args && n == 8 && !memcmp(name, "DSTRINGS", 8)) {
      ph.kind = SD_PLACEHOLDER_DSTRINGS;
    } else if (!has_args && n == 6 && !memcmp(name, "STRING", 6)) {
      ph.kind = after_str_to_int(t, i) ? SD_PLACEHOLDER_NUMERIC_STRING : SD_PLACEHOLDER_STRING;
    } else if (!has_args && n == 7 && !memcmp(name, "INTEGER", 7)) {
      ph.kind = SD_PLACEHOLDER_INTEGER;
    } else {
      *unsupported = sd_xstrndup(t + i, j - i);
      array_free(&found);
      return false;
    }
    array_push(&found, ph);
    i = ph.offset + ph.length - 1;
  }
  p->placeholders = found.items;
  p->placeholder_count = found.size;
  return true;
}

static void finish_table(Scanner *s, SdCatalog *cat, Table *t) {
  if (!t->group) return;
  bool ok = true;
  if (!t->name) {
    char *m = sd_format("pattern in [[%s]] has no 'name'", t->group);
    error_at(s, 0, t->line, t->col, m);
    free(m);
    ok = false;
  }
  if (!t->constraint) {
    char *m = sd_format("pattern '%s' in [[%s]] has no 'constraint'",
                        t->name ? t->name : "(unnamed)", t->group);
    error_at(s, 0, t->line, t->col, m);
    free(m);
    ok = false;
  }
  if (ok) {
    SdPattern p = {0};
    p.group = t->group, p.name = t->name, p.constraint = t->constraint;
    p.description = t->description ? t->description : t->comment;
    if (t->description) free(t->comment);
    p.line = t->line;
    p.constraint_line = t->constraint_line;
    t->group = t->name = t->constraint = t->description = t->comment = NULL;
    char *unsupported = NULL;
    if (!find_placeholders(&p, &unsupported)) {
      sd_diagnostics_add(s->diags, true, s->path, p.line, 1,
                         "pattern '%s': skipped: unsupported placeholder %s", p.name,
                         unsupported);
      free(unsupported);
      free(p.group), free(p.name), free(p.description), free(p.constraint), free(p.placeholders);
      cat->skipped++;
    } else {
      for (uint32_t i = 0; i < cat->patterns.size; i++)
        if (!strcmp(cat->patterns.items[i].name, p.name)) {
          sd_diagnostics_add(s->diags, true, s->path, p.line, 1,
                             "pattern name '%s' used again (first at line %d)", p.name,
                             cat->patterns.items[i].line);
          break;
        }
      array_push(&cat->patterns, p);
    }
  }
  table_clear(t);
}

/* The text of a comment line (after '#' and blanks), or NULL. */
static char *comment_text(const Scanner *s, size_t from) {
  size_t i = from;
  while (i < s->len && (s->text[i] == '#' || s->text[i] == ' ' || s->text[i] == '\t')) i++;
  size_t j = i;
  while (j < s->len && s->text[j] != '\n' && s->text[j] != '\r') j++;
  while (j > i && (s->text[j - 1] == ' ' || s->text[j - 1] == '\t')) j--;
  return j > i ? sd_xstrndup(s->text + i, j - i) : NULL;
}

SdCatalog *sd_catalog_parse(const char *text, size_t length, const char *path,
                            SdDiagnostics *diags) {
  SdDiagnostics local = {0};
  if (!diags) diags = &local;
  SdCatalog *cat = sd_xcalloc(1, sizeof *cat);
  cat->path = sd_xstrdup(path ? path : "<catalog>");
  Scanner s = {.text = text, .len = length, .line = 1, .path = cat->path, .diags = diags};
  Table t = {0};
  char *last_comment = NULL; /* the comment block right above the next header */
  if (s.len >= 3 && !memcmp(s.text, "\xef\xbb\xbf", 3)) s.pos = s.line_start = 3;
  while (!at_end(&s)) {
    skip_blanks(&s);
    char c = peek(&s);
    if (c == '\n' || c == '\r') {
      end_of_line(&s, "blank");
      continue;
    }
    if (c == '#') {
      char *ct = comment_text(&s, s.pos);
      if (!t.group) {
        free(last_comment);
        last_comment = ct;
      } else {
        free(ct);
      }
      end_of_line(&s, "comment");
      continue;
    }
    if (c == '[') {
      int line = s.line, col = column(&s, s.pos);
      if (!starts(&s, "[[")) {
        error_at(&s, s.pos, line, col,
                 "only [[Group]] tables are supported (one per pattern); found a [table]");
        while (!at_end(&s) && peek(&s) != '\n') advance(&s);
        continue;
      }
      finish_table(&s, cat, &t);
      advance(&s), advance(&s);
      skip_blanks(&s);
      size_t start = s.pos;
      while (!at_end(&s) && (is_bare(peek(&s)) || peek(&s) == '.' || peek(&s) == ' ')) advance(&s);
      size_t end = s.pos;
      while (end > start && s.text[end - 1] == ' ') end--;
      if (end == start || !starts(&s, "]]")) {
        error_at(&s, s.pos, s.line, column(&s, s.pos),
                 "bad table header: expected [[Name]] (letters, digits, '_', '-', '.')");
        while (!at_end(&s) && peek(&s) != '\n') advance(&s);
        free(last_comment);
        last_comment = NULL;
        continue;
      }
      advance(&s), advance(&s);
      t.group = sd_xstrndup(s.text + start, end - start);
      t.line = line, t.col = col;
      t.comment = last_comment;
      last_comment = NULL;
      end_of_line(&s, "the table header");
      continue;
    }
    /* key = value */
    int line = s.line, col = column(&s, s.pos);
    char *key = NULL;
    if (c == '"' || c == '\'') {
      int vl;
      if (!read_string(&s, &key, &vl)) break;
    } else {
      size_t start = s.pos;
      while (!at_end(&s) && is_bare(peek(&s))) advance(&s);
      if (s.pos == start) {
        char what[16];
        char *m = sd_format("unexpected %s: expected a key, a [[Group]] header or a comment",
                            describe_byte(c, what));
        error_at(&s, s.pos, line, col, m);
        free(m);
        while (!at_end(&s) && peek(&s) != '\n') advance(&s);
        continue;
      }
      key = sd_xstrndup(s.text + start, s.pos - start);
    }
    skip_blanks(&s);
    if (peek(&s) != '=') {
      char *m = sd_format("expected '=' after key '%s'", key);
      error_at(&s, s.pos, s.line, column(&s, s.pos), m);
      free(m);
      free(key);
      while (!at_end(&s) && peek(&s) != '\n') advance(&s);
      continue;
    }
    advance(&s);
    skip_blanks(&s);
    char *value = NULL;
    int value_line = s.line;
    if (!read_string(&s, &value, &value_line)) {
      free(key);
      /* an unterminated multi-line string swallows the rest: stop here */
      if (at_end(&s)) break;
      while (!at_end(&s) && peek(&s) != '\n') advance(&s);
      continue;
    }
    char **slot = NULL;
    if (!t.group) {
      char *m = sd_format("key '%s' outside a [[Group]] table", key);
      error_at(&s, 0, line, col, m);
      free(m);
    } else if (!strcmp(key, "name")) slot = &t.name;
    else if (!strcmp(key, "constraint")) slot = &t.constraint, t.constraint_line = value_line;
    else if (!strcmp(key, "description")) slot = &t.description;
    else {
      char *m = sd_format("unknown key '%s' (a pattern has name, constraint and description)", key);
      error_at(&s, 0, line, col, m);
      free(m);
    }
    if (slot && *slot) {
      char *m = sd_format("key '%s' given twice in this table", key);
      error_at(&s, 0, line, col, m);
      free(m);
      slot = NULL;
    }
    if (slot) *slot = value;
    else free(value);
    free(key);
    end_of_line(&s, "the value");
  }
  finish_table(&s, cat, &t);
  table_clear(&t);
  free(last_comment);
  if (!s.failed && cat->patterns.size == 0 && cat->skipped == 0)
    error_at(&s, 0, 1, 1, "the catalog has no patterns");
  if (local.items) sd_diagnostics_free(&local);
  if (s.failed) {
    sd_catalog_free(cat);
    return NULL;
  }
  return cat;
}

SdCatalog *sd_catalog_load(const char *path, SdDiagnostics *diags) {
  size_t len;
  const char *err;
  char *text = sd_read_file(path, &len, &err);
  if (!text) {
    if (diags) sd_diagnostics_add(diags, false, path, 0, 0, "cannot read the pattern catalog: %s", err);
    return NULL;
  }
  SdCatalog *cat = sd_catalog_parse(text, len, path, diags);
  free(text);
  return cat;
}

/* The bundled catalog's path, found once (it does not move while we run). */
static char *bundled_catalog;
static void find_bundled_catalog(void) {
  bundled_catalog = sd_data_find("patterns/default.toml");
  if (!bundled_catalog) bundled_catalog = sd_data_default("patterns/default.toml");
}

const char *sd_catalog_default_path(void) {
  const char *env = getenv("SEMDBG_PATTERNS");
  if (env && *env) return env;
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, find_bundled_catalog);
  return bundled_catalog;
}

SdCatalog *sd_catalog_default(SdDiagnostics *diags) {
  return sd_catalog_load(sd_catalog_default_path(), diags);
}

void sd_catalog_free(SdCatalog *self) {
  if (!self) return;
  for (uint32_t i = 0; i < self->patterns.size; i++) {
    SdPattern *p = &self->patterns.items[i];
    free(p->group), free(p->name), free(p->description), free(p->constraint);
    free(p->placeholders);
  }
  array_free(&self->patterns);
  free(self->path);
  free(self);
}

const char *sd_catalog_path(const SdCatalog *self) { return self->path; }
uint32_t sd_catalog_count(const SdCatalog *self) { return self->patterns.size; }
uint32_t sd_catalog_skipped(const SdCatalog *self) { return self->skipped; }
const SdPattern *sd_catalog_pattern(const SdCatalog *self, uint32_t index) {
  return index < self->patterns.size ? &self->patterns.items[index] : NULL;
}

char *sd_pattern_instantiate(const SdPattern *self, const char *const *values) {
  SdBuf b = {0};
  uint32_t at = 0;
  for (uint32_t i = 0; i < self->placeholder_count; i++) {
    const SdPlaceholder *ph = &self->placeholders[i];
    sd_buf_append(&b, self->constraint + at, ph->offset - at);
    sd_buf_puts(&b, values[i]);
    at = ph->offset + ph->length;
  }
  sd_buf_puts(&b, self->constraint + at);
  return sd_buf_take(&b);
}
