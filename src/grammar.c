/* grammar.c: loads ISLa BNF into a symbol table, validates and analyses it.
 *
 * The reader is a hand-written lexer plus a recursive-descent parser over
 * rules `<name> ::= alt | alt ;`. Extensions are desugared as they are read:
 * `[a-z]` classes become one-byte charset terminals, `( ... )` groups and the
 * postfix operators `? * +` become generated nonterminals (`*` and `+` as
 * left recursion, which the Earley parser handles in linear time). Analysis
 * runs fixpoints for productivity, nullability and minimal costs, Tarjan's
 * SCCs for regularity, and a 3-state automaton product for "can derive a
 * decimal numeral". */
#include "semdbg/grammar.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "util.h"
#include "grammar_internal.h"

/* ---------- diagnostics ---------- */

void sd_diagnostics_add(SdDiagnostics *self, bool warning, const char *path, int line,
                        int column, const char *fmt, ...) {
  SdDiagnostic d = {0};
  d.path = sd_xstrdup(path ? path : "<input>");
  d.line = line;
  d.column = column;
  d.is_warning = warning;
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  d.message = sd_xmalloc((size_t)n + 1);
  vsnprintf(d.message, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  array_push(self, d);
}

bool sd_diagnostics_has_error(const SdDiagnostics *self) {
  for (uint32_t i = 0; i < self->size; i++)
    if (!self->items[i].is_warning) return true;
  return false;
}

void sd_diagnostics_print(const SdDiagnostics *self, void *file) {
  for (uint32_t i = 0; i < self->size; i++) {
    const SdDiagnostic *d = &self->items[i];
    if (d->line > 0)
      fprintf(file, "%s:%d:%d: %s: %s\n", d->path, d->line, d->column,
              d->is_warning ? "warning" : "error", d->message);
    else
      fprintf(file, "%s: %s: %s\n", d->path, d->is_warning ? "warning" : "error", d->message);
  }
}

void sd_diagnostics_free(SdDiagnostics *self) {
  for (uint32_t i = 0; i < self->size; i++) {
    free(self->items[i].path);
    free(self->items[i].message);
  }
  array_free(self);
}

/* ---------- reader state ---------- */

typedef Array(SdSymbol) SymbolList;
typedef Array(SymbolList) AltList;

typedef struct Reader {
  const char *text;
  size_t len, pos;
  const char *path;
  SdDiagnostics *diags;
  bool failed;
  Array(SdSymbolInfo) symbols;
  Array(AltList) rules;       /* parallel to symbols (nonterminals only) */
  Array(bool) defined;
  Array(int) use_line, use_col; /* first use, for undefined-symbol errors */
  uint32_t generated_count;
  SdHashSet taken_names;      /* every "<name>" in the text, and the generated ones */
  int group_depth;            /* ( ) groups open at r->pos */
  /* symbols by kind and content: open addressing, slot = index + 1, 0 empty */
  uint32_t *index;
  uint32_t index_capacity;
  /* the last position turned into line:col, to go on from there */
  size_t lc_pos;
  int lc_line, lc_col;
} Reader;

/* Line and column of pos, counted on from the last position asked for when
 * pos is not before it (the reader asks in text order nearly always), so
 * that a grammar of many rules loads in linear time. */
static void reader_line_col(Reader *r, size_t pos, int *line, int *col) {
  size_t end = pos < r->len ? pos : r->len;
  if (end < r->lc_pos || r->lc_line == 0) {
    r->lc_pos = 0;
    r->lc_line = r->lc_col = 1;
  }
  for (; r->lc_pos < end; r->lc_pos++) {
    if (r->text[r->lc_pos] == '\n') r->lc_line++, r->lc_col = 1;
    else r->lc_col++;
  }
  *line = r->lc_line;
  *col = r->lc_col;
}

static uint64_t symbol_key(SdSymbolKind kind, const void *bytes, size_t n) {
  return sd_hash_bytes(bytes, n, 0x9e3779b97f4a7c15ull * (uint64_t)(kind + 1));
}

/* The content a symbol is looked up by: its name for nonterminals, its
 * bytes for literals, its byte set for character classes. */
static const void *symbol_content(const SdSymbolInfo *s, size_t *n) {
  switch (s->kind) {
    case SD_SYM_NONTERMINAL: *n = strlen(s->name); return s->name;
    case SD_SYM_LITERAL: *n = s->length; return s->bytes;
    default: *n = 32; return s->set;
  }
}

/* The symbol of this kind and content, or -1; *slot receives where it is
 * or would go in the index. */
static SdSymbol symbol_lookup(Reader *r, SdSymbolKind kind, const void *bytes, size_t n, uint32_t *slot) {
  if (r->index_capacity == 0) {
    r->index_capacity = 64;
    r->index = sd_xcalloc(r->index_capacity, sizeof *r->index);
  }
  uint32_t mask = r->index_capacity - 1;
  for (uint32_t i = (uint32_t)symbol_key(kind, bytes, n) & mask;; i = (i + 1) & mask) {
    if (!r->index[i]) {
      *slot = i;
      return -1;
    }
    const SdSymbolInfo *s = &r->symbols.items[r->index[i] - 1];
    size_t m;
    const void *content = symbol_content(s, &m);
    if (s->kind == kind && m == n && !memcmp(content, bytes, n)) {
      *slot = i;
      return (SdSymbol)(r->index[i] - 1);
    }
  }
}

/* Enter symbol s (just added) into the index at slot; grows it to stay at
 * most half full. */
static void symbol_index_add(Reader *r, SdSymbol s, uint32_t slot) {
  r->index[slot] = (uint32_t)s + 1;
  if (2 * r->symbols.size <= r->index_capacity) return;
  uint32_t capacity = r->index_capacity * 2, mask = capacity - 1;
  uint32_t *index = sd_xcalloc(capacity, sizeof *index);
  for (uint32_t k = 0; k < r->symbols.size; k++) {
    size_t n;
    const void *content = symbol_content(&r->symbols.items[k], &n);
    uint32_t i = (uint32_t)symbol_key(r->symbols.items[k].kind, content, n) & mask;
    while (index[i]) i = (i + 1) & mask;
    index[i] = k + 1;
  }
  free(r->index);
  r->index = index;
  r->index_capacity = capacity;
}

static void reader_error_at(Reader *r, size_t pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void reader_error_at(Reader *r, size_t pos, const char *fmt, ...) {
  if (r->failed) return; /* report the first syntax error only */
  r->failed = true;
  int line, col;
  sd_line_col(r->text, r->len, pos, &line, &col);
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  sd_diagnostics_add(r->diags, false, r->path, line, col, "%s", buf);
}

/* The byte at pos, or 0 past the end (the text need not end in a NUL). */
static char byte_at(const Reader *r, size_t pos) { return pos < r->len ? r->text[pos] : 0; }

/* Does the text at pos start with lit? */
static bool looking_at(const Reader *r, size_t pos, const char *lit) {
  size_t n = strlen(lit);
  return pos <= r->len && r->len - pos >= n && !memcmp(r->text + pos, lit, n);
}

static void skip_space(Reader *r) {
  while (r->pos < r->len) {
    char c = r->text[r->pos];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') r->pos++;
    else if (c == '#') {
      while (r->pos < r->len && r->text[r->pos] != '\n') r->pos++;
    } else break;
  }
}

static SdSymbol add_symbol(Reader *r, SdSymbolInfo info) {
  info.cheapest_alternative = -1;
  array_push(&r->symbols, info);
  AltList empty = {0};
  array_push(&r->rules, empty);
  array_push(&r->defined, false);
  array_push(&r->use_line, 0);
  array_push(&r->use_col, 0);
  return (SdSymbol)(r->symbols.size - 1);
}

static SdSymbol nonterminal(Reader *r, const char *name, size_t n, size_t pos) {
  uint32_t slot;
  SdSymbol found = symbol_lookup(r, SD_SYM_NONTERMINAL, name, n, &slot);
  if (found >= 0) return found;
  SdSymbolInfo info = {0};
  info.kind = SD_SYM_NONTERMINAL;
  info.name = sd_xstrndup(name, n);
  SdSymbol s = add_symbol(r, info);
  symbol_index_add(r, s, slot);
  reader_line_col(r, pos, &r->use_line.items[s], &r->use_col.items[s]);
  return s;
}

static SdSymbol literal(Reader *r, const char *bytes, size_t n) {
  uint32_t slot;
  SdSymbol found = symbol_lookup(r, SD_SYM_LITERAL, bytes, n, &slot);
  if (found >= 0) return found;
  SdSymbolInfo info = {0};
  info.kind = SD_SYM_LITERAL;
  info.bytes = sd_xstrndup(bytes, n);
  info.length = (uint32_t)n;
  SdBuf b = {0};
  sd_buf_append_quoted(&b, bytes, n);
  info.name = sd_buf_take(&b);
  SdSymbol s = add_symbol(r, info);
  symbol_index_add(r, s, slot);
  return s;
}

static void charset_name(SdBuf *b, const uint8_t set[32]) {
  sd_buf_putc(b, '[');
  for (int c = 0; c < 256; c++) {
    if (!((set[c >> 3] >> (c & 7)) & 1)) continue;
    int e = c;
    while (e + 1 < 256 && ((set[(e + 1) >> 3] >> ((e + 1) & 7)) & 1)) e++;
    for (int k = 0; k < 2; k++) {
      int x = k ? e : c;
      if (k && e == c) break;
      if (k) sd_buf_putc(b, '-');
      if (x == ']' || x == '\\' || x == '-' || x == '^') sd_buf_printf(b, "\\%c", x);
      else if (x < 0x20 || x >= 0x7f) sd_buf_printf(b, "\\x%02x", x);
      else sd_buf_putc(b, (char)x);
    }
    c = e;
  }
  sd_buf_putc(b, ']');
}

static SdSymbol charset(Reader *r, const uint8_t set[32]) {
  uint32_t slot;
  SdSymbol found = symbol_lookup(r, SD_SYM_CHARSET, set, 32, &slot);
  if (found >= 0) return found;
  SdSymbolInfo info = {0};
  info.kind = SD_SYM_CHARSET;
  memcpy(info.set, set, 32);
  SdBuf b = {0};
  charset_name(&b, set);
  info.name = sd_buf_take(&b);
  SdSymbol s = add_symbol(r, info);
  symbol_index_add(r, s, slot);
  return s;
}

/* Note every `<name>` of the text (even in strings: a name too many only
 * skips a number), so that generated names never take a user's name. */
static void collect_names(Reader *r) {
  for (size_t i = 0; i < r->len; i++) {
    if (r->text[i] != '<') continue;
    size_t p = i + 1;
    while (p < r->len && !strchr("<> \n", r->text[p])) p++;
    if (p < r->len && r->text[p] == '>')
      sd_hash_set_add(&r->taken_names, sd_hash_bytes(r->text + i, p + 1 - i, 0));
  }
}

/* A fresh nonterminal <parent-N> for a group or a postfix operator. */
static SdSymbol generated(Reader *r, SdSymbol parent, size_t pos) {
  const char *pname = r->symbols.items[parent].name;
  size_t plen = strlen(pname);
  char *name = NULL;
  do {
    free(name);
    name = sd_format("<%.*s-%u>", (int)(plen - 2), pname + 1, ++r->generated_count);
  } while (!sd_hash_set_add(&r->taken_names, sd_hash_bytes(name, strlen(name), 0)));
  SdSymbol s = nonterminal(r, name, strlen(name), pos);
  free(name);
  r->symbols.items[s].generated = true;
  r->defined.items[s] = true;
  reader_line_col(r, pos, &r->symbols.items[s].line, &r->symbols.items[s].column);
  return s;
}

/* An escape after a backslash at r->pos (pointing at the backslash). */
static int read_escape(Reader *r) {
  size_t at = r->pos;
  if (r->pos + 1 >= r->len) {
    reader_error_at(r, at, "unterminated escape sequence");
    return -1;
  }
  char c = r->text[r->pos + 1];
  r->pos += 2;
  switch (c) {
    case '\\': return '\\';
    case '"': return '"';
    case '\'': return '\'';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    case 'b': return '\b';
    case 'f': return '\f';
    case 'v': return '\v';
    case '0': return 0;
    case ']': return ']';
    case '[': return '[';
    case '-': return '-';
    case '^': return '^';
    case 'x': {
      int v = 0;
      for (int k = 0; k < 2; k++) {
        char h = r->pos < r->len ? r->text[r->pos] : 0;
        int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10
              : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
        if (d < 0) {
          reader_error_at(r, at, "bad escape '\\x': expected two hex digits");
          return -1;
        }
        v = v * 16 + d;
        r->pos++;
      }
      return v;
    }
    default:
      reader_error_at(r, at, "bad escape '\\%c' (known: \\\\ \\\" \\n \\r \\t \\b \\xHH)",
                      (c >= 0x20 && c < 0x7f) ? c : '?');
      return -1;
  }
}

static SdSymbol read_string(Reader *r) {
  size_t start = r->pos++;
  SdBuf b = {0};
  for (;;) {
    if (r->pos >= r->len || r->text[r->pos] == '\n') {
      reader_error_at(r, start, "unterminated string");
      sd_buf_free(&b);
      return -1;
    }
    char c = r->text[r->pos];
    if (c == '"') break;
    if (c == '\\') {
      char e = byte_at(r, r->pos + 1);
      if (e == '[' || e == ']' || e == '-' || e == '^' || e == '0') {
        reader_error_at(r, r->pos, "bad escape '\\%c' in a string", r->text[r->pos + 1]);
        sd_buf_free(&b);
        return -1;
      }
      int v = read_escape(r);
      if (v < 0) {
        sd_buf_free(&b);
        return -1;
      }
      sd_buf_putc(&b, (char)v);
    } else {
      sd_buf_putc(&b, c);
      r->pos++;
    }
  }
  r->pos++;
  SdSymbol s = literal(r, b.data ? b.data : "", b.len);
  sd_buf_free(&b);
  return s;
}

static SdSymbol read_class(Reader *r) {
  size_t start = r->pos++;
  uint8_t set[32] = {0};
  bool negate = false;
  if (r->pos < r->len && r->text[r->pos] == '^') negate = true, r->pos++;
  bool first = true;
  for (;;) {
    if (r->pos >= r->len || r->text[r->pos] == '\n') {
      size_t body = start + 1 + negate; /* "[]" or "[^]" then no closing ']' */
      if (body < r->len && r->text[body] == ']')
        reader_error_at(r, start, "empty character class '%s' (write '\\]' for a ']')",
                        negate ? "[^]" : "[]");
      else reader_error_at(r, start, "unterminated character class");
      return -1;
    }
    if (r->text[r->pos] == ']' && !first) break;
    first = false;
    int lo = (unsigned char)r->text[r->pos];
    if (lo == '\\') {
      if ((lo = read_escape(r)) < 0) return -1;
    } else r->pos++;
    int hi = lo;
    if (r->pos + 1 < r->len && r->text[r->pos] == '-' && r->text[r->pos + 1] != ']') {
      size_t range_at = r->pos;
      r->pos++;
      hi = (unsigned char)r->text[r->pos];
      if (hi == '\\') {
        if ((hi = read_escape(r)) < 0) return -1;
      } else r->pos++;
      if (hi < lo) {
        reader_error_at(r, range_at, "character range out of order");
        return -1;
      }
    }
    for (int c = lo; c <= hi; c++) set[c >> 3] |= (uint8_t)(1u << (c & 7));
  }
  r->pos++;
  if (negate)
    for (int i = 0; i < 32; i++) set[i] = (uint8_t)~set[i];
  bool empty = true;
  for (int i = 0; i < 32; i++) empty = empty && !set[i];
  if (empty) {
    reader_error_at(r, start, "empty character class");
    return -1;
  }
  return charset(r, set);
}

/* Is there a `<name> ::=` at the current position (rule start)? */
static bool at_rule_start(Reader *r) {
  size_t save = r->pos;
  bool yes = false;
  if (r->pos < r->len && r->text[r->pos] == '<') {
    size_t p = r->pos + 1;
    while (p < r->len && r->text[p] != '>' && r->text[p] != '\n' && r->text[p] != '<') p++;
    if (p < r->len && r->text[p] == '>') {
      r->pos = p + 1;
      skip_space(r);
      yes = looking_at(r, r->pos, "::=");
    }
  }
  r->pos = save;
  return yes;
}

static bool read_alternatives(Reader *r, SdSymbol lhs, AltList *out, bool in_group);

/* The end of a `<name>` token at pos (spaces end it too), or 0. */
static size_t name_end(const Reader *r, size_t pos) {
  if (pos >= r->len || r->text[pos] != '<') return 0;
  size_t p = pos + 1;
  while (p < r->len && !strchr("<> \n", r->text[p])) p++;
  return p < r->len && r->text[p] == '>' && p > pos + 1 ? p + 1 : 0;
}

/* `<b> <c> ::=`: several nonterminals, then '::=' on the same line? */
static bool several_on_left(const Reader *r, size_t pos) {
  int names = 0;
  for (;;) {
    while (pos < r->len && (r->text[pos] == ' ' || r->text[pos] == '\t')) pos++;
    size_t end = name_end(r, pos);
    if (!end) break;
    names++;
    pos = end;
  }
  return names > 1 && looking_at(r, pos, "::=");
}

/* Is pos the first non-blank byte of its line? */
static bool first_on_line(const Reader *r, size_t pos) {
  while (pos > 0 && (r->text[pos - 1] == ' ' || r->text[pos - 1] == '\t')) pos--;
  return pos == 0 || r->text[pos - 1] == '\n';
}

static bool check_one_on_left(Reader *r, size_t pos) {
  if (!several_on_left(r, pos)) return true;
  reader_error_at(r, pos, "a rule has one nonterminal on its left ('<name> ::= ...'), "
                          "found several before '::='");
  return false;
}

static SdSymbol read_atom(Reader *r, SdSymbol lhs) {
  char c = r->text[r->pos];
  size_t at = r->pos;
  if (c == '"') return read_string(r);
  if (c == '[') return read_class(r);
  if (c == '<') {
    size_t p = r->pos + 1;
    while (p < r->len && r->text[p] != '>' && r->text[p] != '\n' && r->text[p] != '<' &&
           r->text[p] != ' ')
      p++;
    if (p >= r->len || r->text[p] != '>' || p == r->pos + 1) {
      reader_error_at(r, at, "malformed nonterminal: expected <name>");
      return -1;
    }
    r->pos = p + 1;
    /* `<a> = ...`, `<a> := ...`: a rule with a mistyped '::=' */
    size_t after = r->pos;
    while (after < r->len && (r->text[after] == ' ' || r->text[after] == '\t')) after++;
    if (after < r->len && (r->text[after] == '=' || r->text[after] == ':') &&
        !looking_at(r, after, "::=")) {
      reader_error_at(r, after, "missing '::=' after %.*s", (int)(p + 1 - at), r->text + at);
      return -1;
    }
    return nonterminal(r, r->text + at, p + 1 - at, at);
  }
  if (c == '(') {
    if (r->group_depth >= SD_GRAMMAR_MAX_GROUP_DEPTH) {
      reader_error_at(r, at, "groups nested deeper than %d levels", SD_GRAMMAR_MAX_GROUP_DEPTH);
      return -1;
    }
    r->pos++;
    SdSymbol g = generated(r, lhs, at);
    AltList alts = {0};
    r->group_depth++;
    bool ok = read_alternatives(r, lhs, &alts, true);
    r->group_depth--;
    if (!ok) {
      for (uint32_t i = 0; i < alts.size; i++) array_free(&alts.items[i]);
      array_free(&alts);
      return -1;
    }
    skip_space(r);
    if (r->pos >= r->len || r->text[r->pos] != ')') {
      reader_error_at(r, at, "unclosed '(' group");
      for (uint32_t i = 0; i < alts.size; i++) array_free(&alts.items[i]);
      array_free(&alts);
      return -1;
    }
    r->pos++;
    r->rules.items[g] = alts;
    return g;
  }
  if ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7f)
    reader_error_at(r, at, "unexpected '%c', expected a nonterminal, a string, '[' or '('", c);
  else
    reader_error_at(r, at, "unexpected byte 0x%02x", (unsigned char)c);
  return -1;
}

static SymbolList one(SdSymbol a) {
  SymbolList l = {0};
  array_push(&l, a);
  return l;
}

static SymbolList two(SdSymbol a, SdSymbol b) {
  SymbolList l = {0};
  array_push(&l, a);
  array_push(&l, b);
  return l;
}

/* Apply a postfix operator: returns the generated nonterminal. On "" every
 * operator gives "" again (no rule may hold an empty literal: it is nothing). */
static SdSymbol apply_postfix(Reader *r, SdSymbol lhs, SdSymbol atom, char op, size_t at) {
  const SdSymbolInfo *info = &r->symbols.items[atom];
  if (info->kind == SD_SYM_LITERAL && info->length == 0) return atom;
  SdSymbol g = generated(r, lhs, at);
  AltList *alts = &r->rules.items[g];
  SymbolList empty = {0};
  switch (op) {
    case '?': array_push(alts, empty); array_push(alts, one(atom)); break;
    case '*': array_push(alts, empty); array_push(alts, two(g, atom)); break;
    case '+': array_push(alts, one(atom)); array_push(alts, two(g, atom)); break;
  }
  return g;
}

static bool read_sequence(Reader *r, SdSymbol lhs, SymbolList *seq, bool in_group) {
  for (;;) {
    skip_space(r);
    if (r->pos >= r->len) return true;
    char c = r->text[r->pos];
    if (c == '|' || c == ';' || (c == ')' && in_group)) return true;
    if (c == '<' && !in_group && at_rule_start(r)) {
      if (first_on_line(r, r->pos)) return true;
      /* `<start> ::= <b> <c> ::= x`: not an undefined <b>, a misplaced rule */
      size_t end = name_end(r, r->pos);
      reader_error_at(r, r->pos, "a rule definition (%.*s ::=) appears where a symbol was expected; "
                                 "start each rule on a line of its own",
                      (int)(end ? end - r->pos : 1), r->text + r->pos);
      return false;
    }
    if (c == ')') {
      reader_error_at(r, r->pos, "unexpected ')' without a matching '('");
      return false;
    }
    size_t at = r->pos;
    if (c == '<' && !in_group && first_on_line(r, at) && !check_one_on_left(r, at)) return false;
    SdSymbol atom = read_atom(r, lhs);
    if (atom < 0) return false;
    while (r->pos < r->len && strchr("?*+", r->text[r->pos])) {
      atom = apply_postfix(r, lhs, atom, r->text[r->pos], at);
      r->pos++;
    }
    const SdSymbolInfo *info = &r->symbols.items[atom];
    if (info->kind == SD_SYM_LITERAL && info->length == 0) continue; /* "" is nothing */
    array_push(seq, atom);
  }
}

static bool read_alternatives(Reader *r, SdSymbol lhs, AltList *out, bool in_group) {
  for (;;) {
    SymbolList seq = {0};
    if (!read_sequence(r, lhs, &seq, in_group)) {
      array_free(&seq);
      return false;
    }
    array_push(out, seq);
    skip_space(r);
    if (r->pos < r->len && r->text[r->pos] == '|') {
      r->pos++;
      continue;
    }
    return true;
  }
}

static bool read_rule(Reader *r) {
  skip_space(r);
  size_t at = r->pos;
  if (r->text[r->pos] != '<') {
    char c = r->text[r->pos];
    reader_error_at(r, at, "expected a rule '<name> ::= ...', got '%c'",
                    (c >= 0x20 && c < 0x7f) ? c : '?');
    return false;
  }
  if (!check_one_on_left(r, at)) return false;
  SdSymbol lhs = read_atom(r, -1);
  if (lhs < 0) return false;
  skip_space(r);
  if (!looking_at(r, r->pos, "::=")) {
    reader_error_at(r, r->pos, "missing '::=' after %s", r->symbols.items[lhs].name);
    return false;
  }
  r->pos += 3;
  SdSymbolInfo *info = &r->symbols.items[lhs];
  if (r->defined.items[lhs]) {
    int line, col;
    reader_line_col(r, at, &line, &col);
    sd_diagnostics_add(r->diags, true, r->path, line, col,
                       "%s is defined again (first at line %d); alternatives are merged",
                       info->name, info->line);
  } else {
    reader_line_col(r, at, &info->line, &info->column);
  }
  r->defined.items[lhs] = true;
  AltList alts = {0};
  bool ok = read_alternatives(r, lhs, &alts, false);
  for (uint32_t i = 0; i < alts.size; i++) array_push(&r->rules.items[lhs], alts.items[i]);
  array_free(&alts);
  if (!ok) return false;
  skip_space(r);
  if (r->pos < r->len && r->text[r->pos] == ';') r->pos++;
  if (r->pos < r->len && r->text[r->pos] == ')') {
    reader_error_at(r, r->pos, "unexpected ')' without a matching '('");
    return false;
  }
  return true;
}

/* ---------- text check ---------- */

static bool check_text(Reader *r) {
  const unsigned char *p = (const unsigned char *)r->text;
  size_t i = 0;
  while (i < r->len) {
    unsigned char c = p[i];
    if (c == 0) {
      reader_error_at(r, i, "not a text file (NUL byte)");
      return false;
    }
    if (c < 0x80) {
      i++;
      continue;
    }
    int n = c >= 0xf0 && c < 0xf5 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 && c < 0xe0 ? 1 : -1;
    if (c >= 0xf5) n = -1;
    bool ok = n > 0 && i + (size_t)n < r->len + 0 + 1;
    for (int k = 1; ok && k <= n; k++) ok = i + k < r->len && (p[i + k] & 0xc0) == 0x80;
    if (!ok) {
      reader_error_at(r, i, "not a text file (invalid UTF-8 byte 0x%02x)", c);
      return false;
    }
    i += (size_t)n + 1;
  }
  return true;
}

/* ---------- analysis ---------- */

/* The nonterminals whose alternatives use each symbol (users[first[c]] up
 * to users[first[c + 1]], a nonterminal once per use), for the analyses
 * below: each is a fixpoint computed with a worklist, so that a change
 * revisits only the rules it can change, and a chain of any number of
 * nonterminals takes linear time (sweeping every rule until nothing changes
 * took a sweep per link of the chain). */
typedef struct Users {
  uint32_t *first, *users;
  Array(uint32_t) queue;
  uint32_t head;
  bool *queued;
} Users;

static void users_init(Users *u, const SdGrammar *g) {
  uint32_t n = g->symbol_count;
  u->first = sd_xcalloc((size_t)n + 1, sizeof(uint32_t));
  for (uint32_t s = 0; s < n; s++)
    for (uint32_t a = 0; a < g->symbols[s].alternative_count; a++)
      for (uint32_t k = 0; k < g->symbols[s].alternatives[a].count; k++)
        u->first[g->symbols[s].alternatives[a].symbols[k] + 1]++;
  for (uint32_t s = 0; s < n; s++) u->first[s + 1] += u->first[s];
  u->users = sd_xmalloc(((size_t)u->first[n] + 1) * sizeof(uint32_t));
  uint32_t *fill = sd_xmalloc(((size_t)n + 1) * sizeof(uint32_t));
  memcpy(fill, u->first, ((size_t)n + 1) * sizeof(uint32_t));
  for (uint32_t s = 0; s < n; s++)
    for (uint32_t a = 0; a < g->symbols[s].alternative_count; a++)
      for (uint32_t k = 0; k < g->symbols[s].alternatives[a].count; k++)
        u->users[fill[g->symbols[s].alternatives[a].symbols[k]]++] = s;
  free(fill);
  u->queue = (typeof(u->queue)){0};
  u->head = 0;
  u->queued = sd_xcalloc(n ? n : 1, sizeof(bool));
  for (uint32_t s = 0; s < n; s++)
    if (g->symbols[s].kind == SD_SYM_NONTERMINAL) array_push(&u->queue, s), u->queued[s] = true;
}

/* The next nonterminal to look at, or UINT32_MAX when none is left. */
static uint32_t users_next(Users *u) {
  if (u->head == u->queue.size) return UINT32_MAX;
  uint32_t s = u->queue.items[u->head++];
  u->queued[s] = false;
  if (u->head == u->queue.size) u->head = u->queue.size = 0;
  return s;
}

/* s changed: look again at the nonterminals that use it. */
static void users_changed(Users *u, uint32_t s) {
  for (uint32_t i = u->first[s]; i < u->first[s + 1]; i++) {
    uint32_t p = u->users[i];
    if (!u->queued[p]) u->queued[p] = true, array_push(&u->queue, p);
  }
}

static void users_free(Users *u) {
  free(u->first);
  free(u->users);
  free(u->queued);
  array_free(&u->queue);
}

static void compute_costs(SdGrammar *g) {
  const uint32_t INF = UINT32_MAX;
  for (uint32_t s = 0; s < g->symbol_count; s++) {
    SdSymbolInfo *si = &g->symbols[s];
    if (si->kind == SD_SYM_NONTERMINAL) {
      si->min_size = si->min_length = si->min_depth = INF;
      for (uint32_t a = 0; a < si->alternative_count; a++)
        si->alternatives[a].min_size = si->alternatives[a].min_length = INF;
    } else {
      si->min_size = 1;
      si->min_length = si->kind == SD_SYM_LITERAL ? si->length : 1;
      si->min_depth = 0;
      si->productive = true;
      si->nullable = si->kind == SD_SYM_LITERAL && si->length == 0;
    }
  }
  Users u;
  users_init(&u, g);
  for (uint32_t s; (s = users_next(&u)) != UINT32_MAX;) {
    SdSymbolInfo *si = &g->symbols[s];
    bool changed = false;
    for (uint32_t a = 0; a < si->alternative_count; a++) {
      SdAlternative *alt = &si->alternatives[a];
      uint64_t size = 1, length = 0;
      uint32_t depth = 0;
      bool finite = true, nullable = true;
      for (uint32_t k = 0; k < alt->count; k++) {
        SdSymbolInfo *c = &g->symbols[alt->symbols[k]];
        if (c->min_size == INF) {
          finite = false;
          break;
        }
        size += c->min_size;
        length += c->min_length;
        if (c->min_depth + 1 > depth) depth = c->min_depth + 1;
        nullable = nullable && c->nullable;
      }
      if (!finite) continue;
      if (depth == 0) depth = 1;
      if (size > INF - 1) size = INF - 1;
      if (length > INF - 1) length = INF - 1;
      alt->min_size = (uint32_t)size;
      alt->min_length = (uint32_t)length;
      if (nullable && !si->nullable) si->nullable = true, changed = true;
      if (size < si->min_size) si->min_size = (uint32_t)size, changed = true;
      if (length < si->min_length) si->min_length = (uint32_t)length, changed = true;
      if (depth < si->min_depth) si->min_depth = depth, changed = true;
      si->productive = true;
    }
    if (changed) users_changed(&u, s);
  }
  users_free(&u);
  /* the cheapest alternative: the first of the fewest nodes */
  for (uint32_t s = 0; s < g->symbol_count; s++) {
    SdSymbolInfo *si = &g->symbols[s];
    if (si->kind != SD_SYM_NONTERMINAL || !si->productive) continue;
    for (uint32_t a = 0; a < si->alternative_count && si->cheapest_alternative < 0; a++)
      if (si->alternatives[a].min_size == si->min_size) si->cheapest_alternative = (int32_t)a;
  }
}

static void mark_reachable(SdGrammar *g, SdSymbol s) {
  Array(SdSymbol) stack = {0};
  array_push(&stack, s);
  g->symbols[s].reachable = true;
  while (stack.size) {
    SdSymbolInfo *si = &g->symbols[array_pop(&stack)];
    for (uint32_t a = 0; a < si->alternative_count; a++)
      for (uint32_t k = 0; k < si->alternatives[a].count; k++) {
        SdSymbol c = si->alternatives[a].symbols[k];
        if (!g->symbols[c].reachable) {
          g->symbols[c].reachable = true;
          array_push(&stack, c);
        }
      }
  }
  array_free(&stack);
}

/* Tarjan's SCC over nonterminals, with an explicit stack of frames (the
 * nonterminal, and the alternative and position of the next child to look
 * at); a child's low link goes to its parent when the child's frame ends. */
int32_t sd_grammar_components(const SdGrammar *self, int32_t *comp) {
  uint32_t n = self->symbol_count;
  int32_t *index = sd_xmalloc((n ? n : 1) * sizeof(int32_t));
  int32_t *low = sd_xmalloc((n ? n : 1) * sizeof(int32_t));
  bool *on_stack = sd_xcalloc(n ? n : 1, sizeof(bool));
  for (uint32_t i = 0; i < n; i++) index[i] = -1, comp[i] = -1;
  typedef struct Frame {
    SdSymbol v;
    uint32_t alternative, position;
  } Frame;
  Array(Frame) frames = {0};
  Array(SdSymbol) stack = {0};
  int32_t counter = 0, comps = 0;
  for (uint32_t root = 0; root < n; root++) {
    if (self->symbols[root].kind != SD_SYM_NONTERMINAL || index[root] >= 0) continue;
    index[root] = low[root] = counter++;
    array_push(&stack, (SdSymbol)root);
    on_stack[root] = true;
    array_push(&frames, ((Frame){(SdSymbol)root, 0, 0}));
    while (frames.size) {
      Frame *f = array_back(&frames);
      SdSymbol v = f->v;
      const SdSymbolInfo *si = &self->symbols[v];
      if (f->alternative < si->alternative_count) {
        const SdAlternative *alt = &si->alternatives[f->alternative];
        if (f->position >= alt->count) {
          f->alternative++;
          f->position = 0;
          continue;
        }
        SdSymbol w = alt->symbols[f->position++];
        if (self->symbols[w].kind != SD_SYM_NONTERMINAL) continue;
        if (index[w] < 0) {
          index[w] = low[w] = counter++;
          array_push(&stack, w);
          on_stack[w] = true;
          array_push(&frames, ((Frame){w, 0, 0})); /* f is stale from here */
        } else if (on_stack[w] && index[w] < low[v]) {
          low[v] = index[w];
        }
        continue;
      }
      if (low[v] == index[v]) {
        SdSymbol w;
        do {
          w = array_pop(&stack);
          on_stack[w] = false;
          comp[w] = comps;
        } while (w != v);
        comps++;
      }
      frames.size--;
      if (frames.size) {
        SdSymbol parent = array_back(&frames)->v;
        if (low[v] < low[parent]) low[parent] = low[v];
      }
    }
  }
  array_free(&frames);
  array_free(&stack);
  free(index);
  free(low);
  free(on_stack);
  return comps;
}

static void compute_regular(SdGrammar *g) {
  uint32_t n = g->symbol_count;
  struct {
    int32_t *comp;
    int32_t comps;
  } st;
  st.comp = sd_xmalloc((n ? n : 1) * sizeof(int32_t));
  st.comps = sd_grammar_components(g, st.comp);
  /* classify components: bit 1 = right-linear ok, bit 2 = left-linear ok */
  int *ok = sd_xmalloc((size_t)(st.comps ? st.comps : 1) * sizeof(int));
  for (int32_t c = 0; c < st.comps; c++) ok[c] = 3;
  for (uint32_t v = 0; v < n; v++) {
    SdSymbolInfo *si = &g->symbols[v];
    if (si->kind != SD_SYM_NONTERMINAL) continue;
    for (uint32_t a = 0; a < si->alternative_count; a++) {
      SdAlternative *alt = &si->alternatives[a];
      int same = 0;
      for (uint32_t k = 0; k < alt->count; k++) {
        SdSymbol w = alt->symbols[k];
        if (g->symbols[w].kind != SD_SYM_NONTERMINAL || st.comp[w] != st.comp[v]) continue;
        same++;
        if (k != alt->count - 1) ok[st.comp[v]] &= ~1;
        if (k != 0) ok[st.comp[v]] &= ~2;
      }
      if (same > 1) ok[st.comp[v]] = 0;
    }
  }
  /* regular(v) = ok[comp(v)] && all successors regular; components are
   * numbered in reverse topological order, so successors come first. */
  bool *comp_regular = sd_xmalloc((size_t)(st.comps ? st.comps : 1) * sizeof(bool));
  for (int32_t c = 0; c < st.comps; c++) comp_regular[c] = ok[c] != 0;
  /* the nonterminals in order of their components (a counting sort), so
   * that the pass is linear in the grammar */
  uint32_t *first = sd_xcalloc((size_t)st.comps + 1, sizeof(uint32_t));
  uint32_t *order = sd_xmalloc((n ? n : 1) * sizeof(uint32_t));
  for (uint32_t v = 0; v < n; v++)
    if (st.comp[v] >= 0) first[st.comp[v] + 1]++;
  for (int32_t c = 0; c < st.comps; c++) first[c + 1] += first[c];
  uint32_t *fill = sd_xmalloc(((size_t)st.comps + 1) * sizeof(uint32_t));
  memcpy(fill, first, ((size_t)st.comps + 1) * sizeof(uint32_t));
  for (uint32_t v = 0; v < n; v++)
    if (st.comp[v] >= 0) order[fill[st.comp[v]]++] = v;
  free(fill);
  for (int32_t c = 0; c < st.comps; c++) {
    for (uint32_t i = first[c]; i < first[c + 1]; i++) {
      uint32_t v = order[i];
      SdSymbolInfo *si = &g->symbols[v];
      for (uint32_t a = 0; a < si->alternative_count; a++)
        for (uint32_t k = 0; k < si->alternatives[a].count; k++) {
          SdSymbol w = si->alternatives[a].symbols[k];
          if (g->symbols[w].kind == SD_SYM_NONTERMINAL && st.comp[w] != c && !comp_regular[st.comp[w]])
            comp_regular[c] = false;
        }
    }
  }
  for (uint32_t v = 0; v < n; v++)
    g->symbols[v].regular = g->symbols[v].kind != SD_SYM_NONTERMINAL || comp_regular[st.comp[v]];
  free(first);
  free(order);
  free(comp_regular);
  free(ok);
  free(st.comp);
}

/* Numerals: automaton 0 -sign-> 1, {0,1} -digit-> 2, 2 -digit-> 2 (an
 * integer, accepted in 2), 2 -'.'-> 3, {3,4} -digit-> 4 (a decimal with a
 * fraction, accepted in 4). rel[s] is a 5x5 boolean matrix (bit p*5+q):
 * some derivation of s moves p to q. */
enum { NUM_STATES = 5, NUM_INTEGER = 2, NUM_FRACTION = 4 };

static int step(int state, unsigned char c) {
  bool digit = c >= '0' && c <= '9';
  if (state == 0 && (c == '-' || c == '+')) return 1;
  if (state <= NUM_INTEGER && digit) return NUM_INTEGER;
  if (state == NUM_INTEGER && c == '.') return 3;
  if (state >= 3 && digit) return NUM_FRACTION;
  return -1;
}

static uint32_t compose(uint32_t a, uint32_t b) {
  uint32_t r = 0;
  for (int p = 0; p < NUM_STATES; p++)
    for (int m = 0; m < NUM_STATES; m++)
      if ((a >> (p * NUM_STATES + m)) & 1)
        for (int q = 0; q < NUM_STATES; q++)
          if ((b >> (m * NUM_STATES + q)) & 1) r |= 1u << (p * NUM_STATES + q);
  return r;
}

/* The moves of the automaton over one terminal symbol's derivations. */
static uint32_t terminal_moves(const SdSymbolInfo *si) {
  uint32_t r = 0;
  for (int p = 0; p < NUM_STATES; p++) {
    if (si->kind == SD_SYM_LITERAL) {
      int q = p;
      for (uint32_t k = 0; k < si->length && q >= 0; k++) q = step(q, (unsigned char)si->bytes[k]);
      if (q >= 0) r |= 1u << (p * NUM_STATES + q);
    } else if (si->kind == SD_SYM_CHARSET) {
      for (int c = 0; c < 256; c++) {
        int q = sd_charset_has(si, (unsigned char)c) ? step(p, (unsigned char)c) : -1;
        if (q >= 0) r |= 1u << (p * NUM_STATES + q);
      }
    }
  }
  return r;
}

static void compute_numeric(SdGrammar *g) {
  uint32_t n = g->symbol_count;
  uint32_t *rel = sd_xcalloc(n, sizeof(uint32_t));
  uint32_t identity = 0;
  for (int p = 0; p < NUM_STATES; p++) identity |= 1u << (p * NUM_STATES + p);
  for (uint32_t s = 0; s < n; s++) rel[s] = terminal_moves(&g->symbols[s]);
  Users u; /* rel only grows, at most 25 bits: each symbol changes at most 25 times */
  users_init(&u, g);
  for (uint32_t s; (s = users_next(&u)) != UINT32_MAX;) {
    SdSymbolInfo *si = &g->symbols[s];
    bool changed = false;
    for (uint32_t a = 0; a < si->alternative_count; a++) {
      uint32_t r = identity;
      for (uint32_t k = 0; k < si->alternatives[a].count && r; k++)
        r = compose(r, rel[si->alternatives[a].symbols[k]]);
      if ((rel[s] | r) != rel[s]) rel[s] |= r, changed = true;
    }
    if (changed) users_changed(&u, s);
  }
  users_free(&u);
  for (uint32_t s = 0; s < n; s++) {
    g->symbols[s].numeric = (rel[s] >> NUM_INTEGER) & 1;   /* (0, 2) */
    g->symbols[s].decimal = (rel[s] >> NUM_FRACTION) & 1;  /* (0, 4) */
  }
  free(rel);
}

/* Lexical nonterminals: every alternative holds terminals and nonterminals
 * desugaring introduced (repetitions, character classes) that are lexical
 * too: a word, a label, a number, not a structure (`<label> ::= [a-z0-9]+`,
 * not `<host> ::= <label> "." <host>`). A fixed point from "all lexical",
 * each pass taking away a symbol that uses one that is not. */
static void compute_lexical(SdGrammar *g) {
  for (uint32_t s = 0; s < g->symbol_count; s++) g->symbols[s].lexical = true;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t s = 0; s < g->symbol_count; s++) {
      SdSymbolInfo *si = &g->symbols[s];
      if (!si->lexical || !sd_grammar_is_nonterminal(g, (SdSymbol)s)) continue;
      for (uint32_t a = 0; a < si->alternative_count && si->lexical; a++)
        for (uint32_t k = 0; k < si->alternatives[a].count && si->lexical; k++) {
          const SdSymbolInfo *x = &g->symbols[si->alternatives[a].symbols[k]];
          if (sd_grammar_is_nonterminal(g, si->alternatives[a].symbols[k]) && !(x->generated && x->lexical))
            si->lexical = false, changed = true;
        }
    }
  }
}

/* ---------- building ---------- */

static void reader_free(Reader *r) {
  for (uint32_t i = 0; i < r->rules.size; i++) {
    for (uint32_t a = 0; a < r->rules.items[i].size; a++) array_free(&r->rules.items[i].items[a]);
    array_free(&r->rules.items[i]);
  }
  array_free(&r->rules);
  array_free(&r->defined);
  array_free(&r->use_line);
  array_free(&r->use_col);
  sd_hash_set_free(&r->taken_names);
  free(r->index);
}

static void free_symbols(SdSymbolInfo *symbols, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    free(symbols[i].name);
    free(symbols[i].bytes);
    for (uint32_t a = 0; a < symbols[i].alternative_count; a++) free(symbols[i].alternatives[a].symbols);
    free(symbols[i].alternatives);
  }
  free(symbols);
}

SdGrammar *sd_grammar_parse(const char *text, size_t len, const char *path,
                            const char *start_name, SdDiagnostics *diags) {
  Reader r = {.text = text, .len = len, .path = path ? path : "<grammar>", .diags = diags};
  if (!check_text(&r)) return NULL;
  skip_space(&r);
  if (r.pos >= r.len) {
    sd_diagnostics_add(diags, false, r.path, 1, 1, "empty grammar: no rules");
    return NULL;
  }
  collect_names(&r);
  while (!r.failed) {
    skip_space(&r);
    if (r.pos >= r.len) break;
    read_rule(&r);
  }
  SdGrammar *g = sd_xcalloc(1, sizeof *g);
  g->path = sd_xstrdup(r.path);
  g->symbol_count = r.symbols.size;
  g->symbols = r.symbols.items;
  r.symbols.items = NULL;
  for (uint32_t s = 0; s < g->symbol_count; s++) {
    SdSymbolInfo *si = &g->symbols[s];
    if (si->kind != SD_SYM_NONTERMINAL) continue;
    g->nonterminal_count++;
    AltList *alts = &r.rules.items[s];
    si->alternative_count = alts->size;
    si->alternatives = sd_xcalloc(alts->size, sizeof(SdAlternative));
    for (uint32_t a = 0; a < alts->size; a++) {
      si->alternatives[a].symbols = alts->items[a].items;
      si->alternatives[a].count = alts->items[a].size;
      alts->items[a].items = NULL;
      alts->items[a].size = alts->items[a].capacity = 0;
    }
  }
  if (r.failed) goto fail;
  /* undefined nonterminals */
  for (uint32_t s = 0; s < g->symbol_count; s++)
    if (g->symbols[s].kind == SD_SYM_NONTERMINAL && !r.defined.items[s])
      sd_diagnostics_add(diags, false, r.path, r.use_line.items[s], r.use_col.items[s],
                         "undefined nonterminal %s", g->symbols[s].name);
  const char *sname = start_name ? start_name : "<start>";
  g->start = sd_grammar_find(g, sname);
  if (g->start < 0 || !sd_grammar_is_nonterminal(g, g->start)) {
    sd_diagnostics_add(diags, false, r.path, 0, 0, "no rule for the start symbol %s%s%s",
                       sname[0] == '<' ? "" : "<", sname, sname[0] == '<' ? "" : ">");
    g->start = -1;
  }
  if (sd_diagnostics_has_error(diags)) goto fail;
  compute_costs(g);
  for (uint32_t s = 0; s < g->symbol_count; s++) {
    SdSymbolInfo *si = &g->symbols[s];
    if (si->kind == SD_SYM_NONTERMINAL && !si->productive)
      sd_diagnostics_add(diags, false, r.path, si->line, si->column,
                         "%s derives no finite string (every alternative recurses forever)",
                         si->name);
  }
  if (sd_diagnostics_has_error(diags)) goto fail;
  mark_reachable(g, g->start);
  bool custom_start = strcmp(g->symbols[g->start].name, "<start>") != 0;
  for (uint32_t s = 0; s < g->symbol_count; s++) {
    SdSymbolInfo *si = &g->symbols[s];
    if (si->kind == SD_SYM_NONTERMINAL && !si->reachable && !si->generated && !custom_start)
      sd_diagnostics_add(diags, true, r.path, si->line, si->column,
                         "%s is unreachable from %s", si->name, g->symbols[g->start].name);
  }
  compute_regular(g);
  compute_numeric(g);
  compute_lexical(g);
  reader_free(&r);
  return g;
fail:
  reader_free(&r);
  sd_grammar_free(g);
  return NULL;
}

SdGrammar *sd_grammar_load(const char *path, const char *start_name, SdDiagnostics *diags) {
  size_t len;
  const char *err = NULL;
  char *text = sd_read_file(path, &len, &err);
  if (!text) {
    sd_diagnostics_add(diags, false, path, 0, 0, "cannot read grammar: %s", err);
    return NULL;
  }
  SdGrammar *g = sd_grammar_parse(text, len, path, start_name, diags);
  free(text);
  return g;
}

void sd_grammar_free(SdGrammar *self) {
  if (!self) return;
  free_symbols(self->symbols, self->symbol_count);
  free(self->path);
  free(self);
}

SdSymbol sd_grammar_find(const SdGrammar *self, const char *name) {
  size_t n = strlen(name);
  bool bracketed = n >= 2 && name[0] == '<' && name[n - 1] == '>';
  for (uint32_t s = 0; s < self->symbol_count; s++) {
    const SdSymbolInfo *si = &self->symbols[s];
    if (si->kind != SD_SYM_NONTERMINAL) continue;
    if (bracketed ? !strcmp(si->name, name)
                  : (strlen(si->name) == n + 2 && !strncmp(si->name + 1, name, n)))
      return (SdSymbol)s;
  }
  return -1;
}

bool sd_grammar_can_contain(const SdGrammar *self, SdSymbol a, SdSymbol b) {
  if (a == b) return true;
  uint8_t *seen = sd_xcalloc(self->symbol_count, 1);
  Array(SdSymbol) stack = {0};
  array_push(&stack, a);
  seen[a] = 1;
  bool found = false;
  while (stack.size && !found) {
    const SdSymbolInfo *si = &self->symbols[array_pop(&stack)];
    for (uint32_t k = 0; k < si->alternative_count && !found; k++)
      for (uint32_t i = 0; i < si->alternatives[k].count; i++) {
        SdSymbol c = si->alternatives[k].symbols[i];
        if (c == b) found = true;
        if (!seen[c]) seen[c] = 1, array_push(&stack, c);
      }
  }
  array_free(&stack);
  free(seen);
  return found;
}

char *sd_grammar_to_bnf(const SdGrammar *self) {
  SdBuf b = {0};
  for (uint32_t s = 0; s < self->symbol_count; s++) {
    const SdSymbolInfo *si = &self->symbols[s];
    if (si->kind != SD_SYM_NONTERMINAL) continue;
    sd_buf_printf(&b, "%s ::=", si->name);
    for (uint32_t a = 0; a < si->alternative_count; a++) {
      if (a) sd_buf_puts(&b, " |");
      if (si->alternatives[a].count == 0) sd_buf_puts(&b, " \"\"");
      for (uint32_t k = 0; k < si->alternatives[a].count; k++)
        sd_buf_printf(&b, " %s", self->symbols[si->alternatives[a].symbols[k]].name);
    }
    sd_buf_putc(&b, '\n');
  }
  return sd_buf_take(&b);
}

/* Occurrence bounds of `target` in derivations of each symbol, saturated at
 * 2 ("two or more"): a fixpoint from below for the maximum and from above
 * for the minimum. */
static bool derives_once(const SdGrammar *self, SdSymbol target);

/* Remembered per symbol: the learner and the printer ask it for every
 * quantifier of every candidate (a fixpoint over the grammar each time). */
static bool operator_literal(const SdSymbolInfo *t, bool infix) {
  if (t->kind != SD_SYM_LITERAL) return false;
  for (uint32_t i = 0; i < t->length; i++) {
    char c = t->bytes[i];
    if (c == '(' || c == ')' || c == '*' || c == '/' || c == '%' || (infix && (c == '+' || c == '-'))) return true;
  }
  return false;
}

static bool computes(const SdGrammar *self, SdSymbol s) {
  uint8_t *seen = sd_xcalloc(self->symbol_count, 1);
  Array(SdSymbol) stack = {0};
  array_push(&stack, s);
  seen[s] = 1;
  bool found = false;
  while (stack.size && !found) {
    const SdSymbolInfo *si = &self->symbols[array_pop(&stack)];
    for (uint32_t k = 0; k < si->alternative_count && !found; k++)
      for (uint32_t i = 0; i < si->alternatives[k].count && !found; i++) {
        SdSymbol c = si->alternatives[k].symbols[i];
        found = operator_literal(&self->symbols[c], i > 0);
        if (!seen[c]) seen[c] = 1, array_push(&stack, c);
      }
  }
  array_free(&stack);
  free(seen);
  return found;
}

bool sd_grammar_computes(const SdGrammar *self, SdSymbol s) {
  if (s < 0 || (uint32_t)s >= self->symbol_count) return false;
  if (!self->symbols[s].computes) self->symbols[s].computes = computes(self, s) ? 2 : 1;
  return self->symbols[s].computes == 2;
}

bool sd_grammar_exactly_once(const SdGrammar *self, SdSymbol target) {
  if (!self->symbols[target].once) self->symbols[target].once = derives_once(self, target) ? 2 : 1;
  return self->symbols[target].once == 2;
}

/* lo[s], hi[s]: the least and greatest number of `target`s (saturated at 2)
 * in derivations of each symbol s; both arrays of symbol_count entries. */
static void occurrence_bounds(const SdGrammar *self, SdSymbol target, uint8_t *lo, uint8_t *hi) {
  uint32_t n = self->symbol_count;
  for (uint32_t s = 0; s < n; s++) lo[s] = self->symbols[s].kind == SD_SYM_NONTERMINAL ? 2 : 0, hi[s] = 0;
  if (self->symbols[target].kind != SD_SYM_NONTERMINAL) lo[target] = hi[target] = 1;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t s = 0; s < n; s++) {
      const SdSymbolInfo *si = &self->symbols[s];
      if (si->kind != SD_SYM_NONTERMINAL) continue;
      uint8_t best_lo = 2, best_hi = 0;
      for (uint32_t a = 0; a < si->alternative_count; a++) {
        const SdAlternative *alt = &si->alternatives[a];
        if (alt->min_size == UINT32_MAX) continue; /* unproductive alternatives derive nothing */
        unsigned l = (SdSymbol)s == target, h = (SdSymbol)s == target;
        for (uint32_t k = 0; k < alt->count; k++) l += lo[alt->symbols[k]], h += hi[alt->symbols[k]];
        if (l > 2) l = 2;
        if (h > 2) h = 2;
        if (l < best_lo) best_lo = (uint8_t)l;
        if (h > best_hi) best_hi = (uint8_t)h;
      }
      if (best_lo != lo[s] || best_hi != hi[s]) lo[s] = best_lo, hi[s] = best_hi, changed = true;
    }
  }
}

/* Whether every derivation from the start holds exactly one `target`. */
static bool derives_once(const SdGrammar *self, SdSymbol target) {
  uint8_t *lo = sd_xmalloc(self->symbol_count), *hi = sd_xmalloc(self->symbol_count);
  occurrence_bounds(self, target, lo, hi);
  bool once = lo[self->start] == 1 && hi[self->start] == 1;
  free(lo);
  free(hi);
  return once;
}

bool sd_grammar_at_most_once_in(const SdGrammar *self, SdSymbol container, SdSymbol target) {
  uint8_t *lo = sd_xmalloc(self->symbol_count), *hi = sd_xmalloc(self->symbol_count);
  occurrence_bounds(self, target, lo, hi);
  bool once = hi[container] <= 1;
  free(lo);
  free(hi);
  return once;
}

/* ---------- names for people ---------- */

static void render_symbol(SdBuf *b, const SdGrammar *g, SdSymbol s, int depth);


static void render_sequence(SdBuf *b, const SdGrammar *g, const SdAlternative *alt, int depth) {
  if (alt->count == 0) {
    sd_buf_puts(b, "\"\"");
    return;
  }
  for (uint32_t k = 0; k < alt->count; k++) {
    if (k) sd_buf_putc(b, ' ');
    render_symbol(b, g, alt->symbols[k], depth + 1);
  }
}

/* A generated helper written back as the EBNF it came from: x*, x+, x? or a group. */
static void render_generated(SdBuf *b, const SdGrammar *g, SdSymbol s, int depth) {
  const SdSymbolInfo *si = sd_grammar_symbol(g, s);
  if (si->alternative_count == 2) {
    const SdAlternative *a = &si->alternatives[0], *c = &si->alternatives[1];
    if (a->count == 0 && c->count == 2 && c->symbols[0] == s && c->symbols[1] != s) {
      render_symbol(b, g, c->symbols[1], depth + 1);
      sd_buf_putc(b, '*');
      return;
    }
    if (a->count == 1 && c->count == 2 && c->symbols[0] == s && c->symbols[1] == a->symbols[0]) {
      render_symbol(b, g, a->symbols[0], depth + 1);
      sd_buf_putc(b, '+');
      return;
    }
    if (a->count == 0 && c->count == 1 && c->symbols[0] != s) {
      render_symbol(b, g, c->symbols[0], depth + 1);
      sd_buf_putc(b, '?');
      return;
    }
  }
  sd_buf_putc(b, '(');
  for (uint32_t k = 0; k < si->alternative_count; k++) {
    if (k) sd_buf_puts(b, " | ");
    render_sequence(b, g, &si->alternatives[k], depth);
  }
  sd_buf_putc(b, ')');
}

static void render_symbol(SdBuf *b, const SdGrammar *g, SdSymbol s, int depth) {
  const SdSymbolInfo *si = sd_grammar_symbol(g, s);
  if (si->kind == SD_SYM_NONTERMINAL && si->generated && depth < 16) render_generated(b, g, s, depth);
  else sd_buf_puts(b, si->name);
}

void sd_grammar_render_alternative(const SdGrammar *self, const SdAlternative *alt, void *buf) {
  render_sequence(buf, self, alt, 0);
}

char *sd_grammar_display_name(const SdGrammar *self, SdSymbol s) {
  SdBuf b = {0};
  render_symbol(&b, self, s, 0);
  return sd_buf_take(&b);
}

/* The smallest nonterminal (not the start, not made by desugaring) that
 * may occur more than once and holds both x and y; -1 when there is none. */
SdSymbol sd_grammar_common_scope(const SdGrammar *g, SdSymbol x, SdSymbol y) {
  SdSymbol best = -1;
  for (uint32_t c = 0; c < g->symbol_count; c++) {
    const SdSymbolInfo *si = &g->symbols[c];
    if (si->kind != SD_SYM_NONTERMINAL || si->generated || !si->reachable || (SdSymbol)c == g->start ||
        (SdSymbol)c == x || (SdSymbol)c == y || !sd_grammar_can_contain(g, (SdSymbol)c, x) ||
        !sd_grammar_can_contain(g, (SdSymbol)c, y) || sd_grammar_exactly_once(g, (SdSymbol)c))
      continue;
    if (best < 0 || sd_grammar_can_contain(g, best, (SdSymbol)c)) best = (SdSymbol)c;
  }
  return best;
}
