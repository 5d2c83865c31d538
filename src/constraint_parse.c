/* constraint_parse.c: lexer, parser and checks for ISLa constraints.
 *
 * The text is lexed into a token array first (so the parser can look ahead
 * and match parentheses), then parsed by recursive descent straight into the
 * SdFormula/SdTerm tree in the constraint's arena, resolving names and
 * checking types and arities as it goes; the first error stops the parse
 * (longjmp back to sd_constraint_parse) with its line:col and what was
 * expected.
 *
 * Precedence follows ISLa's grammar: from strongest to weakest `not`, `and`,
 * `or`, `xor`, `implies`, `iff`, all left-associative; a quantifier's body is
 * one unary formula (an atom, a `not`, another quantifier or a parenthesised
 * formula), so `forall <a> x: A and B` is `(forall <a> x: A) and B`, as in
 * ISLa. Terms: comparisons (= < <= > >=) below `+ -`, below `* div mod`, below
 * the infix `str.++`/`re.++`, below unary minus. A `(` at formula level is a
 * parenthesised term when an infix operator follows its `)`, an S-expression
 * when an operator comes next (`(> a b)`, `(str.len x)`; a function name
 * directly followed by `(` is the prefix form `str.len(x)` instead), and a
 * parenthesised formula otherwise.
 *
 * Free nonterminals (`<T>` with no binder in scope) get one implicit variable
 * per nonterminal, and the formula is closed over them as ISLa does
 * (close_over: pushed into and/or past the operands that do not mention it,
 * into implications, negations and forall bodies; S-expression connectives
 * are wrapped whole). Match expressions (`="..."`) are read from the string
 * literal's source (parse_match); XPath steps (`a.<b>`, `a..<c>`) wait as
 * pending until the quantifier of their base is made (finish_binder): child
 * steps become paths of its range, descendant steps foralls pushed into its
 * body. Integer quantifiers bind a variable of symbol SD_SYMBOL_INT; `const
 * s: <T>;` makes s another name of start. The result is flattened and the
 * variables get unique names. Keywords and function names are looked up in
 * a hash index made once (name_index): the learner parses thousands of
 * small constraints, and a walk of the tables with strcmp was two fifths of
 * its parsing. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "constraint_internal.h"

typedef enum TokKind {
  T_EOF, T_LPAR, T_RPAR, T_COMMA, T_COLON, T_SEMI, T_NT, T_ID, T_INT, T_DEC, T_STRING, T_OP,
  T_XPATH, /* a.<b>.<c>[2]..<d>, <a>.<b>: value is the text; base_len the length of `a`/`<a>` */
} TokKind;

typedef struct Tok {
  TokKind kind;
  uint32_t start, len;     /* in the source */
  int line, column;
  bool space_before;
  char *value;             /* T_STRING: decoded bytes; T_INT: digits without leading zeros;
                              T_DEC: normalised decimal ("37.5"); else text */
  uint32_t value_len;
  uint32_t base_len;       /* T_XPATH */
} Tok;

typedef Array(SdTerm *) TermArray;
typedef Array(SdFormula *) FormulaArray;

typedef struct Scope {
  const char *name; /* NULL: an unnamed binder, referred to as <symbol> */
  SdSymbol symbol;
  int32_t var;
} Scope;

typedef struct FreeNt {
  SdSymbol symbol;
  int32_t var;
} FreeNt;

/* An XPath step group: from base, either child steps (a path the base's
 * quantifier gets) or a descendant `..<T>` (a `forall <T> var in base`,
 * pushed into the base's quantifier's body as ISLa pushes it in). */
typedef struct Pending {
  int32_t base, var;
  bool descendant, done;
  uint32_t step_count;
  SdSymbol *symbols;
  uint32_t *indices;
} Pending;

typedef struct P {
  const char *text;
  size_t len;
  SdConstraint *c;
  Array(Tok) toks;
  uint32_t pos;
  Array(Scope) scope;
  Array(FreeNt) free_nts;
  TermArray tstack;    /* argument lists being parsed (freed even after an error) */
  FormulaArray fstack;
  int32_t start_var;
  int depth;           /* of parse_unary / parse_unary_term calls */
  bool sexpr_arg;      /* parsing an argument of an S-expression (where `a -1` is two) */
  FormulaArray opaque; /* S-expression connectives: ISLa reads `(and A B)` as one SMT
                          formula, so the quantifier of a free nonterminal wraps it whole */
  Array(struct Pending) pending; /* XPath steps waiting for their base's quantifier */
  int32_t closing_in;  /* the range (`in`) of the quantifiers close_over makes, -1 start */
  const char *const_name; /* `const name: <T>;`: another name of start */
  SdConstraintError *err;
  jmp_buf fail;
} P;

static void __attribute__((noreturn, format(printf, 4, 5)))
fail_at(P *p, int line, int column, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  SdBuf b = {0};
  char tmp[512];
  vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  sd_buf_puts(&b, tmp);
  p->err->line = line;
  p->err->column = column;
  p->err->message = sd_buf_take(&b);
  longjmp(p->fail, 1);
}

/* ---- lexer ---- */

static bool id_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static bool id_char(char c) {
  return id_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '^';
}
static bool nt_char(char c) {
  return c != '>' && c != '<' && c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '"' &&
         c != '(' && c != ')' && c != ',';
}

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static void put_utf8(SdBuf *b, uint32_t cp) {
  if (cp < 0x80) {
    sd_buf_putc(b, (char)cp);
  } else if (cp < 0x800) {
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

/* XPath segments from s[k]: (`.` | `..`) `<T>` (`[` digits `]`)?, at least
 * one; returns the end. */
static size_t lex_xpath(P *p, const char *s, size_t n, size_t k, int line, size_t line_start) {
  bool one = false;
  for (;;) {
    size_t dots = k + 1 < n && s[k] == '.' && s[k + 1] == '.' ? 2 : k < n && s[k] == '.' ? 1 : 0;
    if (!dots || k + dots >= n || s[k + dots] != '<') {
      if (one) return k;
      fail_at(p, line, (int)(k - line_start) + 1, "malformed XPath expression: expected .<T> or ..<T>");
    }
    size_t a = k + dots + 1, b = a;
    while (b < n && nt_char(s[b]) && s[b] != '.' && s[b] != '[') b++;
    if (b == a || b >= n || s[b] != '>')
      fail_at(p, line, (int)(k + dots - line_start) + 1, "malformed XPath expression: expected <nonterminal>");
    k = b + 1;
    if (k < n && s[k] == '[') {
      size_t d = k + 1;
      while (d < n && s[d] >= '0' && s[d] <= '9') d++;
      if (d == k + 1 || d >= n || s[d] != ']' || (d == k + 2 && s[k + 1] == '0'))
        fail_at(p, line, (int)(k - line_start) + 1, "malformed XPath index: expected [1], [2], ...");
      k = d + 1;
    }
    one = true;
  }
}

static void lex(P *p) {
  const char *s = p->text;
  size_t n = p->len, i = 0;
  int line = 1;
  size_t line_start = 0;
  bool space = true;
  for (;;) {
    while (i < n) {
      char c = s[i];
      if (c == '\n') {
        line++;
        line_start = i + 1;
        i++;
        space = true;
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        i++;
        space = true;
      } else if (c == '#') {
        while (i < n && s[i] != '\n') i++;
        space = true;
      } else {
        break;
      }
    }
    Tok t = {0};
    t.start = (uint32_t)i;
    t.line = line;
    t.column = (int)(i - line_start) + 1;
    t.space_before = space;
    space = false;
    if (i >= n) {
      t.kind = T_EOF;
      array_push(&p->toks, t);
      return;
    }
    char c = s[i];
    size_t j = i + 1;
    switch (c) {
      case '(': t.kind = T_LPAR; break;
      case ')': t.kind = T_RPAR; break;
      case ',': t.kind = T_COMMA; break;
      case ':': t.kind = T_COLON; break;
      case ';': t.kind = T_SEMI; break;
      case '"': {
        SdBuf b = {0};
        j = i + 1;
        for (;;) {
          if (j >= n || s[j] == '\n') {
            sd_buf_free(&b);
            fail_at(p, t.line, t.column, "unterminated string literal");
          }
          char d = s[j];
          if (d == '"') {
            j++;
            break;
          }
          if (d != '\\') {
            sd_buf_putc(&b, d);
            j++;
            continue;
          }
          int ecol = (int)(j - line_start) + 1;
          char e = j + 1 < n ? s[j + 1] : 0;
          j += 2;
          switch (e) {
            case '"': sd_buf_putc(&b, '"'); break;
            case '\\': sd_buf_putc(&b, '\\'); break;
            case 'n': sd_buf_putc(&b, '\n'); break;
            case 't': sd_buf_putc(&b, '\t'); break;
            case 'r': sd_buf_putc(&b, '\r'); break;
            case 'b': sd_buf_putc(&b, '\b'); break;
            case 'x': {
              int h1 = j < n ? hexval(s[j]) : -1, h2 = j + 1 < n ? hexval(s[j + 1]) : -1;
              if (h1 < 0 || h2 < 0) {
                sd_buf_free(&b);
                fail_at(p, line, ecol, "bad escape: \\x needs two hexadecimal digits");
              }
              sd_buf_putc(&b, (char)(h1 * 16 + h2));
              j += 2;
              break;
            }
            case 'u': {
              uint32_t cp = 0;
              int digits = 0;
              bool braced = j < n && s[j] == '{';
              if (braced) j++;
              while (j < n && hexval(s[j]) >= 0 && digits < (braced ? 6 : 4)) {
                cp = cp * 16 + (uint32_t)hexval(s[j]);
                j++;
                digits++;
              }
              if (digits == 0 || (braced && (j >= n || s[j] != '}')) ||
                  (!braced && digits != 4) || cp > 0x10ffff) {
                sd_buf_free(&b);
                fail_at(p, line, ecol, "bad escape: expected \\u{HEX} (a code point up to 10FFFF)");
              }
              if (braced) j++;
              put_utf8(&b, cp);
              break;
            }
            default:
              sd_buf_free(&b);
              fail_at(p, line, ecol,
                      "bad escape '\\%c' in string (known: \\\" \\\\ \\n \\t \\r \\b \\xHH \\u{H..})",
                      e ? e : ' ');
          }
        }
        t.kind = T_STRING;
        t.value_len = (uint32_t)b.len;
        t.value = sd_arena_strndup(p->c->arena, b.data ? b.data : "", b.len);
        sd_buf_free(&b);
        break;
      }
      case '<': {
        size_t k = i + 1;
        while (k < n && nt_char(s[k])) k++;
        if (k > i + 1 && k < n && s[k] == '>') {
          t.kind = T_NT;
          j = k + 1;
          if (j + 1 < n && s[j] == '.' && (s[j + 1] == '<' || s[j + 1] == '.')) { /* <a>.<b> */
            t.kind = T_XPATH;
            t.base_len = (uint32_t)(j - i);
            j = lex_xpath(p, s, n, j, line, line_start);
          }
        } else {
          t.kind = T_OP;
          if (i + 1 < n && s[i + 1] == '=') j = i + 2;
        }
        break;
      }
      case '>':
      case '=':
        t.kind = T_OP;
        if (i + 1 < n && (s[i + 1] == '=' || (c == '=' && s[i + 1] == '>'))) j = i + 2;
        break;
      case '+': case '-': case '*': case '/':
        t.kind = T_OP;
        break;
      default:
        if (c >= '0' && c <= '9') {
          while (j < n && s[j] >= '0' && s[j] <= '9') j++;
          bool decimal = j < n && s[j] == '.' && j + 1 < n && s[j + 1] >= '0' && s[j + 1] <= '9';
          if (decimal) {
            j++;
            while (j < n && s[j] >= '0' && s[j] <= '9') j++;
          }
          if (j < n && (id_start(s[j]) || s[j] == '.')) {
            size_t k = j;
            while (k < n && id_char(s[k])) k++;
            fail_at(p, t.line, t.column, "malformed number '%.*s'", (int)(k - i), s + i);
          }
          if (decimal) { /* normalised: "037.50" -> "37.5", "2.0" -> "2.0" stays real */
            SdArena sc = {0};
            SdDec d;
            sd_dec_parse_numeral(&sc, s + i, j - i, &d);
            char *txt = sd_dec_to_text(d);
            sd_arena_free(&sc);
            if (!strchr(txt, '.')) { /* keep it a decimal: "2.0" */
              char *with = sd_format("%s.0", txt);
              free(txt);
              txt = with;
            }
            size_t tl = strlen(txt);
            t.kind = T_DEC;
            t.value = sd_arena_strndup(p->c->arena, txt, tl);
            t.value_len = (uint32_t)tl;
            free(txt);
            break;
          }
          size_t k = i;
          while (k + 1 < j && s[k] == '0') k++;
          t.kind = T_INT;
          t.value = sd_arena_strndup(p->c->arena, s + k, j - k);
          t.value_len = (uint32_t)(j - k);
          break;
        }
        if (id_start(c)) {
          while (j < n && id_char(s[j])) j++;
          if (s[j - 1] == '.' && j < n) {
            /* re.++ re.+ re.* str.++ str.<= */
            if (j + 1 < n && s[j] == '+' && s[j + 1] == '+') j += 2;
            else if (s[j] == '+' || s[j] == '*') j += 1;
            else if (j + 1 < n && s[j] == '<' && s[j + 1] == '=') j += 2;
            else if (s[j] == '<' && j - i == 4 && !memcmp(s + i, "str.", 4) &&
                     (j + 1 >= n || !id_char(s[j + 1])))
              j += 1; /* str.< */
            else if (s[j] == '<') { /* a.<b>, a..<b> */
              size_t base = j - 1;
              if (base > i && s[base - 1] == '.') base--;
              if (base == i || s[base - 1] == '.')
                fail_at(p, t.line, t.column, "malformed XPath expression: expected a variable before .<T>");
              t.kind = T_XPATH;
              t.base_len = (uint32_t)(base - i);
              j = lex_xpath(p, s, n, base, line, line_start);
              break;
            }
          }
          t.kind = T_ID;
          break;
        }
        if ((unsigned char)c < 0x20 || (unsigned char)c >= 0x7f)
          fail_at(p, t.line, t.column, "unexpected byte 0x%02x", (unsigned char)c);
        fail_at(p, t.line, t.column, "unexpected character '%c'", c);
    }
    t.len = (uint32_t)(j - i);
    if (!t.value) {
      t.value = sd_arena_strndup(p->c->arena, s + i, j - i);
      t.value_len = t.len;
    }
    array_push(&p->toks, t);
    i = j;
  }
}

/* ---- token helpers ---- */

static Tok *peek(P *p) {
  return &p->toks.items[p->pos];
}
static Tok *peek_at(P *p, uint32_t k) {
  uint32_t i = p->pos + k;
  if (i >= p->toks.size) i = p->toks.size - 1;
  return &p->toks.items[i];
}
static Tok *next(P *p) {
  Tok *t = &p->toks.items[p->pos];
  if (t->kind != T_EOF) p->pos++;
  return t;
}
static bool is_word(const Tok *t, const char *w) {
  return t->kind == T_ID && !strcmp(t->value, w);
}
static bool is_op(const Tok *t, const char *w) {
  return t->kind == T_OP && !strcmp(t->value, w);
}

static const char *describe(const Tok *t, char *buf, size_t n) {
  switch (t->kind) {
    case T_EOF: return "the end of the constraint";
    case T_STRING: return "a string literal";
    case T_INT:
    case T_DEC: snprintf(buf, n, "the number %.40s", t->value); return buf;
    case T_NT: snprintf(buf, n, "%.60s", t->value); return buf;
    default: snprintf(buf, n, "'%.60s'", t->value); return buf;
  }
}

static void __attribute__((noreturn)) fail_expected(P *p, const Tok *t, const char *what) {
  char buf[96];
  fail_at(p, t->line, t->column, "expected %s, found %s", what, describe(t, buf, sizeof buf));
}

static Tok *expect(P *p, TokKind kind, const char *what) {
  Tok *t = peek(p);
  if (t->kind != kind) fail_expected(p, t, what);
  return next(p);
}

/* ---- names ---- */

static const char *const reserved[] = {
    "forall", "exists", "in", "not", "and", "or", "implies", "iff", "xor", "true", "false",
    "div", "mod", "start", "int", "const", "inside", "before", "after", "count", NULL};

static bool is_function_name(const char *s);

static size_t edit_distance(const char *a, const char *b) {
  size_t n = strlen(b), row[128];
  if (n >= 127 || strlen(a) >= 127) return 99;
  for (size_t j = 0; j <= n; j++) row[j] = j;
  for (size_t i = 1; a[i - 1]; i++) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= n; j++) {
      size_t up = row[j];
      size_t best = diag + (a[i - 1] != b[j - 1]);
      if (up + 1 < best) best = up + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      row[j] = best;
      diag = up;
    }
  }
  return row[n];
}

static void __attribute__((noreturn)) unknown_nt(P *p, const Tok *t, const char *name) {
  const SdGrammar *g = p->c->grammar;
  const char *best = NULL;
  size_t best_d = 3;
  for (uint32_t s = 0; s < g->symbol_count; s++) {
    if (!sd_grammar_is_nonterminal(g, s) || g->symbols[s].generated) continue;
    size_t d = edit_distance(name, g->symbols[s].name);
    if (d < best_d) best_d = d, best = g->symbols[s].name;
  }
  if (best)
    fail_at(p, t->line, t->column, "unknown nonterminal %s (did you mean %s?)", name, best);
  fail_at(p, t->line, t->column, "unknown nonterminal %s (not in the grammar)", name);
}

static SdSymbol find_nt(P *p, const Tok *t) {
  SdSymbol s = sd_grammar_find(p->c->grammar, t->value);
  if (s < 0 || !sd_grammar_is_nonterminal(p->c->grammar, s)) unknown_nt(p, t, t->value);
  return s;
}

static int32_t start_var(P *p) {
  if (p->start_var < 0) p->start_var = sd_constraint_add_variable(p->c, "start", -1, true);
  return p->start_var;
}

/* variable for `<T>`: an unnamed binder in scope, else the free nonterminal */
static int32_t resolve_nt(P *p, const Tok *t) {
  SdSymbol s = find_nt(p, t);
  for (uint32_t i = p->scope.size; i-- > 0;)
    if (!p->scope.items[i].name && p->scope.items[i].symbol == s) return p->scope.items[i].var;
  for (uint32_t i = 0; i < p->free_nts.size; i++)
    if (p->free_nts.items[i].symbol == s) return p->free_nts.items[i].var;
  int32_t v = sd_constraint_add_variable(p->c, NULL, s, true);
  array_push(&p->free_nts, ((FreeNt){s, v}));
  return v;
}

static int32_t resolve_name(P *p, const Tok *t) {
  for (uint32_t i = p->scope.size; i-- > 0;)
    if (p->scope.items[i].name && !strcmp(p->scope.items[i].name, t->value))
      return p->scope.items[i].var;
  if (!strcmp(t->value, "start") || (p->const_name && !strcmp(t->value, p->const_name)))
    return start_var(p);
  /* an unnamed binder `forall <a>:` is also called `a` (ISLa names the
     variable after its nonterminal) */
  for (uint32_t i = p->scope.size; i-- > 0;) {
    const Scope *sc = &p->scope.items[i];
    if (sc->name || sc->symbol < 0) continue;
    const char *nt = p->c->grammar->symbols[sc->symbol].name;
    size_t n = strlen(nt);
    if (n == strlen(t->value) + 2 && !strncmp(nt + 1, t->value, n - 2)) return sc->var;
  }
  for (uint32_t i = 0; i < p->c->variable_count; i++)
    if (p->c->variables[i].name && !strcmp(p->c->variables[i].name, t->value))
      fail_at(p, t->line, t->column,
              "unbound variable '%s': its quantifier's scope ended before (a quantifier's body "
              "is one formula; put a body with and/or in parentheses)",
              t->value);
  fail_at(p, t->line, t->column, "unbound variable '%s'", t->value);
}

/* ---- terms ---- */

/* an argument type of the function table: an integer or a decimal */
#define TYPE_NUMBER 100

static const char *type_name(SdType t) {
  switch (t) {
    case SD_TYPE_BOOL: return "a boolean";
    case SD_TYPE_INT: return "an integer";
    case SD_TYPE_STRING: return "a string";
    case SD_TYPE_REGEX: return "a regular expression";
    case SD_TYPE_NODE: return "a string";
    case SD_TYPE_REAL: return "a decimal number";
  }
  return (int)t == TYPE_NUMBER ? "a number" : "?";
}

static bool is_number_type(SdType t) {
  return t == SD_TYPE_INT || t == SD_TYPE_REAL;
}

static bool type_ok(SdType have, SdType want) {
  if (want == SD_TYPE_STRING) return have == SD_TYPE_STRING || have == SD_TYPE_NODE;
  if ((int)want == TYPE_NUMBER) return is_number_type(have);
  return have == want;
}

static SdTerm *mk(P *p, SdOp op, SdType type, uint32_t n, const Tok *at) {
  SdTerm *t = sd_term_new(p->c, op, type, n);
  t->line = at->line;
  t->column = at->column;
  return t;
}

static bool is_int_var(const P *p, int32_t var) {
  return var >= 0 && p->c->variables[var].symbol == SD_SYMBOL_INT;
}

/* A variable term: a tree node, or for an integer variable its numeral (a
 * string that is no node). */
static SdTerm *mk_var(P *p, int32_t var, const Tok *at) {
  SdTerm *t = mk(p, SD_OP_VAR, is_int_var(p, var) ? SD_TYPE_STRING : SD_TYPE_NODE, 0, at);
  t->var = var;
  return t;
}

typedef struct Func {
  const char *name;
  SdOp op;
  uint8_t min, max; /* max 255 = any */
  SdType result;
  uint8_t ntypes;   /* argument types listed; the last one repeats */
  SdType args[3];
} Func;

#define S SD_TYPE_STRING
#define I SD_TYPE_INT
#define R SD_TYPE_REGEX
#define B SD_TYPE_BOOL
#define N ((SdType)TYPE_NUMBER)
/* + - * with a decimal argument are decimal (see apply) */
static const Func funcs[] = {
    {"=", SD_OP_EQ, 2, 2, B, 1, {S}},  /* operand types checked specially */
    {"<", SD_OP_LT, 2, 2, B, 1, {N}},
    {"<=", SD_OP_LE, 2, 2, B, 1, {N}},
    {">", SD_OP_GT, 2, 2, B, 1, {N}},
    {">=", SD_OP_GE, 2, 2, B, 1, {N}},
    {"+", SD_OP_ADD, 2, 255, I, 1, {N}},
    {"-", SD_OP_SUB, 1, 255, I, 1, {N}},
    {"*", SD_OP_MUL, 2, 255, I, 1, {N}},
    {"div", SD_OP_DIV, 2, 2, I, 1, {I}},
    {"mod", SD_OP_MOD, 2, 2, I, 1, {I}},
    {"str.len", SD_OP_STR_LEN, 1, 1, I, 1, {S}},
    {"str.to.int", SD_OP_STR_TO_INT, 1, 1, I, 1, {S}},
    {"str.to_int", SD_OP_STR_TO_INT, 1, 1, I, 1, {S}},
    {"str.to.real", SD_OP_STR_TO_REAL, 1, 1, SD_TYPE_REAL, 1, {S}},
    {"str.to_real", SD_OP_STR_TO_REAL, 1, 1, SD_TYPE_REAL, 1, {S}},
    {"arith.value", SD_OP_ARITH_VALUE, 1, 1, I, 1, {S}},
    {"str.to_code", SD_OP_STR_TO_CODE, 1, 1, I, 1, {S}},
    {"str.to.code", SD_OP_STR_TO_CODE, 1, 1, I, 1, {S}},
    {"str.from_code", SD_OP_STR_FROM_CODE, 1, 1, S, 1, {I}},
    {"str.from.code", SD_OP_STR_FROM_CODE, 1, 1, S, 1, {I}},
    {"str.at", SD_OP_STR_AT, 2, 2, S, 2, {S, I}},
    {"str.substr", SD_OP_STR_SUBSTR, 3, 3, S, 3, {S, I, I}},
    {"str.++", SD_OP_STR_CONCAT, 2, 255, S, 1, {S}},
    {"str.prefixof", SD_OP_STR_PREFIXOF, 2, 2, B, 1, {S}},
    {"str.suffixof", SD_OP_STR_SUFFIXOF, 2, 2, B, 1, {S}},
    {"str.contains", SD_OP_STR_CONTAINS, 2, 2, B, 1, {S}},
    {"str.in_re", SD_OP_STR_IN_RE, 2, 2, B, 2, {S, R}},
    {"str.in.re", SD_OP_STR_IN_RE, 2, 2, B, 2, {S, R}},
    {"re.++", SD_OP_RE_CONCAT, 2, 255, R, 1, {R}},
    {"re.union", SD_OP_RE_UNION, 2, 255, R, 1, {R}},
    {"re.*", SD_OP_RE_STAR, 1, 1, R, 1, {R}},
    {"re.+", SD_OP_RE_PLUS, 1, 1, R, 1, {R}},
    {"re.opt", SD_OP_RE_OPT, 1, 1, R, 1, {R}},
    {"re.comp", SD_OP_RE_COMP, 1, 1, R, 1, {R}},
    {"re.range", SD_OP_RE_RANGE, 2, 2, R, 1, {S}},
    {"str.to_re", SD_OP_STR_TO_RE, 1, 1, R, 1, {S}},
    {"str.to.re", SD_OP_STR_TO_RE, 1, 1, R, 1, {S}},
    {"re.loop", SD_OP_RE_LOOP, 2, 3, R, 3, {R, I, I}},
    {"re.inter", SD_OP_RE_INTER, 2, 255, R, 1, {R}},
    {"re.diff", SD_OP_RE_DIFF, 2, 2, R, 1, {R}},
    {"str.replace", SD_OP_STR_REPLACE, 3, 3, S, 1, {S}},
    {"str.replace_all", SD_OP_STR_REPLACE_ALL, 3, 3, S, 1, {S}},
    {"str.indexof", SD_OP_STR_INDEXOF, 3, 3, I, 3, {S, S, I}},
    {"str.from_int", SD_OP_STR_FROM_INT, 1, 1, S, 1, {I}},
    {"str.from.int", SD_OP_STR_FROM_INT, 1, 1, S, 1, {I}},
    {"int.to.str", SD_OP_STR_FROM_INT, 1, 1, S, 1, {I}},
    {"str.is_digit", SD_OP_STR_IS_DIGIT, 1, 1, B, 1, {S}},
    {"str.<", SD_OP_STR_LT, 2, 2, B, 1, {S}},
    {"str.<=", SD_OP_STR_LE, 2, 2, B, 1, {S}},
    {"abs", SD_OP_ABS, 1, 1, I, 1, {I}},
    {"re.allchar", SD_OP_RE_ALLCHAR, 0, 0, R, 1, {R}},
    {"re.all", SD_OP_RE_ALL, 0, 0, R, 1, {R}},
    {"re.none", SD_OP_RE_NONE, 0, 0, R, 1, {R}},
    {NULL, 0, 0, 0, 0, 0, {0}},
};
#undef S
#undef I
#undef R
#undef B
#undef N

static const char *const unsupported_funcs[] = {"str.replace_re", "str.replace_re_all", "re.^",
                                                NULL};

/* ---- the index of reserved words and function names ---- */

/* Open addressing over the names of funcs, unsupported_funcs and reserved;
 * a slot holds 1 + the name's index in its table (0: empty). */
enum { NAME_SLOTS = 256 };
typedef enum NameKind { NAME_FUNC, NAME_UNSUPPORTED, NAME_RESERVED, NAME_KINDS } NameKind;
static uint16_t name_slots[NAME_KINDS][NAME_SLOTS];
static pthread_once_t name_once = PTHREAD_ONCE_INIT;

static const char *name_at(NameKind kind, uint32_t i) {
  return kind == NAME_FUNC ? funcs[i].name : kind == NAME_UNSUPPORTED ? unsupported_funcs[i] : reserved[i];
}

static uint32_t name_hash(const char *s) {
  uint32_t h = 2166136261u;
  for (; *s; s++) h = (h ^ (uint8_t)*s) * 16777619u;
  return h;
}

static void index_names(void) {
  for (int kind = 0; kind < NAME_KINDS; kind++)
    for (uint32_t i = 0; name_at((NameKind)kind, i); i++) {
      uint32_t k = name_hash(name_at((NameKind)kind, i)) % NAME_SLOTS;
      while (name_slots[kind][k]) k = (k + 1) % NAME_SLOTS;
      name_slots[kind][k] = (uint16_t)(i + 1);
    }
}

/* The index of name in the table of kind, or -1. */
static int find_name(NameKind kind, const char *name) {
  pthread_once(&name_once, index_names);
  for (uint32_t k = name_hash(name) % NAME_SLOTS; name_slots[kind][k]; k = (k + 1) % NAME_SLOTS)
    if (!strcmp(name_at(kind, name_slots[kind][k] - 1u), name)) return name_slots[kind][k] - 1;
  return -1;
}

static const Func *find_func(const char *name) {
  int i = find_name(NAME_FUNC, name);
  return i < 0 ? NULL : &funcs[i];
}

static bool is_function_name(const char *s) {
  return find_func(s) || find_name(NAME_UNSUPPORTED, s) >= 0;
}

bool sd_constraint_reserved_word(const char *name) {
  return find_name(NAME_RESERVED, name) >= 0 || is_function_name(name) || !strncmp(name, "str.", 4) ||
         !strncmp(name, "re.", 3);
}

static bool is_named_func_tok(const Tok *t) {
  return t->kind == T_ID && is_function_name(t->value) && strcmp(t->value, "div") &&
         strcmp(t->value, "mod");
}

static void check_supported(P *p, const Tok *t) {
  for (int i = 0; unsupported_funcs[i]; i++)
    if (!strcmp(unsupported_funcs[i], t->value))
      fail_at(p, t->line, t->column, "'%s' is not supported by semdbg", t->value);
}

static SdType want_type(const Func *f, uint32_t i) {
  return f->args[i < f->ntypes ? i : f->ntypes - 1];
}

static void check_arg(P *p, const Func *f, SdTerm *arg, uint32_t i, SdType want) {
  if (!type_ok(arg->type, want))
    fail_at(p, arg->line, arg->column, "'%s' expects %s as argument %u, found %s", f->name,
            type_name(want), i + 1, type_name(arg->type));
}

static int64_t literal_bound(P *p, const Func *f, SdTerm *arg) {
  if (arg->op != SD_OP_INT || arg->text[0] == '-' || arg->length > 6)
    fail_at(p, arg->line, arg->column,
            "'%s' needs non-negative integer literals (at most 999999) as bounds", f->name);
  return atoll(arg->text);
}

/* Build an application after the arguments were parsed; checks arity and types. */
static SdTerm *apply(P *p, const Func *f, const Tok *at, SdTerm **args, uint32_t n) {
  if (n < f->min || (f->max != 255 && n > f->max)) {
    if (f->min == f->max)
      fail_at(p, at->line, at->column, "'%s' takes %u argument%s, found %u", f->name, f->min,
              f->min == 1 ? "" : "s", n);
    if (f->max == 255)
      fail_at(p, at->line, at->column, "'%s' takes at least %u arguments, found %u", f->name,
              f->min, n);
    fail_at(p, at->line, at->column, "'%s' takes %u to %u arguments, found %u", f->name, f->min,
            f->max, n);
  }
  SdOp op = f->op;
  if (op == SD_OP_SUB && n == 1) {
    check_arg(p, f, args[0], 0, (SdType)TYPE_NUMBER);
    if (args[0]->op == SD_OP_INT || args[0]->op == SD_OP_DECIMAL) { /* a negative literal */
      SdTerm *lit = args[0];
      if (lit->text[0] == '-') {
        lit->text = lit->text + 1;
        lit->length--;
      } else if (strcmp(lit->text, "0") && strcmp(lit->text, "0.0")) {
        char *neg = sd_arena_alloc(p->c->arena, lit->length + 2);
        neg[0] = '-';
        memcpy(neg + 1, lit->text, lit->length + 1);
        lit->text = neg;
        lit->length++;
      }
      lit->line = at->line;
      lit->column = at->column;
      return lit;
    }
    SdTerm *t = mk(p, SD_OP_NEG, args[0]->type, 1, at);
    t->args[0] = args[0];
    return t;
  }
  if (op == SD_OP_EQ) {
    SdType a = args[0]->type, b = args[1]->type;
    bool sa = a == SD_TYPE_STRING || a == SD_TYPE_NODE, sb = b == SD_TYPE_STRING || b == SD_TYPE_NODE;
    if (a == SD_TYPE_REGEX || b == SD_TYPE_REGEX)
      fail_at(p, (a == SD_TYPE_REGEX ? args[0] : args[1])->line,
              (a == SD_TYPE_REGEX ? args[0] : args[1])->column,
              "'=' cannot compare regular expressions (use str.in_re)");
    if (!(sa && sb) && a != b && !(is_number_type(a) && is_number_type(b)))
      fail_at(p, args[1]->line, args[1]->column, "'=' compares %s with %s (type mismatch)",
              type_name(a), type_name(b));
  } else {
    for (uint32_t i = 0; i < n; i++) check_arg(p, f, args[i], i, want_type(f, i));
  }
  if (op == SD_OP_RE_RANGE)
    for (uint32_t i = 0; i < 2; i++)
      if (args[i]->op != SD_OP_STRING)
        fail_at(p, args[i]->line, args[i]->column, "'re.range' needs string literals");
  if (op == SD_OP_RE_LOOP) {
    int64_t lo = literal_bound(p, f, args[1]);
    if (n == 3 && literal_bound(p, f, args[2]) < lo)
      fail_at(p, args[2]->line, args[2]->column, "'re.loop': the upper bound is below the lower");
  }
  SdType result = f->result;
  if (op == SD_OP_ADD || op == SD_OP_SUB || op == SD_OP_MUL)
    for (uint32_t i = 0; i < n; i++)
      if (args[i]->type == SD_TYPE_REAL) result = SD_TYPE_REAL;
  SdTerm *t = mk(p, op, result, n, at);
  for (uint32_t i = 0; i < n; i++) t->args[i] = args[i];
  return t;
}

static SdTerm *parse_term(P *p);
static SdTerm *parse_unary_term(P *p);
static SdTerm *parse_sexpr_arg(P *p);
static int find_pred(const Tok *t);
static SdMatch *parse_match(P *p, const Tok *tok, SdSymbol in);
static int32_t parse_xpath(P *p, const Tok *t);
static void finish_binder(P *p, SdFormula *q);

static bool is_infix_term_op(const Tok *t) {
  if (t->kind == T_OP)
    return is_op(t, "=") || is_op(t, "<") || is_op(t, "<=") || is_op(t, ">") ||
           is_op(t, ">=") || is_op(t, "+") || is_op(t, "-") || is_op(t, "*") || is_op(t, "/");
  return is_word(t, "div") || is_word(t, "mod") || is_word(t, "str.++") || is_word(t, "re.++");
}

/* Can this token head an S-expression `(op ...)`? */
static bool sexpr_head(P *p, uint32_t k) {
  Tok *t = peek_at(p, k), *after = peek_at(p, k + 1);
  if (t->kind == T_OP) return !is_op(t, "=>") && !is_op(t, "/");
  if (is_word(t, "div") || is_word(t, "mod")) return true;
  if (is_named_func_tok(t)) return !(after->kind == T_LPAR && !after->space_before);
  return false;
}

/* arguments of a prefix call op(a, b, ...), pushed on p->tstack */
static void parse_call_args(P *p) {
  expect(p, T_LPAR, "'('");
  if (peek(p)->kind == T_RPAR) {
    next(p);
    return;
  }
  bool was = p->sexpr_arg;
  p->sexpr_arg = false;
  for (;;) {
    SdTerm *a = parse_term(p);
    array_push(&p->tstack, a);
    Tok *t = peek(p);
    if (t->kind == T_COMMA) {
      next(p);
      continue;
    }
    if (t->kind == T_RPAR) {
      next(p);
      break;
    }
    fail_expected(p, t, "',' or ')' in the argument list");
  }
  p->sexpr_arg = was;
}

/* apply f to the arguments pushed on p->tstack since base */
static SdTerm *finish_apply(P *p, const Func *f, const Tok *at, uint32_t base) {
  uint32_t n = p->tstack.size - base;
  SdTerm *t = apply(p, f, at, n ? p->tstack.items + base : NULL, n); /* no NULL + 0 */
  p->tstack.size = base;
  return t;
}

static SdTerm *parse_primary(P *p) {
  Tok *t = peek(p);
  switch (t->kind) {
    case T_INT:
    case T_DEC: {
      next(p);
      SdTerm *r = t->kind == T_INT ? mk(p, SD_OP_INT, SD_TYPE_INT, 0, t)
                                   : mk(p, SD_OP_DECIMAL, SD_TYPE_REAL, 0, t);
      r->text = t->value;
      r->length = t->value_len;
      return r;
    }
    case T_STRING: {
      next(p);
      SdTerm *r = mk(p, SD_OP_STRING, SD_TYPE_STRING, 0, t);
      r->text = t->value;
      r->length = t->value_len;
      return r;
    }
    case T_NT: next(p); return mk_var(p, resolve_nt(p, t), t);
    case T_XPATH: next(p); return mk_var(p, parse_xpath(p, t), t);
    case T_ID: {
      if (is_word(t, "true") || is_word(t, "false")) {
        next(p);
        SdTerm *r = mk(p, SD_OP_BOOL, SD_TYPE_BOOL, 0, t);
        r->bool_value = is_word(t, "true");
        return r;
      }
      if (is_named_func_tok(t)) {
        check_supported(p, t);
        const Func *f = find_func(t->value);
        next(p);
        uint32_t base = p->tstack.size;
        if (f->max == 0) { /* re.allchar, or re.allchar() */
          if (peek(p)->kind == T_LPAR && peek_at(p, 1)->kind == T_RPAR) p->pos += 2;
          return finish_apply(p, f, t, base);
        }
        if (peek(p)->kind != T_LPAR) {
          char what[80];
          snprintf(what, sizeof what, "'(' after '%s'", f->name);
          fail_expected(p, peek(p), what);
        }
        parse_call_args(p);
        return finish_apply(p, f, t, base);
      }
      if (find_pred(t) >= 0 && peek_at(p, 1)->kind == T_LPAR)
        fail_at(p, t->line, t->column, "%s() is a predicate (a formula), not a term", t->value);
      for (int i = 0; reserved[i]; i++)
        if (strcmp(reserved[i], "start") && is_word(t, reserved[i]))
          fail_expected(p, t, "a term");
      if (!strncmp(t->value, "str.", 4) || !strncmp(t->value, "re.", 3))
        fail_at(p, t->line, t->column, "unknown function '%s'", t->value);
      if (peek_at(p, 1)->kind == T_LPAR && !peek_at(p, 1)->space_before)
        fail_at(p, t->line, t->column, "unknown function or predicate '%s'", t->value);
      next(p);
      return mk_var(p, resolve_name(p, t), t);
    }
    case T_LPAR: {
      /* ((_ re.loop lo hi) r) */
      if (peek_at(p, 1)->kind == T_LPAR && is_word(peek_at(p, 2), "_")) {
        Tok *open = next(p);
        next(p);
        next(p);
        Tok *name = expect(p, T_ID, "an indexed operator name");
        if (strcmp(name->value, "re.loop"))
          fail_at(p, name->line, name->column, "unsupported indexed operator '%s'", name->value);
        SdTerm *lo = parse_unary_term(p), *hi = NULL;
        if (peek(p)->kind != T_RPAR) hi = parse_unary_term(p);
        expect(p, T_RPAR, "')' after the indices");
        SdTerm *r = parse_unary_term(p);
        expect(p, T_RPAR, "')'");
        SdTerm *args[3] = {r, lo, hi};
        return apply(p, find_func("re.loop"), open, args, hi ? 3 : 2);
      }
      if (sexpr_head(p, 1)) {
        next(p);
        Tok *head = next(p);
        if (head->kind == T_ID) check_supported(p, head);
        const Func *f = find_func(head->value);
        if (!f) fail_at(p, head->line, head->column, "unknown operator '%s'", head->value);
        uint32_t base = p->tstack.size;
        while (peek(p)->kind != T_RPAR) {
          if (peek(p)->kind == T_EOF) fail_expected(p, peek(p), "')' closing the S-expression");
          SdTerm *a = parse_sexpr_arg(p);
          array_push(&p->tstack, a);
        }
        next(p);
        return finish_apply(p, f, head, base);
      }
      next(p);
      bool was = p->sexpr_arg;
      p->sexpr_arg = false;
      SdTerm *inner = parse_term(p);
      p->sexpr_arg = was;
      expect(p, T_RPAR, "')'");
      return inner;
    }
    default: break;
  }
  fail_expected(p, t, "a term");
}

/* An argument of an S-expression: a term, infix operators included, as in
 * ISLa (`(= (str.to.int x) mod 7 0)` compares `(str.to.int x) mod 7` with
 * 0); `a -1` are two arguments, `a - 1` one. */
static SdTerm *parse_sexpr_arg(P *p) {
  bool was = p->sexpr_arg;
  p->sexpr_arg = true;
  SdTerm *a = parse_term(p);
  p->sexpr_arg = was;
  return a;
}

static void __attribute__((noreturn)) too_deep(P *p, int line, int column) {
  fail_at(p, line, column, "nesting deeper than %d levels", SD_CONSTRAINT_MAX_DEPTH);
}

/* Enter one level of recursive descent (the stack stays bounded). */
static void enter(P *p, const Tok *t) {
  if (++p->depth > SD_CONSTRAINT_MAX_DEPTH) too_deep(p, t->line, t->column);
}

static SdTerm *parse_unary_term(P *p) {
  Tok *t = peek(p);
  enter(p, t);
  SdTerm *r;
  if (is_op(t, "-")) {
    next(p);
    SdTerm *a = parse_unary_term(p);
    r = apply(p, find_func("-"), t, &a, 1);
  } else {
    r = parse_primary(p);
  }
  p->depth--;
  return r;
}

/* infix chains: same operator -> one n-ary application */
static SdTerm *parse_chain(P *p, int level);

/* In an S-expression's arguments, `-` glued to a number after a space
 * starts the next argument (a negative number), as ISLa's lexer reads it. */
static bool negative_literal_ahead(P *p) {
  Tok *t = peek(p), *n = peek_at(p, 1);
  return p->sexpr_arg && is_op(t, "-") && t->space_before && !n->space_before &&
         (n->kind == T_INT || n->kind == T_DEC);
}

static bool chain_op(const Tok *t, int level) {
  switch (level) {
    case 0: return is_word(t, "str.++") || is_word(t, "re.++");
    case 1: return is_op(t, "*") || is_word(t, "div") || is_word(t, "mod") || is_op(t, "/");
    default: return is_op(t, "+") || is_op(t, "-");
  }
}

static SdTerm *parse_chain(P *p, int level) {
  SdTerm *left = level == 0 ? parse_unary_term(p) : parse_chain(p, level - 1);
  while (chain_op(peek(p), level) && !negative_literal_ahead(p)) {
    Tok *op = next(p);
    if (is_op(op, "/")) fail_at(p, op->line, op->column, "'/' is not supported: use div");
    const Func *f = find_func(op->value);
    uint32_t base = p->tstack.size;
    array_push(&p->tstack, left);
    SdTerm *right = level == 0 ? parse_unary_term(p) : parse_chain(p, level - 1);
    array_push(&p->tstack, right);
    bool nary = f->max == 255;
    while (nary && peek(p)->kind == op->kind && !strcmp(peek(p)->value, op->value) &&
           !negative_literal_ahead(p)) {
      next(p);
      right = level == 0 ? parse_unary_term(p) : parse_chain(p, level - 1);
      array_push(&p->tstack, right);
    }
    left = finish_apply(p, f, op, base);
  }
  return left;
}

static SdTerm *parse_term(P *p) {
  SdTerm *a = parse_chain(p, 2);
  Tok *t = peek(p);
  if (is_op(t, "=") || is_op(t, "<") || is_op(t, "<=") || is_op(t, ">") || is_op(t, ">=")) {
    next(p);
    SdTerm *args[2] = {a, parse_chain(p, 2)};
    return apply(p, find_func(t->value), t, args, 2);
  }
  return a;
}

/* ---- formulas ---- */

static SdFormula *fmk(P *p, SdFormulaKind kind, uint32_t n, const Tok *at) {
  SdFormula *f = sd_formula_new(p->c, kind, n);
  f->line = at->line;
  f->column = at->column;
  return f;
}

static SdFormula *parse_formula(P *p);
static SdFormula *parse_unary(P *p);

static SdFormula *atom_formula(P *p, SdTerm *t, const Tok *at) {
  if (t->type != SD_TYPE_BOOL)
    fail_at(p, t->line, t->column, "expected a formula (a condition), found %s term",
            type_name(t->type));
  if (t->op == SD_OP_BOOL) return fmk(p, t->bool_value ? SD_F_TRUE : SD_F_FALSE, 0, at);
  SdFormula *f = fmk(p, SD_F_ATOM, 0, at);
  f->atom = t;
  return f;
}

static SdTerm *predicate_var(P *p, const char *pred, uint32_t i) {
  Tok *t = peek(p);
  SdTerm *a = parse_term(p);
  if (a->op != SD_OP_VAR || is_int_var(p, a->var))
    fail_at(p, t->line, t->column, "%s() expects a variable (a tree node) as argument %u", pred,
            i + 1);
  return a;
}

/* The predicates: ISLa's structural ones, its semantic count, and
 * ISLearn's internet_checksum and hex_to_decimal. */
typedef enum PredArgs { PA_NODES, PA_COUNT, PA_NTH, PA_LEVEL, PA_HEX } PredArgs;
static const struct {
  const char *name;
  SdOp op;
  PredArgs args;
  uint32_t arity;
} preds[] = {
    {"inside", SD_OP_INSIDE, PA_NODES, 2},
    {"before", SD_OP_BEFORE, PA_NODES, 2},
    {"after", SD_OP_AFTER, PA_NODES, 2},
    {"same_position", SD_OP_SAME_POSITION, PA_NODES, 2},
    {"different_position", SD_OP_DIFFERENT_POSITION, PA_NODES, 2},
    {"direct_child", SD_OP_DIRECT_CHILD, PA_NODES, 2},
    {"consecutive", SD_OP_CONSECUTIVE, PA_NODES, 2},
    {"internet_checksum", SD_OP_INTERNET_CHECKSUM, PA_NODES, 2},
    {"count", SD_OP_COUNT, PA_COUNT, 3},
    {"nth", SD_OP_NTH, PA_NTH, 3},
    {"level", SD_OP_LEVEL, PA_LEVEL, 4},
    {"hex_to_decimal", SD_OP_HEX_TO_DECIMAL, PA_HEX, 2},
    {NULL, 0, 0, 0},
};

static int find_pred(const Tok *t) {
  if (t->kind != T_ID) return -1;
  for (int i = 0; preds[i].name; i++)
    if (!strcmp(preds[i].name, t->value)) return i;
  return -1;
}

/* after argument i of predicate k: a ',' or, after the last one, ')' */
static void pred_separator(P *p, int k, uint32_t i) {
  Tok *t = peek(p);
  bool last = i + 1 == preds[k].arity;
  if (t->kind == (last ? T_RPAR : T_COMMA)) {
    next(p);
    return;
  }
  if (t->kind == T_COMMA || t->kind == T_RPAR)
    fail_at(p, t->line, t->column, "%s() takes %u arguments", preds[k].name, preds[k].arity);
  char what[96];
  snprintf(what, sizeof what, "%s after %s()'s argument %u", last ? "')'" : "','", preds[k].name,
           i + 1);
  fail_expected(p, t, what);
}

/* "<digit>" (in quotes: the nonterminal itself, not a variable) */
static SdSymbol quoted_nt(P *p) {
  Tok *nt = peek(p);
  if (nt->kind != T_STRING) fail_expected(p, nt, "a nonterminal in quotes, like \"<digit>\"");
  next(p);
  SdSymbol s = sd_grammar_find(p->c->grammar, nt->value);
  if (s < 0 || nt->value[0] != '<' || !sd_grammar_is_nonterminal(p->c->grammar, s))
    unknown_nt(p, nt, nt->value);
  return s;
}

/* an integer literal term from a number or a numeric string ("2") */
static SdTerm *number_literal(P *p, const Tok *at, const char *what) {
  if (at->kind == T_STRING && !sd_is_numeral(at->value, at->value_len))
    fail_at(p, at->line, at->column, "%s expects a number, found a non-numeric string", what);
  if (at->kind != T_STRING && at->kind != T_INT) fail_expected(p, at, "a number");
  next(p);
  SdInt v;
  SdArena sc = {0};
  sd_int_parse(&sc, at->value, at->value_len, &v);
  char *txt = sd_int_to_text(v);
  sd_arena_free(&sc);
  SdTerm *n = mk(p, SD_OP_INT, SD_TYPE_INT, 0, at);
  n->text = sd_arena_strndup(p->c->arena, txt, strlen(txt));
  n->length = (uint32_t)strlen(txt);
  free(txt);
  return n;
}

/* count's third argument: a number, a numeric string, or a variable (its
 * numeral: a tree node's text or an integer variable) */
static SdTerm *count_number(P *p) {
  Tok *t = peek(p);
  if (t->kind == T_STRING) return number_literal(p, t, "count()");
  SdTerm *n = parse_term(p);
  if (n->op == SD_OP_VAR) {
    SdTerm *conv = mk(p, SD_OP_STR_TO_INT, SD_TYPE_INT, 1, t);
    conv->args[0] = n;
    return conv;
  }
  if (n->type != SD_TYPE_INT)
    fail_at(p, n->line, n->column, "count() expects a number as argument 3, found %s",
            type_name(n->type));
  return n;
}

static SdTerm *level_relation(P *p, SdTerm *t) {
  static const char *const rels[] = {"EQ", "GE", "LE", "GT", "LT", NULL};
  Tok *r = peek(p);
  if (r->kind == T_STRING)
    for (int i = 0; rels[i]; i++)
      if (!strcmp(r->value, rels[i])) {
        next(p);
        t->text = rels[i];
        t->length = 2;
        return t;
      }
  fail_expected(p, r, "\"EQ\", \"GE\", \"LE\", \"GT\" or \"LT\" as level()'s relation");
}

static SdFormula *parse_predicate(P *p) {
  Tok *name = next(p);
  int k = find_pred(name);
  expect(p, T_LPAR, "'(' after the predicate name");
  uint32_t n = preds[k].args == PA_NTH ? 3 : 2;
  SdTerm *t = mk(p, preds[k].op, SD_TYPE_BOOL, n, name);
  const char *pn = preds[k].name;
  switch (preds[k].args) {
    case PA_NODES:
    case PA_HEX:
      t->args[0] = predicate_var(p, pn, 0);
      pred_separator(p, k, 0);
      if (preds[k].args == PA_HEX) {
        Tok *at = peek(p);
        t->args[1] = parse_term(p);
        if (t->args[1]->op != SD_OP_VAR)
          fail_at(p, at->line, at->column, "hex_to_decimal() expects a variable as argument 2");
      } else {
        t->args[1] = predicate_var(p, pn, 1);
      }
      pred_separator(p, k, 1);
      break;
    case PA_COUNT:
      t->args[0] = predicate_var(p, pn, 0);
      pred_separator(p, k, 0);
      t->symbol = quoted_nt(p);
      pred_separator(p, k, 1);
      t->args[1] = count_number(p);
      pred_separator(p, k, 2);
      break;
    case PA_NTH:
      t->args[0] = number_literal(p, peek(p), "nth()");
      pred_separator(p, k, 0);
      t->args[1] = predicate_var(p, pn, 1);
      pred_separator(p, k, 1);
      t->args[2] = predicate_var(p, pn, 2);
      pred_separator(p, k, 2);
      break;
    case PA_LEVEL:
      level_relation(p, t);
      pred_separator(p, k, 0);
      t->symbol = quoted_nt(p);
      pred_separator(p, k, 1);
      t->args[0] = predicate_var(p, pn, 2);
      pred_separator(p, k, 2);
      t->args[1] = predicate_var(p, pn, 3);
      pred_separator(p, k, 3);
      break;
  }
  SdFormula *f = fmk(p, SD_F_ATOM, 0, name);
  f->atom = t;
  return f;
}

/* ---- XPath: a.<b>.<c>[2]..<d> ----
 * Read as ISLa reads it: `.<T>[k]` is the k-th child of kind <T> of the
 * node before (k from 1), `..<T>` any <T> below it, universally (ISLa
 * quantifies `forall <T> x in node` there, pushed in as far as it goes).
 * Child steps restrict the base variable's quantifier to the nodes that
 * have those children (its range, like a match expression); both kinds are
 * kept as pending until that quantifier is made (finish_binder). */

/* Most <T> children an alternative of s has (EBNF helpers counted as many) */
static uint32_t most_children(const SdGrammar *g, SdSymbol s, SdSymbol t) {
  uint32_t best = 0;
  const SdSymbolInfo *si = &g->symbols[s];
  for (uint32_t a = 0; a < si->alternative_count; a++) {
    uint32_t k = 0;
    for (uint32_t i = 0; i < si->alternatives[a].count; i++) {
      SdSymbol x = si->alternatives[a].symbols[i];
      if (x == t) k++;
      else if (g->symbols[x].generated && sd_grammar_is_nonterminal(g, x) && sd_grammar_can_contain(g, x, t))
        k = UINT32_MAX - 1;
    }
    if (k > best) best = k;
  }
  return best;
}

/* the variable an XPath group binds, a known one for the same steps */
static int32_t pending_var(P *p, int32_t base, bool descendant, const SdSymbol *syms,
                           const uint32_t *idx, uint32_t n) {
  for (uint32_t i = 0; i < p->pending.size; i++) {
    Pending *q = &p->pending.items[i];
    if (q->base == base && q->descendant == descendant && q->step_count == n &&
        !memcmp(q->symbols, syms, n * sizeof(SdSymbol)) && !memcmp(q->indices, idx, n * sizeof(uint32_t)))
      return q->var;
  }
  Pending q = {base, -1, descendant, false, n, sd_arena_dup(p->c->arena, syms, n * sizeof(SdSymbol)),
               sd_arena_dup(p->c->arena, idx, n * sizeof(uint32_t))};
  q.var = sd_constraint_add_variable(p->c, NULL, syms[n - 1], true);
  array_push(&p->pending, q);
  return q.var;
}

static int32_t parse_xpath(P *p, const Tok *t) {
  const SdGrammar *g = p->c->grammar;
  Tok base = *t;
  base.value = sd_arena_strndup(p->c->arena, t->value, t->base_len);
  int32_t cur = base.value[0] == '<' ? resolve_nt(p, &base) : resolve_name(p, &base);
  if (cur == p->start_var || is_int_var(p, cur))
    fail_at(p, t->line, t->column, "an XPath expression starts at a quantified variable or <nonterminal>, not '%s'",
            base.value);
  SdSymbol syms[64];
  uint32_t idx[64], n = 0;
  bool desc = false;
  for (uint32_t i = t->base_len; i <= t->value_len; i++) {
    bool end = i == t->value_len;
    if (!end && t->value[i] != '.') continue;
    if (n && (end || t->value[i + 1] == '.')) { /* a group ends: from cur, these steps */
      cur = pending_var(p, cur, desc, syms, idx, n);
      n = 0;
    }
    if (end) break;
    desc = t->value[i + 1] == '.';
    uint32_t a = i + (desc ? 2 : 1), b = a;
    while (t->value[b] != '>') b++;
    char *name = sd_xstrndup(t->value + a, b + 1 - a);
    SdSymbol s = sd_grammar_find(g, name);
    free(name);
    int col = t->column + (int)a;
    if (s < 0 || !sd_grammar_is_nonterminal(g, s))
      fail_at(p, t->line, col, "unknown nonterminal %.*s in the XPath expression", (int)(b + 1 - a), t->value + a);
    uint32_t k = t->value[b + 1] == '[' ? (uint32_t)strtoul(t->value + b + 2, NULL, 10) - 1 : 0;
    SdSymbol from = n ? syms[n - 1] : p->c->variables[cur].symbol;
    if (desc ? from != s && !sd_grammar_can_contain(g, from, s) : most_children(g, from, s) <= k)
      fail_at(p, t->line, col, "%.*s%s cannot be %s a %s", (int)(b + 1 - a), t->value + a,
              k ? "[...]" : "", desc ? "below" : "a child of", g->symbols[from].name);
    if (n == 64) fail_at(p, t->line, col, "XPath expression longer than 64 steps");
    syms[n] = s, idx[n++] = k;
    i = b; /* on past the step */
    if (desc && n == 1) { /* ..<T> is a group of its own */
      cur = pending_var(p, cur, true, syms, idx, 1);
      n = 0, desc = false;
    }
  }
  return cur;
}

/* ---- match expressions: "{<var> lhs} := <rhs>[ ;]" ----
 * Read from the literal's source text (its escapes are decoded per text
 * piece, after `<T>` and the braces are found, so `\x3c` is a literal
 * `<`): `{<T> name}` binds a variable, `<T>` is any <T> subtree, `[...]` an
 * optional group of text and <T>, `{{` `}}` `[[` stand for `{` `}` `[`. */

typedef struct MatchRd {
  P *p;
  const Tok *tok;
  const char *s;       /* the source between the quotes */
  size_t n, i;
  SdSymbol in;         /* the quantified nonterminal */
  Array(SdMatchItem) items;
  SdBuf text;          /* raw text of the current text piece */
  int32_t group;
} MatchRd;

static void __attribute__((noreturn, format(printf, 3, 4)))
match_fail(MatchRd *m, size_t at, const char *fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  array_free(&m->items);
  sd_buf_free(&m->text);
  fail_at(m->p, m->tok->line, m->tok->column + 1 + (int)at, "match expression: %s", msg);
}

/* decode the escapes of raw text (\" \\ \n \t \r \b \xHH \u{H..}) */
static void match_decode(MatchRd *m, const char *raw, size_t n, size_t at, SdBuf *out) {
  for (size_t i = 0; i < n; i++) {
    if (raw[i] != '\\' || i + 1 == n) {
      sd_buf_putc(out, raw[i]);
      continue;
    }
    char e = raw[++i];
    const char *simple = "\"\\ntrb", *values = "\"\\\n\t\r\b";
    const char *k = strchr(simple, e);
    if (k && e) {
      sd_buf_putc(out, values[k - simple]);
    } else if (e == 'x' && i + 2 < n + 1 && hexval(raw[i + 1]) >= 0 && i + 2 < n && hexval(raw[i + 2]) >= 0) {
      sd_buf_putc(out, (char)(hexval(raw[i + 1]) * 16 + hexval(raw[i + 2])));
      i += 2;
    } else if (e == 'u' && i + 1 < n && raw[i + 1] == '{') {
      uint32_t cp = 0;
      size_t j = i + 2;
      while (j < n && hexval(raw[j]) >= 0 && j < i + 8) cp = cp * 16 + (uint32_t)hexval(raw[j++]);
      if (j >= n || raw[j] != '}' || j == i + 2 || cp > 0x10ffff) {
        sd_buf_free(out); /* match_fail does not return */
        match_fail(m, at + i - 1, "bad escape: expected \\u{HEX}");
      }
      put_utf8(out, cp);
      i = j;
    } else {
      sd_buf_free(out);
      match_fail(m, at + i - 1, "bad escape '\\%c'", e ? e : ' ');
    }
  }
}

static SdSymbol match_nt(MatchRd *m, const char *name, size_t len, size_t at) {
  char *nt = sd_xstrndup(name, len);
  SdSymbol s = sd_grammar_find(m->p->c->grammar, nt);
  bool ok = s >= 0 && nt[0] == '<' && sd_grammar_is_nonterminal(m->p->c->grammar, s);
  free(nt);
  if (!ok) match_fail(m, at, "unknown nonterminal %.*s", (int)len, name);
  if (s != m->in && !sd_grammar_can_contain(m->p->c->grammar, m->in, s))
    match_fail(m, at, "%.*s cannot occur in a %s", (int)len, name, m->p->c->grammar->symbols[m->in].name);
  return s;
}

/* the text piece read so far (raw from `start`), split at <T>s */
static void match_flush(MatchRd *m, size_t start) {
  const char *raw = m->text.data ? m->text.data : "";
  size_t n = m->text.len, from = 0;
  for (size_t i = 0; i <= n; i++) {
    size_t j = i + 1;
    bool nt = false;
    if (i < n && raw[i] == '<') {
      while (j < n && raw[j] != '<' && raw[j] != '>' && raw[j] != ' ') j++;
      nt = j < n && raw[j] == '>' && j > i + 1;
    }
    if (!nt && i < n) continue;
    if (i > from) {
      SdBuf d = {0};
      match_decode(m, raw + from, i - from, start + from, &d);
      SdMatchItem it = {SD_MATCH_TEXT, sd_arena_strndup(m->p->c->arena, d.data ? d.data : "", d.len),
                        (uint32_t)d.len, -1, -1, m->group};
      sd_buf_free(&d);
      array_push(&m->items, it);
    }
    if (nt) {
      SdMatchItem it = {SD_MATCH_NONTERMINAL, NULL, 0, match_nt(m, raw + i, j + 1 - i, start + i), -1, m->group};
      array_push(&m->items, it);
    }
    from = j + 1;
    i = j;
  }
  m->text.len = 0;
}

static size_t match_skip_space(MatchRd *m, size_t i) {
  while (i < m->n && (m->s[i] == ' ' || m->s[i] == '\t')) i++;
  return i;
}

/* `{<T> name}` at m->i (after the brace) */
static void match_variable(MatchRd *m) {
  size_t open = m->i - 1, i = match_skip_space(m, m->i), nt = i;
  if (i >= m->n || m->s[i] != '<') match_fail(m, i, "expected <nonterminal> after '{'");
  while (i < m->n && m->s[i] != '>' && m->s[i] != '}') i++;
  if (i >= m->n || m->s[i] != '>') match_fail(m, nt, "unterminated nonterminal in {...}");
  SdSymbol sym = match_nt(m, m->s + nt, i + 1 - nt, nt);
  size_t id = match_skip_space(m, i + 1), e = id;
  while (e < m->n && id_char(m->s[e])) e++;
  if (e == id || !id_start(m->s[id])) match_fail(m, id, "expected a variable name after %.*s", (int)(i + 1 - nt), m->s + nt);
  char *name = sd_xstrndup(m->s + id, e - id);
  bool reserved = sd_constraint_reserved_word(name);
  for (uint32_t k = 0; k < m->items.size && !reserved; k++)
    if (m->items.items[k].kind == SD_MATCH_VARIABLE && !strcmp(m->items.items[k].text, name)) {
      free(name);
      match_fail(m, id, "variable '%.*s' is bound twice", (int)(e - id), m->s + id);
    }
  if (reserved) {
    free(name);
    match_fail(m, id, "'%.*s' is a reserved word and cannot name a variable", (int)(e - id), m->s + id);
  }
  SdMatchItem it = {SD_MATCH_VARIABLE, sd_arena_strndup(m->p->c->arena, name, strlen(name)), 0, sym, -1, -1};
  free(name);
  array_push(&m->items, it);
  e = match_skip_space(m, e);
  if (e >= m->n || m->s[e] != '}') match_fail(m, open, "expected '}' closing {%.*s ...", (int)(i + 1 - nt), m->s + nt);
  m->i = e + 1;
}

static SdMatch *parse_match(P *p, const Tok *tok, SdSymbol in) {
  MatchRd m = {p, tok, p->text + tok->start + 1, tok->len - 2, 0, in, {0}, {0}, -1};
  uint32_t groups = 0;
  size_t piece = 0; /* where the current text piece starts */
  while (m.i < m.n) {
    char c = m.s[m.i];
    bool twice = m.i + 1 < m.n && m.s[m.i + 1] == c;
    if ((c == '{' || c == '[' || c == '}') && twice) { /* {{ [[ }}: the character */
      if (!m.text.len) piece = m.i;
      sd_buf_puts(&m.text, c == '{' ? "\\x7b" : c == '[' ? "\\x5b" : "\\x7d");
      m.i += 2;
    } else if (c == '{' && m.group < 0) {
      match_flush(&m, piece);
      m.i++;
      match_variable(&m);
    } else if (c == '{') {
      match_fail(&m, m.i, "a variable cannot be in an optional group [...]");
    } else if (c == '[' && m.group < 0) {
      match_flush(&m, piece);
      if (groups == sd_match_max_groups()) match_fail(&m, m.i, "more than %u optional groups", groups);
      m.group = (int32_t)groups++;
      m.i++;
    } else if (c == ']' && m.group >= 0) {
      match_flush(&m, piece);
      m.group = -1;
      m.i++;
    } else {
      if (!m.text.len) piece = m.i;
      sd_buf_putc(&m.text, c);
      if (c == '\\' && m.i + 1 < m.n) sd_buf_putc(&m.text, m.s[++m.i]);
      m.i++;
    }
  }
  if (m.group >= 0) match_fail(&m, m.n, "unterminated optional group '['");
  match_flush(&m, piece);
  if (!m.items.size) match_fail(&m, 0, "empty");
  uint32_t vars = 0;
  for (uint32_t k = 0; k < m.items.size; k++) vars += m.items.items[k].kind == SD_MATCH_VARIABLE;
  if (vars > 64) match_fail(&m, 0, "more than 64 variables");
  SdMatch *r = sd_arena_alloc(p->c->arena, sizeof *r);
  memset(r, 0, sizeof *r);
  r->items = sd_arena_dup(p->c->arena, m.items.items, m.items.size * sizeof(SdMatchItem));
  r->item_count = m.items.size;
  r->group_count = groups;
  array_free(&m.items);
  sd_buf_free(&m.text);
  return r;
}

/* `forall int n: body` / `exists int n: body` (after the keyword) */
static SdFormula *parse_int_quantifier(P *p, const Tok *q, bool forall) {
  next(p); /* int */
  Tok *nm = peek(p);
  if (nm->kind != T_ID) fail_expected(p, nm, "a variable name after 'int'");
  if (sd_constraint_reserved_word(nm->value))
    fail_at(p, nm->line, nm->column, "'%s' is a reserved word and cannot name a variable",
            nm->value);
  next(p);
  expect(p, T_COLON, "':' after the integer variable");
  int32_t var = sd_constraint_add_variable(p->c, nm->value, SD_SYMBOL_INT, false);
  array_push(&p->scope, ((Scope){nm->value, SD_SYMBOL_INT, var}));
  SdFormula *body = parse_unary(p);
  p->scope.size--;
  SdFormula *f = fmk(p, forall ? SD_F_FORALL_INT : SD_F_EXISTS_INT, 1, q);
  f->children[0] = body;
  f->var = var;
  return f;
}

static SdFormula *parse_quantifier(P *p) {
  Tok *q = next(p);
  bool forall = is_word(q, "forall");
  Tok *nt = peek(p);
  if (is_word(nt, "int")) return parse_int_quantifier(p, q, forall);
  if (nt->kind != T_NT) fail_expected(p, nt, "a nonterminal like <digit> after the quantifier");
  next(p);
  SdSymbol sym = find_nt(p, nt);
  const char *name = NULL;
  Tok *nm = peek(p);
  if (nm->kind == T_ID && !is_word(nm, "in")) {
    if (sd_constraint_reserved_word(nm->value))
      fail_at(p, nm->line, nm->column, "'%s' is a reserved word and cannot name a variable",
              nm->value);
    next(p);
    name = nm->value;
  }
  SdMatch *match = NULL;
  if (is_op(peek(p), "=")) {
    next(p);
    Tok *str = peek(p);
    if (str->kind != T_STRING) fail_expected(p, str, "a match expression in quotes after '='");
    next(p);
    match = parse_match(p, str, sym);
  }
  int32_t in_var = -1;
  if (is_word(peek(p), "in")) {
    next(p);
    Tok *w = peek(p);
    if (w->kind == T_NT) {
      next(p);
      in_var = resolve_nt(p, w);
    } else if (w->kind == T_XPATH) { /* semdbg's printer writes `a.<b>..<c>` so */
      next(p);
      in_var = parse_xpath(p, w);
    } else if (w->kind == T_ID && !sd_constraint_reserved_word(w->value)) {
      next(p);
      in_var = resolve_name(p, w);
      if (is_int_var(p, in_var))
        fail_at(p, w->line, w->column, "'%s' is an integer variable, not a tree node to range in",
                w->value);
      if (in_var == p->start_var) in_var = -1; /* the constant: the whole input */
    } else if (is_word(w, "start")) {
      next(p);
      bool shadowed = false;
      for (uint32_t i = 0; i < p->scope.size; i++)
        if (p->scope.items[i].name && !strcmp(p->scope.items[i].name, "start")) shadowed = true;
      in_var = shadowed ? resolve_name(p, w) : -1;
    } else {
      fail_expected(p, w, "a variable or <nonterminal> after 'in'");
    }
  }
  Tok *colon = peek(p);
  if (colon->kind != T_COLON)
    fail_expected(p, colon, name || in_var >= 0 ? "':' after the quantifier's range"
                                                : "a variable name, 'in' or ':'");
  next(p);
  int32_t var = sd_constraint_add_variable(p->c, name, sym, name == NULL);
  uint32_t scope = p->scope.size;
  array_push(&p->scope, ((Scope){name, sym, var}));
  for (uint32_t i = 0; match && i < match->item_count; i++) { /* the match's variables */
    SdMatchItem *it = &match->items[i];
    if (it->kind != SD_MATCH_VARIABLE) continue;
    it->var = sd_constraint_add_variable(p->c, it->text, it->symbol, false);
    array_push(&p->scope, ((Scope){p->c->variables[it->var].name, it->symbol, it->var}));
    it->text = NULL;
  }
  SdFormula *body = parse_unary(p);
  p->scope.size = scope;
  SdFormula *f = fmk(p, forall ? SD_F_FORALL : SD_F_EXISTS, 1, q);
  f->children[0] = body;
  f->var = var;
  f->in_var = in_var;
  f->match = match;
  finish_binder(p, f);
  return f;
}

/* index of the token after the ')' matching the '(' at pos */
static uint32_t after_group(P *p, uint32_t pos) {
  int depth = 0;
  for (uint32_t i = pos; i < p->toks.size; i++) {
    TokKind k = p->toks.items[i].kind;
    if (k == T_LPAR) depth++;
    else if (k == T_RPAR && --depth == 0) return i + 1;
    else if (k == T_EOF) return i;
  }
  return p->toks.size - 1;
}

/* One n-ary and/or node of the formulas pushed on p->fstack since base (a
 * long chain is one flat node, not a deep tree). */
static SdFormula *flat_from_stack(P *p, SdFormulaKind kind, const Tok *op, uint32_t base) {
  uint32_t n = p->fstack.size - base;
  SdFormula *f = fmk(p, kind, n, op);
  memcpy(f->children, p->fstack.items + base, n * sizeof(SdFormula *));
  p->fstack.size = base;
  return f;
}

/* A binary connective node of two formulas. */
static SdFormula *fpair(P *p, SdFormulaKind kind, SdFormula *a, SdFormula *b, const Tok *at) {
  SdFormula *f = fmk(p, kind, 2, at);
  f->children[0] = a;
  f->children[1] = b;
  return f;
}

static bool sexpr_connective(const Tok *t) {
  return is_word(t, "and") || is_word(t, "or") || is_word(t, "xor") || is_op(t, "=>");
}

/* `(and A B ...)`, `(or ...)`, `(xor ...)` (left-associative) and `(=> A B
 * ...)` (right-associative, as SMT-LIB's). */
static SdFormula *parse_sexpr_formula(P *p) {
  Tok *open = next(p);
  Tok *op = next(p);
  uint32_t base = p->fstack.size;
  while (peek(p)->kind != T_RPAR) {
    if (peek(p)->kind == T_EOF) fail_expected(p, peek(p), "')'");
    SdFormula *k = parse_unary(p);
    array_push(&p->fstack, k);
  }
  next(p);
  uint32_t n = p->fstack.size - base;
  if (n < 2) fail_at(p, open->line, open->column, "'%s' takes at least 2 arguments", op->value);
  SdFormula *f;
  if (is_word(op, "and") || is_word(op, "or")) {
    f = flat_from_stack(p, is_word(op, "and") ? SD_F_AND : SD_F_OR, op, base);
  } else if (is_word(op, "xor")) {
    f = p->fstack.items[base];
    for (uint32_t i = 1; i < n; i++) f = fpair(p, SD_F_XOR, f, p->fstack.items[base + i], op);
    p->fstack.size = base;
  } else {
    f = p->fstack.items[base + n - 1];
    for (uint32_t i = n - 1; i-- > 0;) f = fpair(p, SD_F_IMPLIES, p->fstack.items[base + i], f, op);
    p->fstack.size = base;
  }
  array_push(&p->opaque, f);
  return f;
}

static SdFormula *parse_unary_inner(P *p);

static SdFormula *parse_unary(P *p) {
  enter(p, peek(p));
  SdFormula *f = parse_unary_inner(p);
  p->depth--;
  return f;
}

static SdFormula *parse_unary_inner(P *p) {
  Tok *t = peek(p);
  if (is_word(t, "not")) {
    next(p);
    SdFormula *f = fmk(p, SD_F_NOT, 1, t);
    f->children[0] = parse_unary(p);
    return f;
  }
  if (is_word(t, "forall") || is_word(t, "exists")) return parse_quantifier(p);
  if (is_word(t, "const"))
    fail_at(p, t->line, t->column, "a constant declaration (const x: <T>;) comes first");
  if (find_pred(t) >= 0 && peek_at(p, 1)->kind == T_LPAR) return parse_predicate(p);
  if (t->kind == T_LPAR) {
    uint32_t after = after_group(p, p->pos);
    bool term_group = after < p->toks.size && is_infix_term_op(&p->toks.items[after]);
    if (!term_group) {
      Tok *head = peek_at(p, 1);
      if (sexpr_connective(head)) return parse_sexpr_formula(p);
      if (!sexpr_head(p, 1)) {
        next(p);
        SdFormula *f = parse_formula(p);
        expect(p, T_RPAR, "')' or a connective (and, or, xor, implies, iff)");
        return f;
      }
    }
  }
  if (t->kind == T_EOF || t->kind == T_RPAR || t->kind == T_COLON || t->kind == T_COMMA ||
      is_word(t, "and") || is_word(t, "or") || is_word(t, "implies") || is_word(t, "iff") ||
      is_word(t, "xor") || is_word(t, "in"))
    fail_expected(p, t, "a formula");
  SdTerm *a = parse_term(p);
  return atom_formula(p, a, t);
}

static const struct {
  const char *word;
  SdFormulaKind kind;
} levels[] = {{"iff", SD_F_IFF}, {"implies", SD_F_IMPLIES}, {"xor", SD_F_XOR},
              {"or", SD_F_OR}, {"and", SD_F_AND}};

static SdFormula *parse_level(P *p, int level);

/* `a and b and c` (or `or`): one flat node. */
static SdFormula *parse_flat_level(P *p, int level, SdFormula *left) {
  uint32_t base = p->fstack.size;
  array_push(&p->fstack, left);
  Tok *op = NULL;
  while (is_word(peek(p), levels[level].word)) {
    op = next(p);
    SdFormula *right = level == 4 ? parse_unary(p) : parse_level(p, level + 1);
    array_push(&p->fstack, right);
  }
  if (!op) {
    p->fstack.size = base;
    return left;
  }
  SdFormula *f = flat_from_stack(p, levels[level].kind, op, base);
  f->line = left->line;
  f->column = left->column;
  return f;
}

static SdFormula *parse_level(P *p, int level) {
  SdFormula *left = level == 4 ? parse_unary(p) : parse_level(p, level + 1);
  if (levels[level].kind == SD_F_AND || levels[level].kind == SD_F_OR)
    return parse_flat_level(p, level, left);
  while (is_word(peek(p), levels[level].word)) {
    Tok *op = next(p);
    SdFormula *right = level == 4 ? parse_unary(p) : parse_level(p, level + 1);
    SdFormula *f = fmk(p, levels[level].kind, 2, op);
    f->children[0] = left;
    f->children[1] = right;
    f->line = left->line;
    f->column = left->column;
    left = f;
  }
  return left;
}

static SdFormula *parse_formula(P *p) {
  return parse_level(p, 0);
}

/* ---- the depth of the tree (chains like `a implies b implies ...` are
 * built in loops, deep without deep recursion: the walks after this are
 * recursive) ---- */

typedef struct DepthJob {
  const SdFormula *f;   /* or */
  const SdTerm *t;
  int depth;
} DepthJob;

static void check_depth(P *p, const SdFormula *root) {
  Array(DepthJob) stack = {0};
  array_push(&stack, ((DepthJob){root, NULL, 1}));
  while (stack.size) {
    DepthJob j = array_pop(&stack);
    int line = j.f ? j.f->line : j.t->line, column = j.f ? j.f->column : j.t->column;
    if (j.depth > SD_CONSTRAINT_MAX_DEPTH) {
      array_free(&stack);
      too_deep(p, line, column);
    }
    if (j.f && j.f->atom) array_push(&stack, ((DepthJob){NULL, j.f->atom, j.depth + 1}));
    for (uint32_t i = 0; j.f && i < j.f->child_count; i++)
      array_push(&stack, ((DepthJob){j.f->children[i], NULL, j.depth + 1}));
    for (uint32_t i = 0; j.t && i < j.t->arg_count; i++)
      array_push(&stack, ((DepthJob){NULL, j.t->args[i], j.depth + 1}));
  }
  array_free(&stack);
}

/* ---- closing over free nonterminals ---- */

/* Is x v, or a variable an XPath expression reaches from v? */
static bool reaches(const P *p, int32_t x, int32_t v) {
  for (uint32_t guard = 0; guard <= p->pending.size; guard++) {
    if (x == v) return true;
    uint32_t i = 0;
    while (i < p->pending.size && p->pending.items[i].var != x) i++;
    if (i == p->pending.size) return false;
    x = p->pending.items[i].base;
  }
  return false;
}

static bool term_mentions(const P *p, const SdTerm *t, int32_t v) {
  if (t->op == SD_OP_VAR) return reaches(p, t->var, v);
  for (uint32_t i = 0; i < t->arg_count; i++)
    if (term_mentions(p, t->args[i], v)) return true;
  return false;
}

static bool mentions_in(const P *p, const SdFormula *f, int32_t v) {
  if (f->kind == SD_F_ATOM) return term_mentions(p, f->atom, v);
  if (sd_formula_is_tree_quantifier(f->kind) && f->in_var >= 0 && reaches(p, f->in_var, v)) return true;
  for (uint32_t i = 0; i < f->child_count; i++)
    if (mentions_in(p, f->children[i], v)) return true;
  return false;
}
#define mentions(f, v) mentions_in(p, f, v)

static bool is_opaque(const P *p, const SdFormula *f) {
  for (uint32_t i = 0; i < p->opaque.size; i++)
    if (p->opaque.items[i] == f) return true;
  return false;
}

/* The implied quantifier of v around f: forall, or under an odd number of
 * nots exists (not (exists v: f) is forall v: not f, the quantifier ISLa
 * puts there after pushing the negation in). */
static SdFormula *wrap(P *p, SdFormula *f, int32_t v, bool neg) {
  SdFormula *q = sd_formula_new(p->c, neg ? SD_F_EXISTS : SD_F_FORALL, 1);
  q->children[0] = f;
  q->var = v;
  q->in_var = p->closing_in;
  q->line = f->line;
  q->column = f->column;
  finish_binder(p, q);
  return q;
}

/* Does ISLa push the quantifier of v into f (rather than wrap f)? neg: f is
 * under an odd number of nots, where and/or and forall/exists swap. */
static bool pushable(const P *p, const SdFormula *f, int32_t v, bool neg) {
  if (is_opaque(p, f)) return false;
  switch (f->kind) {
    case SD_F_NOT: return pushable(p, f->children[0], v, !neg);
    case SD_F_AND:
    case SD_F_OR:
      for (uint32_t i = 0; i < f->child_count; i++)
        if (!mentions(f->children[i], v)) return true;
      return false;
    case SD_F_IMPLIES: return !mentions(f->children[0], v) || !mentions(f->children[1], v);
    case SD_F_FORALL:
    case SD_F_EXISTS: return (f->kind == SD_F_FORALL) != neg && f->in_var != v;
    default: return false;
  }
}

static SdFormula *close_over_in(P *p, SdFormula *f, int32_t v, bool neg);

/* An and/or some of whose children do not mention v: those stay outside,
 * the others (grouped in one node when several) get the quantifier. */
static SdFormula *close_junction(P *p, SdFormula *f, int32_t v, bool neg) {
  uint32_t dep = 0, first = 0;
  for (uint32_t i = 0; i < f->child_count; i++)
    if (mentions(f->children[i], v) && dep++ == 0) first = i;
  if (dep == 1) {
    f->children[first] = close_over_in(p, f->children[first], v, neg);
    return f;
  }
  SdFormula *group = sd_formula_new(p->c, f->kind, dep);
  SdFormula *rest = sd_formula_new(p->c, f->kind, f->child_count - dep + 1);
  rest->line = group->line = f->children[first]->line;
  rest->column = group->column = f->children[first]->column;
  uint32_t g = 0, r = 0, at = 0;
  for (uint32_t i = 0; i < f->child_count; i++) {
    if (!mentions(f->children[i], v)) {
      rest->children[r++] = f->children[i];
      continue;
    }
    group->children[g++] = f->children[i];
    if (i == first) at = r++; /* the group stands where its first member stood */
  }
  rest->line = f->line;
  rest->column = f->column;
  rest->children[at] = close_over_in(p, group, v, neg); /* wraps: all mention v */
  return rest;
}

/* Close f over the free nonterminal variable v as ISLa does: the `forall`
 * goes as deep as it can into and/or (leaving out what does not mention v),
 * implications (a disjunction for ISLa), negations and universal quantifiers
 * (ISLa's formula is in negation normal form by then: under a `not` these
 * are or/and and exists), and wraps anything else. */
static SdFormula *close_over_in(P *p, SdFormula *f, int32_t v, bool neg) {
  if (!mentions(f, v)) return f;
  if (!pushable(p, f, v, neg)) return wrap(p, f, v, neg);
  switch (f->kind) {
    case SD_F_NOT: f->children[0] = close_over_in(p, f->children[0], v, !neg); return f;
    case SD_F_AND:
    case SD_F_OR: return close_junction(p, f, v, neg);
    case SD_F_IMPLIES:
      if (!mentions(f->children[0], v)) f->children[1] = close_over_in(p, f->children[1], v, neg);
      else f->children[0] = close_over_in(p, f->children[0], v, !neg);
      return f;
    default: f->children[0] = close_over_in(p, f->children[0], v, neg); return f;
  }
}

static SdFormula *close_over(P *p, SdFormula *f, int32_t v) {
  return close_over_in(p, f, v, false);
}

static bool binds(const SdFormula *q, int32_t v) {
  if (q->var == v) return true;
  int32_t vars[300];
  uint32_t n = q->match ? sd_match_bound(q->match, NULL) : 0;
  if (n > 300) return false;
  if (n) sd_match_bound(q->match, vars);
  for (uint32_t i = 0; i < n; i++)
    if (vars[i] == v) return true;
  return false;
}

static void add_path(P *p, SdFormula *q, const Pending *x) {
  if (!q->match) {
    q->match = sd_arena_alloc(p->c->arena, sizeof(SdMatch));
    memset(q->match, 0, sizeof(SdMatch));
  }
  SdMatch *m = q->match;
  SdMatchPath *paths = sd_arena_alloc(p->c->arena, (m->path_count + 1) * sizeof(SdMatchPath));
  if (m->path_count) memcpy(paths, m->paths, m->path_count * sizeof(SdMatchPath));
  paths[m->path_count] = (SdMatchPath){x->var, x->base, x->step_count, x->symbols, x->indices};
  m->paths = paths;
  m->path_count++;
}

/* A quantifier q was made: the XPath steps from the variables it binds
 * become paths of its range, and their descendant steps quantifiers in
 * its body (`forall <T> x in base`, placed as ISLa's push-in places it). */
static void finish_binder(P *p, SdFormula *q) {
  for (bool more = true; more;) {
    more = false;
    for (uint32_t i = 0; i < p->pending.size; i++) {
      Pending *x = &p->pending.items[i];
      if (x->done || x->descendant || !binds(q, x->base)) continue;
      x->done = more = true;
      add_path(p, q, x);
    }
  }
  for (uint32_t i = 0; i < p->pending.size; i++) {
    Pending *x = &p->pending.items[i];
    if (x->done || !x->descendant || !binds(q, x->base)) continue;
    x->done = true;
    int32_t was = p->closing_in;
    p->closing_in = x->base;
    q->children[0] = close_over_in(p, q->children[0], x->var, false);
    p->closing_in = was;
  }
}

static void flatten_into(SdConstraint *c, SdFormula *f, SdFormulaKind kind, FormulaArray *out) {
  if (f->kind == kind) {
    for (uint32_t i = 0; i < f->child_count; i++) flatten_into(c, f->children[i], kind, out);
  } else {
    array_push(out, f);
  }
}

static SdFormula *flatten(SdConstraint *c, SdFormula *f) {
  for (uint32_t i = 0; i < f->child_count; i++) f->children[i] = flatten(c, f->children[i]);
  if (f->kind != SD_F_AND && f->kind != SD_F_OR) return f;
  FormulaArray kids = {0};
  for (uint32_t i = 0; i < f->child_count; i++) flatten_into(c, f->children[i], f->kind, &kids);
  if (kids.size != f->child_count) {
    f->children = sd_arena_alloc(c->arena, kids.size * sizeof(SdFormula *));
    f->child_count = kids.size;
  }
  memcpy(f->children, kids.items, kids.size * sizeof(SdFormula *));
  array_free(&kids);
  return f;
}

/* `const name: <T>;` (ISLa): name is the whole input, like `start` */
static void parse_const(P *p) {
  next(p);
  Tok *nm = expect(p, T_ID, "a name after 'const'");
  if (sd_constraint_reserved_word(nm->value) && strcmp(nm->value, "start"))
    fail_at(p, nm->line, nm->column, "'%s' is a reserved word and cannot name a constant", nm->value);
  expect(p, T_COLON, "':' after the constant's name");
  Tok *nt = expect(p, T_NT, "the constant's <nonterminal>");
  find_nt(p, nt);
  expect(p, T_SEMI, "';' after the constant declaration");
  p->const_name = nm->value;
}

/* The nodes of f's negation normal form, at most limit (iff and xor are two
 * conjunctions of both sides there); *culprit: the outermost iff or xor whose
 * expansion reaches the limit. Recursion is bounded by check_depth. */
static uint64_t expanded_size(const SdFormula *f, uint64_t limit, const SdFormula **culprit) {
  uint64_t n = 0;
  for (uint32_t i = 0; i < f->child_count && n < limit; i++) n += expanded_size(f->children[i], limit, culprit);
  if (f->kind == SD_F_IFF || f->kind == SD_F_XOR) n = n > limit / 2 ? limit : 2 * n + 3;
  else n += 1;
  if (n >= limit) {
    n = limit;
    if (f->kind == SD_F_IFF || f->kind == SD_F_XOR) *culprit = f;
  }
  return n;
}

static void check_expansion(P *p, const SdFormula *f) {
  const SdFormula *culprit = NULL;
  if (expanded_size(f, SD_CONSTRAINT_MAX_EXPANSION, &culprit) < SD_CONSTRAINT_MAX_EXPANSION || !culprit) return;
  fail_at(p, culprit->line, culprit->column,
          "too many iff/xor in a chain: written out as and/or they would make more than %d nodes",
          SD_CONSTRAINT_MAX_EXPANSION);
}

static bool run(P *p) {
  if (setjmp(p->fail)) return false;
  const char *z = memchr(p->text, 0, p->len);
  if (z) {
    int line, col;
    sd_line_col(p->text, p->len, (size_t)(z - p->text), &line, &col);
    fail_at(p, line, col, "unexpected NUL byte");
  }
  lex(p);
  if (is_word(peek(p), "const")) parse_const(p);
  if (peek(p)->kind == T_EOF) fail_expected(p, peek(p), "a formula");
  SdFormula *f = parse_formula(p);
  Tok *t = peek(p);
  if (t->kind != T_EOF) {
    if (t->kind == T_RPAR) fail_at(p, t->line, t->column, "unbalanced ')'");
    fail_expected(p, t, "a connective (and, or, xor, implies, iff) or the end");
  }
  check_depth(p, f);
  check_expansion(p, f);
  for (uint32_t i = p->free_nts.size; i-- > 0;) f = close_over(p, f, p->free_nts.items[i].var);
  for (uint32_t i = 0; i < p->pending.size; i++)
    if (!p->pending.items[i].done) /* its base is bound by no quantifier */
      fail_at(p, 1, 1, "an XPath expression starts at a variable no quantifier binds");
  p->c->root = flatten(p->c, f);
  sd_constraint_name_variables(p->c);
  return true;
}

SdConstraint *sd_constraint_parse(const SdGrammar *grammar, const char *text, size_t length,
                                  SdConstraintError *error) {
  SdConstraintError dummy;
  P *p = sd_xcalloc(1, sizeof *p);
  p->text = text;
  p->len = length;
  p->c = sd_constraint_new_empty(grammar);
  p->err = error ? error : &dummy;
  p->err->line = p->err->column = 0;
  p->err->message = NULL;
  p->start_var = -1;
  p->closing_in = -1;
  SdConstraint *result = p->c;
  if (!run(p)) {
    sd_constraint_free(p->c);
    result = NULL;
  }
  array_free(&p->toks);
  array_free(&p->scope);
  array_free(&p->free_nts);
  array_free(&p->tstack);
  array_free(&p->fstack);
  array_free(&p->opaque);
  array_free(&p->pending);
  if (!error) free(dummy.message);
  free(p);
  return result;
}
