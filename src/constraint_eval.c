/* constraint_eval.c: evaluation of a constraint on a derivation tree, with
 * ISLa's semantics.
 *
 * A quantifier `Q <T> v in w` ranges over the <T> nodes of w's subtree, w
 * included, taken from the tree's per-symbol index (sd_tree_range: a binary
 * search, never a walk of the tree); `forall` over no node is true, `exists`
 * over none is false. Bindings are an array indexed by variable; a variable
 * used as a string is the text of its subtree (a slice of tree->text, no
 * copy). Terms evaluate to values that may be undefined: str.to.int of a
 * non-numeral (ISLa's int(float(s)), exact; str.to.real the same numerals'
 * decimal value), div or mod by zero, and a regex whose automaton outgrew its
 * limit; an atom with an undefined value is false, whatever surrounds it (so
 * `not (str.to.int(x) > 3)` is true for a non-numeric x). Integers have any
 * size and decimals are a mantissa and a power of ten (constraint_bigint.c);
 * a string that is valid UTF-8 counts code points, any other bytes
 * (constraint_utf8.c); temporaries of an atom live in a scratch that
 * is rewound after the atom. Regexes go through constraint_regex.c, one
 * automaton cache per evaluation. Nothing here writes to the constraint, so
 * several threads may evaluate the same constraint at once. A quantifier
 * polls semdbg/stop.h every 256 bindings: after a stop (a signal, the time
 * limit), inside a scope that allows it (sd_stop_cut_begin), an evaluation
 * returns false at once and counts a cut, so that no evaluation on a huge
 * input outlasts --time-limit. */
#define _GNU_SOURCE /* memmem */
#include <stdlib.h>
#include <string.h>

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

typedef struct Ev {
  const SdConstraint *c;
  const SdTree *t;
  const SdNode **bind;
  SdArena scratch;
  SdReCtx *re;
  bool utf8;      /* building a regex for a subject that is valid UTF-8 */
  bool cut;       /* a stop was requested (semdbg/stop.h): the result is false, not the truth */
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
    case SD_OP_RE_ALL: *out = sd_re_comp(c, sd_re_none(c)); return true;
    case SD_OP_RE_NONE: *out = sd_re_none(c); return true;
    default: return false;
  }
}

static bool is_before(const SdNode *a, const SdNode *b) {
  return !sd_node_is_ancestor(a, b) && !sd_node_is_ancestor(b, a) && a->id < b->id;
}

static bool eval_term(Ev *e, const SdTerm *t, Val *out) {
  memset(out, 0, sizeof *out);
  out->type = t->type;
  Val a, b;
  switch (t->op) {
    case SD_OP_VAR: {
      const SdNode *n = e->bind[t->var];
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
    case SD_OP_AFTER: {
      if (!eval_term(e, t->args[0], &a) || !eval_term(e, t->args[1], &b)) return false;
      if (t->op == SD_OP_INSIDE) out->b = a.node != b.node && sd_node_is_ancestor(b.node, a.node);
      else if (t->op == SD_OP_BEFORE) out->b = is_before(a.node, b.node);
      else out->b = is_before(b.node, a.node);
      return true;
    }
    case SD_OP_COUNT: {
      SdInt want;
      if (!eval_term(e, t->args[0], &a) || !eval_int(e, t->args[1], &want)) return false;
      uint32_t count;
      sd_tree_range(e->t, t->symbol, a.node, &count);
      out->b = sd_int_cmp(sd_int_small(count), want) == 0;
      return true;
    }
    default: return false; /* regex-typed terms are only evaluated through eval_re */
  }
}

static bool eval_atom(Ev *e, const SdTerm *t) {
  SdArenaMark m = sd_arena_mark(&e->scratch);
  Val v;
  bool defined = eval_term(e, t, &v);
  sd_arena_reset(&e->scratch, m);
  return defined && v.b;
}

static bool eval_formula(Ev *e, const SdFormula *f) {
  switch (f->kind) {
    case SD_F_TRUE: return true;
    case SD_F_FALSE: return false;
    case SD_F_ATOM: return eval_atom(e, f->atom);
    case SD_F_NOT: return !eval_formula(e, f->children[0]);
    case SD_F_AND:
      for (uint32_t i = 0; i < f->child_count; i++)
        if (!eval_formula(e, f->children[i])) return false;
      return true;
    case SD_F_OR:
      for (uint32_t i = 0; i < f->child_count; i++)
        if (eval_formula(e, f->children[i])) return true;
      return false;
    case SD_F_IMPLIES: return !eval_formula(e, f->children[0]) || eval_formula(e, f->children[1]);
    case SD_F_IFF: return eval_formula(e, f->children[0]) == eval_formula(e, f->children[1]);
    case SD_F_XOR: return eval_formula(e, f->children[0]) != eval_formula(e, f->children[1]);
    case SD_F_FORALL:
    case SD_F_EXISTS: {
      bool forall = f->kind == SD_F_FORALL;
      const SdNode *within = f->in_var < 0 ? e->t->root : e->bind[f->in_var];
      SdSymbol s = e->c->variables[f->var].symbol;
      uint32_t count, first = sd_tree_range(e->t, s, within, &count);
      const uint32_t *ids = count ? e->t->by_symbol[s] : NULL;
      for (uint32_t k = 0; k < count; k++) {
        if ((e->polls++ & 255) == 0 && !e->cut && sd_stop_cutting()) e->cut = true;
        if (e->cut) return false;
        e->bind[f->var] = e->t->nodes[ids[first + k]];
        if (eval_formula(e, f->children[0]) != forall) return !forall;
      }
      return forall;
    }
  }
  return false;
}

bool sd_constraint_eval(const SdConstraint *self, const SdTree *tree, const SdNode **witness) {
  Ev e = {.ascii = -1};
  e.c = self;
  e.t = tree;
  const SdNode *local[16];
  uint32_t n = self->variable_count;
  e.bind = n <= 16 ? local : sd_xmalloc(n * sizeof(SdNode *));
  for (uint32_t i = 0; i < n; i++)
    e.bind[i] = self->variables[i].symbol < 0 ? tree->root : NULL;
  bool r = tree->root && self->root && eval_formula(&e, self->root);
  if (e.cut) {
    r = false;
    sd_stop_note_cut();
  }
  if (witness) {
    for (uint32_t i = 0; i < n; i++) witness[i] = NULL;
    for (const SdFormula *f = self->root; r && f && f->kind == SD_F_EXISTS; f = f->children[0])
      witness[f->var] = e.bind[f->var];
  }
  if (e.bind != local) free(e.bind);
  sd_arena_free(&e.scratch);
  sd_re_ctx_free(e.re);
  return r;
}

bool sd_term_eval_const(const SdConstraint *c, const SdTerm *t) {
  Ev e = {.ascii = -1};
  e.c = c;
  bool r = eval_atom(&e, t);
  sd_arena_free(&e.scratch);
  sd_re_ctx_free(e.re);
  return r;
}
