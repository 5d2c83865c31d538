/* constraint_eval.c: evaluation of a constraint on a derivation tree, with
 * ISLa's semantics.
 *
 * A quantifier `Q <T> v in w` ranges over the <T> nodes of w's subtree, w
 * included, taken from the tree's per-symbol index (sd_tree_range: a binary
 * search, never a walk of the tree); `forall` over no node is true, `exists`
 * over none is false. Bindings are an array indexed by variable; a variable
 * used as a string is the text of its subtree (a slice of tree->text, no
 * copy); a quantifier with a match expression or XPath steps ranges only
 * over the nodes that match (constraint_match.c), binding their variables.
 * Terms evaluate to values that may be undefined: str.to.int of a
 * non-numeral (ISLa's int(float(s)), exact; str.to.real the same numerals'
 * decimal value), div or mod by zero, and a regex whose automaton outgrew its
 * limit. Formulas are evaluated with a polarity, as ISLa evaluates them after
 * pushing every `not` into the atoms: an atom with an undefined value is
 * false under either polarity (so `not (str.to.int(x) > 3)` is false for a
 * non-numeric x). Integer quantifiers try values for their variable (see
 * eval_int_quantifier). Integers have any
 * size and decimals are a mantissa and a power of ten (constraint_bigint.c);
 * a string that is valid UTF-8 counts code points, any other bytes
 * (constraint_utf8.c); temporaries of an atom live in a scratch that
 * is rewound after the atom. Regexes go through constraint_regex.c, one
 * automaton cache per evaluation. Nothing here writes to the constraint, so
 * several threads may evaluate the same constraint at once. A quantifier
 * polls semdbg/stop.h every 256 bindings: after a stop (a signal, the time
 * limit), inside a scope that allows it (sd_stop_cut_begin), an evaluation
 * returns false at once and counts a cut, so that no evaluation on a huge
 * input outlasts --time-limit. Nested quantifiers whose body compares values
 * of their elements are decided from each element kind's extremes where the
 * body allows (chains, ordered pairs, a forall beside an exists, nesting
 * depth: the sections below), not binding by binding; a caller that asks
 * for a witness gets the bindings one by one. */
#define _GNU_SOURCE /* memmem */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "constraint_internal.h"
#include "semdbg/stop.h"

typedef struct Val {
  SdType type;
  bool b;
  SdInt i;
  int32_t e;      /* numbers: the value is i * 10^e (0 for integers) */
  const char *s;
  uint32_t n;
  const SdNode *node;
} Val;

/* An integer quantifier being decided: the values tried and to try for its
 * variable (decimal texts, malloc'd), collected from the atoms it occurs in. */
typedef struct IntFrame {
  int32_t var;
  Array(char *) values;
  SdHashSet seen;      /* hashes of the texts in values */
  bool blind;          /* an atom could not be solved for the variable */
} IntFrame;

typedef struct Ev {
  const SdConstraint *c;
  const SdTree *t;
  const SdNode **bind;
  const char **num;    /* per variable: an integer variable's numeral (NULL: unbound) */
  Array(IntFrame *) frames; /* integer quantifiers being decided, outermost first */
  SdArena scratch;
  SdReCtx *re;
  bool utf8;      /* building a regex for a subject that is valid UTF-8 */
  bool cut;       /* a stop was requested (semdbg/stop.h): the result is false, not the truth */
  bool witness;   /* the caller wants the first satisfying binding: no extremes (eval_extremes) */
  int8_t ascii;   /* the tree's text is ASCII: 1 yes, 0 no, -1 not looked at yet */
  uint32_t polls;
} Ev;

static bool eval_term(Ev *e, const SdTerm *t, Val *out);

/* The characters of a text: its bytes when it lies in the tree's text and
 * that is ASCII (looked at once per evaluation: node texts are counted
 * many times over), else its UTF-8 characters (bytes when not UTF-8). */
static uint32_t text_chars(Ev *e, const char *s, uint32_t n) {
  bool in_tree = e->t && e->t->text && s >= e->t->text && s + n <= e->t->text + e->t->length;
  if (in_tree && e->ascii < 0) {
    e->ascii = 1;
    for (uint32_t i = 0; i < e->t->length && e->ascii; i++)
      if ((unsigned char)e->t->text[i] >= 0x80) e->ascii = 0;
  }
  if (in_tree && e->ascii == 1) return n;
  return sd_str_chars(s, n, sd_utf8_valid(s, n));
}

static bool eval_int(Ev *e, const SdTerm *t, SdInt *out) {
  Val v;
  if (!eval_term(e, t, &v)) return false;
  *out = v.i;
  return true;
}

/* count(x, "<T>", n): the number of <T> nodes in x's subtree (false when x
 * is undefined). */
static bool counted(Ev *e, const SdTerm *t, uint32_t *count) {
  Val x;
  if (!eval_term(e, t->args[0], &x)) return false;
  sd_tree_range(e->t, t->symbol, x.node, count);
  return true;
}

static bool eval_num(Ev *e, const SdTerm *t, SdDec *out) {
  Val v;
  if (!eval_term(e, t, &v)) return false;
  out->m = v.i;
  out->e = v.e;
  return true;
}

static bool numeric(SdType t) {
  return t == SD_TYPE_INT || t == SD_TYPE_REAL;
}

/* The single character of a string: its code, or -1 when it has not
 * exactly one character. */
static int64_t char_code(const char *s, uint32_t n) {
  if (n == 1) return (unsigned char)s[0];
  if (n < 2 || n > 4 || !sd_utf8_valid(s, n)) return -1;
  uint32_t cp;
  return sd_utf8_decode(s, &cp) == n ? (int64_t)cp : -1;
}

static bool eval_str(Ev *e, const SdTerm *t, const char **s, uint32_t *n) {
  Val v;
  if (!eval_term(e, t, &v)) return false;
  *s = v.s;
  *n = v.n;
  return true;
}

/* index argument as a small non-negative number, or -1 when out of range */
static int64_t as_index(SdInt i) {
  int64_t v;
  if (!sd_int_to_i64(i, &v) || v < 0) return -1;
  return v;
}

static bool eval_re(Ev *e, const SdTerm *t, SdRe **out) {
  if (!e->re) e->re = sd_re_ctx_new();
  SdReCtx *c = e->re;
  SdRe *a, *b;
  switch (t->op) {
    case SD_OP_RE_CONCAT:
    case SD_OP_RE_UNION: {
      if (!eval_re(e, t->args[t->arg_count - 1], &a)) return false;
      for (uint32_t i = t->arg_count - 1; i-- > 0;) {
        if (!eval_re(e, t->args[i], &b)) return false;
        a = t->op == SD_OP_RE_CONCAT ? sd_re_concat(c, b, a) : sd_re_union(c, b, a);
      }
      *out = a;
      return true;
    }
    case SD_OP_RE_STAR:
    case SD_OP_RE_PLUS:
    case SD_OP_RE_OPT:
    case SD_OP_RE_COMP:
      if (!eval_re(e, t->args[0], &a)) return false;
      *out = t->op == SD_OP_RE_STAR   ? sd_re_star(c, a)
             : t->op == SD_OP_RE_PLUS ? sd_re_concat(c, a, sd_re_star(c, a))
             : t->op == SD_OP_RE_OPT  ? sd_re_union(c, a, sd_re_eps(c))
                                      : sd_re_comp(c, a);
      return true;
    case SD_OP_RE_RANGE: {
      const char *s1, *s2;
      uint32_t n1, n2;
      if (!eval_str(e, t->args[0], &s1, &n1) || !eval_str(e, t->args[1], &s2, &n2)) return false;
      /* SMT-LIB: empty unless both are single characters */
      if (e->utf8) {
        int64_t lo = char_code(s1, n1), hi = char_code(s2, n2);
        *out = lo >= 0 && hi >= lo ? sd_re_utf8_range(c, (uint32_t)lo, (uint32_t)hi) : sd_re_none(c);
        return true;
      }
      uint8_t set[32] = {0};
      if (n1 == 1 && n2 == 1)
        for (unsigned ch = (unsigned char)s1[0]; ch <= (unsigned char)s2[0]; ch++)
          set[ch >> 3] |= (uint8_t)(1u << (ch & 7));
      *out = sd_re_set(c, set);
      return true;
    }
    case SD_OP_STR_TO_RE: {
      const char *s;
      uint32_t n;
      if (!eval_str(e, t->args[0], &s, &n)) return false;
      if (e->utf8 && !sd_utf8_valid(s, n)) { /* its bytes are its characters */
        SdRe *r = sd_re_eps(c);
        for (uint32_t k = n; k-- > 0;) {
          char enc[4];
          uint32_t len = sd_utf8_encode((unsigned char)s[k], enc);
          r = sd_re_concat(c, sd_re_string(c, enc, len), r);
        }
        *out = r;
        return true;
      }
      *out = sd_re_string(c, s, n);
      return true;
    }
    case SD_OP_RE_LOOP: {
      if (!eval_re(e, t->args[0], &a)) return false;
      int64_t lo = atoll(t->args[1]->text);
      int64_t hi = t->arg_count > 2 ? atoll(t->args[2]->text) : -1;
      SdRe *r = hi < 0 ? sd_re_star(c, a) : sd_re_eps(c);
      SdRe *opt = sd_re_union(c, a, sd_re_eps(c));
      for (int64_t k = lo; hi >= 0 && k < hi; k++) r = sd_re_concat(c, opt, r);
      for (int64_t k = 0; k < lo; k++) r = sd_re_concat(c, a, r);
      *out = r;
      return true;
    }
    case SD_OP_RE_ALLCHAR: {
      if (e->utf8) {
        *out = sd_re_utf8_range(c, 0, 0x10ffff);
        return true;
      }
      uint8_t set[32];
      memset(set, 0xff, 32);
      *out = sd_re_set(c, set);
      return true;
    }
    case SD_OP_RE_INTER: /* complement of the union of complements */
    case SD_OP_RE_DIFF: {
      SdRe *u = NULL;
      for (uint32_t k = 0; k < t->arg_count; k++) {
        if (!eval_re(e, t->args[k], &a)) return false;
        SdRe *part = t->op == SD_OP_RE_DIFF && k > 0 ? a : sd_re_comp(c, a);
        u = u ? sd_re_union(c, u, part) : part;
      }
      *out = sd_re_comp(c, u);
      return true;
    }
    case SD_OP_RE_ALL: *out = sd_re_comp(c, sd_re_none(c)); return true;
    case SD_OP_RE_NONE: *out = sd_re_none(c); return true;
    default: return false;
  }
}

static bool eval_strings(Ev *e, const SdTerm *t, Val *out);

static bool eval_term(Ev *e, const SdTerm *t, Val *out) {
  memset(out, 0, sizeof *out);
  out->type = t->type;
  Val a, b;
  switch (t->op) {
    case SD_OP_VAR: {
      const SdNode *n = e->bind[t->var];
      if (!n && e->num && e->num[t->var]) { /* an integer variable: its numeral */
        out->s = e->num[t->var];
        out->n = (uint32_t)strlen(out->s);
        return true;
      }
      if (!n) return false;
      out->node = n;
      out->s = sd_node_text(e->t, n, &out->n);
      return true;
    }
    case SD_OP_STRING:
      out->s = t->text;
      out->n = t->length;
      return true;
    case SD_OP_INT: return sd_int_parse(&e->scratch, t->text, t->length, &out->i);
    case SD_OP_DECIMAL: {
      SdDec d;
      if (!sd_dec_parse_numeral(&e->scratch, t->text, t->length, &d)) return false;
      out->i = d.m;
      out->e = d.e;
      return true;
    }
    case SD_OP_BOOL: out->b = t->bool_value; return true;
    case SD_OP_EQ:
      if (!eval_term(e, t->args[0], &a) || !eval_term(e, t->args[1], &b)) return false;
      if (numeric(t->args[0]->type)) {
        SdDec x = {a.i, a.e}, y = {b.i, b.e};
        out->b = sd_dec_cmp(&e->scratch, x, y) == 0;
      } else if (t->args[0]->type == SD_TYPE_BOOL) out->b = a.b == b.b;
      else out->b = a.n == b.n && (a.n == 0 || !memcmp(a.s, b.s, a.n));
      return true;
    case SD_OP_LT:
    case SD_OP_LE:
    case SD_OP_GT:
    case SD_OP_GE: {
      if (!eval_term(e, t->args[0], &a) || !eval_term(e, t->args[1], &b)) return false;
      SdDec x = {a.i, a.e}, y = {b.i, b.e};
      int c = a.e == 0 && b.e == 0 ? sd_int_cmp(a.i, b.i) : sd_dec_cmp(&e->scratch, x, y);
      out->b = t->op == SD_OP_LT ? c < 0 : t->op == SD_OP_LE ? c <= 0 : t->op == SD_OP_GT ? c > 0 : c >= 0;
      return true;
    }
    case SD_OP_ADD:
    case SD_OP_SUB:
    case SD_OP_MUL: {
      if (t->type == SD_TYPE_REAL) {
        SdDec acc, x;
        if (!eval_num(e, t->args[0], &acc)) return false;
        for (uint32_t k = 1; k < t->arg_count; k++) {
          if (!eval_num(e, t->args[k], &x)) return false;
          bool ok = t->op == SD_OP_ADD   ? sd_dec_add(&e->scratch, acc, x, &acc)
                    : t->op == SD_OP_SUB ? sd_dec_sub(&e->scratch, acc, x, &acc)
                                         : sd_dec_mul(&e->scratch, acc, x, &acc);
          if (!ok) return false;
        }
        out->i = acc.m;
        out->e = acc.e;
        return true;
      }
      if (!eval_int(e, t->args[0], &out->i)) return false;
      for (uint32_t k = 1; k < t->arg_count; k++) {
        SdInt x;
        if (!eval_int(e, t->args[k], &x)) return false;
        out->i = t->op == SD_OP_ADD   ? sd_int_add(&e->scratch, out->i, x)
                 : t->op == SD_OP_SUB ? sd_int_sub(&e->scratch, out->i, x)
                                      : sd_int_mul(&e->scratch, out->i, x);
      }
      return true;
    }
    case SD_OP_DIV:
    case SD_OP_MOD: {
      SdInt x, y, q, r;
      if (!eval_int(e, t->args[0], &x) || !eval_int(e, t->args[1], &y)) return false;
      if (!sd_int_divmod(&e->scratch, x, y, &q, &r)) return false;
      out->i = t->op == SD_OP_DIV ? q : r;
      return true;
    }
    case SD_OP_NEG:
      if (!eval_term(e, t->args[0], &a)) return false;
      out->i = sd_int_neg(&e->scratch, a.i);
      out->e = a.e;
      return true;
    case SD_OP_STR_LEN:
      if (!eval_term(e, t->args[0], &a)) return false;
      out->i = sd_int_small(text_chars(e, a.s, a.n));
      return true;
    case SD_OP_STR_TO_INT:
    case SD_OP_STR_TO_REAL: {
      SdDec d;
      if (!eval_term(e, t->args[0], &a) || !sd_dec_parse_numeral(&e->scratch, a.s, a.n, &d))
        return false;
      if (t->op == SD_OP_STR_TO_REAL) {
        out->i = d.m;
        out->e = d.e;
        return true;
      }
      return sd_dec_to_int(&e->scratch, d, &out->i); /* int(float(s)), without rounding */
    }
    case SD_OP_ARITH_VALUE: {
      int64_t v;
      if (!eval_term(e, t->args[0], &a) || !sd_arith_value(a.s, a.n, &v)) return false;
      out->i = sd_int_small(v);
      return true;
    }
    case SD_OP_STR_TO_CODE:
      if (!eval_term(e, t->args[0], &a)) return false;
      out->i = sd_int_small(char_code(a.s, a.n));
      return true;
    case SD_OP_STR_FROM_CODE: {
      SdInt code;
      int64_t cp;
      if (!eval_int(e, t->args[0], &code)) return false;
      char *buf = sd_arena_alloc(&e->scratch, 4);
      out->s = buf;
      out->n = 0;
      if (sd_int_to_i64(code, &cp) && cp >= 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff))
        out->n = sd_utf8_encode((uint32_t)cp, buf);
      return true;
    }
    case SD_OP_STR_AT: {
      SdInt i;
      if (!eval_term(e, t->args[0], &a) || !eval_int(e, t->args[1], &i)) return false;
      int64_t k = as_index(i);
      bool valid = sd_utf8_valid(a.s, a.n);
      out->s = a.s;
      out->n = 0;
      if (k >= 0 && k < a.n) {
        uint32_t from = sd_str_offset(a.s, a.n, valid, (uint64_t)k);
        uint32_t to = sd_str_offset(a.s, a.n, valid, (uint64_t)k + 1);
        out->s = a.s + from;
        out->n = to - from;
      }
      return true;
    }
    case SD_OP_STR_SUBSTR: {
      SdInt i, len;
      if (!eval_term(e, t->args[0], &a) || !eval_int(e, t->args[1], &i) ||
          !eval_int(e, t->args[2], &len))
        return false;
      int64_t k = as_index(i);
      bool valid = sd_utf8_valid(a.s, a.n);
      out->s = a.s;
      out->n = 0;
      if (k >= 0 && k < a.n && sd_int_cmp(len, sd_int_small(0)) > 0) {
        int64_t l = as_index(len);
        uint32_t from = sd_str_offset(a.s, a.n, valid, (uint64_t)k);
        uint32_t to = l < 0 ? a.n : sd_str_offset(a.s + from, a.n - from, valid, (uint64_t)l) + from;
        out->s = a.s + from;
        out->n = to - from;
      }
      return true;
    }
    case SD_OP_STR_CONCAT: {
      size_t total = 0;
      Val *parts = sd_arena_alloc(&e->scratch, t->arg_count * sizeof(Val));
      for (uint32_t k = 0; k < t->arg_count; k++) {
        if (!eval_term(e, t->args[k], &parts[k])) return false;
        total += parts[k].n;
      }
      char *buf = sd_arena_alloc(&e->scratch, total + 1);
      size_t at = 0;
      for (uint32_t k = 0; k < t->arg_count; k++) {
        if (parts[k].n) memcpy(buf + at, parts[k].s, parts[k].n);
        at += parts[k].n;
      }
      out->s = buf;
      out->n = (uint32_t)total;
      return true;
    }
    case SD_OP_STR_PREFIXOF:
    case SD_OP_STR_SUFFIXOF:
    case SD_OP_STR_CONTAINS:
      if (!eval_term(e, t->args[0], &a) || !eval_term(e, t->args[1], &b)) return false;
      if (t->op == SD_OP_STR_PREFIXOF) out->b = a.n <= b.n && (a.n == 0 || !memcmp(a.s, b.s, a.n));
      else if (t->op == SD_OP_STR_SUFFIXOF)
        out->b = a.n <= b.n && (a.n == 0 || !memcmp(a.s, b.s + (b.n - a.n), a.n));
      else out->b = b.n == 0 || (b.n <= a.n && memmem(a.s, a.n, b.s, b.n) != NULL);
      return true;
    case SD_OP_STR_IN_RE: {
      SdRe *r;
      if (!eval_term(e, t->args[0], &a)) return false;
      e->utf8 = sd_utf8_valid(a.s, a.n); /* characters are code points, else bytes */
      bool built = eval_re(e, t->args[1], &r);
      e->utf8 = false;
      if (!built) return false;
      bool ok;
      out->b = sd_re_match(e->re, r, a.s, a.n, &ok);
      if (!ok) { /* the automaton grew too large: start afresh next time */
        sd_re_ctx_free(e->re);
        e->re = NULL;
      }
      return ok;
    }
    case SD_OP_INSIDE:
    case SD_OP_BEFORE:
    case SD_OP_AFTER:
    case SD_OP_SAME_POSITION:
    case SD_OP_DIFFERENT_POSITION:
    case SD_OP_DIRECT_CHILD:
    case SD_OP_CONSECUTIVE:
    case SD_OP_NTH:
    case SD_OP_LEVEL: {
      uint32_t k = t->op == SD_OP_NTH;
      if (!eval_term(e, t->args[k], &a) || !eval_term(e, t->args[k + 1], &b)) return false;
      out->b = sd_structural_holds(e->t, t, a.node, b.node);
      return true;
    }
    case SD_OP_INTERNET_CHECKSUM: {
      if (!eval_term(e, t->args[0], &a) || !eval_term(e, t->args[1], &b)) return false;
      int r = sd_internet_checksum(e->t, a.node, b.node);
      out->b = r == 1;
      return r >= 0;
    }
    case SD_OP_HEX_TO_DECIMAL: {
      SdInt x, y;
      if (!eval_term(e, t->args[0], &a) || !eval_term(e, t->args[1], &b) ||
          !sd_hex_value(&e->scratch, a.s, a.n, &x) || !sd_python_int(&e->scratch, b.s, b.n, &y))
        return false;
      out->b = sd_int_cmp(x, y) == 0;
      return true;
    }
    default: return eval_strings(e, t, out);
    case SD_OP_COUNT: {
      SdInt want;
      uint32_t count;
      if (!counted(e, t, &count) || !eval_int(e, t->args[1], &want)) return false;
      out->b = sd_int_cmp(sd_int_small(count), want) == 0;
      return true;
    }
  }
}

/* Character index of byte offset k of a string (valid: read as UTF-8). */
static int64_t char_index(const char *s, uint32_t k, bool valid) {
  return valid ? (int64_t)sd_str_chars(s, k, true) : (int64_t)k;
}

/* s with the first (all: every) occurrence of t replaced by u, SMT-LIB's
 * str.replace and str.replace_all: an empty t is put in front (replace) or
 * changes nothing (replace_all). */
static void replace(Ev *e, Val s, Val t, Val u, bool all, Val *out) {
  SdBuf b = {0};
  uint32_t at = 0;
  if (t.n == 0) {
    if (!all) sd_buf_append(&b, u.s, u.n);
    at = 0;
  } else {
    for (;;) {
      const char *hit = at + t.n <= s.n ? memmem(s.s + at, s.n - at, t.s, t.n) : NULL;
      if (!hit) break;
      uint32_t pos = (uint32_t)(hit - s.s);
      sd_buf_append(&b, s.s + at, pos - at);
      sd_buf_append(&b, u.s, u.n);
      at = pos + t.n;
      if (!all) break;
    }
  }
  sd_buf_append(&b, s.s + at, s.n - at);
  size_t n = b.len;
  char *copy = sd_arena_alloc(&e->scratch, n + 1);
  if (n) memcpy(copy, b.data, n);
  sd_buf_free(&b);
  out->s = copy;
  out->n = (uint32_t)n;
}

/* SMT-LIB's str.indexof: the first character position >= i where t occurs
 * in s; -1 when there is none or i is out of range; i for an empty t. */
static int64_t index_of(Val s, Val t, SdInt i) {
  int64_t k;
  bool valid = sd_utf8_valid(s.s, s.n);
  int64_t len = char_index(s.s, s.n, valid);
  if (!sd_int_to_i64(i, &k) || k < 0 || k > len) return -1;
  if (t.n == 0) return k;
  uint32_t from = sd_str_offset(s.s, s.n, valid, (uint64_t)k);
  const char *hit = from + t.n <= s.n ? memmem(s.s + from, s.n - from, t.s, t.n) : NULL;
  return hit ? char_index(s.s, (uint32_t)(hit - s.s), valid) : -1;
}

/* The string functions added with ISLa's whole language, and the regex
 * operators that reach eval_term (none: regexes go through eval_re). */
static bool eval_strings(Ev *e, const SdTerm *t, Val *out) {
  Val a, b, c;
  SdInt i;
  switch (t->op) {
    case SD_OP_STR_REPLACE:
    case SD_OP_STR_REPLACE_ALL:
      if (!eval_term(e, t->args[0], &a) || !eval_term(e, t->args[1], &b) || !eval_term(e, t->args[2], &c))
        return false;
      replace(e, a, b, c, t->op == SD_OP_STR_REPLACE_ALL, out);
      return true;
    case SD_OP_STR_INDEXOF:
      if (!eval_term(e, t->args[0], &a) || !eval_term(e, t->args[1], &b) || !eval_int(e, t->args[2], &i))
        return false;
      out->i = sd_int_small(index_of(a, b, i));
      return true;
    case SD_OP_STR_FROM_INT: {
      if (!eval_int(e, t->args[0], &i)) return false;
      out->s = "";
      out->n = 0;
      if (sd_int_cmp(i, sd_int_small(0)) >= 0) {
        char *text = sd_int_to_text(i);
        size_t n = strlen(text);
        char *copy = sd_arena_alloc(&e->scratch, n + 1);
        memcpy(copy, text, n + 1);
        free(text);
        out->s = copy;
        out->n = (uint32_t)n;
      }
      return true;
    }
    case SD_OP_STR_IS_DIGIT:
      if (!eval_term(e, t->args[0], &a)) return false;
      out->b = a.n == 1 && a.s[0] >= '0' && a.s[0] <= '9';
      return true;
    case SD_OP_STR_LT:
    case SD_OP_STR_LE: { /* bytes of UTF-8 order as its code points */
      if (!eval_term(e, t->args[0], &a) || !eval_term(e, t->args[1], &b)) return false;
      uint32_t n = a.n < b.n ? a.n : b.n;
      int cmp = n ? memcmp(a.s, b.s, n) : 0;
      if (!cmp) cmp = a.n < b.n ? -1 : a.n > b.n;
      out->b = t->op == SD_OP_STR_LT ? cmp < 0 : cmp <= 0;
      return true;
    }
    case SD_OP_ABS:
      if (!eval_int(e, t->args[0], &i)) return false;
      out->i = sd_int_cmp(i, sd_int_small(0)) < 0 ? sd_int_neg(&e->scratch, i) : i;
      return true;
    default: return false; /* regex-typed terms are only evaluated through eval_re */
  }
}

static void note_atom(Ev *e, const SdTerm *t);

/* An atom's truth value, negated when neg; false when its value is
 * undefined, whether negated or not (ISLa pushes a negation into the atom,
 * and an atom that raises DomainError is false). */
static bool eval_atom(Ev *e, const SdTerm *t, bool neg) {
  SdArenaMark m = sd_arena_mark(&e->scratch);
  Val v;
  bool defined = eval_term(e, t, &v);
  if (e->frames.size) note_atom(e, t);
  sd_arena_reset(&e->scratch, m);
  return defined && v.b != neg;
}

/* ---- integer quantifiers ----
 * `exists int n: F` is decided by trying values for n: 0 first, then, from
 * each atom F evaluates that mentions n, the values where that atom can
 * change its truth: for a comparison with str.to.int(n) (or str.len(n))
 * inside sums, differences and products with other terms, the value that
 * puts both sides level, one less and one more; for count(x, "<T>", n) the
 * count. Between such values every atom keeps its value, so the values
 * tried decide the quantifier when n occurs only in such atoms; otherwise
 * 1..INT_BLIND are tried as well. At most INT_TRIES values are tried. */
#define INT_TRIES 4096
#define INT_BLIND 64

static bool term_mentions(const SdTerm *t, int32_t var) {
  if (t->op == SD_OP_VAR) return t->var == var;
  for (uint32_t i = 0; i < t->arg_count; i++)
    if (term_mentions(t->args[i], var)) return true;
  return false;
}

/* digits without a sign or leading zeros: how integer variables are written */
static bool canonical_numeral(const char *s, uint32_t n) {
  if (!n || (s[0] == '0' && n > 1)) return false;
  for (uint32_t i = 0; i < n; i++)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

static void frame_add_text(IntFrame *f, const char *text, size_t n) {
  if (f->values.size >= INT_TRIES || !n || text[0] == '-') return;
  if (!sd_hash_set_add(&f->seen, sd_hash_bytes(text, n, 0x17))) return;
  array_push(&f->values, sd_xstrndup(text, n));
}

static void frame_add_int(IntFrame *f, SdInt v) {
  char *text = sd_int_to_text(v);
  frame_add_text(f, text, strlen(text));
  free(text);
}

/* v truncated, and its neighbours */
static void frame_add_around(Ev *e, IntFrame *f, SdDec v) {
  SdInt k;
  if (!sd_dec_to_int(&e->scratch, v, &k)) return;
  frame_add_int(f, k);
  frame_add_int(f, sd_int_sub(&e->scratch, k, sd_int_small(1)));
  frame_add_int(f, sd_int_add(&e->scratch, k, sd_int_small(1)));
}

/* numerals of d digits: the least and the greatest */
static void frame_add_digits(Ev *e, IntFrame *f, int64_t d) {
  if (d < 1 || d > 1000) return;
  SdInt ten = sd_int_small(10), lo = sd_int_small(1);
  for (int64_t i = 1; i < d; i++) lo = sd_int_mul(&e->scratch, lo, ten);
  frame_add_int(f, d == 1 ? sd_int_small(0) : lo);
  frame_add_int(f, sd_int_sub(&e->scratch, sd_int_mul(&e->scratch, lo, ten), sd_int_small(1)));
}

static bool eval_dec(Ev *e, const SdTerm *t, SdDec *out) {
  Val v;
  if (!eval_term(e, t, &v)) return false;
  out->m = v.i;
  out->e = v.e;
  return true;
}

/* The values of f->var that make term t equal to target (around them). */
static void solve_for(Ev *e, IntFrame *f, const SdTerm *t, SdDec target) {
  if ((t->op == SD_OP_STR_TO_INT || t->op == SD_OP_STR_TO_REAL || t->op == SD_OP_STR_LEN) &&
      t->args[0]->op == SD_OP_VAR && t->args[0]->var == f->var) {
    SdInt k;
    int64_t d;
    if (t->op != SD_OP_STR_LEN) frame_add_around(e, f, target);
    else if (sd_dec_to_int(&e->scratch, target, &k) && sd_int_to_i64(k, &d))
      for (int64_t x = d - 1; x <= d + 1; x++) frame_add_digits(e, f, x); /* numerals of d digits */
    return;
  }
  uint32_t with = 0, at = 0;
  for (uint32_t i = 0; i < t->arg_count; i++)
    if (term_mentions(t->args[i], f->var)) with++, at = i;
  if (with != 1 || !(t->op == SD_OP_ADD || t->op == SD_OP_SUB || t->op == SD_OP_MUL || t->op == SD_OP_NEG)) {
    f->blind = true;
    return;
  }
  SdDec rest = {sd_int_small(t->op == SD_OP_MUL ? 1 : 0), 0}, x;
  for (uint32_t i = 0; i < t->arg_count; i++) {
    if (i == at || (t->op == SD_OP_SUB && i == 0)) continue;
    if (!eval_dec(e, t->args[i], &x)) return;
    bool ok = t->op == SD_OP_MUL ? sd_dec_mul(&e->scratch, rest, x, &rest) : sd_dec_add(&e->scratch, rest, x, &rest);
    if (!ok) return;
  }
  SdDec next;
  if (t->op == SD_OP_NEG) {
    next = sd_dec_neg(&e->scratch, target);
  } else if (t->op == SD_OP_ADD) {
    if (!sd_dec_sub(&e->scratch, target, rest, &next)) return;
  } else if (t->op == SD_OP_SUB && at == 0) { /* n - rest = target */
    if (!sd_dec_add(&e->scratch, target, rest, &next)) return;
  } else if (t->op == SD_OP_SUB) { /* a - n - others = target: n = a - others - target */
    SdDec a;
    if (!eval_dec(e, t->args[0], &a) || !sd_dec_sub(&e->scratch, a, rest, &a) ||
        !sd_dec_sub(&e->scratch, a, target, &next))
      return;
  } else { /* n * rest = target: around target / rest (integers: the quotient) */
    SdInt q, r, num, den;
    if (!sd_dec_to_int(&e->scratch, target, &num) || !sd_dec_to_int(&e->scratch, rest, &den) ||
        !sd_int_divmod(&e->scratch, num, den, &q, &r))
      return;
    next = sd_dec_from_int(q);
  }
  solve_for(e, f, t->args[at], next);
}

/* Record, for every integer quantifier being decided whose variable the
 * atom mentions, the values where the atom may change. */
static void note_atom(Ev *e, const SdTerm *t) {
  for (uint32_t k = 0; k < e->frames.size; k++) {
    IntFrame *f = e->frames.items[k];
    if (!term_mentions(t, f->var)) continue;
    SdDec other;
    Val v;
    switch (t->op) {
      case SD_OP_EQ:
      case SD_OP_LT:
      case SD_OP_LE:
      case SD_OP_GT:
      case SD_OP_GE:
        if (t->op == SD_OP_EQ && !numeric(t->args[0]->type)) { /* n = "12" */
          int side = t->args[0]->op == SD_OP_VAR && t->args[0]->var == f->var ? 1 : 0;
          if (t->args[1 - side]->op != SD_OP_VAR || t->args[1 - side]->var != f->var ||
              term_mentions(t->args[side], f->var) || !eval_term(e, t->args[side], &v)) {
            f->blind = true;
            break;
          }
          if (canonical_numeral(v.s, v.n)) frame_add_text(f, v.s, v.n);
          break;
        }
        for (int side = 0; side < 2; side++)
          if (term_mentions(t->args[side], f->var) && !term_mentions(t->args[1 - side], f->var) &&
              eval_dec(e, t->args[1 - side], &other))
            solve_for(e, f, t->args[side], other);
          else if (term_mentions(t->args[side], f->var))
            f->blind = true;
        break;
      case SD_OP_HEX_TO_DECIMAL: {
        SdInt x;
        if (t->args[1]->op != SD_OP_VAR || t->args[1]->var != f->var || !eval_term(e, t->args[0], &v)) {
          f->blind = true;
          break;
        }
        if (sd_hex_value(&e->scratch, v.s, v.n, &x)) frame_add_int(f, x);
        break;
      }
      case SD_OP_COUNT: {
        uint32_t count;
        if (counted(e, t, &count)) frame_add_int(f, sd_int_small(count));
        break;
      }
      default: f->blind = true; break;
    }
  }
}

static bool eval_formula(Ev *e, const SdFormula *f, bool neg);

/* The count atom `count(x, "<T>", var)` that k is (with negated: `not
 * count(...)`), x not mentioning var; NULL when k is none. */
static const SdTerm *count_of(const SdFormula *k, int32_t var, bool negated) {
  if (negated) {
    if (k->kind != SD_F_NOT) return NULL;
    k = k->children[0];
  }
  if (k->kind != SD_F_ATOM) return NULL;
  const SdTerm *t = k->atom, *n_arg = t->op == SD_OP_COUNT ? t->args[1] : NULL;
  if (n_arg && n_arg->op == SD_OP_STR_TO_INT) n_arg = n_arg->args[0]; /* as parsed: str.to.int(n) */
  if (!n_arg || n_arg->op != SD_OP_VAR || n_arg->var != var || term_mentions(t->args[0], var)) return NULL;
  return t;
}

/* `exists int n: ... and count(x, "<T>", n) and ...`: count() holds for one
 * n only, the number of <T> in x, so that value decides the quantifier; so
 * it does `forall int n: ... or not count(x, "<T>", n) or ...` (and `forall
 * int n: count(x, "<T>", n) implies ...`), as a negated exists reads: every
 * other n makes the body true. Writes the count into buf; false when the
 * body has no such part (or x is undefined). Trying 0, the count and each
 * compared value around, each written as text, as the general loop does,
 * took heartbleed's own CPU from 0.15 s to 0.7-2.2 s once the catalog had
 * count patterns; the forall form was a third of the expression example's
 * integer-quantifier values (the solver's search walks negated hypotheses). */
static bool count_decides(Ev *e, const SdFormula *q, int32_t var, char *buf, size_t size) {
  const SdFormula *body = q->children[0];
  SdFormula *const *parts = (SdFormula *const *)&q->children[0]; /* the body alone */
  uint32_t n = 1;
  bool negated = false; /* the parts are `not count(...)` */
  if (q->kind == SD_F_FORALL_INT && body->kind == SD_F_IMPLIES && body->child_count == 2) {
    parts = body->children; /* the antecedent */
  } else {
    negated = q->kind == SD_F_FORALL_INT;
    if (body->kind == (negated ? SD_F_OR : SD_F_AND)) parts = body->children, n = body->child_count;
  }
  for (uint32_t i = 0; i < n; i++) {
    const SdTerm *t = count_of(parts[i], var, negated);
    if (!t) continue;
    SdArenaMark m = sd_arena_mark(&e->scratch);
    uint32_t count;
    bool defined = counted(e, t, &count);
    sd_arena_reset(&e->scratch, m);
    if (!defined) continue;
    snprintf(buf, size, "%u", count);
    return true;
  }
  return false;
}

/* forall int / exists int (neg: under a not, where they swap) */
static bool eval_int_quantifier(Ev *e, const SdFormula *q, bool neg) {
  bool exists = (q->kind == SD_F_EXISTS_INT) != neg, result = !exists;
  if (!e->num) e->num = sd_xcalloc(e->c->variable_count, sizeof(char *));
  char counted[16];
  if (count_decides(e, q, q->var, counted, sizeof counted)) {
    e->num[q->var] = counted;
    bool holds = eval_formula(e, q->children[0], false);
    e->num[q->var] = NULL;
    return holds != neg;
  }
  IntFrame *f = sd_xcalloc(1, sizeof *f);
  f->var = q->var;
  array_push(&e->frames, f);
  frame_add_text(f, "0", 1);
  bool blind_added = false;
  for (uint32_t k = 0; k < f->values.size && k < INT_TRIES; k++) {
    if ((e->polls++ & 255) == 0 && !e->cut && sd_stop_cutting()) e->cut = true;
    if (e->cut) break;
    e->num[q->var] = f->values.items[k];
    if (eval_formula(e, q->children[0], neg) == exists) {
      result = exists;
      break;
    }
    if (f->blind && !blind_added) {
      blind_added = true;
      for (int i = 1; i <= INT_BLIND; i++) frame_add_int(f, sd_int_small(i));
    }
  }
  e->num[q->var] = NULL;
  e->frames.size--;
  for (uint32_t k = 0; k < f->values.size; k++) free(f->values.items[k]);
  array_free(&f->values);
  sd_hash_set_free(&f->seen);
  free(f);
  return result;
}

/* Is f (read with neg) `exists x: str.contains(x, "literal")` or `forall
 * x: not str.contains(x, "literal")`? Then a node inside another node of
 * x's nonterminal holds the literal only where the outer one does (its text
 * is part of the outer one's), and the outermost nodes decide: on recursive
 * grammars (expressions) the inner ones were most of the learner's
 * evaluations. */
static bool outermost_decide(const SdFormula *f, bool neg) {
  if (f->match) return false;
  bool forall = (f->kind == SD_F_FORALL) != neg;
  const SdFormula *body = f->children[0];
  bool positive = !neg;
  while (body->kind == SD_F_NOT) body = body->children[0], positive = !positive;
  const SdTerm *a = body->kind == SD_F_ATOM ? body->atom : NULL;
  return positive != forall && a && a->op == SD_OP_STR_CONTAINS && a->arg_count == 2 &&
         a->args[0]->op == SD_OP_VAR && a->args[0]->var == f->var && a->args[1]->op == SD_OP_STRING;
}

/* Does var occur in f (read with neg) only as the scope of quantifiers
 * that are, under their polarity, existential (exists_kind) or universal,
 * with no match expression and through and / or / not only? */
static bool only_scope_of(const SdFormula *f, int32_t var, bool exists_kind, bool neg) {
  switch (f->kind) {
    case SD_F_TRUE:
    case SD_F_FALSE: return true;
    case SD_F_ATOM: return !term_mentions(f->atom, var);
    case SD_F_NOT: return only_scope_of(f->children[0], var, exists_kind, !neg);
    case SD_F_AND:
    case SD_F_OR:
      for (uint32_t i = 0; i < f->child_count; i++)
        if (!only_scope_of(f->children[i], var, exists_kind, neg)) return false;
      return true;
    case SD_F_EXISTS:
    case SD_F_FORALL:
      if (f->match) return false;
      if (f->in_var == var && ((f->kind == SD_F_EXISTS) != neg) != exists_kind) return false;
      return only_scope_of(f->children[0], var, exists_kind, neg);
    case SD_F_EXISTS_INT:
    case SD_F_FORALL_INT: return only_scope_of(f->children[0], var, exists_kind, neg);
    default: return false;
  }
}

/* Which of its nodes a quantifier looks at. */
enum { SCAN_ALL, SCAN_OUTERMOST, SCAN_INNERMOST };

/* For a quantifier over records whose variable serves only as the scope of
 * other quantifiers (read with neg): `exists <R> r: exists <A> a in r:
 * exists <B> b in r: P(a, b)`, `forall <R> r: exists <A> a in r: a = "x"`.
 * A node inside another node of r's nonterminal offers a subset of the
 * bindings the outer one does. Under quantifiers of r's own kind, the body
 * can only gain from more bindings, so the outermost nodes decide (and the
 * first binding that holds, in preorder, is the same); under quantifiers of
 * the other kind it can only lose, so the innermost nodes (those with no
 * node of r's nonterminal inside) decide. On recursive grammars every
 * <expr> is a record of the <expr>, <term> and <number> inside it: the
 * expression example at seed 2 ran 2% fewer instructions (callgrind) with
 * the outermost nodes alone, more on deeper nesting, with the same result. */
static int scope_scan(const SdFormula *f, bool neg) {
  if (f->match) return SCAN_ALL;
  bool exists = (f->kind == SD_F_EXISTS) != neg;
  if (only_scope_of(f->children[0], f->var, exists, neg)) return SCAN_OUTERMOST;
  if (only_scope_of(f->children[0], f->var, !exists, neg)) return SCAN_INNERMOST;
  return SCAN_ALL;
}

/* ---- existential chains over independent nodes ----
 * `exists <A> a: exists <B> b: L op R` (also three or four quantifiers, and
 * `not forall ... not`), where every quantifier ranges over the same scope
 * with no match expression and L - R is a sum of constants and of
 * str.to.int(v) or str.len(v), each variable once with sign +1 or -1, and at
 * most one product of two such values: some binding satisfies the
 * comparison iff the extreme of L - R over all bindings does (its maximum
 * for > and >=, its minimum for < and <=), and that extreme comes from each
 * variable's own extremes. Each variable's values are gathered once: the
 * sum of the ranges' sizes instead of their product (the arithmetic
 * patterns over the expression example's numbers were half of the
 * learner's time). The product's extreme is at a corner of its factors'
 * ranges, and the variables are independent, so a product against a third
 * value (`a * b > c`) is decided by max(a * b) - min(c): enumerated, it cost
 * the cube of the numbers in the input, a quarter of heartbleed's
 * instructions once the catalog had three such patterns. A binding whose
 * value is undefined makes the atom false under either polarity, so such
 * nodes are passed over. A count is a measure too: in `exists <F> f:
 * exists <C> c: exists int n: (count(c, "<X>", n) and str.to.int(n) >
 * str.to.int(f))` n is c's count of <X> ("Count in a record exceeds a
 * number", a quarter of the learner's evaluation steps on the csv, utf8
 * and tlv examples, enumerated over every field and record). */
enum { CHAIN_MAX = 4, CHAIN_CONSTS = 8 };
typedef struct Chain {
  const SdFormula *q[CHAIN_MAX];
  const SdTerm *measure[CHAIN_MAX]; /* per quantifier: str.to.int(v) or str.len(v) */
  int sign[CHAIN_MAX];
  uint32_t count;
  const SdTerm *consts[CHAIN_CONSTS];
  int const_sign[CHAIN_CONSTS];
  uint32_t const_count;
  bool product;     /* L - R holds product_sign * measure[pa] * measure[pb] */
  int product_sign;
  int pa, pb;       /* the product's factors (indices); pb -1: the constant factor */
  const SdTerm *factor; /* the product's constant factor (`K * str.to.int(b)`), or NULL */
  /* `exists int n: count(c, "<X>", n) and L op R`: n's measure is c's count
     of <X> (count_atom, for the quantifier count_of) */
  int32_t count_var;
  int count_of;
  const SdTerm *count_atom;
} Chain;

static int chain_index(const Chain *ch, int32_t var) {
  for (uint32_t i = 0; i < ch->count; i++)
    if (ch->q[i]->var == var) return (int)i;
  return -1;
}

/* The chain variable a measure term measures (str.to.int of a count's
 * integer: the counted element's), -1 if none. */
static int measure_index(const Chain *ch, const SdTerm *t) {
  if ((t->op != SD_OP_STR_TO_INT && t->op != SD_OP_STR_LEN) || t->arg_count != 1 || t->args[0]->op != SD_OP_VAR)
    return -1;
  int32_t var = t->args[0]->var;
  if (ch->count_atom && var == ch->count_var) return t->op == SD_OP_STR_TO_INT ? ch->count_of : -1;
  return chain_index(ch, var);
}

/* A measure of a chain variable, recorded once with its sign. */
static bool chain_measure(Chain *ch, const SdTerm *t, int sign) {
  int i = measure_index(ch, t);
  if (i < 0 || ch->measure[i]) return false;
  ch->measure[i] = t, ch->sign[i] = sign;
  return true;
}

static bool chain_terms(Chain *ch, const SdTerm *t, int sign, bool top) {
  switch (t->op) {
    case SD_OP_INT:
      if (ch->const_count == CHAIN_CONSTS) return false;
      ch->consts[ch->const_count] = t, ch->const_sign[ch->const_count++] = sign;
      return true;
    case SD_OP_ADD:
      for (uint32_t i = 0; i < t->arg_count; i++)
        if (!chain_terms(ch, t->args[i], sign, false)) return false;
      return true;
    case SD_OP_SUB:
      for (uint32_t i = 0; i < t->arg_count; i++)
        if (!chain_terms(ch, t->args[i], i ? -sign : sign, false)) return false;
      return true;
    case SD_OP_NEG: return t->arg_count == 1 && chain_terms(ch, t->args[0], -sign, false);
    case SD_OP_MUL: /* a product of two measures, or of a constant and a measure */
      if (ch->product || t->arg_count != 2) return false;
      for (int k = 0; k < 2; k++)
        if (t->args[k]->op == SD_OP_INT) { /* K * m: a box whose second side is [K, K] */
          if (!chain_measure(ch, t->args[1 - k], 1)) return false;
          ch->product = true, ch->product_sign = sign, ch->factor = t->args[k];
          ch->pa = measure_index(ch, t->args[1 - k]), ch->pb = -1;
          return true;
        }
      if (!chain_measure(ch, t->args[0], 1) || !chain_measure(ch, t->args[1], 1)) return false;
      ch->product = true, ch->product_sign = sign;
      ch->pa = measure_index(ch, t->args[0]), ch->pb = measure_index(ch, t->args[1]);
      return true;
    default: return chain_measure(ch, t, sign);
  }
}

/* `exists int n: (count(c, "<X>", n) and CMP)`, c a chain variable: the
 * count decides n (count_decides), so n's value in CMP is c's count, a
 * measure of c like its length. Returns CMP, NULL when q is not so. */
static const SdFormula *count_body(Chain *ch, const SdFormula *q) {
  const SdFormula *body = q->children[0];
  if (body->kind != SD_F_AND || body->child_count != 2) return NULL;
  for (uint32_t k = 0; k < 2; k++) {
    const SdFormula *c = body->children[k], *cmp = body->children[1 - k];
    if (c->kind != SD_F_ATOM || cmp->kind != SD_F_ATOM) continue;
    const SdTerm *t = c->atom, *n = t->arg_count == 2 ? t->args[1] : NULL;
    if (t->op != SD_OP_COUNT || !n || t->args[0]->op != SD_OP_VAR) continue;
    if (n->op == SD_OP_STR_TO_INT && n->arg_count == 1) n = n->args[0];
    int i = chain_index(ch, t->args[0]->var);
    if (n->op != SD_OP_VAR || n->var != q->var || i < 0) continue;
    ch->count_var = q->var, ch->count_of = i, ch->count_atom = t;
    return cmp;
  }
  return NULL;
}

/* The quantifiers of a chain headed by f (read with neg), into ch: the
 * formula under them, NULL when f heads none. */
static const SdFormula *chain_quantifiers(const Ev *e, const SdFormula *f, bool neg, Chain *ch) {
  if (e->witness || e->frames.size || (f->kind == SD_F_FORALL) != neg || f->children[0]->kind != f->kind) return NULL;
  memset(ch, 0, sizeof *ch);
  const SdFormula *body = f;
  while ((body->kind == SD_F_FORALL || body->kind == SD_F_EXISTS) && (body->kind == SD_F_FORALL) == neg) {
    if (body->match || body->in_var != f->in_var || ch->count == CHAIN_MAX) return NULL;
    ch->q[ch->count++] = body;
    body = body->children[0];
  }
  if (ch->count >= 2 && !neg && body->kind == SD_F_EXISTS_INT) body = count_body(ch, body);
  return ch->count < 2 ? NULL : body;
}

/* Does the chain take the comparison `body` (read with neg)? Fills ch and
 * the comparison of L - R with 0 that some binding must meet. */
static bool chain_comparison(Chain *ch, const SdFormula *body, bool neg, SdOp *op) {
  if (body->kind != SD_F_ATOM) return false;
  const SdTerm *a = body->atom;
  if ((a->op != SD_OP_LT && a->op != SD_OP_LE && a->op != SD_OP_GT && a->op != SD_OP_GE) || a->arg_count != 2)
    return false;
  if (!chain_terms(ch, a->args[0], 1, true) || !chain_terms(ch, a->args[1], -1, true)) return false;
  for (uint32_t i = 0; i < ch->count; i++)
    if (!ch->measure[i]) return false;
  *op = neg ? sd_op_negated(a->op) : a->op;
  return true;
}

/* ---- a tree's ranges, kept ----
 * The learner evaluates many chains over the same elements of one tree
 * (`str.to.int(<x>) + str.to.int(<y>) > K` for each K it tries): the least
 * and greatest value of a measure over a nonterminal's elements in a scope
 * are kept with the tree (SdTree.eval_cache, dropped when the tree is
 * refreshed), when both fit an int64. */
typedef struct RangeSlot {
  uint64_t key; /* 0: empty */
  int64_t lo, hi;
  bool any;
} RangeSlot;

struct SdEvalCache {
  RangeSlot *slots;
  uint32_t capacity, count;
};

void sd_eval_cache_free(struct SdEvalCache *cache) {
  if (!cache) return;
  free(cache->slots);
  free(cache);
}

/* The four fields mixed a word at a time (hashing their 32 bytes one by
 * one was 1% of the expression example's instructions). */
static uint64_t mix64(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  h *= 0xbf58476d1ce4e5b9ULL;
  return h ^ (h >> 31);
}

static uint64_t range_key(SdSymbol s, const SdNode *within, const SdTerm *measure, const SdTerm *counted_by) {
  uint64_t h = mix64(0x7a9, (uint64_t)(uint32_t)s);
  h = mix64(h, within->id);
  h = mix64(h, (uint64_t)measure->op);
  h = mix64(h, counted_by ? (uint64_t)(uint32_t)counted_by->symbol + 1 : 0);
  return h ? h : 1;
}

static RangeSlot *range_slot(struct SdEvalCache *c, uint64_t key) {
  uint32_t mask = c->capacity - 1, i = (uint32_t)key & mask;
  while (c->slots[i].key && c->slots[i].key != key) i = (i + 1) & mask;
  return &c->slots[i];
}

static void range_keep(const SdTree *t, uint64_t key, bool any, SdInt lo, SdInt hi) {
  if (any && (lo.big || hi.big)) return;
  SdTree *tree = (SdTree *)t; /* the cache is not part of the tree's value */
  struct SdEvalCache *c = tree->eval_cache;
  if (!c) c = tree->eval_cache = sd_xcalloc(1, sizeof *c);
  if ((c->count + 1) * 2 > c->capacity) {
    struct SdEvalCache bigger = {sd_xcalloc(c->capacity ? c->capacity * 2 : 32, sizeof(RangeSlot)),
                                 c->capacity ? c->capacity * 2 : 32, 0};
    for (uint32_t i = 0; i < c->capacity; i++)
      if (c->slots[i].key) *range_slot(&bigger, c->slots[i].key) = c->slots[i], bigger.count++;
    free(c->slots);
    *c = bigger;
  }
  RangeSlot *slot = range_slot(c, key);
  if (!slot->key) c->count++;
  *slot = (RangeSlot){key, any ? lo.small : 0, any ? hi.small : 0, any};
}

static bool range_scan(Ev *e, const SdFormula *q, const SdTerm *measure, const SdTerm *counted_by,
                       const SdNode *within, SdSymbol s, SdInt *lo, SdInt *hi, uint32_t *defined);

/* The least and greatest defined value of measure (or of the count
 * counted_by, when given) over q's range; false when none is defined. */
static bool chain_range(Ev *e, const SdFormula *q, const SdTerm *measure, const SdTerm *counted_by, SdInt *lo,
                        SdInt *hi) {
  const SdNode *within = q->in_var < 0 ? e->t->root : e->bind[q->in_var];
  SdSymbol s = e->c->variables[q->var].symbol;
  uint64_t key = range_key(s, within, measure, counted_by);
  const struct SdEvalCache *cache = e->t->eval_cache;
  if (cache && cache->count) {
    const RangeSlot *slot = range_slot((struct SdEvalCache *)cache, key);
    if (slot->key) {
      *lo = sd_int_small(slot->lo), *hi = sd_int_small(slot->hi);
      return slot->any;
    }
  }
  bool any = range_scan(e, q, measure, counted_by, within, s, lo, hi, NULL);
  if (!e->cut) range_keep(e->t, key, any, *lo, *hi);
  return any;
}

/* The extremes of the defined values, and how many there are (defined,
 * when given). */
static bool range_scan(Ev *e, const SdFormula *q, const SdTerm *measure, const SdTerm *counted_by,
                       const SdNode *within, SdSymbol s, SdInt *lo, SdInt *hi, uint32_t *defined) {
  uint32_t count, first = sd_tree_range(e->t, s, within, &count);
  bool any = false;
  if (defined) *defined = 0;
  *lo = *hi = sd_int_small(0);
  for (uint32_t k = 0; k < count; k++) {
    if ((e->polls++ & 255) == 0 && !e->cut && sd_stop_cutting()) e->cut = true;
    if (e->cut) return false;
    e->bind[q->var] = e->t->nodes[e->t->by_symbol[s][first + k]];
    SdInt v;
    uint32_t n;
    if (counted_by) {
      if (!counted(e, counted_by, &n)) continue;
      v = sd_int_small(n);
    } else if (!eval_int(e, measure, &v)) continue;
    if (!any || sd_int_cmp(v, *lo) < 0) *lo = v;
    if (!any || sd_int_cmp(v, *hi) > 0) *hi = v;
    any = true;
    if (defined) (*defined)++;
  }
  return any;
}

/* A chain whose product has a literal factor over so few elements that
 * enumerating their bindings costs less than the extremes' arithmetic on
 * wide numbers (the learner probes `a > K * b` with K of 19 digits; over
 * middle's three numbers the extremes took 2.5 times the bindings). */
enum { FACTOR_CHAIN_MIN_BINDINGS = 16 };
static bool few_bindings(const Ev *e, const Chain *ch) {
  if (!ch->factor) return false;
  uint64_t product = 1;
  for (uint32_t i = 0; i < ch->count && product < FACTOR_CHAIN_MIN_BINDINGS; i++) {
    const SdNode *within = ch->q[i]->in_var < 0 ? e->t->root : e->bind[ch->q[i]->in_var];
    uint32_t count;
    sd_tree_range(e->t, e->c->variables[ch->q[i]->var].symbol, within, &count);
    product *= count;
  }
  return product < FACTOR_CHAIN_MIN_BINDINGS;
}

/* The chain's truth value from the extremes (see above). */
static bool eval_chain(Ev *e, const Chain *ch, SdOp op) {
  SdArenaMark m = sd_arena_mark(&e->scratch);
  bool up = op == SD_OP_GT || op == SD_OP_GE; /* the maximum of L - R decides */
  SdInt lo[CHAIN_MAX], hi[CHAIN_MAX], ext = sd_int_small(0);
  bool ok = true;
  for (uint32_t i = 0; i < ch->count && ok; i++)
    ok = chain_range(e, ch->q[i], ch->measure[i], ch->count_atom && (int)i == ch->count_of ? ch->count_atom : NULL,
                     &lo[i], &hi[i]);
  for (uint32_t i = 0; i < ch->const_count && ok; i++) {
    SdInt k;
    ok = eval_int(e, ch->consts[i], &k);
    if (ok) ext = ch->const_sign[i] > 0 ? sd_int_add(&e->scratch, ext, k) : sd_int_sub(&e->scratch, ext, k);
  }
  if (ok && ch->product) {
    /* the extremes of a product over a box are at its corners (a constant
       factor is a side of one value) */
    bool want_max = up == (ch->product_sign > 0);
    int a = ch->pa;
    SdInt blo = sd_int_small(0), bhi;
    if (ch->factor) ok = eval_int(e, ch->factor, &blo);
    else blo = lo[ch->pb];
    bhi = ch->factor ? blo : hi[ch->pb];
    SdInt best = sd_int_mul(&e->scratch, lo[a], blo);
    const SdInt corners[3][2] = {{lo[a], bhi}, {hi[a], blo}, {hi[a], bhi}};
    for (int c = 0; c < 3; c++) {
      SdInt p = sd_int_mul(&e->scratch, corners[c][0], corners[c][1]);
      if (want_max ? sd_int_cmp(p, best) > 0 : sd_int_cmp(p, best) < 0) best = p;
    }
    ext = ch->product_sign > 0 ? sd_int_add(&e->scratch, ext, best) : sd_int_sub(&e->scratch, ext, best);
  }
  if (ok) {
    for (uint32_t i = 0; i < ch->count; i++) {
      if (ch->product && ((int)i == ch->pa || (int)i == ch->pb)) continue;
      /* up: +max or -min; down: +min or -max */
      SdInt v = (up == (ch->sign[i] > 0)) ? hi[i] : lo[i];
      ext = ch->sign[i] > 0 ? sd_int_add(&e->scratch, ext, v) : sd_int_sub(&e->scratch, ext, v);
    }
  }
  int c = ok ? sd_int_cmp(ext, sd_int_small(0)) : 0;
  sd_arena_reset(&e->scratch, m);
  if (!ok) return false;
  switch (op) {
    case SD_OP_GT: return c > 0;
    case SD_OP_GE: return c >= 0;
    case SD_OP_LT: return c < 0;
    default: return c <= 0;
  }
}

/* ---- a forall and an exists over one scope ----
 * `forall a: exists b: L op R` (or `exists a: forall b:`, as read with
 * the polarity) where L - R is X(a) + Y(b) + C, X and Y a value or length
 * of one variable each with sign +1 or -1 and C literals: for a `forall a:
 * exists b:` each a needs some b, and the b that suits every a best is
 * Y's extreme (the greatest for > and >=), so it holds iff every a has a
 * value and X's least (for > and >=) plus Y's greatest and C meets op,
 * when some b has one (no a at all: it holds). For `exists a: forall b:`
 * every b must suit one a: it holds iff no b lacks a value and X's
 * greatest (for > and >=) plus Y's least and C meets op for an a with a
 * value; with no b at all any a will do. A binding without a value makes
 * its atom false either way. The learner's "Length field exceeds for all"
 * over a csv file walked every pair of fields (a seventh of csvfield's
 * CPU at seed 2). */
typedef struct Side {
  uint32_t total, defined;
  SdInt lo, hi; /* of the signed value, over the bindings with one */
} Side;

static bool side_scan(Ev *e, const SdFormula *q, const SdTerm *measure, int sign, Side *out) {
  const SdNode *within = q->in_var < 0 ? e->t->root : e->bind[q->in_var];
  SdSymbol s = e->c->variables[q->var].symbol;
  *out = (Side){0};
  sd_tree_range(e->t, s, within, &out->total);
  range_scan(e, q, measure, NULL, within, s, &out->lo, &out->hi, &out->defined);
  if (e->cut) return false;
  if (sign < 0) { /* the signed value's extremes are the value's, negated and swapped */
    SdInt lo = out->lo;
    out->lo = sd_int_neg(&e->scratch, out->hi);
    out->hi = sd_int_neg(&e->scratch, lo);
  }
  return true;
}

static bool meets(SdOp op, int c) {
  return op == SD_OP_GT ? c > 0 : op == SD_OP_GE ? c >= 0 : op == SD_OP_LT ? c < 0 : c <= 0;
}

/* The truth of f read with neg, or -1 where f is not such a pair. */
static int eval_alternating(Ev *e, const SdFormula *f, bool neg) {
  if (e->witness || e->frames.size || f->match) return -1;
  const SdFormula *g = f->children[0];
  if ((g->kind != SD_F_FORALL && g->kind != SD_F_EXISTS) || g->match || g->in_var != f->in_var) return -1;
  bool outer_all = (f->kind == SD_F_FORALL) != neg, inner_all = (g->kind == SD_F_FORALL) != neg;
  if (outer_all == inner_all) return -1;
  const SdFormula *body = g->children[0];
  bool atom_neg = neg;
  if (body->kind == SD_F_NOT) body = body->children[0], atom_neg = !atom_neg;
  if (body->kind != SD_F_ATOM) return -1;
  const SdTerm *a = body->atom;
  if ((a->op != SD_OP_LT && a->op != SD_OP_LE && a->op != SD_OP_GT && a->op != SD_OP_GE) || a->arg_count != 2) return -1;
  Chain ch;
  memset(&ch, 0, sizeof ch);
  ch.q[0] = f, ch.q[1] = g, ch.count = 2;
  if (!chain_terms(&ch, a->args[0], 1, true) || !chain_terms(&ch, a->args[1], -1, true) || ch.product ||
      !ch.measure[0] || !ch.measure[1])
    return -1;
  for (int i = 0; i < 2; i++)
    if (ch.measure[i]->op != SD_OP_STR_TO_INT && ch.measure[i]->op != SD_OP_STR_LEN) return -1;
  SdOp op = atom_neg ? sd_op_negated(a->op) : a->op;
  bool up = op == SD_OP_GT || op == SD_OP_GE;
  SdArenaMark m = sd_arena_mark(&e->scratch);
  Side x, y;
  SdInt k = sd_int_small(0);
  bool ok = side_scan(e, f, ch.measure[0], ch.sign[0], &x) && side_scan(e, g, ch.measure[1], ch.sign[1], &y);
  for (uint32_t i = 0; ok && i < ch.const_count; i++) {
    SdInt v;
    ok = eval_int(e, ch.consts[i], &v);
    if (ok) k = ch.const_sign[i] > 0 ? sd_int_add(&e->scratch, k, v) : sd_int_sub(&e->scratch, k, v);
  }
  int held;
  if (!ok) {
    held = 0;
  } else if (outer_all) { /* forall a: exists b */
    if (!x.total) held = 1;
    else if (x.defined < x.total || !y.defined) held = 0;
    else {
      SdInt sum = sd_int_add(&e->scratch, sd_int_add(&e->scratch, up ? x.lo : x.hi, up ? y.hi : y.lo), k);
      held = meets(op, sd_int_cmp(sum, sd_int_small(0)));
    }
  } else { /* exists a: forall b */
    if (!x.total) held = 0;
    else if (!y.total) held = 1;
    else if (y.defined < y.total || !x.defined) held = 0;
    else {
      SdInt sum = sd_int_add(&e->scratch, sd_int_add(&e->scratch, up ? x.hi : x.lo, up ? y.lo : y.hi), k);
      held = meets(op, sd_int_cmp(sum, sd_int_small(0)));
    }
  }
  sd_arena_reset(&e->scratch, m);
  return e->cut ? 0 : held;
}

/* ---- nesting chains ----
 * `exists <X> n1 in s: exists <X> n2 in n1: ... exists <X> nD in n(D-1):
 * (different_position(n1, n2) and ... and different_position(n(D-1), nD))`
 * says that some <X> lies inside D - 1 other <X> (in s): D elements nested,
 * each strictly inside the one before. Enumerated, the chain costs the
 * number of <X> to the power D on an input where it is false; the deepest
 * <X> in s decides it in one pass (each <X>'s <X> ancestors up to s, the
 * scope itself counted when it is an <X>, as `in` includes it). */
static bool different_pair(const SdFormula *f, int32_t a, int32_t b) {
  if (f->kind != SD_F_ATOM || f->atom->op != SD_OP_DIFFERENT_POSITION || f->atom->arg_count != 2) return false;
  const SdTerm *x = f->atom->args[0], *y = f->atom->args[1];
  if (x->op != SD_OP_VAR || y->op != SD_OP_VAR) return false;
  return (x->var == a && y->var == b) || (x->var == b && y->var == a);
}

/* different_pair, under a `not` when negated. */
static bool negated_pair(const SdFormula *f, int32_t a, int32_t b, bool negated) {
  if (!negated) return different_pair(f, a, b);
  return f->kind == SD_F_NOT && f->child_count == 1 && different_pair(f->children[0], a, b);
}

enum { NESTING_MAX = 64 };
/* D when f is such a chain of quantifiers of the given kind (D >= 2), its
 * body negated when negated (the chain's negation, `forall ... : not
 * (...)`), else 0. */
static uint32_t nesting_chain(const SdConstraint *c, const SdFormula *f, SdFormulaKind kind, bool negated) {
  if (f->kind != kind || f->match || f->child_count != 1) return 0;
  SdSymbol s = c->variables[f->var].symbol;
  int32_t vars[NESTING_MAX];
  uint32_t d = 0;
  const SdFormula *q = f;
  vars[d++] = f->var;
  while (q->children[0]->kind == kind) {
    const SdFormula *next = q->children[0];
    if (next->match || next->child_count != 1 || next->in_var != q->var || c->variables[next->var].symbol != s ||
        d == NESTING_MAX)
      return 0;
    vars[d++] = next->var;
    q = next;
  }
  const SdFormula *body = q->children[0];
  if (negated && body->kind == SD_F_NOT && body->child_count == 1) body = body->children[0], negated = false;
  if (s < 0 || d < 2) return 0;
  if (d == 2) return negated_pair(body, vars[0], vars[1], negated) ? 2 : 0;
  /* `a and b and ...`, or negated in normal form, `not a or not b or ...` */
  if (body->kind != (negated ? SD_F_OR : SD_F_AND) || body->child_count != d - 1) return 0;
  for (uint32_t i = 0; i + 1 < d; i++)
    if (!negated_pair(body->children[i], vars[i], vars[i + 1], negated)) return 0;
  return d;
}

uint32_t sd_formula_nesting_depth(const SdConstraint *c, const SdFormula *f) {
  return nesting_chain(c, f, SD_F_EXISTS, false);
}

/* Binds the chain's variables to the element y and its depth - 1 nearest
 * ancestors of its nonterminal (the outermost quantifier to the outermost
 * of them): a witness, for those who ask for one (the search's targets). */
static void bind_nesting(Ev *e, const SdFormula *f, uint32_t depth, const SdNode *y, SdSymbol s) {
  const SdNode *chain[NESTING_MAX];
  uint32_t n = 0;
  for (const SdNode *a = y; a && n < depth; a = a->parent)
    if (a->symbol == s) chain[n++] = a;
  const SdFormula *q = f;
  for (uint32_t k = 0; k < n; k++, q = q->children[0]) e->bind[q->var] = chain[n - 1 - k];
}

static bool eval_nesting(Ev *e, const SdFormula *f, uint32_t depth) {
  const SdNode *within = f->in_var < 0 ? e->t->root : e->bind[f->in_var];
  SdSymbol s = e->c->variables[f->var].symbol;
  uint32_t count, first = sd_tree_range(e->t, s, within, &count);
  for (uint32_t k = 0; k < count; k++) {
    const SdNode *y = e->t->nodes[e->t->by_symbol[s][first + k]];
    uint32_t n = 0;
    for (const SdNode *a = y; a; a = a == within ? NULL : a->parent) n += a->symbol == s;
    if (n < depth) continue;
    if (e->witness) bind_nesting(e, f, depth, y, s);
    return true;
  }
  return false;
}

enum { CHAIN_DISJUNCTS = 4 };
/* A chain over a disjunction of comparisons (`str.to.int(f) > str.len(e)
 * or str.to.int(f) < str.len(e)`: "Record length field differs", a tenth
 * of the learner's evaluation steps on the expression example): some
 * binding meets one of them iff, for one of them, some binding meets it.
 * 1 or 0; -1 when a disjunct is no comparison the chain takes. */
static int eval_chain_disjuncts(Ev *e, const Chain *quantifiers, const SdFormula *body, bool neg) {
  if (body->kind != (neg ? SD_F_AND : SD_F_OR) || body->child_count > CHAIN_DISJUNCTS) return -1;
  Chain chains[CHAIN_DISJUNCTS];
  SdOp ops[CHAIN_DISJUNCTS];
  for (uint32_t k = 0; k < body->child_count; k++) {
    chains[k] = *quantifiers;
    if (!chain_comparison(&chains[k], body->children[k], neg, &ops[k])) return -1;
  }
  for (uint32_t k = 0; k < body->child_count; k++)
    if (eval_chain(e, &chains[k], ops[k])) return 1;
  return 0;
}

/* ---- two elements' texts: equal, or one a prefix of the other ----
 * `exists <A> a: exists <B> b: a = b` and `... str.prefixof(a, b)`, with
 * no witness asked for: the texts on one side (the prefix's) are hashed
 * once, and each text on the other side (each prefix of it) is looked up:
 * a pass over each side instead of every pair ("Same text" and "Prefix of"
 * over an expression's nodes were a fifth of the learner's evaluation
 * steps). A hit is checked byte by byte. */
enum { TEXT_PAIRS_MIN = 16 }; /* fewer pairs than this: every pair */
#define FNV_BASIS 0xcbf29ce484222325ull
static uint64_t fnv_step(uint64_t h, unsigned char c) { return (h ^ c) * 0x100000001b3ull; }

/* The quantifier whose texts are looked for (the prefix's, or either for
 * an equality) when f is such a pair; NULL otherwise. *prefix: a prefix
 * relation. */
static const SdFormula *text_pair_needles(const Ev *e, const SdFormula *f, bool neg, bool *prefix) {
  if (neg || e->witness || f->kind != SD_F_EXISTS || f->match) return NULL;
  const SdFormula *g = f->children[0];
  if (g->kind != SD_F_EXISTS || g->match || g->in_var == f->var || g->children[0]->kind != SD_F_ATOM) return NULL;
  const SdTerm *t = g->children[0]->atom;
  if ((t->op != SD_OP_EQ && t->op != SD_OP_STR_PREFIXOF) || t->arg_count != 2 || t->args[0]->op != SD_OP_VAR ||
      t->args[1]->op != SD_OP_VAR)
    return NULL;
  int32_t x = t->args[0]->var, y = t->args[1]->var;
  if (!((x == f->var && y == g->var) || (x == g->var && y == f->var))) return NULL;
  *prefix = t->op == SD_OP_STR_PREFIXOF;
  return x == f->var ? f : g;
}

/* Some needle node whose text is the l bytes at s? */
static bool needle_text(const Ev *e, const uint32_t *ids, uint32_t first, uint32_t count, const char *s, uint32_t l) {
  for (uint32_t k = 0; k < count; k++) {
    uint32_t n;
    const char *t = sd_node_text(e->t, e->t->nodes[ids[first + k]], &n);
    if (n == l && !memcmp(t, s, l)) return true;
  }
  return false;
}

/* 1 or 0; -1 when there are too few pairs to be worth the hashing. */
static int eval_text_pair(Ev *e, const SdFormula *f, const SdFormula *needles, bool prefix) {
  const SdFormula *hay = needles == f ? f->children[0] : f;
  const SdNode *nin = needles->in_var < 0 ? e->t->root : e->bind[needles->in_var];
  const SdNode *hin = hay->in_var < 0 ? e->t->root : e->bind[hay->in_var];
  SdSymbol ns = e->c->variables[needles->var].symbol, hs = e->c->variables[hay->var].symbol;
  uint32_t nc, nfirst = sd_tree_range(e->t, ns, nin, &nc), hc, hfirst = sd_tree_range(e->t, hs, hin, &hc);
  if (!nc || !hc) return 0;
  if ((uint64_t)nc * hc < TEXT_PAIRS_MIN) return -1;
  const uint32_t *nids = e->t->by_symbol[ns], *hids = e->t->by_symbol[hs];
  SdHashSet texts = {0};
  for (uint32_t k = 0; k < nc; k++) {
    uint32_t n;
    const unsigned char *t = (const unsigned char *)sd_node_text(e->t, e->t->nodes[nids[nfirst + k]], &n);
    uint64_t h = FNV_BASIS;
    for (uint32_t i = 0; i < n; i++) h = fnv_step(h, t[i]);
    sd_hash_set_add(&texts, h);
  }
  bool found = false;
  for (uint32_t k = 0; k < hc && !found; k++) {
    if ((e->polls++ & 255) == 0 && !e->cut && sd_stop_cutting()) e->cut = true;
    if (e->cut) break;
    uint32_t n;
    const char *t = sd_node_text(e->t, e->t->nodes[hids[hfirst + k]], &n);
    uint64_t h = FNV_BASIS;
    for (uint32_t l = 0; l <= n && !found; l++) {
      if ((prefix || l == n) && sd_hash_set_has(&texts, h)) found = needle_text(e, nids, nfirst, nc, t, l);
      if (l < n) h = fnv_step(h, (unsigned char)t[l]);
    }
  }
  sd_hash_set_free(&texts);
  return e->cut ? 0 : found;
}

/* ---- ordered pairs ----
 * `exists <A> a: exists <B> b: (before(a, b) and M(a) op M(b))`, M one of
 * str.to.int, str.to.real, str.len, op one of < <= > >=, with no witness
 * asked for ("Value decreases", "Real does not increase": a fifth of the
 * learner's evaluation steps on the expression and utf8 examples, every
 * pair enumerated). a is before b when a's subtree ends, in preorder, at or
 * before b (neither inside the other). A sweep over the <B>s in preorder
 * keeps the extreme M of the <A>s that end before each: some pair holds iff
 * some <B> meets that extreme. Undefined values (non-numerals) hold for no
 * pair and are passed over. */
static bool measure_of(const SdTerm *t, int32_t var) {
  return (t->op == SD_OP_STR_TO_INT || t->op == SD_OP_STR_TO_REAL || t->op == SD_OP_STR_LEN) && t->arg_count == 1 &&
         t->args[0]->op == SD_OP_VAR && t->args[0]->var == var;
}

static SdOp swapped(SdOp op) {
  return op == SD_OP_LT ? SD_OP_GT : op == SD_OP_GT ? SD_OP_LT : op == SD_OP_LE ? SD_OP_GE : op == SD_OP_GE ? SD_OP_LE : op;
}

enum { PAIR_CONSTS = 4 };
typedef struct OrderedPair {
  const SdFormula *early, *late;   /* the quantifiers of a and b */
  const SdTerm *m_early, *m_late;  /* M(a), M(b); NULL for `a = b`, their texts */
  SdOp op;                         /* M(a) op M(b) + offset, or = */
  const SdTerm *consts[PAIR_CONSTS]; /* the offset: integer literals, each with its sign */
  int const_sign[PAIR_CONSTS];
  uint32_t const_count;
} OrderedPair;

/* A difference of the pair's measures and integer literals, as the
 * catalog's "Difference above" writes `str.to.int(b) - str.to.int(a) > K`:
 * t read with sign into each variable's measure (once, with its sign) and
 * the literals. */
static bool pair_terms(OrderedPair *p, const SdTerm *t, int sign, int32_t first, int32_t second,
                       const SdTerm **m, int *m_sign) {
  switch (t->op) {
    case SD_OP_INT:
      if (p->const_count == PAIR_CONSTS) return false;
      p->consts[p->const_count] = t, p->const_sign[p->const_count++] = sign;
      return true;
    case SD_OP_ADD:
    case SD_OP_SUB:
      for (uint32_t i = 0; i < t->arg_count; i++)
        if (!pair_terms(p, t->args[i], t->op == SD_OP_SUB && i ? -sign : sign, first, second, m, m_sign)) return false;
      return true;
    default:
      for (int k = 0; k < 2; k++)
        if (measure_of(t, k ? second : first) && !m[k]) {
          m[k] = t, m_sign[k] = sign;
          return true;
        }
      return false;
  }
}

/* `L op R` as M(first) op' M(second) + offset: L - R = M(first) - M(second)
 * + C reads M(first) op M(second) - C; -M(first) + M(second) + C reads
 * M(first) op-swapped M(second) + C. The constants' signs are those of the
 * offset. False for any other form (a sum of the two, say). */
static bool pair_difference(OrderedPair *p, const SdTerm *c, int32_t first, int32_t second) {
  const SdTerm *m[2] = {NULL, NULL};
  int m_sign[2] = {0, 0};
  p->const_count = 0;
  if (!pair_terms(p, c->args[0], 1, first, second, m, m_sign) || !pair_terms(p, c->args[1], -1, first, second, m, m_sign) ||
      !m[0] || !m[1] || m_sign[0] == m_sign[1] || !p->const_count)
    return false;
  bool plain = m_sign[0] > 0; /* M(first) - M(second) + C op 0 */
  for (uint32_t i = 0; i < p->const_count; i++)
    if (plain) p->const_sign[i] = -p->const_sign[i];
  p->m_early = m[0], p->m_late = m[1], p->op = plain ? c->op : swapped(c->op);
  return true;
}

static bool ordered_pair_of(const Ev *e, const SdFormula *f, bool neg, OrderedPair *p) {
  if (neg || e->witness || f->kind != SD_F_EXISTS || f->match) return false;
  const SdFormula *g = f->children[0], *body = g->children ? g->children[0] : NULL;
  if (g->kind != SD_F_EXISTS || g->match || g->in_var != f->in_var || !body || body->kind != SD_F_AND ||
      body->child_count != 2)
    return false;
  for (int k = 0; k < 2; k++) {
    const SdFormula *order = body->children[k], *cmp = body->children[1 - k];
    if (order->kind != SD_F_ATOM || cmp->kind != SD_F_ATOM) continue;
    const SdTerm *o = order->atom, *c = cmp->atom;
    if (o->op != SD_OP_BEFORE || o->arg_count != 2 || o->args[0]->op != SD_OP_VAR || o->args[1]->op != SD_OP_VAR)
      continue;
    int32_t first = o->args[0]->var, second = o->args[1]->var;
    if (!((first == f->var && second == g->var) || (first == g->var && second == f->var))) continue;
    if ((c->op != SD_OP_LT && c->op != SD_OP_LE && c->op != SD_OP_GT && c->op != SD_OP_GE && c->op != SD_OP_EQ) ||
        c->arg_count != 2)
      continue;
    p->early = first == f->var ? f : g, p->late = first == f->var ? g : f;
    p->const_count = 0;
    const SdTerm *x = c->args[0], *y = c->args[1];
    if (c->op == SD_OP_EQ && x->op == SD_OP_VAR && y->op == SD_OP_VAR &&
        ((x->var == first && y->var == second) || (x->var == second && y->var == first)))
      p->m_early = p->m_late = NULL, p->op = SD_OP_EQ;
    else if (measure_of(c->args[0], first) && measure_of(c->args[1], second))
      p->m_early = c->args[0], p->m_late = c->args[1], p->op = c->op;
    else if (measure_of(c->args[0], second) && measure_of(c->args[1], first))
      p->m_early = c->args[1], p->m_late = c->args[0], p->op = swapped(c->op);
    else if (c->op == SD_OP_EQ || !pair_difference(p, c, first, second))
      continue;
    return true;
  }
  return false;
}

typedef struct Ended {
  uint32_t end; /* preorder id just past the subtree */
  SdDec v;
  const char *s; /* its text (an equality of texts) */
  uint32_t n;
  uint64_t hash; /* of its value or text (an equality) */
} Ended;

/* A hash of a value that equal values share: its sign, its digits without
 * the zeros at the end, and its exponent (12 * 10^0 and 1200 * 10^-2 are
 * one value; so are a big integer and a small one times a power of 10). */
static uint64_t value_hash(SdDec v) {
  uint8_t small[20];
  const uint8_t *dig; /* least significant first */
  uint32_t n = 0;
  bool neg;
  if (v.m.big) {
    dig = v.m.dig, n = v.m.ndig, neg = v.m.neg;
  } else {
    uint64_t u = v.m.small < 0 ? 0 - (uint64_t)v.m.small : (uint64_t)v.m.small;
    neg = v.m.small < 0;
    do small[n++] = (uint8_t)(u % 10), u /= 10;
    while (u);
    dig = small;
  }
  int64_t x = v.e;
  while (n > 1 && !dig[0]) dig++, n--, x++;
  if (n == 1 && !dig[0]) x = 0, neg = false;
  uint64_t h = sd_hash_bytes(dig, n, neg ? 0x9a1 : 0x9a2);
  return sd_hash_bytes(&x, sizeof x, h);
}

/* Some earlier element (of the first `upto`) equal to the later one? */
static bool equal_earlier(SdArena *scratch, const Ended *ended, uint32_t upto, const SdHashSet *seen,
                          const Ended *later, bool texts) {
  if (!sd_hash_set_has(seen, later->hash)) return false;
  for (uint32_t j = 0; j < upto; j++) {
    if (ended[j].hash != later->hash) continue;
    if (texts ? ended[j].n == later->n && !memcmp(ended[j].s, later->s, later->n)
              : sd_dec_cmp(scratch, ended[j].v, later->v) == 0)
      return true;
  }
  return false;
}

static int compare_ended(const void *x, const void *y) {
  uint32_t a = ((const Ended *)x)->end, b = ((const Ended *)y)->end;
  return a < b ? -1 : a > b;
}

/* The sweep for an equality: the earlier elements' hashes in a set. */
static bool equal_pair(Ev *e, const OrderedPair *p, const Ended *ended, uint32_t n, SdSymbol ls, uint32_t lfirst,
                       uint32_t lc, bool texts) {
  SdHashSet seen = {0};
  bool found = false;
  for (uint32_t k = 0, j = 0; k < lc && !found; k++) {
    if ((e->polls++ & 255) == 0 && !e->cut && sd_stop_cutting()) e->cut = true;
    if (e->cut) break;
    const SdNode *b = e->t->nodes[e->t->by_symbol[ls][lfirst + k]];
    for (; j < n && ended[j].end <= b->id; j++) sd_hash_set_add(&seen, ended[j].hash);
    if (!j) continue;
    Ended later = {0};
    e->bind[p->late->var] = b;
    if (texts) {
      later.s = sd_node_text(e->t, b, &later.n);
      later.hash = sd_hash_bytes(later.s, later.n, 0x7e1);
    } else if (eval_dec(e, p->m_late, &later.v)) {
      later.hash = value_hash(later.v);
    } else {
      continue;
    }
    found = equal_earlier(&e->scratch, ended, j, &seen, &later, texts);
  }
  sd_hash_set_free(&seen);
  return found;
}

static bool eval_ordered_pair(Ev *e, const OrderedPair *p) {
  const SdNode *within = p->early->in_var < 0 ? e->t->root : e->bind[p->early->in_var];
  SdSymbol es = e->c->variables[p->early->var].symbol, ls = e->c->variables[p->late->var].symbol;
  uint32_t ec, efirst = sd_tree_range(e->t, es, within, &ec), lc, lfirst = sd_tree_range(e->t, ls, within, &lc);
  if (!ec || !lc) return false;
  SdArenaMark m = sd_arena_mark(&e->scratch);
  Ended *ended = sd_arena_alloc(&e->scratch, ec * sizeof *ended); /* freed by the reset below */
  uint32_t n = 0;
  bool texts = p->op == SD_OP_EQ && !p->m_early;
  for (uint32_t k = 0; k < ec; k++) {
    const SdNode *a = e->t->nodes[e->t->by_symbol[es][efirst + k]];
    e->bind[p->early->var] = a;
    if (texts) {
      ended[n].s = sd_node_text(e->t, a, &ended[n].n);
      ended[n].hash = sd_hash_bytes(ended[n].s, ended[n].n, 0x7e1);
    } else if (!eval_dec(e, p->m_early, &ended[n].v)) {
      continue;
    } else if (p->op == SD_OP_EQ) {
      ended[n].hash = value_hash(ended[n].v);
    }
    ended[n++].end = a->id + a->size;
  }
  qsort(ended, n, sizeof *ended, compare_ended);
  if (p->op == SD_OP_EQ) {
    bool found = equal_pair(e, p, ended, n, ls, lfirst, lc, texts);
    sd_arena_reset(&e->scratch, m);
    return found && !e->cut;
  }
  bool up = p->op == SD_OP_GT || p->op == SD_OP_GE; /* the greatest earlier value decides */
  bool found = false, have = false;
  SdDec extreme = {0}, offset = {sd_int_small(0), 0};
  for (uint32_t i = 0; i < p->const_count; i++) {
    SdDec k;
    if (!eval_dec(e, p->consts[i], &k) ||
        !(p->const_sign[i] > 0 ? sd_dec_add(&e->scratch, offset, k, &offset) : sd_dec_sub(&e->scratch, offset, k, &offset))) {
      sd_arena_reset(&e->scratch, m);
      return false;
    }
  }
  for (uint32_t k = 0, j = 0; k < lc && !found; k++) {
    if ((e->polls++ & 255) == 0 && !e->cut && sd_stop_cutting()) e->cut = true;
    if (e->cut) break;
    const SdNode *b = e->t->nodes[e->t->by_symbol[ls][lfirst + k]];
    for (; j < n && ended[j].end <= b->id; j++)
      if (!have || (sd_dec_cmp(&e->scratch, ended[j].v, extreme) > 0) == up) extreme = ended[j].v, have = true;
    e->bind[p->late->var] = b;
    SdDec v;
    if (!have || !eval_dec(e, p->m_late, &v)) continue;
    if (p->const_count && !sd_dec_add(&e->scratch, v, offset, &v)) continue;
    int c = sd_dec_cmp(&e->scratch, extreme, v);
    found = p->op == SD_OP_GT ? c > 0 : p->op == SD_OP_GE ? c >= 0 : p->op == SD_OP_LT ? c < 0 : c <= 0;
  }
  sd_arena_reset(&e->scratch, m);
  return found && !e->cut;
}

/* The node a when f's body is decided by `consecutive(a, v)` alone
 * wherever it is false (v f's variable, a bound outside): an exists over a
 * conjunction with that conjunct, or a forall over a disjunction with its
 * negation, as the catalog's consecutive-record patterns and their
 * negations are. Such a body needs no evaluation at a node that does not
 * start where a ends ("Next record skips" over every pair of terms, and
 * the terms within them, was 13% of the expression example's learning). */
static const SdNode *consecutive_guard(const Ev *e, const SdFormula *f) {
  const SdFormula *body = f->children[0];
  bool exists = f->kind == SD_F_EXISTS;
  if (body->kind != (exists ? SD_F_AND : SD_F_OR)) return NULL;
  for (uint32_t i = 0; i < body->child_count; i++) {
    const SdFormula *c = body->children[i];
    if (!exists) {
      if (c->kind != SD_F_NOT) continue;
      c = c->children[0];
    }
    if (c->kind != SD_F_ATOM || c->atom->op != SD_OP_CONSECUTIVE || c->atom->arg_count != 2) continue;
    const SdTerm *a = c->atom->args[0], *b = c->atom->args[1];
    if (a->op == SD_OP_VAR && b->op == SD_OP_VAR && b->var == f->var && a->var != f->var && e->bind[a->var])
      return e->bind[a->var];
  }
  return NULL;
}

/* ---- bindings whose value is undefined ----
 * An atom is false, under either polarity, where a value it compares or
 * computes with is undefined (str.to.int of a non-numeral). So where f's
 * body is quantifiers that are all exists as read, over one atom with
 * str.to.int(v) of f's variable v as such an operand, a binding of v to a
 * non-numeral makes the body false whatever the inner bindings: they need
 * not be enumerated (`exists <field> a: exists <field> b: str.to.int(a) mod
 * str.to.int(b) = 0` over a csv file of mostly text walked every pair of
 * fields: a tenth of csvfield's CPU at seed 2). */
static const SdTerm *strict_measure(const SdTerm *t, int32_t var) {
  switch (t->op) {
    case SD_OP_STR_TO_INT:
    case SD_OP_STR_TO_REAL:
      return t->arg_count == 1 && t->args[0]->op == SD_OP_VAR && t->args[0]->var == var ? t : NULL;
    case SD_OP_EQ: case SD_OP_LT: case SD_OP_LE: case SD_OP_GT: case SD_OP_GE:
    case SD_OP_ADD: case SD_OP_SUB: case SD_OP_MUL: case SD_OP_DIV: case SD_OP_MOD: case SD_OP_NEG:
      for (uint32_t i = 0; i < t->arg_count; i++) {
        const SdTerm *m = strict_measure(t->args[i], var);
        if (m) return m;
      }
      return NULL;
    default: return NULL;
  }
}

static const SdTerm *pruning_measure(const SdFormula *f, bool neg) {
  const SdFormula *b = f->children[0];
  if (b->kind != SD_F_EXISTS && b->kind != SD_F_FORALL) return NULL;
  for (; b->kind == SD_F_EXISTS || b->kind == SD_F_FORALL; b = b->children[0])
    if ((b->kind == SD_F_EXISTS) == neg) return NULL; /* a forall as read: true over no binding */
  if (b->kind == SD_F_NOT) b = b->children[0];
  return b->kind == SD_F_ATOM ? strict_measure(b->atom, f->var) : NULL;
}

static bool defined_value(Ev *e, const SdTerm *measure) {
  SdArenaMark m = sd_arena_mark(&e->scratch);
  Val v;
  bool defined = eval_term(e, measure, &v);
  sd_arena_reset(&e->scratch, m);
  return defined;
}

static bool eval_quantifier(Ev *e, const SdFormula *f, bool neg) {
  OrderedPair ordered;
  if (ordered_pair_of(e, f, neg, &ordered)) return eval_ordered_pair(e, &ordered);
  bool prefix;
  const SdFormula *needles = text_pair_needles(e, f, neg, &prefix);
  if (needles) {
    int held = eval_text_pair(e, f, needles, prefix);
    if (held >= 0) return held;
  }
  Chain chain;
  SdOp chain_op;
  const SdFormula *under = chain_quantifiers(e, f, neg, &chain);
  if (under) {
    Chain quantifiers = chain;
    if (chain_comparison(&chain, under, neg, &chain_op) && !few_bindings(e, &chain)) return eval_chain(e, &chain, chain_op);
    int held = eval_chain_disjuncts(e, &quantifiers, under, neg);
    if (held >= 0) return held;
  }
  int alternating = eval_alternating(e, f, neg);
  if (alternating >= 0) return alternating;
  /* with a witness asked for, only where the chain is to hold (its first
     binding is then one the chain's own elements give, not the first in
     preorder): enumerated, "nested 9 deep" against a list of tags took
     16 s of the search's CPU (posttags at seed 2, session 47) */
  uint32_t depth = e->witness && neg ? 0 : sd_formula_nesting_depth(e->c, f);
  if (depth) return eval_nesting(e, f, depth) != neg;
  /* the chain's negation (an attack on "nested 14 deep": exponential in
     the depth quantifier by quantifier, 23 s of the expression example's
     CPU at seed 2) */
  depth = e->witness ? 0 : nesting_chain(e->c, f, SD_F_FORALL, true);
  if (depth) return !eval_nesting(e, f, depth) != neg;
  bool forall = (f->kind == SD_F_FORALL) != neg;
  const SdNode *within = f->in_var < 0 ? e->t->root : e->bind[f->in_var];
  SdSymbol s = e->c->variables[f->var].symbol;
  uint32_t count, first = sd_tree_range(e->t, s, within, &count);
  const uint32_t *ids = count ? e->t->by_symbol[s] : NULL;
  int scan = count < 2 ? SCAN_ALL : outermost_decide(f, neg) ? SCAN_OUTERMOST : scope_scan(f, neg);
  if (scan == SCAN_INNERMOST && e->witness) scan = SCAN_ALL; /* the first binding in preorder is asked for */
  uint32_t inside_until = 0; /* ids below this are inside a node already looked at */
  const SdNode *after = e->witness ? NULL : consecutive_guard(e, f);
  const SdTerm *prune = e->witness || count < 2 ? NULL : pruning_measure(f, neg);
  for (uint32_t k = 0; k < count; k++) {
    if ((e->polls++ & 255) == 0 && !e->cut && sd_stop_cutting()) e->cut = true;
    if (e->cut) return false;
    const SdNode *node = e->t->nodes[ids[first + k]];
    if (scan == SCAN_OUTERMOST) {
      if (node->id < inside_until) continue;
      inside_until = node->id + node->size;
    } else if (scan == SCAN_INNERMOST && k + 1 < count && e->t->nodes[ids[first + k + 1]]->id < node->id + node->size) {
      continue; /* the next one is inside it */
    }
    if (after && node->start != after->end) continue; /* consecutive(a, node) is false: decided */
    e->bind[f->var] = node;
    if (f->match && !sd_match_node(f->match, e->t, node, e->bind)) continue; /* not in range */
    bool held = prune && !defined_value(e, prune) ? false : eval_formula(e, f->children[0], neg);
    if (held != forall) return !forall;
  }
  return forall;
}

/* f's truth value, or with neg that of `not f` in ISLa's reading: the
 * negation is pushed down to the atoms (which stay false when undefined). */
static bool eval_formula(Ev *e, const SdFormula *f, bool neg) {
  const SdFormula *const *k = (const SdFormula *const *)f->children;
  switch (f->kind) {
    case SD_F_TRUE: return !neg;
    case SD_F_FALSE: return neg;
    case SD_F_ATOM: return eval_atom(e, f->atom, neg);
    case SD_F_NOT: return eval_formula(e, k[0], !neg);
    case SD_F_AND:
    case SD_F_OR: {
      bool all = (f->kind == SD_F_AND) != neg;
      for (uint32_t i = 0; i < f->child_count; i++)
        if (eval_formula(e, k[i], neg) != all) return !all;
      return all;
    }
    case SD_F_IMPLIES: /* (not A) or B; negated: A and not B */
      if (!neg) return eval_formula(e, k[0], true) || eval_formula(e, k[1], false);
      return eval_formula(e, k[0], false) && eval_formula(e, k[1], true);
    case SD_F_IFF:
    case SD_F_XOR: { /* (A and B) or (not A and not B); xor and negation swap one side */
      bool same = (f->kind == SD_F_IFF) != neg;
      return (eval_formula(e, k[0], false) && eval_formula(e, k[1], !same)) ||
             (eval_formula(e, k[0], true) && eval_formula(e, k[1], same));
    }
    case SD_F_FORALL:
    case SD_F_EXISTS: return eval_quantifier(e, f, neg);
    case SD_F_FORALL_INT:
    case SD_F_EXISTS_INT: return eval_int_quantifier(e, f, neg);
  }
  return false;
}

/* ---- a literal the input must contain ----
 * A formula that, read with its polarity, can hold only where some node's
 * text contains, begins with, ends with or is a string literal needs that
 * literal in the input: every node's text is a slice of the root's. An input
 * without it is false at once, no quantifier walked (the learner evaluates
 * thousands of `exists <T> e: str.contains(e, "/ 0")` on inputs that lack
 * the text; the generator filters random trees by them). */
static bool names_tree_node(const SdConstraint *c, const SdTerm *t) {
  return t->op == SD_OP_VAR && t->var >= 0 && (uint32_t)t->var < c->variable_count &&
         c->variables[t->var].symbol != SD_SYMBOL_INT;
}

bool sd_text_atom_parts(const SdTerm *t, const SdTerm **x, const SdTerm **lit) {
  if (t->arg_count != 2) return false;
  switch (t->op) {
    case SD_OP_STR_CONTAINS: *x = t->args[0], *lit = t->args[1]; break;
    case SD_OP_STR_PREFIXOF:
    case SD_OP_STR_SUFFIXOF: *lit = t->args[0], *x = t->args[1]; break;
    case SD_OP_EQ:
      *x = t->args[0], *lit = t->args[1];
      if ((*x)->op == SD_OP_STRING) *x = t->args[1], *lit = t->args[0];
      break;
    default: return false;
  }
  return (*lit)->op == SD_OP_STRING;
}

static const SdTerm *atom_needle(const SdConstraint *c, const SdTerm *t) {
  const SdTerm *x, *lit;
  if (!sd_text_atom_parts(t, &x, &lit)) return NULL;
  return names_tree_node(c, x) && lit->length ? lit : NULL;
}

static const SdTerm *needle(const SdConstraint *c, const SdFormula *f, bool neg) {
  switch (f->kind) {
    case SD_F_ATOM: return neg ? NULL : atom_needle(c, f->atom);
    case SD_F_NOT: return needle(c, f->children[0], !neg);
    case SD_F_AND:
    case SD_F_OR: {
      if ((f->kind == SD_F_AND) == neg) return NULL; /* a disjunction: any one child may hold */
      const SdTerm *best = NULL;
      for (uint32_t i = 0; i < f->child_count; i++) {
        const SdTerm *n = needle(c, f->children[i], neg);
        if (n && (!best || n->length > best->length)) best = n;
      }
      return best;
    }
    case SD_F_EXISTS:
    case SD_F_EXISTS_INT:
    case SD_F_FORALL:
    case SD_F_FORALL_INT: {
      bool exists = f->kind == SD_F_EXISTS || f->kind == SD_F_EXISTS_INT;
      return exists != neg ? needle(c, f->children[0], neg) : NULL; /* forall over nothing holds */
    }
    default: return NULL;
  }
}

/* Does the input lack a literal that self needs? */
static bool lacks_needle(const SdConstraint *self, const SdTree *tree) {
  const SdTerm *lit = needle(self, self->root, false);
  if (!lit) return false;
  uint32_t n;
  const char *text = sd_node_text(tree, tree->root, &n);
  return lit->length > n || !memmem(text, n, lit->text, lit->length);
}

static void ev_begin(Ev *e, const SdConstraint *self, const SdTree *tree, const SdNode **local) {
  memset(e, 0, sizeof *e);
  e->ascii = -1;
  e->c = self;
  e->t = tree;
  uint32_t n = self->variable_count;
  e->bind = n <= 16 ? local : sd_xmalloc(n * sizeof(SdNode *));
  for (uint32_t i = 0; i < n; i++)
    e->bind[i] = self->variables[i].symbol == -1 ? tree->root : NULL;
}

/* Frees what the evaluation made; false where it was cut (a stop). */
static bool ev_end(Ev *e, const SdNode **local) {
  bool whole = !e->cut;
  if (e->cut) sd_stop_note_cut();
  if (e->bind != local) free(e->bind);
  free(e->num);
  array_free(&e->frames);
  sd_arena_free(&e->scratch);
  sd_re_ctx_free(e->re);
  return whole;
}

bool sd_constraint_eval(const SdConstraint *self, const SdTree *tree, const SdNode **witness) {
  if (tree->root && self->root && lacks_needle(self, tree)) {
    if (witness)
      for (uint32_t i = 0; i < self->variable_count; i++) witness[i] = NULL;
    return false;
  }
  Ev e;
  const SdNode *local[16];
  ev_begin(&e, self, tree, local);
  e.witness = witness != NULL;
  bool r = tree->root && self->root && eval_formula(&e, self->root, false);
  if (e.cut) r = false;
  if (witness) {
    for (uint32_t i = 0; i < self->variable_count; i++) witness[i] = NULL;
    for (const SdFormula *f = self->root; r && f && f->kind == SD_F_EXISTS; f = f->children[0]) {
      witness[f->var] = e.bind[f->var];
      /* its match expression's fields, those outside optional groups (one the
         satisfying parse left out may keep a binding of an earlier candidate) */
      for (uint32_t k = 0; f->match && k < f->match->item_count; k++) {
        const SdMatchItem *it = &f->match->items[k];
        if (it->kind == SD_MATCH_VARIABLE && it->group < 0) witness[it->var] = e.bind[it->var];
      }
    }
  }
  ev_end(&e, local);
  return r;
}

uint32_t sd_constraint_violations(const SdConstraint *self, const SdTree *tree, uint32_t cap) {
  const SdFormula *f = self->root;
  bool over_input = f && f->kind == SD_F_FORALL && (f->in_var < 0 || self->variables[f->in_var].symbol == -1);
  /* a chain's negation ("not nested 9 deep") is decided as a whole: bound
     quantifier by quantifier, its rest is no chain, and enumerating it is
     exponential in the depth (a tie split against "nested 9 deep" took 4 s
     of posttags' CPU at seed 1, session 47) */
  if (over_input && nesting_chain(self, f, SD_F_FORALL, true)) over_input = false;
  if (!tree->root || !over_input) return sd_constraint_eval(self, tree, NULL) ? 0 : 1;
  Ev e;
  const SdNode *local[16];
  ev_begin(&e, self, tree, local);
  SdSymbol s = self->variables[f->var].symbol;
  uint32_t count, first = sd_tree_range(tree, s, tree->root, &count), bad = 0;
  for (uint32_t k = 0; k < count && bad < cap && !e.cut; k++) {
    if ((e.polls++ & 255) == 0 && sd_stop_cutting()) e.cut = true;
    const SdNode *node = tree->nodes[tree->by_symbol[s][first + k]];
    e.bind[f->var] = node;
    if (f->match && !sd_match_node(f->match, tree, node, e.bind)) continue; /* not in range */
    if (!eval_formula(&e, f->children[0], false)) bad++;
  }
  if (!ev_end(&e, local) && !bad) bad = 1; /* cut: not known to hold */
  return bad;
}

int sd_term_eval_const(const SdConstraint *c, const SdTerm *t) {
  Ev e = {.ascii = -1};
  e.c = c;
  int r = eval_atom(&e, t, false) ? 1 : eval_atom(&e, t, true) ? 0 : -1;
  sd_arena_free(&e.scratch);
  sd_re_ctx_free(e.re);
  return r;
}
