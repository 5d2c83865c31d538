/* debugger_boundary.c: every threshold of a cause settled by experiment.
 *
 * A measure is what a comparison in the cause talks about: the value
 * (str.to.int) or the length (str.len) of one element. For each measure, a
 * failing input the cause explains is varied in that element only: the
 * element's subtree is replaced by a derivation of the same nonterminal with
 * another value (its decimal text parsed from that nonterminal) or another
 * length (its own text cut or repeated). First, by evaluation alone, the
 * values on both sides of the cause's own boundary are found (search
 * outwards by doubling steps, then bisection); then the two adjacent
 * inputs run. When the program agrees, the boundary is pinned by adjacent
 * witnesses. When it does not, bisection with runs finds the program's own
 * boundary; a threshold written as a literal is moved there (and the
 * boundary is checked again), otherwise the witnesses join the evidence and
 * the cause is learned again. Integers are of any size (SdInt); decimal
 * values (str.to.real) are searched in steps of 10^-6. */
#include <stdlib.h>
#include <string.h>

#include "constraint_internal.h"
#include "debugger_internal.h"
#include "lengths.h"

enum { MAX_MEASURES = 8, MAX_STEPS = 96, MAX_NODES_TRIED = 6, MAX_INPUTS_TRIED = 6, MIN_CONTEXTS = 2,
       MAX_LENGTH = 1 << 16 };
/* Failing inputs passed over because no value of the measure across the
 * boundary derives there (`at + count > len` with the count alone above the
 * length: no position crosses; hunkpast at seed 1, where the newest failing
 * inputs were the count's boundary witnesses), before they count as tried. */
enum { MAX_CONTEXTS_SCANNED = 24 };
/* Decimal values (str.to.real) are searched in steps of 10^-REAL_DIGITS. */
enum { REAL_DIGITS = 6 };
enum { M_VALUE, M_LENGTH, M_REAL, M_ARITH };

typedef struct Measure {
  int32_t var;
  SdSymbol symbol;
  int kind;               /* M_VALUE (str.to.int), M_LENGTH (str.len), M_REAL (str.to.real),
                             M_ARITH (arith.value: an expression's computed value) */
  uint32_t atoms;         /* atoms it appears in */
  SdTerm *literal;        /* the other side of its only atom, when a literal there; or
                             the one literal of a sum or difference it is in (summed) */
  int literal_side;       /* the literal is args[literal_side] */
  bool summed;            /* in a sum or difference: `b - a > K`, `a + b > K` */
  int coef;               /* summed: the literal moves by coef times a shift of the measure */
  SdTerm *atom;           /* the (last) ordering atom it appears in */
} Measure;

typedef struct Pin {
  Debugger *d;
  const SdConstraint *cause;
  Measure *m;
  const SdTree *base;     /* the failing input varied */
  uint32_t base_index;    /* its evidence index (UINT32_MAX: none) */
  uint32_t path[256];
  uint32_t depth;
  const char *orig_text;  /* the element's text in base */
  uint32_t orig_len;
  SdArena *scratch;
  DbgHolds holds;         /* when set, what predict asks instead of the cause */
  void *holds_ctx;
  int max_steps;          /* of the outward search (0: 4 * MAX_STEPS) */
  int growth;             /* of its step, each step (0: 2, doubling) */
  int real_digits;        /* M_REAL: decimals the element is written with (real_resolution) */
  bool inclusive;         /* M_REAL: the gap probe put the program's boundary at the failing
                             witness itself (real_gap): the cause is moved to `>= fail` */
  bool inclusive_above;   /* ... failing values above it (else `<= fail`) */
  uint64_t varied_bytes;  /* of the texts varied by evaluation so far (PREDICT_BYTES) */
  uint32_t experiments;   /* inputs run (or answered from the cache) so far */
  SdInt partners[MAX_MEASURES]; /* the other measures' values in the input varied */
  uint32_t partner_count;
  /* pinned on a product's value (product_pin): v is the product, written as
     the element times its partner, both set (vary_product) */
  bool product;
  uint32_t ppath[256], pdepth; /* the partner's node in base */
  SdSymbol psym;
  int64_t partner0;            /* its value in base */
  SdConstraint *solo[4];       /* product: the cause's other parts about the element alone or
                                  the partner alone, each as `exists <S> v: part`, whose truth
                                  every factoring tried must keep (vary_product) */
  bool solo_partner[4], solo_truth[4];
  uint32_t solo_count;
  const Measure *all;          /* every measure of the cause (partner_probe) */
  uint32_t n_all;
} Pin;

/* The bytes of element texts one measure's searches by evaluation may
 * derive: a length whose cause holds all the way to MAX_LENGTH is grown
 * to it and bisected back on every node and input tried (utf8 at seed 2:
 * 508 evaluations of texts of 20 MB in all, 93% of its 9.8 s of CPU, and
 * the boundary was not pinned). A pin needs a few dozen texts: a side's
 * search to a length L derives about 2L bytes growing and L log L
 * bisecting (L = 4096: 56 KiB). 1 MiB, the limit before, was still half of
 * utf8's time, for a boundary never pinned. */
#define PREDICT_BYTES (1u << 18)

void dbg_boundary_free(DbgBoundary *b) {
  free(b->pass_value);
  free(b->fail_value);
  free(b->note);
}

/* Is some element of t that a pinned value boundary measures strictly
 * between its two adjacent witnesses ("37.51" between 37 and 38)? Then
 * the boundary was pinned in steps the element is not written in. */
bool dbg_between_witnesses(const DbgBoundary *b, const SdTree *t) {
  if (!b->pinned || b->length || b->product || !b->pass_value || !b->fail_value) return false;
  SdArena scratch = {0};
  SdDec p, f;
  bool between = false;
  if (sd_dec_parse_numeral(&scratch, b->pass_value, strlen(b->pass_value), &p) &&
      sd_dec_parse_numeral(&scratch, b->fail_value, strlen(b->fail_value), &f)) {
    uint32_t count, first = sd_tree_range(t, b->symbol, NULL, &count);
    for (uint32_t k = 0; k < count && !between; k++) {
      uint32_t len;
      const char *text = sd_node_text(t, t->nodes[t->by_symbol[b->symbol][first + k]], &len);
      SdDec v;
      if (!sd_dec_parse_numeral(&scratch, text, len, &v)) continue;
      int vp = sd_dec_cmp(&scratch, v, p), vf = sd_dec_cmp(&scratch, v, f);
      between = vp != 0 && vf != 0 && (vp > 0) != (vf > 0);
    }
  }
  sd_arena_free(&scratch);
  return between;
}

/* ---------- measures ---------- */

static bool measure_of(const SdTerm *t, int32_t *var, int *kind) {
  if (t->arg_count != 1 || t->args[0]->op != SD_OP_VAR) return false;
  switch (t->op) {
    case SD_OP_STR_TO_INT: *kind = M_VALUE; break;
    case SD_OP_STR_LEN: *kind = M_LENGTH; break;
    case SD_OP_STR_TO_REAL: *kind = M_REAL; break;
    case SD_OP_ARITH_VALUE: *kind = M_ARITH; break;
    default: return false;
  }
  *var = t->args[0]->var;
  return true;
}

static Measure *find_measure(Measure *ms, uint32_t *n, int32_t var, int kind) {
  for (uint32_t i = 0; i < *n; i++)
    if (ms[i].var == var && ms[i].kind == kind) return &ms[i];
  if (*n >= MAX_MEASURES) return NULL;
  ms[*n] = (Measure){.var = var, .kind = kind, .literal_side = -1};
  return &ms[(*n)++];
}

/* t's measure, in atom; side is the atom's argument holding t: t itself,
 * or a product of two numbers t is a factor of (pinned with the other
 * factor set to 1, pin_measure: then the product steps like t). */
static void collect_in_term(const SdConstraint *c, SdTerm *t, Measure *ms, uint32_t *n, SdTerm *atom,
                            const SdTerm *side) {
  int32_t var;
  int kind;
  if (measure_of(t, &var, &kind)) {
    if (var < 0 || c->variables[var].symbol < 0) return;
    Measure *m = find_measure(ms, n, var, kind);
    if (!m) return;
    m->symbol = c->variables[var].symbol;
    m->atoms++;
    m->atom = atom;
    m->literal = NULL;
    m->literal_side = -1;
    m->summed = false;
    if (atom->arg_count == 2 && side && (atom->args[0] == side || atom->args[1] == side)) {
      int other = atom->args[0] == side ? 1 : 0;
      if (atom->args[other]->op == SD_OP_INT || atom->args[other]->op == SD_OP_DECIMAL) m->literal = atom->args[other], m->literal_side = other;
    }
    return;
  }
  bool product = t->op == SD_OP_MUL && t->arg_count == 2 && (atom->args[0] == t || atom->args[1] == t);
  for (uint32_t i = 0; i < t->arg_count; i++)
    collect_in_term(c, t->args[i], ms, n, atom, t == atom ? t->args[i] : product ? t : NULL);
}

static bool is_ordering(SdOp op) {
  return op == SD_OP_LT || op == SD_OP_LE || op == SD_OP_GT || op == SD_OP_GE || op == SD_OP_EQ;
}

/* An atom's two sides as one linear form, left minus right: each measure
 * with its coefficient (+1 or -1, each variable once) and one literal. */
typedef struct Linear {
  struct { int32_t var; int kind, coef; } terms[MAX_MEASURES];
  uint32_t count;
  const SdTerm *literal;
  int literal_coef;
  uint32_t literals;
} Linear;

static bool linear_side(const SdTerm *t, int sign, Linear *out) {
  int32_t var;
  int kind;
  if (t->op == SD_OP_INT || t->op == SD_OP_DECIMAL) {
    out->literal = t, out->literal_coef = sign, out->literals++;
    return true;
  }
  if ((t->op == SD_OP_ADD || t->op == SD_OP_SUB) && t->arg_count == 2)
    return linear_side(t->args[0], sign, out) && linear_side(t->args[1], t->op == SD_OP_SUB ? -sign : sign, out);
  if (!measure_of(t, &var, &kind) || out->count >= MAX_MEASURES) return false;
  for (uint32_t i = 0; i < out->count; i++)
    if (out->terms[i].var == var) return false;
  out->terms[out->count].var = var, out->terms[out->count].kind = kind;
  out->terms[out->count++].coef = sign;
  return true;
}

/* A measure in a sum or difference compared with a literal (`str.to.int(b)
 * - str.to.int(a) > 32767`) has that literal as its threshold too: moving
 * the measure's boundary by s moves the literal by -coef * literal_coef * s
 * (for b, +s; for a, -s). Without it such a cause was learned again after
 * every experiment at its boundary, each moving the bound by a few units: a
 * sweep (stampgap: 38998, 35998, 35868, ... 32956 over 12 iterations). */
static void note_summed_literal(const SdTerm *atom, Measure *ms, uint32_t n) {
  Linear lin = {0};
  if (!linear_side(atom->args[0], 1, &lin) || !linear_side(atom->args[1], -1, &lin) || lin.literals != 1 ||
      lin.count < 2)
    return;
  for (uint32_t i = 0; i < lin.count; i++)
    for (uint32_t k = 0; k < n; k++)
      if (ms[k].var == lin.terms[i].var && ms[k].kind == lin.terms[i].kind && ms[k].kind != M_REAL) {
        ms[k].literal = (SdTerm *)lin.literal;
        ms[k].literal_side = atom->args[0] == lin.literal ? 0 : 1;
        ms[k].summed = true;
        ms[k].coef = -lin.terms[i].coef * lin.literal_coef;
      }
}

static void collect(const SdConstraint *c, const SdFormula *f, Measure *ms, uint32_t *n) {
  if (f->kind == SD_F_ATOM) {
    if (is_ordering(f->atom->op) && f->atom->arg_count == 2 &&
        (f->atom->args[0]->type == SD_TYPE_INT || f->atom->args[0]->type == SD_TYPE_REAL)) {
      collect_in_term(c, f->atom, ms, n, f->atom, f->atom);
      note_summed_literal(f->atom, ms, *n);
    }
    return;
  }
  for (uint32_t i = 0; i < f->child_count; i++) collect(c, f->children[i], ms, n);
}

/* ---------- varying one element ---------- */

static SdDec real_unit(const Pin *p) { /* 10^real_digits */
  SdDec d = {sd_int_small(1), p->real_digits};
  return d;
}

/* The measure of an element's text: its length, its integer value, or its
 * decimal value in units of 10^-real_digits (truncated). */
static bool measure_value(const Pin *p, const char *text, uint32_t len, SdInt *out) {
  if (p->m->kind == M_LENGTH) {
    *out = sd_int_small(len);
    return true;
  }
  if (p->m->kind == M_VALUE) return sd_int_parse(p->scratch, text, len, out);
  if (p->m->kind == M_ARITH) {
    int64_t v;
    if (!sd_arith_value(text, len, &v)) return false;
    *out = sd_int_small(v);
    return true;
  }
  SdDec v, scaled;
  return sd_dec_parse_numeral(p->scratch, text, len, &v) && sd_dec_mul(p->scratch, v, real_unit(p), &scaled) &&
         sd_dec_to_int(p->scratch, scaled, out);
}

/* v in units of 10^-digits written with exactly that many decimals
 * ("-0.01", "0.00", "37.50"), as fixed-point fields write them. */
char *dbg_fixed_text(SdInt v, int digits) {
  char *mag = sd_int_to_text(v);
  bool neg = mag[0] == '-';
  const char *m = neg ? mag + 1 : mag;
  size_t n = strlen(m), whole = n > (size_t)digits ? n - (size_t)digits : 1;
  char *out = sd_xmalloc(n + (size_t)digits + 4);
  size_t o = 0;
  if (neg) out[o++] = '-';
  for (size_t i = 0; i < whole; i++) out[o++] = n > (size_t)digits ? m[i] : '0';
  if (digits > 0) {
    out[o++] = '.';
    for (int i = digits; i > 0; i--) out[o++] = (size_t)i <= n ? m[n - (size_t)i] : '0';
  }
  out[o] = 0;
  free(mag);
  return out;
}

/* A measure as text: "65536", "37.50" (a decimal with the element's own
 * number of decimals). */
static char *measure_text(const Pin *p, SdInt v) {
  if (p->m->kind != M_REAL) return sd_int_to_text(v);
  return dbg_fixed_text(v, p->real_digits);
}

/* The number of decimals (at most REAL_DIGITS) a decimal element can be
 * varied in: the most with which its own value, written anew, still
 * derives from its nonterminal ("-12.50" of a grammar with two-digit cents:
 * 2; steps of 10^-6 there derived nothing, and no boundary of a decimal
 * with cents was ever pinned). */
static SdTree *vary_text(Pin *p, const char *text, uint32_t len);
static void real_resolution(Pin *p) {
  p->real_digits = REAL_DIGITS;
  if (p->m->kind != M_REAL) return;
  for (int k = REAL_DIGITS; k >= 0; k--) {
    p->real_digits = k;
    SdInt v;
    if (!measure_value(p, p->orig_text, p->orig_len, &v)) continue;
    char *t = measure_text(p, v);
    SdTree *tree = vary_text(p, t, (uint32_t)strlen(t));
    free(t);
    if (tree) {
      sd_tree_free(tree);
      return;
    }
  }
  p->real_digits = REAL_DIGITS;
}

/* The text cut or grown to length w before its last byte, which stays (the
 * line end of "name = abc\n"): its byte before that is repeated to grow. */
static char *kept_last(const char *text, uint32_t L, uint32_t w) {
  char *t = sd_xmalloc(w + 1);
  uint32_t head = w - 1 < L - 1 ? w - 1 : L - 1;
  memcpy(t, text, head);
  for (uint32_t i = head; i < w - 1; i++) t[i] = text[L - 2];
  t[w - 1] = text[L - 1];
  t[w] = 0;
  return t;
}

/* Texts of an expression that computes v, tried in order (at most
 * COMPUTED_FORMS), as far as the element's nonterminal derives them: its
 * numeral, in parentheses, as the sum (or difference from 0) of two
 * halves where the grammar's numerals are short (a shift of 64 written
 * "32 + 32"), and the element's own text moved by the difference
 * ("(2 * 8 - 1) + 49"). */
enum { COMPUTED_FORMS = 7 };
static uint32_t computed_texts(const Pin *p, SdInt v, char **out, uint32_t *lens) {
  int64_t x, own;
  if (!sd_int_to_i64(v, &x) || x <= INT64_MIN / 2 || x >= INT64_MAX / 2) return 0;
  long long n = x < 0 ? -x : x, h1 = (n + 1) / 2, h2 = n / 2;
  uint32_t k = 0;
  if (x >= 0) {
    out[k++] = sd_format("%lld", n);
    out[k++] = sd_format("(%lld)", n);
    out[k++] = sd_format("%lld + %lld", h1, h2);
    out[k++] = sd_format("(%lld + %lld)", h1, h2);
  } else {
    out[k++] = sd_format("-%lld", n);
    out[k++] = sd_format("0 - %lld", n);
    out[k++] = sd_format("(0 - %lld)", n);
    out[k++] = sd_format("(0 - %lld) - %lld", h1, h2);
  }
  if (sd_arith_value(p->orig_text, p->orig_len, &own) && own > INT64_MIN / 2 && own < INT64_MAX / 2) {
    long long d = x - own;
    out[k++] = sd_format("(%.*s) %c %lld", (int)p->orig_len, p->orig_text, d < 0 ? '-' : '+', d < 0 ? -d : d);
    out[k++] = sd_format("(%.*s) %c %lld %c %lld", (int)p->orig_len, p->orig_text, d < 0 ? '-' : '+',
                         (d < 0 ? -d + 1 : d + 1) / 2, d < 0 ? '-' : '+', (d < 0 ? -d : d) / 2);
    out[k++] = sd_format("%.*s %c %lld", (int)p->orig_len, p->orig_text, d < 0 ? '-' : '+', d < 0 ? -d : d);
  }
  for (uint32_t i = 0; i < k; i++) lens[i] = (uint32_t)strlen(out[i]);
  return k;
}

static bool lengths_cover(Debugger *d, uint32_t len);

/* The element's text with one of its parts derived anew at another length,
 * so that the whole is w bytes long: for an element whose text cut or
 * repeated does not derive (a record of fixed fields, where only a field's
 * length can change: samplepath's `str.len(<pad>) > 49` could not be
 * pinned, and its length is a proxy of a directory's and a file name's).
 * The longest part that derives a text of its new length is redrawn (the
 * first in preorder among equals); NULL when none does. */
static char *regrown_text(Pin *p, uint32_t w) {
  const SdTree *base = p->base;
  const SdNode *elem = sd_tree_follow(base, p->path, p->depth);
  if (!elem || !lengths_cover(p->d, w)) return NULL;
  int64_t delta = (int64_t)w - (int64_t)p->orig_len;
  const SdNode *best = NULL;
  for (uint32_t i = elem->id + 1; i < elem->id + elem->size && i < base->node_count; i++) {
    const SdNode *c = base->nodes[i];
    int64_t len = (int64_t)(c->end - c->start), want = len + delta;
    if (!sd_grammar_is_nonterminal(p->d->grammar, c->symbol) || want < 0 || (best && len <= best->end - best->start))
      continue;
    if (sd_lengths_possible(p->d->lengths, c->symbol, (uint32_t)want)) best = c;
  }
  if (!best) return NULL;
  uint32_t want = (uint32_t)((int64_t)(best->end - best->start) + delta);
  char *part = sd_lengths_sample(p->d->lengths, best->symbol, want, &p->d->rng);
  if (!part) return NULL;
  uint32_t head = best->start - elem->start, tail = elem->end - best->end;
  char *text = sd_xmalloc((size_t)w + 1);
  memcpy(text, p->orig_text, head);
  memcpy(text + head, part, want);
  memcpy(text + head + want, p->orig_text + p->orig_len - tail, tail);
  text[w] = 0;
  free(part);
  return text;
}

/* Texts of the element with value (or length) v, tried in order:
 * cut or repeated at the end, cut at the start, and cut or grown before the
 * last byte. */
static uint32_t candidate_texts(const Pin *p, SdInt v, char **out, uint32_t *lens) {
  uint32_t n = 0;
  if (p->m->kind == M_REAL) {
    char *t = measure_text(p, v);
    out[n] = t, lens[n++] = (uint32_t)strlen(t);
    return n;
  }
  if (p->m->kind == M_ARITH) return computed_texts(p, v, out, lens);
  if (p->m->kind == M_VALUE) {
    char *t = sd_int_to_text(v);
    uint32_t tl = (uint32_t)strlen(t);
    /* an element written with leading zeros keeps its width, first: 0123
       (a fixed-width field), or "012" to "011", where the leading zero is
       a condition of the cause beside the value and "11" would leave it */
    if (p->orig_len > tl && p->orig_text[0] == '0' && t[0] != '-') {
      char *z = sd_xmalloc(p->orig_len + 1);
      memset(z, '0', p->orig_len - tl);
      memcpy(z + p->orig_len - tl, t, tl + 1);
      out[n] = z, lens[n++] = p->orig_len;
    }
    out[n] = t, lens[n++] = tl;
    return n;
  }
  int64_t want;
  if (!sd_int_to_i64(v, &want) || want < 0 || want > MAX_LENGTH) return 0;
  uint32_t w = (uint32_t)want, L = p->orig_len;
  if (w <= L) {
    out[n] = sd_xstrndup(p->orig_text, w), lens[n++] = w;
    if (w < L) out[n] = sd_xstrndup(p->orig_text + L - w, w), lens[n++] = w;
    if (w < L && w >= 2) out[n] = kept_last(p->orig_text, L, w), lens[n++] = w;
    return n;
  }
  if (!L) return 0;
  char *a = sd_xmalloc(w + 1), *b = sd_xmalloc(w + 1);
  for (uint32_t i = 0; i < w; i++) {
    a[i] = p->orig_text[i % L];
    b[i] = i < L ? p->orig_text[i] : p->orig_text[L - 1];
  }
  a[w] = b[w] = 0;
  out[n] = a, lens[n++] = w;
  out[n] = b, lens[n++] = w;
  if (L >= 2) out[n] = kept_last(p->orig_text, L, w), lens[n++] = w;
  return n;
}

/* base with the element's text replaced; NULL if the text does not derive
 * from the element's nonterminal. */
static SdTree *vary_text(Pin *p, const char *text, uint32_t len) {
  p->varied_bytes += len;
  SdTree *sub = sd_parse(p->d->parser, p->m->symbol, text, len, NULL);
  if (!sub) return NULL;
  SdTree *result = sd_tree_clone_replacing(p->base, sd_tree_follow(p->base, p->path, p->depth), sub->root);
  sd_tree_free(sub);
  return result;
}

static SdTree *vary_product(Pin *p, SdInt v);

/* base with the element's value (or length) set to v; NULL if no text of
 * that value derives from the element's nonterminal. */
static SdTree *vary(Pin *p, SdInt v) {
  if (p->product) return vary_product(p, v);
  char *texts[COMPUTED_FORMS];
  uint32_t lens[COMPUTED_FORMS];
  uint32_t n = candidate_texts(p, v, texts, lens); /* at most 3, or COMPUTED_FORMS */
  SdTree *result = NULL;
  for (uint32_t i = 0; i < n; i++) {
    if (!result) result = vary_text(p, texts[i], lens[i]);
    free(texts[i]);
  }
  int64_t w;
  if (!result && p->m->kind == M_LENGTH && sd_int_to_i64(v, &w) && w >= 0 && w <= MAX_LENGTH && w != p->orig_len) {
    char *regrown = regrown_text(p, (uint32_t)w); /* none of those derives */
    if (regrown) result = vary_text(p, regrown, (uint32_t)w);
    free(regrown);
  }
  return result;
}

/* Does the cause hold with the element at v? -1: no such input. */
static int predict(Pin *p, SdInt v) {
  if (p->varied_bytes > PREDICT_BYTES) return -1;
  SdTree *t = vary(p, v);
  if (!t) return -1;
  bool r = p->holds ? p->holds(p->holds_ctx, t) : sd_constraint_eval(p->cause, t, NULL);
  sd_tree_free(t);
  return r;
}

/* Run t (taken) as a boundary experiment, its runs counted as the
 * boundary's: its evidence index, UINT32_MAX on a harness error. */
static uint32_t run_boundary(Pin *p, SdTree *t) {
  p->d->origin = ORIGIN_BOUNDARY;
  p->experiments++;
  uint64_t before = dbg_runs_so_far(p->d);
  uint32_t i = dbg_run_one(p->d, t);
  p->d->boundary_runs += dbg_runs_so_far(p->d) - before;
  return i;
}

/* Run the input with the element at v: its verdict, or -1. */
enum { NOT_DERIVED = -2 }; /* experiment(): no input has the element at that value */
static int experiment(Pin *p, SdInt v, uint32_t *index) {
  SdTree *t = vary(p, v);
  if (!t) return NOT_DERIVED;
  uint32_t i = run_boundary(p, t);
  if (i == UINT32_MAX) return -1;
  *index = i;
  return (int)p->d->evidence.items[i].verdict;
}

static SdInt midpoint(Pin *p, SdInt a, SdInt b) {
  SdInt q, r;
  sd_int_divmod(p->scratch, sd_int_add(p->scratch, a, b), sd_int_small(2), &q, &r);
  return q;
}

/* A value strictly between a and b that the element's nonterminal derives,
 * the nearest the middle within GAP_SCAN either way; false when none. An
 * element of a few values (a header length of 20, 24, 28, ...) has none
 * between 20 and 24: those two are adjacent, and a boundary between them is
 * pinned (iptotal's header plus payload above the total). */
enum { GAP_SCAN = 32 };
/* Across a gap in the numerals a number's nonterminal derives (digits of
 * 1-3, 5 or 7: nothing between 999 and 10000, 99999 and 1000000), the
 * value of the next length in direction dir that derives: its greatest
 * numeral (all nines) going down, its least (a one and zeros) going up.
 * Integers of at most 18 digits, not negative. */
enum { GAP_LENGTHS = 18 };
static bool lengths_possible(Pin *p, uint32_t len);
static bool gap_jump(Pin *p, SdInt from, int dir, SdInt *out) {
  int64_t v;
  if (p->m->kind != M_VALUE || p->product || !sd_int_to_i64(from, &v) || v < 0) return false;
  int digits = 1;
  for (int64_t x = v; x >= 10; x /= 10) digits++;
  for (int len = digits + dir; len >= 1 && len <= GAP_LENGTHS; len += dir) {
    if (!lengths_possible(p, (uint32_t)len)) continue;
    int64_t w = 1;
    for (int k = 1; k < len; k++) w *= 10;
    SdInt c = sd_int_small(dir < 0 ? w * 10 - 1 : len == 1 ? 0 : w);
    SdTree *t = vary(p, c);
    if (!t) continue;
    sd_tree_free(t);
    *out = c;
    return true;
  }
  return false;
}

/* Does v (not negative) have a number of digits the element never derives? */
static bool in_gap(Pin *p, SdInt v) {
  int64_t m;
  if (p->m->kind != M_VALUE || p->product || !sd_int_to_i64(v, &m) || m < 0) return false;
  uint32_t digits = 1;
  for (int64_t x = m; x >= 10; x /= 10) digits++;
  return lengths_cover(p->d, digits) && !sd_lengths_possible(p->d->lengths, p->m->symbol, digits);
}

/* Where the midpoint of lo and hi lies in such a gap, a value strictly
 * between them past it: the least of the next length up from lo, or the
 * greatest of the next length down from hi. */
static bool gap_between(Pin *p, SdInt lo, SdInt hi, SdInt *out) {
  SdInt c;
  if (!in_gap(p, midpoint(p, lo, hi))) return false;
  for (int dir = 1; dir >= -1; dir -= 2)
    if (gap_jump(p, dir > 0 ? lo : hi, dir, &c) && sd_int_cmp(c, lo) > 0 && sd_int_cmp(c, hi) < 0) {
      *out = c;
      return true;
    }
  return false;
}

static bool derivable_between(Pin *p, SdInt a, SdInt b, SdInt *out) {
  SdInt mid = midpoint(p, a, b);
  bool up = sd_int_cmp(a, b) < 0;
  SdInt lo = up ? a : b, hi = up ? b : a;
  if (gap_between(p, lo, hi, out)) return true;
  for (int k = 0; k <= GAP_SCAN; k++)
    for (int sign = 1; sign >= -1; sign -= 2) {
      if (k == 0 && sign < 0) continue;
      SdInt v = sd_int_add(p->scratch, mid, sd_int_small(sign * k));
      if (sd_int_cmp(v, lo) <= 0 || sd_int_cmp(v, hi) >= 0) continue;
      SdTree *t = vary(p, v);
      if (!t) continue;
      sd_tree_free(t);
      *out = v;
      return true;
    }
  return false;
}

/* The value nearest from (within GAP_SCAN, in direction dir) that the
 * element's nonterminal derives. */
static bool next_derivable(Pin *p, SdInt from, int dir, SdInt *out) {
  for (int k = 2; k <= GAP_SCAN; k++) {
    SdInt v = sd_int_add(p->scratch, from, sd_int_small(dir * k));
    SdTree *t = vary(p, v);
    if (!t) continue;
    sd_tree_free(t);
    *out = v;
    return true;
  }
  return false;
}

/* No value the element can take lies between a and b: they differ by one,
 * or by at most 2 * GAP_SCAN with nothing between that derives. */
static bool adjacent(Pin *p, SdInt a, SdInt b) {
  SdInt diff = sd_int_sub(p->scratch, a, b);
  if (sd_int_cmp(diff, sd_int_small(1)) == 0 || sd_int_cmp(diff, sd_int_small(-1)) == 0) return true;
  SdInt v;
  if (in_gap(p, midpoint(p, a, b))) return !derivable_between(p, a, b, &v);
  if (sd_int_cmp(diff, sd_int_small(2 * GAP_SCAN)) > 0 || sd_int_cmp(diff, sd_int_small(-2 * GAP_SCAN)) < 0 ||
      sd_int_cmp(diff, sd_int_small(0)) == 0)
    return false;
  return !derivable_between(p, a, b, &v);
}

/* ---------- the search ---------- */

typedef struct Side { SdInt yes, no; bool found; } Side;

/* From v0 (cause true) step in direction dir (+1/-1) by doubling steps until
 * the cause is false (halving them again where the grammar allows no such
 * value, e.g. below zero); then bisect to adjacent values. */
static Side narrowed(Pin *p, Side s);
static Side predicted_boundary(Pin *p, SdInt v0, int dir) {
  Side s = {.yes = v0};
  SdInt step = sd_int_small(dir), one = sd_int_small(dir);
  int steps = p->max_steps ? p->max_steps : 4 * MAX_STEPS;
  for (int k = 0; k < steps; k++) {
    SdInt v = sd_int_add(p->scratch, s.yes, step);
    int r = predict(p, v);
    if (p->varied_bytes > PREDICT_BYTES) break; /* the search is spent: no boundary found */
    if (r == 0) {
      s.no = v, s.found = true;
      break;
    }
    if (r == 1) {
      s.yes = v;
      step = sd_int_mul(p->scratch, step, sd_int_small(p->growth ? p->growth : 2));
      continue;
    }
    if (sd_int_cmp(step, one) == 0) { /* no value next to this one: the next one the grammar allows */
      SdInt next; /* past a gap of lengths, the nearest length that derives */
      if (!next_derivable(p, s.yes, dir, &next) && !gap_jump(p, s.yes, dir, &next)) break;
      r = predict(p, next);
      if (r == 0) {
        s.no = next, s.found = true;
        break;
      }
      if (r != 1) break;
      s.yes = next;
      continue;
    }
    SdInt q, rem;
    sd_int_divmod(p->scratch, sd_int_mul(p->scratch, step, sd_int_small(dir)), sd_int_small(2), &q, &rem);
    step = sd_int_mul(p->scratch, q, sd_int_small(dir));
  }
  return narrowed(p, s);
}

/* A side where the cause holds at yes and not at no, bisected by
 * evaluation to adjacent values. */
static Side narrowed(Pin *p, Side s) {
  if (!s.found) return s;
  while (!adjacent(p, s.yes, s.no)) {
    SdInt mid;
    if (!derivable_between(p, s.yes, s.no, &mid)) mid = midpoint(p, s.yes, s.no);
    int r = predict(p, mid);
    if (r < 0) { s.found = false; break; }
    if (r) s.yes = mid;
    else s.no = mid;
  }
  return s;
}

/* Where doubling steps found no value on which the cause is false, the
 * values of the other measures in the input (and one either side) in
 * direction dir: a relation false at one point only (a declared length
 * above or below its data's: false where they are equal) is false there,
 * and the doubling steps jump over it. */
static Side partner_boundary(Pin *p, SdInt v0, int dir) {
  Side s = {.yes = v0};
  for (uint32_t i = 0; i < p->partner_count && !s.found; i++)
    for (int delta = -1; delta <= 1 && !s.found; delta++) {
      SdInt v = sd_int_add(p->scratch, p->partners[i], sd_int_small(delta));
      int side = sd_int_cmp(v, v0);
      if ((side > 0 ? 1 : side < 0 ? -1 : 0) != dir || predict(p, v) != 0) continue;
      s.no = v, s.found = true;
    }
  return narrowed(p, s);
}


/* Bisect with runs between a passing and a failing value (false when they
 * are one value: no boundary lies between them). */
static bool bisect_runs(Pin *p, SdInt *pass, SdInt *fail, uint32_t *pi, uint32_t *fi) {
  if (sd_int_cmp(*pass, *fail) == 0) return false;
  while (!adjacent(p, *pass, *fail)) {
    if (dbg_runs_left(p->d) == 0 || dbg_out_of_time(p->d)) return false;
    SdInt mid;
    if (!derivable_between(p, *pass, *fail, &mid)) mid = midpoint(p, *pass, *fail);
    uint32_t idx;
    int v = experiment(p, mid, &idx);
    if (v == SD_VERDICT_FAIL) *fail = mid, *fi = idx;
    else if (v == SD_VERDICT_PASS) *pass = mid, *pi = idx;
    else return false;
  }
  return true;
}

/* From a pass at the cause's own boundary towards a failing value many
 * orders of magnitude away (a fuzzed number of 36 digits), steps growing
 * sixteenfold (1, 16, 256, ... up to GALLOP_STEPS of them) before the
 * bisection: the program's boundary mostly lies near the cause's, which
 * the learner drew between the values seen, and bisecting the whole
 * distance costs a run per bit of it (sumover at seed 1: 118 runs from
 * 4.8 * 10^35 down to 2^63, where the program failed two values above the
 * pass). Only over more than 2^GALLOP_MIN_BITS: at worst GALLOP_STEPS runs
 * more than the bisection. Stops at the first failure (the bisection goes
 * on from it) or at a value the element cannot take. */
enum { GALLOP_STEPS = 6, GALLOP_MIN_BITS = 24 };
static bool gallop_from_pass(Pin *p, SdInt *pass, SdInt *fail, uint32_t *pi, uint32_t *fi) {
  SdInt dist = sd_int_sub(p->scratch, *fail, *pass);
  int dir = sd_int_cmp(dist, sd_int_small(0)) < 0 ? -1 : 1;
  SdInt far = sd_int_small((int64_t)1 << GALLOP_MIN_BITS);
  if (sd_int_cmp(dir < 0 ? sd_int_sub(p->scratch, sd_int_small(0), dist) : dist, far) <= 0) return true;
  SdInt step = sd_int_small(dir);
  for (int k = 0; k < GALLOP_STEPS; k++, step = sd_int_mul(p->scratch, step, sd_int_small(16))) {
    if (dbg_runs_left(p->d) == 0 || dbg_out_of_time(p->d)) return false;
    SdInt v = sd_int_add(p->scratch, *pass, step);
    uint32_t idx;
    int r = experiment(p, v, &idx);
    if (r == SD_VERDICT_FAIL) {
      *fail = v, *fi = idx;
      return true;
    }
    if (r != SD_VERDICT_PASS) return true;
    *pass = v, *pi = idx;
  }
  return true;
}

/* Search outwards from a failing value (away from the cause) for a pass:
 * when a literal threshold could be moved there, by steps whose growth
 * doubles each time (1, 2, 8, 64, 1024, ...: FIND_PASS_FAR steps reach
 * 2^91 away), since the bisection that follows costs as many runs as the
 * distance has bits whatever the last step was, and doubling steps cost as
 * many again (bigint, an operand above 2^64 - 1 learned as above 2.9 *
 * 10^19: 60 runs of doubling steps, 193 runs of boundary in all); by
 * FIND_PASS_UNMOVABLE doubling steps otherwise: without a literal the
 * failure beyond the boundary is what the learner needs, and a program that
 * fails all the way out would cost 64 runs for nothing (heartbleed at seed 1:
 * a length field doubled to 2^63, failing each time). */
/* A length is searched only up to FIND_PASS_LENGTH (as the hunt grows
 * elements up to 4096 bytes): the expression example's "a <term> of at most
 * 61 bytes", failing at every length because the failure lies elsewhere,
 * grew a number to 32,869 digits in 18 runs, and every later learning
 * evaluated it (80 of its 88 s of CPU). */
enum { FIND_PASS_UNMOVABLE = 8, FIND_PASS_FAR = 14, FIND_PASS_SHRINKS = 64, FIND_PASS_LENGTH = 4096 };
/* Is m compared in its only atom with a literal multiple of another
 * measure (`a >= 1000 * b`, the catalog's ratios)? That literal is learned
 * again from the witnesses the pin leaves, which must be the program's own
 * boundary at this b (wdogping, an interval in milliseconds against a
 * timeout in seconds: learned as `a > 1769 * b`, then 1639, 1508, ...,
 * each pin's doubling steps ending 255 below its boundary, far above the
 * program's `a >= 1000 * b`). */
static bool scaled_by_literal(const Measure *m) {
  const SdTerm *a = m->atom;
  if (m->atoms != 1 || !a || a->arg_count != 2) return false;
  for (int side = 0; side < 2; side++) {
    const SdTerm *t = a->args[side];
    if (t->op == SD_OP_MUL && t->arg_count == 2 && (t->args[0]->op == SD_OP_INT || t->args[1]->op == SD_OP_INT))
      return true;
  }
  return false;
}

static bool find_pass(Pin *p, SdInt from, int dir, SdInt *pass, uint32_t *pi, SdInt *fail, uint32_t *fi) {
  SdInt step = sd_int_small(dir), reached = sd_int_small(0), growth = sd_int_small(2);
  *fail = from;
  bool far = (p->m->literal && p->m->atoms == 1) || scaled_by_literal(p->m);
  int steps = far ? FIND_PASS_FAR : FIND_PASS_UNMOVABLE, shrinks = 0;
  for (int k = 0; k < steps; k++) {
    if (dbg_runs_left(p->d) == 0 || dbg_out_of_time(p->d)) return false;
    SdInt v = sd_int_add(p->scratch, from, step);
    if (p->m->kind == M_LENGTH && sd_int_cmp(v, sd_int_small(FIND_PASS_LENGTH)) > 0) return false;
    uint32_t idx;
    int r = experiment(p, v, &idx);
    if (r == SD_VERDICT_PASS) {
      *pass = v, *pi = idx;
      return true;
    }
    if (r == NOT_DERIVED && far && shrinks++ < FIND_PASS_SHRINKS) {
      /* a step past the values the element derives (below zero): halfway
         back, and doubling steps from there (no run was made) */
      SdInt half = midpoint(p, reached, step);
      if (sd_int_cmp(half, reached) == 0) return false;
      step = half, growth = sd_int_small(2), k--;
      continue;
    }
    if (r == SD_VERDICT_FAIL) *fail = v, *fi = idx, reached = step;
    else if (k > 8) return false;
    step = sd_int_mul(p->scratch, step, growth);
    if (far) growth = sd_int_add(p->scratch, growth, growth);
  }
  return false;
}

typedef enum { PIN_OK, PIN_MOVED, PIN_FAILED } PinResult;

/* A length boundary says that the length alone decides. Check it on both
 * sides: other texts of the failing length (for a number, the smallest and
 * the largest numeral of that many digits) must fail too, and other texts
 * of the passing length must pass (an amount above 500 that fails as 999
 * and passes as 123 looks like "longer than 3 digits" from its lengths
 * alone; ledger and sensor at seed 3 confirmed such proxies). Returns false
 * (and notes why) when one does not: its content matters. */
/* Other texts of len bytes that the element's nonterminal derives: the
 * least and the greatest (bytewise) of CONTENT_DRAWS drawn at random, which
 * tend to the extremes of its content (leading zeros: a hex value "0x0ff"
 * is five bytes like "0x1a0", and passes); NULL where none differs from
 * the element's own text. */
enum { CONTENT_DRAWS = 32 };

/* Does the element's nonterminal derive words of len bytes? The table of
 * lengths is (re)built to cover len first: its cost grows with the square
 * of its lengths. */
/* d->lengths tracks lengths up to len at least; false past SD_LENGTHS_MAX. */
static bool lengths_cover(Debugger *d, uint32_t len) {
  if (len > SD_LENGTHS_MAX) return false;
  if (!d->lengths || sd_lengths_max(d->lengths) < len) {
    uint32_t max = 64;
    while (max < len) max *= 2;
    sd_lengths_free(d->lengths);
    d->lengths = sd_lengths_new(d->grammar, max < SD_LENGTHS_MAX ? max : SD_LENGTHS_MAX);
  }
  return true;
}

static bool lengths_possible(Pin *p, uint32_t len) {
  return lengths_cover(p->d, len) && sd_lengths_possible(p->d->lengths, p->m->symbol, len);
}

static uint32_t drawn_texts(Pin *p, uint32_t len, char **out) {
  Debugger *d = p->d;
  if (!lengths_possible(p, len)) return 0;
  char *least = NULL, *greatest = NULL;
  for (uint32_t k = 0; k < CONTENT_DRAWS; k++) {
    char *w = sd_lengths_sample(d->lengths, p->m->symbol, len, &d->rng);
    if (!w || (len == p->orig_len && !memcmp(w, p->orig_text, len))) {
      free(w);
      continue;
    }
    if (!least || memcmp(w, least, len) < 0) {
      if (least != greatest) free(least);
      least = w;
    }
    if (!greatest || memcmp(w, greatest, len) > 0) {
      if (greatest != least) free(greatest);
      greatest = w;
    } else if (w != least) {
      free(w);
    }
  }
  uint32_t n = 0;
  if (least) out[n++] = least;
  if (greatest && greatest != least) out[n++] = greatest;
  return n;
}

/* ---------- a number inside a structured element ----------
 * A length of an element that holds a number stands for the number's
 * value as often as not (a ttl "6724886m" of eight bytes: seven digits),
 * and the value's threshold may hang on a small part beside it (the unit:
 * 2592000 seconds, 43200 minutes, 720 hours, 30 days). So of the failing
 * length, texts with every number part at its least numeral of its
 * length, once with each text (of the same length) of the first small part
 * (one deriving at most PART_TEXTS texts): "1000000s" passes where
 * "1000000d" and "9999999s" fail (ttlunits at seed 2 confirmed
 * `str.len(<ttl>) > 6`). Of the passing length, the same with every number
 * at its greatest ("999d" fails where 4 bytes passed). None where the
 * element holds no number. */
enum { PART_TEXTS = 4 };

typedef struct PartTexts {
  uint32_t length, count;
  char *texts[PART_TEXTS];
} PartTexts;

static bool part_text(void *ctx, const char *text, size_t length) {
  PartTexts *pt = ctx;
  if (length == pt->length && pt->count < PART_TEXTS) pt->texts[pt->count++] = sd_xstrndup(text, length);
  return true;
}

static uint32_t part_probes(Pin *p, const char *w, uint32_t len, bool greatest, char **out, uint32_t max) {
  const SdGrammar *g = p->d->grammar;
  SdTree *sub = sd_parse(p->d->parser, p->m->symbol, w, len, NULL);
  if (!sub) return 0;
  char *extreme = sd_xstrndup(w, len);
  bool numbers = false;
  const SdNode *part = NULL;
  for (uint32_t i = 1; i < sub->node_count; i++) {
    const SdNode *node = sub->nodes[i];
    bool inside_number = false;
    for (const SdNode *a = node->parent; a && !inside_number; a = a->parent) inside_number = g->symbols[a->symbol].numeric;
    if (inside_number || !sd_grammar_is_nonterminal(g, node->symbol)) continue;
    uint64_t texts;
    if (g->symbols[node->symbol].numeric && node->end > node->start) {
      numbers = true;
      extreme[node->start] = greatest ? '9' : node->end - node->start > 1 ? '1' : '0';
      memset(extreme + node->start + 1, greatest ? '9' : '0', node->end - node->start - 1);
    } else if (!part && sd_grammar_count_derivations(g, node->symbol, PART_TEXTS, &texts) && texts >= 2) {
      part = node;
    }
  }
  uint32_t n = 0;
  if (numbers && sd_parser_accepts(p->d->parser, p->m->symbol, extreme, len)) {
    PartTexts pt = {part ? part->end - part->start : 0, 0, {NULL}};
    if (part) sd_grammar_each_text(g, part->symbol, PART_TEXTS, part_text, &pt);
    for (uint32_t k = 0; k < pt.count; k++) {
      char *t = sd_xstrndup(extreme, len);
      memcpy(t + part->start, pt.texts[k], pt.length);
      if (n < max && sd_parser_accepts(p->d->parser, p->m->symbol, t, len)) out[n++] = t;
      else free(t);
      free(pt.texts[k]);
    }
    if (!n && n < max) out[n++] = sd_xstrdup(extreme);
  }
  free(extreme);
  sd_tree_free(sub);
  return n;
}

typedef struct LengthMask LengthMask;
static void texts_keeping_rest(Pin *p, uint32_t len, LengthMask *lm);
static bool kept_content_fails(Pin *p, uint32_t len, bool untried, DbgBoundary *b);

static bool content_irrelevant(Pin *p, SdInt length, bool failing_side, DbgBoundary *b) {
  int64_t len;
  if (!sd_int_to_i64(length, &len) || len < 1 || len > 4096) return true;
  char *probe[3 + PART_TEXTS];
  uint32_t np = 0;
  if (p->d->grammar->symbols[p->m->symbol].numeric) {
    for (int k = 0; k < 2; k++) {
      char *t = sd_xmalloc((size_t)len + 1);
      memset(t, k ? '9' : '0', (size_t)len);
      t[0] = k ? '9' : '1';
      t[len] = 0;
      probe[np++] = t;
    }
  }
  /* drawn from the grammar: for a number, the least only (leading zeros,
     or another alternative's text where no numeral of that length derives:
     regwrite's <value> is decimal or hex) */
  char *drawn[2];
  uint32_t nd = drawn_texts(p, (uint32_t)len, drawn);
  if (nd && !np) {
    /* an element that holds a number: its numbers at their extreme */
    np = part_probes(p, drawn[0], (uint32_t)len, !failing_side, probe, PART_TEXTS);
    if (np) free(drawn[0]), drawn[0] = drawn[--nd];
  }
  for (uint32_t k = 0; k < nd; k++) {
    bool same = false;
    for (uint32_t i = 0; i < np; i++) same = same || !memcmp(probe[i], drawn[k], (size_t)len);
    if (!same && (k == 0 || np == 0)) probe[np++] = drawn[k];
    else free(drawn[k]);
  }
  if (!np && p->orig_len) {
    /* the element's text reversed and cycled: other content, same length */
    char *t = sd_xmalloc((size_t)len + 1);
    for (int64_t i = 0; i < len; i++) t[i] = p->orig_text[p->orig_len - 1 - (uint32_t)(i % p->orig_len)];
    t[len] = 0;
    probe[np++] = t;
  }
  bool ok = true, tried = false;
  for (uint32_t k = 0; k < np; k++) {
    SdTree *t = ok ? vary_text(p, probe[k], (uint32_t)len) : NULL;
    free(probe[k]);
    if (!t) continue;
    /* a text the cause itself rules in or out otherwise (through another
       conjunct: "longer than 4 and no 'x0'") tests nothing about the length */
    if ((p->holds ? p->holds(p->holds_ctx, t) : sd_constraint_eval(p->cause, t, NULL)) != failing_side) {
      sd_tree_free(t);
      continue;
    }
    tried = true;
    uint32_t i = run_boundary(p, t);
    SdVerdictKind other = failing_side ? SD_VERDICT_PASS : SD_VERDICT_FAIL;
    if (i != UINT32_MAX && p->d->evidence.items[i].verdict == other) {
      ok = false;
      b->note = sd_xstrdup(failing_side ? "another text of the failing length passes: its content matters, not only its length"
                                        : "another text of the passing length fails: its content matters, not only its length");
    }
  }
  if (ok && failing_side) ok = kept_content_fails(p, (uint32_t)len, !tried, b);
  return ok;
}

/* One side of one measure in one context. Fills b; *shift receives how far
 * the program's boundary lies from the cause's (fail value difference),
 * seen[0] and seen[1] the passing and the failing value there. */
/* Does direction dir lead from v0 away from the literal of the measure's
 * only atom? There that atom stays true: the cause's boundary can lie there
 * only through another measure (a length of an element inside this one), so
 * the search goes AWAY_STEPS doublings, not MAX_STEPS (csvfield: a field
 * longer than 52 grown towards 65536 bytes took 1 MiB of parsing, a third
 * of semdbg's time, to find no boundary). */
enum { AWAY_STEPS = 8 };
static bool away_from_literal(Pin *p, SdInt v0, int dir) {
  const SdTerm *lit = p->m->literal;
  SdDec l;
  if (!lit || p->m->atoms != 1 || p->m->summed || !sd_dec_parse_numeral(p->scratch, lit->text, lit->length, &l)) return false;
  SdDec v = {v0, p->m->kind == M_REAL ? -p->real_digits : 0};
  int c = sd_dec_cmp(p->scratch, v, l);
  return dir > 0 ? c > 0 : c < 0;
}

/* A value compared with other elements' values or lengths, not with a
 * literal, is searched RELATION_STEPS doublings from its own (2^64 and
 * more beyond it; heartbleed's length field, greater than its payload's
 * length, was doubled 384 times to a 116-digit number in every context
 * pinned, a third of semdbg's time). */
enum { RELATION_STEPS = 64 };

/* ---------- a threshold another condition hides ---------- */

/* Does t mention a measure of an element of symbol, of kind `kind` (any
 * kind: -1; under any variable: several may be bound to the element
 * varied), directly (*direct) or under mod or div (*periodic)? */
static void mentions_of(const SdConstraint *c, const SdTerm *t, SdSymbol symbol, int kind, bool under, bool *direct,
                        bool *periodic) {
  int32_t var;
  int k;
  if (measure_of(t, &var, &k) && var >= 0 && (uint32_t)var < c->variable_count && c->variables[var].symbol == symbol &&
      (kind < 0 || k == kind)) {
    *(under ? periodic : direct) = true;
    return;
  }
  under |= t->op == SD_OP_MOD || t->op == SD_OP_DIV;
  for (uint32_t i = 0; i < t->arg_count; i++) mentions_of(c, t->args[i], symbol, kind, under, direct, periodic);
}

/* ... of m's measure */
static void mentions(const SdConstraint *c, const SdTerm *t, const Measure *m, bool under, bool *direct,
                     bool *periodic) {
  mentions_of(c, t, m->symbol, m->kind, under, direct, periodic);
}

/* Does t take a measure of an element of symbol (any kind: the value of an
 * element whose length is pinned) through mod or div? */
static bool periodic_term(const SdConstraint *c, const SdTerm *t, SdSymbol symbol) {
  bool direct = false, periodic = false;
  mentions_of(c, t, symbol, -1, false, &direct, &periodic);
  return periodic;
}

/* In g (a copy of f, of cause c), the atoms that compare m directly made
 * true; counts them, and the atoms that take m through mod or div. False
 * when the copy differs in shape. */
static bool drop_direct(const SdConstraint *c, const SdFormula *f, SdFormula *g, const Measure *m, uint32_t *direct,
                        uint32_t *periodic) {
  if (f->kind != g->kind || f->child_count != g->child_count) return false;
  if (f->kind == SD_F_ATOM) {
    bool dir = false, per = false;
    mentions(c, f->atom, m, false, &dir, &per);
    if (per) (*periodic)++;
    else if (dir) g->kind = SD_F_TRUE, (*direct)++;
    return true;
  }
  for (uint32_t i = 0; i < f->child_count; i++)
    if (!drop_direct(c, f->children[i], g->children[i], m, direct, periodic)) return false;
  return true;
}

/* The cause without its thresholds on m (NULL when it has none), and
 * *periodic, how many of its atoms take m through mod or div. */
static SdConstraint *without_thresholds(const SdConstraint *cause, const Measure *m, uint32_t *periodic) {
  SdConstraint *rest = sd_constraint_clone(cause);
  uint32_t direct = 0;
  *periodic = 0;
  if (!rest || !rest->root || !drop_direct(cause, cause->root, rest->root, m, &direct, periodic) || !direct) {
    sd_constraint_free(rest);
    return NULL;
  }
  return rest;
}

/* The cause without its thresholds on m, when it also takes m through mod
 * or div (`r > 0 and r mod 50 = 0`); NULL otherwise. */
static SdConstraint *periodic_rest(const SdConstraint *cause, const Measure *m) {
  uint32_t periodic;
  SdConstraint *rest = without_thresholds(cause, m, &periodic);
  if (rest && !periodic) {
    sd_constraint_free(rest);
    return NULL;
  }
  return rest;
}

/* The element's own measures, as numerals (NULL: not known). */
typedef struct OwnValues {
  SdSymbol symbol;
  const char *value;  /* str.to.int */
  const char *length; /* str.len */
} OwnValues;

/* A copy of t in c with the element's measures (of any variable bound to
 * its nonterminal) replaced by their numerals; *other set where a variable
 * or an unknown measure is left. */
static SdTerm *measure_set(const SdConstraint *from, SdConstraint *c, const SdTerm *t, const OwnValues *ov,
                           bool *other) {
  int32_t var;
  int kind;
  if (measure_of(t, &var, &kind) && var >= 0 && (uint32_t)var < from->variable_count &&
      from->variables[var].symbol == ov->symbol) {
    const char *v = kind == M_VALUE ? ov->value : kind == M_LENGTH ? ov->length : NULL;
    if (v) {
      SdTerm *n = sd_term_new(c, SD_OP_INT, SD_TYPE_INT, 0);
      n->text = v, n->length = (uint32_t)strlen(v);
      return n;
    }
  }
  if (t->op == SD_OP_VAR) *other = true;
  SdTerm *n = sd_term_new(c, t->op, t->type, t->arg_count);
  SdTerm **args = n->args;
  *n = *t;
  n->args = args;
  for (uint32_t i = 0; i < t->arg_count; i++) n->args[i] = measure_set(from, c, t->args[i], ov, other);
  return n;
}


/* The truth of f's atoms that take a measure of the element through mod
 * or div, all of them, with the element's own measures in place: 1, 0, or
 * -1 where that cannot be told (such an atom under not or or, or relating
 * the element to another). */
static int own_periodic_in(const SdConstraint *cause, SdConstraint *c, const SdFormula *f, const OwnValues *ov,
                           bool plain) {
  if (f->kind == SD_F_ATOM) {
    bool other = false;
    if (!periodic_term(cause, f->atom, ov->symbol)) return 1;
    if (!plain) return -1;
    SdTerm *t = measure_set(cause, c, f->atom, ov, &other);
    return other ? -1 : sd_term_eval_const(c, t) == 1;
  }
  plain &= f->kind == SD_F_AND || sd_formula_is_tree_quantifier(f->kind);
  int r = 1;
  for (uint32_t i = 0; i < f->child_count && r != -1; i++) {
    int k = own_periodic_in(cause, c, f->children[i], ov, plain);
    if (k != 1) r = k;
  }
  return r;
}

static int own_periodic_of(const Pin *p, const OwnValues *ov) {
  SdConstraint *c = sd_constraint_new_empty(p->d->grammar);
  int r = own_periodic_in(p->cause, c, p->cause->root, ov, true);
  sd_constraint_free(c);
  return r;
}

/* Do the cause's conditions on the element through mod or div hold of its
 * value (or length) v itself, whatever the input's other elements hold?
 * Evaluated on the whole input, `exists <cans> c: c mod 36 = 0` holds of
 * every value where another element is a multiple of 36 (pallet36 at seeds
 * 1-2: the pass at 431 looked like the threshold's, not the period's, and
 * `> 431 and mod 36 = 0` was confirmed; 396 fails). -1: not told. */
static int own_periodic(const Pin *p, SdInt v) {
  if (p->m->kind == M_REAL || p->product) return -1;
  char *text = sd_int_to_text(v);
  OwnValues ov = {p->m->symbol, p->m->kind == M_VALUE ? text : NULL, p->m->kind == M_LENGTH ? text : NULL};
  int r = own_periodic_of(p, &ov);
  free(text);
  return r;
}

/* The same of the element written as text. */
static int own_periodic_text(const Pin *p, const char *text, uint32_t len) {
  char value[24], length[16];
  bool numeral = len && len <= 18;
  for (uint32_t i = 0; i < len && numeral; i++) numeral = text[i] >= '0' && text[i] <= '9';
  if (numeral) snprintf(value, sizeof value, "%lld", atoll(text));
  snprintf(length, sizeof length, "%u", len);
  OwnValues ov = {p->m->symbol, numeral ? value : NULL, length};
  return own_periodic_of(p, &ov);
}

/* When the pass at `no` may be a periodic condition's: the first value
 * from no in direction dir (at most MASK_SCAN values on) on which the
 * cause's other conditions on the element hold and the cause does not, and
 * whether it passes when run. A boundary found next to a failing value may
 * be a periodic condition's, not the threshold's: inexpressible (an odd a
 * times an odd b above 40) learned `a odd and b odd and a > 6`, pinned at
 * 6 (even: it passes) and 7, and confirmed; a = 5 with b = 9 fails. Where
 * the value fails, the scan goes on (the element's own periodic conditions
 * told: over MASK_PERIODS periods) to the first that passes, all evidence:
 * learned again, the threshold lies between them, not at the next period
 * only (pallet36: `> 394` after 396 failed, 360 failing next). Where the
 * cause holds on every value of its period that far, its threshold is
 * searched farther (far_threshold) among those values. */
enum { MASK_SCAN = 128, MASK_PERIODS = 8 };
typedef enum { MASK_NONE, MASK_PASSES, MASK_FAILS, MASK_REFUTES } Mask;

/* The first value from v in direction dir (v itself included, at most
 * MASK_SCAN * MASK_PERIODS on) of which the element's own periodic
 * conditions hold. */
static bool own_next(Pin *p, SdInt v, int dir, SdInt *out) {
  for (int k = 0; k < MASK_SCAN * MASK_PERIODS; k++, v = sd_int_add(p->scratch, v, sd_int_small(dir)))
    if (own_periodic(p, v) == 1) {
      *out = v;
      return true;
    }
  return false;
}

/* Does the cause hold with the element at the first value from v on
 * (own_next, into *w)? -1: no such value or input. */
static int holds_at_own(Pin *p, SdInt v, int dir, SdInt *w) {
  if (!own_next(p, v, dir, w)) return -1;
  SdTree *t = vary(p, *w);
  if (!t) return -1;
  bool r = sd_constraint_eval(p->cause, t, NULL);
  sd_tree_free(t);
  return r;
}

/* From no, where the cause holds on the values of its period nearby, the
 * cause's own threshold among those values, in direction dir: *yes the
 * last it holds on, *no the first it does not (found by doubling, then
 * bisection; values past 0 downwards are tried as 0 once). False when
 * there is none within RELATION_STEPS doublings. pallet36 at seed 1 had
 * `> 431 and mod 36 = 0` "pinned" at 83051 and 83052: the period's
 * boundary, the threshold 430 below never tried. */
static bool far_threshold(Pin *p, SdInt no, int dir, SdInt *yes, SdInt *no_out) {
  SdInt lo = no, w;
  if (holds_at_own(p, lo, dir, &w) != 1) return false;
  SdInt hi = lo, step = sd_int_small(1);
  bool found = false;
  for (int k = 0; k < RELATION_STEPS && !found; k++) {
    hi = sd_int_add(p->scratch, lo, dir > 0 ? step : sd_int_neg(p->scratch, step));
    if (dir < 0 && sd_int_cmp(hi, sd_int_small(0)) < 0 && sd_int_cmp(lo, sd_int_small(0)) > 0) hi = sd_int_small(0);
    int h = holds_at_own(p, hi, dir, &w);
    if (h < 0) return false;
    if (h == 0) found = true;
    else lo = hi, step = sd_int_add(p->scratch, step, step);
  }
  if (!found) return false;
  /* cause true from lo on, false from hi on: bisected to adjacent values */
  for (;;) {
    SdInt gap = sd_int_sub(p->scratch, hi, lo);
    if (sd_int_cmp(gap, sd_int_small(1)) <= 0 && sd_int_cmp(gap, sd_int_small(-1)) >= 0) break;
    SdInt mid = midpoint(p, lo, hi);
    int h = holds_at_own(p, mid, dir, &w);
    if (h < 0) return false;
    if (h) lo = mid;
    else hi = mid;
  }
  if (holds_at_own(p, lo, dir, yes) != 1 || holds_at_own(p, hi, dir, no_out) != 0) return false;
  return true;
}

/* Values from `from` in direction dir (from itself when `inclusive`) on
 * which the cause's other conditions hold and the cause does not, run
 * until one passes (*at, *index: the first that fails, else that one). */
static Mask scan_masked(Pin *p, const SdConstraint *rest, int own, SdInt from, bool inclusive, int dir, SdInt *at,
                        uint32_t *index) {
  Mask result = MASK_NONE;
  SdInt v = from;
  int scan = own < 0 ? MASK_SCAN : MASK_SCAN * MASK_PERIODS, runs = 0;
  for (int k = 0; k < scan && runs < MASK_PERIODS; k++) {
    if (k || !inclusive) v = sd_int_add(p->scratch, v, sd_int_small(dir));
    if (own >= 0 && own_periodic(p, v) != 1) continue;
    SdTree *u = vary(p, v);
    if (!u) continue;
    bool others = sd_constraint_eval(rest, u, NULL), cause = others && sd_constraint_eval(p->cause, u, NULL);
    sd_tree_free(u);
    if (!others || cause) continue;
    uint32_t i = UINT32_MAX;
    int verdict = experiment(p, v, &i);
    runs++;
    if (verdict == SD_VERDICT_FAIL) {
      /* on, to the first that passes: the threshold's witnesses, evidence */
      if (result == MASK_NONE) result = MASK_FAILS, *at = v, *index = i;
      continue;
    }
    if (verdict == SD_VERDICT_PASS && result == MASK_NONE) result = MASK_PASSES, *at = v, *index = i;
    break;
  }
  return result;
}

/* The far side (far_threshold): run the first value past the threshold
 * and, where it passes, the last before it (*yes_at, *yes_index: the
 * threshold's failing witness; MASK_REFUTES where that passes). */
static Mask far_masked(Pin *p, const SdConstraint *rest, SdInt no, int dir, SdInt *at, uint32_t *index, SdInt *yes_at,
                       uint32_t *yes_index) {
  SdInt yes, past;
  if (!far_threshold(p, no, dir, &yes, &past)) return MASK_NONE;
  Mask m = scan_masked(p, rest, 1, past, true, dir, at, index);
  if (m != MASK_PASSES) return m;
  uint32_t i = UINT32_MAX;
  int verdict = experiment(p, yes, &i);
  if (verdict == SD_VERDICT_PASS) {
    *at = yes, *index = i;
    return MASK_REFUTES;
  }
  if (verdict == SD_VERDICT_FAIL) *yes_at = yes, *yes_index = i;
  return MASK_PASSES;
}

static Mask masked_threshold(Pin *p, SdInt no, int dir, SdInt *at, uint32_t *index, SdInt *yes_at,
                             uint32_t *yes_index) {
  SdConstraint *rest = periodic_rest(p->cause, p->m);
  if (!rest) return MASK_NONE;
  int own = own_periodic(p, no);
  SdTree *t = own < 0 ? vary(p, no) : NULL;
  bool hidden = own < 0 ? t && !sd_constraint_eval(rest, t, NULL) : !own;
  sd_tree_free(t);
  Mask result = hidden ? scan_masked(p, rest, own, no, false, dir, at, index) : MASK_NONE;
  if (hidden && result == MASK_NONE && own >= 0) result = far_masked(p, rest, no, dir, at, index, yes_at, yes_index);
  sd_constraint_free(rest);
  return result;
}

/* ---------- a length another condition hides ---------- */

struct LengthMask {
  const SdConstraint *rest; /* the cause without its thresholds on the length */
  char *texts[2];           /* the element's texts that keep the rest, at most two */
  bool holds[2];            /* ... and whether the cause holds with each */
  uint32_t count;
};

/* Keep text when the cause's other conditions hold with the element as
 * text (and note whether the cause does); true when lm has two. */
static bool keeps_rest(Pin *p, LengthMask *lm, const char *text, uint32_t len) {
  if (lm->count && !strcmp(lm->texts[0], text)) return false;
  SdTree *u = vary_text(p, text, len);
  if (!u) return false;
  /* the element's own periodic conditions, not another element's */
  bool own = own_periodic_text(p, text, len) != 0;
  bool others = own && sd_constraint_eval(lm->rest, u, NULL), cause = others && sd_constraint_eval(p->cause, u, NULL);
  sd_tree_free(u);
  if (others) lm->holds[lm->count] = cause, lm->texts[lm->count++] = sd_xstrndup(text, len);
  return lm->count == 2;
}

/* Texts of len bytes for the element that keep the cause's other
 * conditions, into lm: for a number, the least and the greatest numeral of
 * that many digits that do (MASK_SCAN from each end at most); otherwise
 * the first two of CONTENT_DRAWS drawn from the grammar. */
static void texts_keeping_rest(Pin *p, uint32_t len, LengthMask *lm) {
  Debugger *d = p->d;
  if (d->grammar->symbols[p->m->symbol].numeric && len >= 1 && len <= 18) {
    int64_t lo = 1;
    for (uint32_t k = 1; k < len; k++) lo *= 10;
    int64_t hi = lo * 10 - 1;
    if (len == 1) lo = 0;
    char buf[24];
    for (int64_t k = 0; k < MASK_SCAN && lo + k <= hi && !lm->count; k++) {
      snprintf(buf, sizeof buf, "%lld", (long long)(lo + k));
      keeps_rest(p, lm, buf, len);
    }
    for (int64_t k = 0; k < MASK_SCAN && hi - k >= lo && lm->count == 1; k++) {
      snprintf(buf, sizeof buf, "%lld", (long long)(hi - k));
      keeps_rest(p, lm, buf, len);
    }
    if (lm->count) return;
  }
  if (!lengths_possible(p, len)) return;
  bool done = false;
  for (uint32_t k = 0; k < CONTENT_DRAWS && !done; k++) {
    char *w = sd_lengths_sample(d->lengths, p->m->symbol, len, &d->rng);
    done = w && keeps_rest(p, lm, w, len);
    free(w);
  }
}

/* Does some atom of f take a measure of symbol through mod or div? */
static bool periodic_on(const SdConstraint *c, const SdFormula *f, SdSymbol symbol) {
  if (f->kind == SD_F_ATOM) return periodic_term(c, f->atom, symbol);
  for (uint32_t i = 0; i < f->child_count; i++)
    if (periodic_on(c, f->children[i], symbol)) return true;
  return false;
}

/* Where every probe of the failing length was one the cause rules out,
 * or the cause takes the element's value through mod or div (its content
 * matters beside its length: "10" and "99" are no multiples of 14), the
 * texts of that length that keep the cause's other conditions (for a
 * number, the least and the greatest: 14 and 98) run too: one that passes
 * while the cause holds shows the content matters. A pill count under 90
 * in cards of 14 was confirmed as "two digits, a multiple of 14" (blister
 * at seed 3, session 41); 98 passes. */
static bool kept_content_fails(Pin *p, uint32_t len, bool untried, DbgBoundary *b) {
  uint32_t periodic;
  SdConstraint *rest = without_thresholds(p->cause, p->m, &periodic);
  if (rest && !untried && !periodic_on(p->cause, p->cause->root, p->m->symbol))
    sd_constraint_free(rest), rest = NULL;
  if (!rest) return true;
  LengthMask lm = {rest, {NULL, NULL}, {false, false}, 0};
  texts_keeping_rest(p, len, &lm);
  sd_constraint_free(rest);
  bool ok = true;
  for (uint32_t k = 0; k < lm.count; k++) {
    SdTree *u = ok && lm.holds[k] ? vary_text(p, lm.texts[k], len) : NULL;
    if (u) {
      uint32_t i = run_boundary(p, u);
      if (i != UINT32_MAX && p->d->evidence.items[i].verdict == SD_VERDICT_PASS) {
        ok = false;
        b->note = sd_format("\"%s\" passes, of the failing length, where the cause holds: its content matters, not "
                            "only its length",
                            lm.texts[k]);
      }
    }
    free(lm.texts[k]);
  }
  return ok;
}

/* When the pass at length no may be another condition's: the element cut
 * or grown to that length also broke a condition the cause puts on its
 * content (`len(e) > 2 and e mod 20 = 0`: "140" cut to "14" passes, but
 * so would any number that is no multiple of 20). Then texts of that
 * length on which the cause's other conditions hold, run: where the cause
 * does not hold either, MASK_FAILS if one fails (*index, *text: the first
 * that does), MASK_PASSES if they pass (*index: the last run); where the
 * cause holds (its threshold lies below no: the boundary found by
 * evaluation was the content's), MASK_REFUTES if one passes. Eggtray at
 * seed 1 confirmed a positive multiple of 20 "of three digits or more"
 * pinned by 14 and 140, and 40 fails; a timer of whole minutes of 600 s or
 * more "of four digits" passes at 120 s and fails at 960 s; cratefull at
 * seed 2 confirmed a multiple of 24 "of two digits or more" pinned by 14
 * and 144, and 48 passes. */
static Mask masked_length(Pin *p, SdInt no, uint32_t *index, char **text) {
  int64_t len;
  *text = NULL;
  if (p->m->kind != M_LENGTH || !sd_int_to_i64(no, &len) || len < 1 || len > 4096) return MASK_NONE;
  uint32_t periodic;
  SdConstraint *rest = without_thresholds(p->cause, p->m, &periodic);
  if (!rest) return MASK_NONE;
  SdTree *t = vary(p, no);
  bool hidden = t && !sd_constraint_eval(rest, t, NULL);
  sd_tree_free(t);
  LengthMask lm = {rest, {NULL, NULL}, {false, false}, 0};
  /* where the cause takes the element's value through mod or div, the
     passing text may keep the period and still pass for its value ("120"
     beside 1200: a timer of 600 s or more in whole minutes; 960 fails):
     the least and the greatest texts of that length run all the same */
  if (hidden || periodic_on(p->cause, p->cause->root, p->m->symbol)) texts_keeping_rest(p, (uint32_t)len, &lm);
  sd_constraint_free(rest);
  Mask result = MASK_NONE;
  for (uint32_t k = 0; k < lm.count; k++) {
    bool decided = result == MASK_FAILS || result == MASK_REFUTES;
    SdTree *u = !decided ? vary_text(p, lm.texts[k], (uint32_t)len) : NULL;
    if (u) {
      uint32_t i = run_boundary(p, u);
      int verdict = i == UINT32_MAX ? -1 : (int)p->d->evidence.items[i].verdict;
      if (lm.holds[k]) {
        if (verdict == SD_VERDICT_PASS) result = MASK_REFUTES, *index = i, *text = lm.texts[k], lm.texts[k] = NULL;
      } else if (verdict == SD_VERDICT_FAIL) {
        result = MASK_FAILS, *index = i, *text = lm.texts[k], lm.texts[k] = NULL;
      } else if (verdict == SD_VERDICT_PASS) {
        result = MASK_PASSES, *index = i;
      }
    }
    free(lm.texts[k]);
  }
  return result;
}

/* ---------- decimals finer than the search ----------
 * A decimal boundary is searched in steps of 10^-real_digits; where the
 * element may be written with more decimals, the program's boundary may lie
 * between the two witnesses (4.249999 passes, 4.250000 fails: the program
 * fails at 4.25 and above, and "4.2499995" passes while `> 4.249999` holds
 * of it: confirmed wrongly by the frozen engine of session 36 at seeds
 * 1-3). One probe GAP_DIGITS decimals finer, next to the failing witness,
 * tells: where it passes, the boundary is the failing value itself,
 * inclusive (`>= 4.25`), and the probe is the passing witness. */
enum { GAP_DIGITS = 3 };
typedef enum { GAP_NONE, GAP_AGREES, GAP_INCLUSIVE, GAP_FAILS } GapResult;

static GapResult real_gap(Pin *p, SdInt pass, SdInt fail, SdInt *probe, uint32_t *index) {
  if (p->m->kind != M_REAL || p->real_digits + GAP_DIGITS > 18) return GAP_NONE;
  int digits = p->real_digits;
  SdInt scale = sd_int_small(1000); /* 10^GAP_DIGITS */
  SdInt g = sd_int_add(p->scratch, sd_int_mul(p->scratch, fail, scale), sd_int_small(sd_int_cmp(pass, fail) < 0 ? -1 : 1));
  p->real_digits = digits + GAP_DIGITS;
  uint32_t gi = UINT32_MAX;
  int v = experiment(p, g, &gi);
  p->real_digits = digits;
  if (v != SD_VERDICT_PASS && v != SD_VERDICT_FAIL) return GAP_NONE; /* no such text, or undefined */
  bool holds = sd_constraint_eval(p->cause, p->d->evidence.items[gi].tree, NULL);
  *probe = g, *index = gi;
  if (v == SD_VERDICT_PASS) return holds ? GAP_INCLUSIVE : GAP_AGREES;
  return holds ? GAP_AGREES : GAP_FAILS;
}

static PinResult pin_side(Pin *p, SdInt v0, int dir, DbgBoundary *b, SdInt *shift, SdInt seen[2]) {
  int max_steps = p->max_steps;
  if (away_from_literal(p, v0, dir)) p->max_steps = AWAY_STEPS;
  else if (!p->m->literal && (p->m->kind == M_VALUE || p->m->kind == M_ARITH) && !p->max_steps)
    p->max_steps = RELATION_STEPS;
  Side s = predicted_boundary(p, v0, dir);
  p->max_steps = max_steps;
  if (!s.found) s = partner_boundary(p, v0, dir);
  if (!s.found) return PIN_FAILED;
  uint32_t yi = UINT32_MAX, ni = UINT32_MAX;
  int vy = experiment(p, s.yes, &yi);
  int vn = experiment(p, s.no, &ni);
  SdInt pass = s.no, fail = s.yes;
  uint32_t pi = ni, fi = yi;
  PinResult result = PIN_OK;
  if (vy == SD_VERDICT_FAIL && vn == SD_VERDICT_PASS) {
    b->pinned = true;
    if (p->m->kind == M_LENGTH && (!content_irrelevant(p, s.yes, true, b) || !content_irrelevant(p, s.no, false, b))) {
      b->pinned = false;
      result = PIN_MOVED;
    }
    SdInt past, yes_at = s.yes;
    uint32_t past_index = UINT32_MAX, yes_index = UINT32_MAX;
    Mask mask = b->pinned ? masked_threshold(p, s.no, dir, &past, &past_index, &yes_at, &yes_index) : MASK_NONE;
    if (mask == MASK_FAILS || mask == MASK_REFUTES) {
      /* the program fails past the threshold, or passes where the cause
         holds: the input is evidence */
      char *text = measure_text(p, past);
      b->note = mask == MASK_FAILS
                    ? sd_format("%s fails, past a boundary another condition of the cause draws", text)
                    : sd_format("%s passes, where the cause holds, beyond another condition's boundary", text);
      free(text);
      b->pinned = false;
      return PIN_MOVED;
    }
    if (mask == MASK_PASSES) pass = past, pi = past_index; /* the threshold's own witness */
    if (mask == MASK_PASSES && yes_index != UINT32_MAX) /* ... and its failing one, far from s */
      fail = s.yes = yes_at, fi = yes_index;
    char *text = NULL;
    mask = b->pinned && mask == MASK_NONE ? masked_length(p, s.no, &past_index, &text) : MASK_NONE;
    if (mask == MASK_FAILS || mask == MASK_REFUTES) {
      b->note = mask == MASK_FAILS
                    ? sd_format("\"%s\" fails, of the passing length, where the cause's other conditions hold", text)
                    : sd_format("\"%s\" passes, of the passing length, where the cause holds", text);
      free(text);
      b->pinned = false;
      return PIN_MOVED;
    }
    free(text);
    if (mask == MASK_PASSES) pi = past_index; /* a witness of the length alone */
  } else if (vy == SD_VERDICT_PASS) {
    /* the cause holds but the program passes: its boundary lies between here
       and the failing input */
    pass = s.yes, pi = yi;
    if (sd_int_cmp(s.yes, v0) == 0) {
      /* the failing value itself passes in another text ("1" for "01"):
         the text decides, not its measure; the passing input is evidence */
      b->note = sd_xstrdup("another text of the same value passes: the text decides, not the value");
      b->pass_input = pi;
      return PIN_MOVED;
    }
    /* the failing input itself is the failing witness when the pass is
       next to it (port 65535 passes, the input's 65536 failed: without
       its index the moved threshold could not be checked, and the cause
       was learned again for nothing) */
    SdInt f = v0;
    uint32_t fidx = p->base_index;
    if (!gallop_from_pass(p, &pass, &f, &pi, &fidx) || !bisect_runs(p, &pass, &f, &pi, &fidx)) return PIN_FAILED;
    fail = f, fi = fidx;
    result = PIN_MOVED;
  } else if (vn == SD_VERDICT_FAIL) {
    /* the cause does not hold but the program fails: look further out */
    if (!find_pass(p, s.no, dir, &pass, &pi, &fail, &fi)) {
      b->note = sd_xstrdup("the program fails beyond the cause's boundary; no passing value found");
      return PIN_MOVED;
    }
    if (!bisect_runs(p, &pass, &fail, &pi, &fi)) return PIN_FAILED;
    result = PIN_MOVED;
  } else {
    return PIN_FAILED;
  }
  b->pass_value = measure_text(p, pass);
  b->fail_value = measure_text(p, fail);
  b->pass_input = pi;
  b->fail_input = fi;
  *shift = sd_int_sub(p->scratch, fail, s.yes);
  seen[0] = pass, seen[1] = fail;
  SdInt g;
  uint32_t gi;
  GapResult gap = b->note ? GAP_NONE : real_gap(p, pass, fail, &g, &gi);
  if (gap == GAP_INCLUSIVE || (gap == GAP_AGREES && p->d->evidence.items[gi].verdict == SD_VERDICT_PASS)) {
    /* the probe is the nearer passing witness */
    free(b->pass_value);
    p->real_digits += GAP_DIGITS;
    b->pass_value = measure_text(p, g);
    p->real_digits -= GAP_DIGITS;
    b->pass_input = gi;
  }
  /* a passing probe next to the failing witness puts the program's
     boundary at that witness, whether or not the cause held there: where
     the cause is moved anyway, it is moved to the witness, inclusive
     (phlow at seed 1: the shift made `< 6.500001` of a cause the probe
     6.500000001 contradicts, and the learner was asked again) */
  if (gap == GAP_INCLUSIVE ||
      (gap == GAP_AGREES && result == PIN_MOVED && p->d->evidence.items[gi].verdict == SD_VERDICT_PASS)) {
    b->pinned = false;
    p->inclusive = true;
    p->inclusive_above = sd_int_cmp(fail, pass) > 0;
    return PIN_MOVED;
  }
  if (gap == GAP_FAILS) {
    /* the program fails nearer than the cause says: the witness goes back
       to the learner */
    p->real_digits += GAP_DIGITS;
    char *text = measure_text(p, g);
    p->real_digits -= GAP_DIGITS;
    b->note = sd_format("%s fails, between the boundary's witnesses", text);
    free(text);
    b->pinned = false;
    return PIN_MOVED;
  }
  return result;
}

/* The atom formulas of f, in order, into out (up to max); their number. */
static uint32_t atoms_of(const SdFormula *f, const SdFormula **out, uint32_t n, uint32_t max) {
  if (f->kind == SD_F_ATOM) {
    if (n < max) out[n] = f;
    return n + 1;
  }
  for (uint32_t i = 0; i < f->child_count; i++) n = atoms_of(f->children[i], out, n, max);
  return n;
}

/* The pick-th threshold of m among the atoms of c that hold its measure
 * (each atom alone: a direct literal, or the literal of a sum it is in),
 * into *out; false past the last. A measure in one atom has one; in
 * several (a guard beside a sum: `addr <= 507 and addr + chans > 513`),
 * the one that moved is the one whose moved cause agrees with the
 * boundary's witnesses (the caller tries each). */
static bool threshold_in_atom(SdConstraint *c, const Measure *m, uint32_t pick, Measure *out) {
  enum { MAX_ATOMS = 32 };
  const SdFormula *atoms[MAX_ATOMS];
  uint32_t na = atoms_of(c->root, atoms, 0, MAX_ATOMS), found = 0;
  for (uint32_t a = 0; a < na && a < MAX_ATOMS; a++) {
    Measure ms[MAX_MEASURES];
    uint32_t n = 0;
    collect(c, atoms[a], ms, &n);
    for (uint32_t i = 0; i < n; i++) {
      if (ms[i].var != m->var || ms[i].kind != m->kind || !ms[i].literal) continue;
      if (found++ == pick) return *out = ms[i], true;
    }
  }
  return false;
}

/* Move a literal threshold by shift (in a clone of the cause): the
 * measure's only one, or for a measure in several atoms the pick-th of
 * them (threshold_in_atom); NULL when there is none. */
static SdConstraint *move_literal(const SdConstraint *cause, const Measure *m, SdInt shift, int real_digits,
                                  SdArena *scratch, uint32_t pick) {
  SdConstraint *c = sd_constraint_clone(cause);
  Measure ms[MAX_MEASURES];
  uint32_t n = 0;
  collect(c, c->root, ms, &n);
  for (uint32_t i = 0; i < n; i++) {
    if (ms[i].var != m->var || ms[i].kind != m->kind) continue;
    if (ms[i].atoms > 1 && !threshold_in_atom(c, m, pick, &ms[i])) break;
    if ((ms[i].atoms == 1 && pick > 0) || !ms[i].literal) break;
    SdTerm *lit = ms[i].literal;
    if (ms[i].summed) shift = sd_int_mul(scratch, shift, sd_int_small(ms[i].coef));
    SdDec value, moved, step = {shift, m->kind == M_REAL ? -real_digits : 0};
    if (!sd_dec_parse_numeral(scratch, lit->text, lit->length, &value) || !sd_dec_add(scratch, value, step, &moved))
      break;
    char *t = sd_dec_to_text(moved);
    lit->text = sd_arena_strndup(c->arena, t, strlen(t));
    lit->length = (uint32_t)strlen(t);
    if (strchr(t, '.')) lit->op = SD_OP_DECIMAL, lit->type = SD_TYPE_REAL;
    free(t);
    return c;
  }
  sd_constraint_free(c);
  return NULL;
}

static bool agrees_with_witnesses(const Debugger *d, const SdConstraint *c, const DbgBoundary *b);

/* The clone of cause with m's only atom stating the boundary at the
 * failing witness, inclusive: `str.to.real(x) >= 4.25` (or `<=`, the
 * failing values below); NULL when m's atom is no plain comparison with a
 * literal. */
static SdConstraint *inclusive_at(const SdConstraint *cause, const Measure *m, const char *fail, bool above) {
  SdConstraint *c = sd_constraint_clone(cause);
  Measure ms[MAX_MEASURES];
  uint32_t n = 0;
  collect(c, c->root, ms, &n);
  for (uint32_t i = 0; i < n; i++) {
    if (ms[i].var != m->var || ms[i].kind != m->kind || ms[i].atoms != 1 || !ms[i].literal || ms[i].summed ||
        !ms[i].atom || ms[i].atom->arg_count != 2 || ms[i].atom->args[ms[i].literal_side] != ms[i].literal)
      continue;
    SdTerm *lit = ms[i].literal, *a = ms[i].atom;
    lit->text = sd_arena_strndup(c->arena, fail, strlen(fail));
    lit->length = (uint32_t)strlen(fail);
    if (strchr(fail, '.')) lit->op = SD_OP_DECIMAL, lit->type = SD_TYPE_REAL;
    bool literal_right = ms[i].literal_side == 1; /* measure op literal */
    a->op = above == literal_right ? SD_OP_GE : SD_OP_LE;
    return c;
  }
  sd_constraint_free(c);
  return NULL;
}



/* The cause with m's literal set to the passing or the failing value of
 * the program's boundary, whichever separates the witnesses (`> pass`,
 * `>= fail`, `< pass`, `<= fail`); NULL when neither does or m's literal is
 * not an integer of its own atom. For when moving the literal by the shift
 * does not: the cause's own first value could not be written and the
 * search stood on another (a product of 1503 with factors of at most 99:
 * the failing input's 1504 was taken, and 1500 passes, 1501 fails moved
 * `> 1502` to `> 1499`). */
static SdConstraint *literal_at_boundary(const Debugger *d, const SdConstraint *cause, const Measure *m,
                                         const DbgBoundary *b, const SdInt seen[2], SdArena *scratch) {
  SdDec value;
  if (m->kind == M_REAL || m->summed || !m->literal ||
      !sd_dec_parse_numeral(scratch, m->literal->text, m->literal->length, &value) || value.e != 0)
    return NULL;
  for (int k = 0; k < 2; k++) {
    SdConstraint *c = move_literal(cause, m, sd_int_sub(scratch, seen[k], value.m), 0, scratch, 0);
    if (c && agrees_with_witnesses(d, c, b)) return c;
    sd_constraint_free(c);
  }
  return NULL;
}

/* A relation between measures with no literal to move (`files * kb >
 * limit`, `len(payload) < length`) whose boundary the program draws one
 * value off: the clone of cause with m's only atom strict where it was not
 * or not where it was (> and >=, < and <=); NULL when m has no such atom.
 * The caller keeps it only when it agrees with the witnesses, which differ
 * in m alone by one value: then the program's relation holds at equality
 * where the cause's did not (a quota exceeded when the files fill it
 * exactly), or the reverse, and nothing else is asked of the learner,
 * which had the relation but not its off-by-one form. */
static SdConstraint *flip_strictness(const SdConstraint *cause, const Measure *m) {
  if (m->kind == M_REAL) return NULL;
  SdConstraint *c = sd_constraint_clone(cause);
  Measure ms[MAX_MEASURES];
  uint32_t n = 0;
  collect(c, c->root, ms, &n);
  for (uint32_t i = 0; i < n; i++) {
    if (ms[i].var != m->var || ms[i].kind != m->kind || ms[i].atoms != 1 || ms[i].literal || !ms[i].atom) continue;
    SdTerm *a = ms[i].atom;
    SdOp flipped = a->op == SD_OP_GT ? SD_OP_GE : a->op == SD_OP_GE ? SD_OP_GT : a->op == SD_OP_LT ? SD_OP_LE
                 : a->op == SD_OP_LE ? SD_OP_LT : a->op;
    if (flipped == a->op) break;
    a->op = flipped;
    return c;
  }
  sd_constraint_free(c);
  return NULL;
}

/* Does c agree with the program on the two witnesses of b (false on the
 * passing one, true on the failing one)? A moved literal that does not is
 * not why the boundary lies where it does (another conjunct is): then the
 * witnesses go back to the learner instead. */
static bool agrees_with_witnesses(const Debugger *d, const SdConstraint *c, const DbgBoundary *b) {
  if (b->pass_input == UINT32_MAX || b->fail_input == UINT32_MAX) return false;
  return !sd_constraint_eval(c, d->evidence.items[b->pass_input].tree, NULL) &&
         sd_constraint_eval(c, d->evidence.items[b->fail_input].tree, NULL);
}

static void add_note(DbgCause *c, Measure *m, const char *note) {
  DbgBoundary b = {.symbol = m->symbol, .length = m->kind == M_LENGTH, .computed = m->kind == M_ARITH, .pass_input = UINT32_MAX,
                   .fail_input = UINT32_MAX, .note = sd_xstrdup(note)};
  array_push(&c->boundaries, b);
}

/* Pin one measure. Returns PIN_OK (pinned or recorded as not pinnable),
 * PIN_MOVED (the cause was wrong here: *moved may hold a corrected cause). */
/* Pin one measure in one failing input: the first node whose variation
 * crosses the cause's boundary. Boundaries found are added to c when keep. */
static bool same_text(const char *a, const char *b) { return a == b || (a && b && !strcmp(a, b)); }

/* Does c already have boundary b (an element measured under two variables,
 * as <x> in "x > y and z > x", is pinned twice to the same values)? */
bool dbg_has_boundary(const DbgCause *c, const DbgBoundary *b) {
  for (uint32_t i = 0; i < c->boundaries.size; i++) {
    const DbgBoundary *o = &c->boundaries.items[i];
    /* a product's, pinned along either factor, is one boundary */
    bool same_element = o->product == b->product && (o->symbol == b->symbol || (b->product && o->symbol == b->partner && o->partner == b->symbol));
    if (same_element && o->length == b->length && o->pinned == b->pinned &&
        same_text(o->pass_value, b->pass_value) && same_text(o->fail_value, b->fail_value) && same_text(o->note, b->note))
      return true;
  }
  return false;
}

static bool other_cause_holds(const Debugger *d, const DbgCause *c, const SdTree *t);

/* ---------- the partner of a relation ----------
 * A relation of two measures (`str.to.int(field) > str.len(elem) + 49999`)
 * is pinned along one of them, the other held as it is: the pin shows the
 * program's boundary moves with the first, never that it moves with the
 * second. uploadcap at seed 2 had that relation confirmed with `elem`
 * standing for any tag of the input, while the program compares the size
 * with 50000 alone: every pin held the shortest tag at length 1. So, once
 * pinned, every element of the partner's nonterminal in the failing
 * witness is moved by one, the way that ends the cause; where no other
 * cause holds there, one run: a failure refutes the relation's partner
 * (the witness goes back to the learner), a pass bears it out. */
static SdTree *partner_moved(Pin *p, const Measure *o, const SdTree *base, int dir) {
  const SdNode *own = sd_tree_follow(base, p->path, p->depth);
  uint32_t count, first = sd_tree_range(base, o->symbol, base->root, &count);
  if (!count || count > 64) return NULL;
  uint32_t (*paths)[256] = sd_xmalloc(count * sizeof *paths), depths[64];
  for (uint32_t k = 0; k < count; k++) {
    const SdNode *n = base->nodes[base->by_symbol[o->symbol][first + k]];
    bool nested = own && n->start < own->end && own->start < n->end;
    depths[k] = nested ? 0 : sd_node_path(n, paths[k], 256);
  }
  SdTree *t = sd_tree_clone(base);
  Measure m = *o;
  Pin q = {.d = p->d, .m = &m, .scratch = p->scratch, .real_digits = REAL_DIGITS, .base_index = UINT32_MAX};
  for (uint32_t k = 0; k < count && t; k++) {
    if (!depths[k] || depths[k] > 256) continue;
    q.base = t;
    q.depth = depths[k];
    memcpy(q.path, paths[k], depths[k] * sizeof(uint32_t));
    SdNode *node = sd_tree_follow(t, q.path, q.depth);
    q.orig_text = node ? sd_node_text(t, node, &q.orig_len) : NULL;
    SdInt v;
    SdTree *next = q.orig_text && measure_value(&q, q.orig_text, q.orig_len, &v)
                       ? vary(&q, sd_int_add(p->scratch, v, sd_int_small(dir)))
                       : NULL;
    sd_tree_free(t);
    t = next;
  }
  free(paths);
  return t;
}

static PinResult partner_probe(Pin *p, DbgCause *c, DbgBoundary *b) {
  if (b->fail_input == UINT32_MAX) return PIN_OK;
  const SdTree *witness = p->d->evidence.items[b->fail_input].tree;
  for (uint32_t i = 0; i < p->n_all; i++) {
    const Measure *o = &p->all[i];
    if (o->var == p->m->var || o->symbol == p->m->symbol || o->kind == M_REAL) continue;
    for (int dir = -1; dir <= 1; dir += 2) {
      SdTree *t = partner_moved(p, o, witness, dir);
      if (!t || sd_constraint_eval(p->cause, t, NULL) || other_cause_holds(p->d, c, t)) {
        sd_tree_free(t);
        continue;
      }
      uint32_t k = run_boundary(p, t);
      if (k == UINT32_MAX) return PIN_FAILED;
      if (p->d->evidence.items[k].verdict != SD_VERDICT_FAIL) return PIN_OK;
      b->note = sd_format("the failing witness still fails with every %s's %s moved by one, where the cause no "
                          "longer holds: the relation is not the program's",
                          p->d->grammar->symbols[o->symbol].name, o->kind == M_LENGTH ? "length" : "value");
      b->pinned = false;
      return PIN_MOVED;
    }
  }
  return PIN_OK;
}

/* The measure's value at node in t, with p set to vary it there (its
 * path, text and decimal resolution). */
static bool context_value(Pin *p, const SdTree *t, const SdNode *node, SdInt *v) {
  p->base = t;
  p->depth = sd_node_path(node, p->path, 256);
  if (p->depth > 256) return false;
  p->orig_text = sd_node_text(t, node, &p->orig_len);
  real_resolution(p);
  return measure_value(p, p->orig_text, p->orig_len, v);
}

static PinResult pin_in_input(Pin *p, DbgCause *c, const SdTree *t, const SdNode *bound, bool keep,
                              SdConstraint **moved) {
  Measure *m = p->m;
  p->base = t;
  PinResult result = PIN_FAILED;
  /* the node bound in the first satisfying assignment first, then others */
  uint32_t count, first = sd_tree_range(t, m->symbol, t->root, &count);
  for (uint32_t j = bound ? 0 : 1; j <= count && j <= MAX_NODES_TRIED && result == PIN_FAILED; j++) {
    if (j > 0 && p->product) break; /* its partner is the bound element's */
    const SdNode *node = j == 0 ? bound : t->nodes[t->by_symbol[m->symbol][first + j - 1]];
    if (j > 0 && node == bound) continue;
    SdInt v0;
    if (!context_value(p, t, node, &v0)) continue;
    if (p->product) v0 = sd_int_mul(p->scratch, v0, sd_int_small(p->partner0));
    /* once one side shows the cause wrong, the other side adds nothing the
       learner needs: the witnesses of the first go back to it */
    for (int dir = -1; dir <= 1 && result != PIN_MOVED; dir += 2) {
      DbgBoundary b = {.symbol = m->symbol, .length = m->kind == M_LENGTH, .computed = m->kind == M_ARITH, .pass_input = UINT32_MAX,
                       .fail_input = UINT32_MAX, .relative = !m->literal || m->summed || p->product,
                       .product = p->product, .partner = p->product ? p->psym : -1};
      SdInt shift = sd_int_small(0), seen[2] = {sd_int_small(0), sd_int_small(0)};
      PinResult r = pin_side(p, v0, dir, &b, &shift, seen);
      if (r == PIN_OK && b.pinned && b.relative && !b.product) r = partner_probe(p, c, &b);
      if (r == PIN_FAILED || (r == PIN_OK && !keep)) {
        dbg_boundary_free(&b);
        if (r == PIN_OK && result != PIN_MOVED) result = PIN_OK;
        continue;
      }
      if (r == PIN_OK && dbg_has_boundary(c, &b)) { /* the same element under another variable */
        dbg_boundary_free(&b);
        if (result != PIN_MOVED) result = PIN_OK;
        continue;
      }
      array_push(&c->boundaries, b);
      if (r == PIN_MOVED) {
        if (!b.note && !*moved) {
          if (p->inclusive || !m->literal || m->atoms == 1) {
            *moved = p->inclusive ? inclusive_at(c->constraint, m, b.fail_value, p->inclusive_above)
                     : m->literal ? move_literal(c->constraint, m, shift, p->real_digits, p->scratch, 0)
                                  : flip_strictness(c->constraint, m);
            if (*moved && !agrees_with_witnesses(p->d, *moved, &b)) {
              sd_constraint_free(*moved);
              *moved = NULL;
            }
          } else { /* in several atoms: the threshold whose move agrees with the witnesses */
            for (uint32_t pick = 0; !*moved; pick++) {
              *moved = move_literal(c->constraint, m, shift, p->real_digits, p->scratch, pick);
              if (!*moved) break;
              if (!agrees_with_witnesses(p->d, *moved, &b)) sd_constraint_free(*moved), *moved = NULL;
            }
          }
          p->inclusive = false;
          if (!*moved && m->literal) *moved = literal_at_boundary(p->d, c->constraint, m, &b, seen, p->scratch);
        }
        result = PIN_MOVED;
      } else if (result != PIN_MOVED) {
        result = PIN_OK;
      }
    }
  }
  return result;
}

/* ---------- products ---------- */

/* The variable multiplied with m's in an atom `str.to.int(a) * str.to.int(b)
 * op K` of f (either order), or -1. A product compared with another
 * element's measure (`width * bpp > stride`) has no literal threshold to
 * move: its factors are pinned as they are, and the other measure's own
 * boundary pins the threshold exactly (with the partner set to 1, a factor
 * of few values, bytes per pixel 1-4, could never reach the product's
 * value, and stayed unpinned: rowstride at seed 2). */
static int32_t product_partner(const SdFormula *f, const Measure *m) {
  if (f->kind == SD_F_ATOM) {
    const SdTerm *a = f->atom;
    if (!is_ordering(a->op) || a->arg_count != 2) return -1;
    for (int side = 0; side < 2; side++) {
      const SdTerm *t = a->args[side], *bound = a->args[1 - side];
      if (t->op != SD_OP_MUL || t->arg_count != 2 || (bound->op != SD_OP_INT && bound->op != SD_OP_DECIMAL)) continue;
      int32_t v[2];
      int kind[2];
      if (!measure_of(t->args[0], &v[0], &kind[0]) || !measure_of(t->args[1], &v[1], &kind[1]) ||
          kind[0] != M_VALUE || kind[1] != M_VALUE)
        continue;
      if (v[0] == m->var && v[1] != m->var) return v[1];
      if (v[1] == m->var && v[0] != m->var) return v[0];
    }
    return -1;
  }
  for (uint32_t i = 0; i < f->child_count; i++) {
    int32_t r = product_partner(f->children[i], m);
    if (r >= 0) return r;
  }
  return -1;
}

/* A product pinned along one factor moves by the other factor's value (a
 * width pinned at 1048 / 1049 with a height of 1000 leaves a threshold
 * anywhere from 1,048,000 to 1,048,999, and 1,048,998 was confirmed where
 * the decoder fails above 1,048,576). The base with the partner set to 1
 * and the element to the product's value keeps the product, and steps it
 * by one: t with those two texts, or NULL when they do not derive. *node
 * is set to the element in the copy. */
static SdTree *unit_partner(Debugger *d, const SdConstraint *cause, const SdTree *t, const Measure *m,
                            int32_t partner, const SdNode **node) {
  const SdNode **witness = sd_xcalloc(cause->variable_count + 1, sizeof(SdNode *));
  bool holds = sd_constraint_eval(cause, t, witness);
  const SdNode *elem = holds ? witness[m->var] : NULL, *other = holds ? witness[partner] : NULL;
  free(witness);
  if (!elem || !other || elem == other) return NULL;
  SdArena scratch = {0};
  uint32_t la, lb;
  const char *ta = sd_node_text(t, elem, &la), *tb = sd_node_text(t, other, &lb);
  SdInt a, b;
  SdTree *result = NULL;
  if (sd_int_parse(&scratch, ta, la, &a) && sd_int_parse(&scratch, tb, lb, &b)) {
    char *product = sd_int_to_text(sd_int_mul(&scratch, a, b));
    SdTree *one = sd_parse(d->parser, other->symbol, "1", 1, NULL);
    SdTree *big = sd_parse(d->parser, elem->symbol, product, (uint32_t)strlen(product), NULL);
    free(product);
    if (one && big) {
      uint32_t path[256];
      uint32_t depth = sd_node_path(elem, path, 256);
      SdTree *half = sd_tree_clone_replacing(t, other, one->root);
      const SdNode *moved = depth <= 256 ? sd_tree_follow(half, path, depth) : NULL;
      if (moved && moved->symbol == elem->symbol) {
        result = sd_tree_clone_replacing(half, moved, big->root);
        *node = sd_tree_follow(result, path, depth);
      }
      sd_tree_free(half);
    }
    sd_tree_free(one), sd_tree_free(big);
  }
  sd_arena_free(&scratch);
  if (result && !sd_constraint_eval(cause, result, NULL)) {
    sd_tree_free(result);
    result = NULL;
  }
  return result;
}

/* A product of two fields compared with a literal whose factors cannot be
 * set to (1, the product) (a quantity of at most 99 times a price of at
 * most 9999 cents, above 99999: unit_partner) is pinned on the product's
 * value itself: each value v is written as the element times its partner,
 * factors of v that both derive, the partner as near its own value as can
 * be. A value with no such factors (a prime above either field's range)
 * does not derive and is stepped over like any other; the threshold found
 * moves the literal as a factor's would. Only products up to PRODUCT_MAX
 * (their divisors are found by trial division). */
#define PRODUCT_MAX 10000000000ll
enum { PRODUCT_TRIES = 6 };

static SdTree *with_factors(Pin *p, int64_t x, int64_t y) {
  char tx[24], ty[24];
  snprintf(tx, sizeof tx, "%lld", (long long)x);
  snprintf(ty, sizeof ty, "%lld", (long long)y);
  p->varied_bytes += strlen(tx) + strlen(ty);
  SdTree *sy = sd_parse(p->d->parser, p->psym, ty, strlen(ty), NULL);
  SdTree *sx = sy ? sd_parse(p->d->parser, p->m->symbol, tx, strlen(tx), NULL) : NULL;
  SdTree *result = NULL;
  if (sx && sy) {
    SdTree *half = sd_tree_clone_replacing(p->base, sd_tree_follow(p->base, p->ppath, p->pdepth), sy->root);
    const SdNode *elem = sd_tree_follow(half, p->path, p->depth);
    if (elem && elem->symbol == p->m->symbol) result = sd_tree_clone_replacing(half, elem, sx->root);
    sd_tree_free(half);
  }
  sd_tree_free(sx), sd_tree_free(sy);
  return result;
}

/* Whether term t reads variable var (*other set when it reads another). */
static bool reads(const SdTerm *t, int32_t var, bool *other) {
  if (t->op == SD_OP_VAR) {
    if (t->var != var) *other = true;
    return t->var == var;
  }
  bool any = false;
  for (uint32_t i = 0; i < t->arg_count; i++) any |= reads(t->args[i], var, other);
  return any;
}

/* Whether the quantifier-free formula f reads var and no other variable,
 * and does not hold the atom skip. */
static bool reads_only(const SdFormula *f, int32_t var, const SdTerm *skip) {
  if (sd_formula_is_quantifier(f->kind)) return false;
  if (f->kind == SD_F_ATOM) {
    bool other = false;
    return f->atom && f->atom != skip && reads(f->atom, var, &other) && !other;
  }
  if (!f->child_count) return false;
  for (uint32_t i = 0; i < f->child_count; i++)
    if (!reads_only(f->children[i], var, skip)) return false;
  return true;
}

/* `exists <S> v: f` for a formula of c that reads only var (of symbol S). */
static SdConstraint *formula_alone(const SdConstraint *c, const SdFormula *f, int32_t var) {
  SdConstraint *a = sd_constraint_new_empty(c->grammar);
  int32_t *map = sd_xmalloc((c->variable_count ? c->variable_count : 1) * sizeof(int32_t));
  for (uint32_t i = 0; i < c->variable_count; i++) map[i] = -1;
  map[var] = sd_constraint_add_variable(a, c->variables[var].name, c->variables[var].symbol, false);
  SdFormula *q = sd_formula_new(a, SD_F_EXISTS, 1);
  q->var = map[var], q->in_var = -1;
  q->children[0] = sd_formula_copy(a, c, f, map, false);
  a->root = q;
  free(map);
  return a;
}

/* The solo parts of the cause for a product pin: each largest formula
 * that reads only the element's variable or only the partner's (a
 * threshold on one factor, a set of its texts), with its truth on their
 * values in base. */
enum { MAX_SOLO = 4 };
static void collect_solo(Pin *p, const SdConstraint *cause, const SdFormula *f, int32_t partner, const SdTree *t,
                         const SdNode *elem, const SdNode *other) {
  for (int side = 0; side < 2; side++) {
    int32_t var = side ? partner : p->m->var;
    if (!reads_only(f, var, p->m->atom)) continue;
    if (p->solo_count == MAX_SOLO) return;
    uint32_t len;
    const SdNode *node = side ? other : elem;
    const char *text = sd_node_text(t, node, &len);
    SdTree *alone = sd_parse(p->d->parser, node->symbol, text, len, NULL);
    if (!alone) return;
    SdConstraint *a = formula_alone(cause, f, var);
    p->solo[p->solo_count] = a, p->solo_partner[p->solo_count] = side;
    p->solo_truth[p->solo_count++] = sd_constraint_eval(a, alone, NULL);
    sd_tree_free(alone);
    return;
  }
  for (uint32_t i = 0; i < f->child_count; i++) collect_solo(p, cause, f->children[i], partner, t, elem, other);
}

static void free_solo(Pin *p) {
  for (uint32_t i = 0; i < p->solo_count; i++) sd_constraint_free(p->solo[i]);
  p->solo_count = 0;
}

/* Does the factoring (x the element's value, y the partner's) keep every
 * solo atom as it is in base? */
static bool keeps_solo(Pin *p, int64_t x, int64_t y) {
  for (uint32_t i = 0; i < p->solo_count; i++) {
    char text[24];
    snprintf(text, sizeof text, "%lld", (long long)(p->solo_partner[i] ? y : x));
    SdTree *alone = sd_parse(p->d->parser, p->solo_partner[i] ? p->psym : p->m->symbol, text, strlen(text), NULL);
    bool same = alone && sd_constraint_eval(p->solo[i], alone, NULL) == p->solo_truth[i];
    sd_tree_free(alone);
    if (!same) return false;
  }
  return true;
}

/* base with the product set to v: the element times its partner, the
   partner's value the nearest its own among v's divisors whose factoring
   keeps the rest of the cause as it is (a guard on the partner, `count >=
   2`, is no part of the product's boundary: 4139, a prime, factored as 1 x
   4139, passed for its count of 1, and the product's threshold stayed
   unmoved at 4138 where the program's is 4095; batchlen): the atoms that
   read one factor alone keep their truth (keeps_solo) */
static SdTree *vary_product(Pin *p, SdInt v) {
  int64_t V;
  if (!sd_int_to_i64(v, &V) || V < 1 || V > PRODUCT_MAX) return NULL;
  int64_t near[PRODUCT_TRIES]; /* partner values dividing V, nearest partner0 first */
  uint32_t n = 0;
  for (int64_t k = 1; k * k <= V; k++) {
    if (V % k) continue;
    int64_t ys[2] = {k, V / k};
    for (int i = 0; i < 2 && !(i == 1 && ys[1] == ys[0]); i++) {
      int64_t y = ys[i], dy = y > p->partner0 ? y - p->partner0 : p->partner0 - y;
      uint32_t at = n;
      while (at > 0) {
        int64_t o = near[at - 1], dno = o > p->partner0 ? o - p->partner0 : p->partner0 - o;
        if (dno <= dy) break;
        at--;
      }
      if (at >= PRODUCT_TRIES) continue;
      if (n < PRODUCT_TRIES) n++;
      memmove(near + at + 1, near + at, (n - 1 - at) * sizeof *near);
      near[at] = y;
    }
  }
  for (uint32_t i = 0; i < n; i++) {
    if (!keeps_solo(p, V / near[i], near[i])) continue;
    SdTree *t = with_factors(p, V / near[i], near[i]);
    if (t) return t;
  }
  return NULL;
}

/* Sets up p to pin on the product of the element bound and its partner in
 * t (the cause's witness); false when their values are not small numbers. */
static bool product_pin(Pin *p, const SdConstraint *cause, const SdTree *t, const Measure *m, int32_t partner,
                        const SdNode **bound) {
  const SdNode **witness = sd_xcalloc(cause->variable_count + 1, sizeof(SdNode *));
  bool holds = sd_constraint_eval(cause, t, witness);
  const SdNode *elem = holds ? witness[m->var] : NULL, *other = holds ? witness[partner] : NULL;
  free(witness);
  if (!elem || !other || elem == other || sd_node_is_ancestor(elem, other) || sd_node_is_ancestor(other, elem))
    return false;
  uint32_t len;
  const char *text = sd_node_text(t, other, &len);
  SdInt y;
  if (!sd_int_parse(p->scratch, text, len, &y) || !sd_int_to_i64(y, &p->partner0) || p->partner0 < 1) return false;
  p->pdepth = sd_node_path(other, p->ppath, 256);
  if (p->pdepth > 256) return false;
  p->psym = other->symbol;
  p->product = true;
  free_solo(p);
  collect_solo(p, cause, cause->root, partner, t, elem, other);
  *bound = elem;
  return true;
}

/* Does another cause (found before, or another part of the disjunction being
 * settled) hold on t? Then t fails whichever side of c's boundary it lies. */
/* Does a cause other than c hold on t (c may be one of d's causes, or a
 * sibling being settled)? */
static bool other_cause_holds(const Debugger *d, const DbgCause *c, const SdTree *t) {
  for (uint32_t i = 0; i < d->causes.size; i++)
    if (&d->causes.items[i] != c && sd_constraint_eval(d->causes.items[i].constraint, t, NULL)) return true;
  for (uint32_t k = 0; k < d->sibling_count; k++)
    if (k != d->sibling_self && sd_constraint_eval(d->siblings[k], t, NULL))
      return true;
  return false;
}

/* Pin one measure in up to MIN_CONTEXTS failing inputs (the given one first,
 * then the most recent ones, one already next to the boundary first:
 * context_order; a boundary that holds in one context may be a
 * coincidence of it). Contexts where no other cause holds come first (where
 * one does, the input fails on both sides of this boundary); the others only
 * when there are none. Returns PIN_OK (pinned, or recorded as not pinnable),
 * PIN_MOVED (the cause was wrong somewhere: *moved may hold a corrected
 * cause). */
/* The values of the measures other than m (of other variables) in t, as
 * the satisfying assignment witness binds them, into p->partners. */
static void note_partners(Pin *p, const Measure *all, uint32_t n_all, const SdTree *t, const SdNode **witness) {
  p->partner_count = 0;
  for (uint32_t i = 0; i < n_all; i++) {
    const Measure *o = &all[i];
    if (o->var == p->m->var || o->kind == M_REAL || !witness[o->var]) continue;
    uint32_t len;
    const char *text = sd_node_text(t, witness[o->var], &len);
    SdInt v;
    int64_t computed;
    if (o->kind == M_LENGTH) v = sd_int_small(len);
    else if (o->kind == M_ARITH) {
      if (!sd_arith_value(text, len, &computed)) continue;
      v = sd_int_small(computed);
    } else if (!sd_int_parse(p->scratch, text, len, &v)) continue;
    p->partners[p->partner_count++] = v;
  }
}

/* A boundary one context moves may be that context's own: framenc at seed
 * 1 pinned `len > 281` in a base64 frame, whose program boundary is 192,
 * while raw frames pass up to 256; the cause moved to 192 held on a passing
 * input and was dropped, and with it the raw frames' failures. So while
 * the cause itself holds on no passing input, a move that would (or a
 * disagreement with no move, which sends the cause back to the learner) is
 * held back, the first one with its boundaries undone, and other contexts
 * are tried: one that agrees pins the cause as it is (the first context's
 * failures below its threshold are another cause's), one that moves it
 * consistently moves it. The held-back result stands when no other
 * context pins the measure, or when the cause meanwhile holds on a passing
 * input. */
static void hold_back_move(DbgCause *c, uint32_t boundaries_before, SdConstraint **moved, SdConstraint **held_back,
                           bool *held) {
  while (c->boundaries.size > boundaries_before) dbg_boundary_free(&c->boundaries.items[--c->boundaries.size]);
  if (!*held) *held_back = *moved, *held = true;
  else sd_constraint_free(*moved);
  *moved = NULL;
}

/* Of the newest ADJACENT_SCAN failing inputs, the other contexts looked at
 * for one already next to the boundary. */
enum { ADJACENT_SCAN = 12 };

/* Does the cause stop holding with the element bound in t one step up or
 * down (by evaluation)? Pinned there, the input itself is the failing
 * witness and one run, the passing one, pins the boundary where a context
 * away from it takes two (and a relation's partner probe a third). */
static bool next_to_boundary(Pin *p, const SdTree *t, const SdNode *bound, SdInt *v0) {
  if (!context_value(p, t, bound, v0)) return false;
  uint64_t bytes = p->varied_bytes;
  bool next = false;
  for (int dir = -1; dir <= 1 && !next; dir += 2)
    next = predict(p, sd_int_add(p->scratch, *v0, sd_int_small(dir))) == 0;
  p->varied_bytes = bytes;
  return next;
}

/* The node to vary first for var in t: its witness; where it has none (a
 * `forall <number> n in f` inside a witnessed `f`), the first element of
 * its nonterminal inside the witness of what it ranges in, which the
 * cause is about (sheetmod at seed 2, session 48: in its given input the
 * divisor "-(00 + 0)" holds the 7th and 8th numbers, past the
 * MAX_NODES_TRIED that pin_in_input tries when it has no node to start
 * from, and no pin ran at all); else NULL. */
static const SdNode *witnessed_node(const SdConstraint *c, const SdTree *t, const SdNode **witness, int32_t var) {
  if (witness[var]) return witness[var];
  const SdFormula *q = sd_formula_binder(c->root, var);
  if (!q || q->in_var < 0 || !witness[q->in_var]) return NULL;
  uint32_t count, first = sd_tree_range(t, c->variables[var].symbol, witness[q->in_var], &count);
  return count ? t->nodes[t->by_symbol[c->variables[var].symbol][first]] : NULL;
}

/* The failing inputs (indices into d->failing) in the order pin_measure
 * tries them as contexts: the given one, then the newest; but first after
 * the given, the newest one next to the boundary whose value there differs
 * from the given one's (a context that repeats the given value would not
 * tell a relation from a coincidence of it). Integer values and lengths,
 * not products. */
static void context_order(Pin *p, const DbgCause *c, bool product, uint32_t *order) {
  Debugger *d = p->d;
  uint32_t n = d->failing.size, next = UINT32_MAX;
  SdInt given = sd_int_small(0);
  bool have_given = false; /* the given input is a context (the cause holds there) */
  for (uint32_t step = 0; step < n && step <= ADJACENT_SCAN && !product && p->m->kind != M_REAL; step++) {
    uint32_t k = step == 0 ? 0 : n - step;
    const SdTree *t = d->evidence.items[d->failing.items[k]].tree;
    const SdNode **witness = sd_xcalloc(c->constraint->variable_count + 1, sizeof(SdNode *));
    bool holds = sd_constraint_eval(c->constraint, t, witness);
    const SdNode *bound = holds ? witnessed_node(c->constraint, t, witness, p->m->var) : NULL;
    free(witness);
    if (!holds || (step > 0 && other_cause_holds(d, c, t))) continue;
    uint32_t count, first = sd_tree_range(t, p->m->symbol, t->root, &count);
    if (!bound && count) bound = t->nodes[t->by_symbol[p->m->symbol][first]]; /* as pin_in_input tries it */
    if (!bound) continue;
    SdInt v;
    if (step == 0) {
      have_given = context_value(p, t, bound, &given);
      if (!have_given) break;
    } else if (next_to_boundary(p, t, bound, &v) && (!have_given || sd_int_cmp(v, given) != 0)) {
      next = k;
      break;
    }
  }
  uint32_t o = 0;
  order[o++] = 0;
  if (next != UINT32_MAX) order[o++] = next;
  for (uint32_t step = 1; step < n; step++)
    if (n - step != next) order[o++] = n - step;
}

/* ---------- elements of few texts ----------
 * A measure no failing input could be varied across, of an element whose
 * nonterminal derives at most DBG_MEMBERS_MAX texts (`str.len(<cipher>)
 * mod 2 = 1` over ten cipher names, where the three of odd length are the
 * three a FIPS build lacks: fipscipher at seed 2), is pinned by trying every
 * text: each in place of the element in a failing input the cause explains
 * and no other cause does, where the cause holds on some variants and not
 * on others. The program must agree with the cause on every variant it
 * labels; a variant on which it does not joins the evidence (the debugger
 * learns from it). Where every value has been tried, adjacent ones say
 * nothing more. The debugger does this last, once no equivalent without
 * the measure was found (prefer_unmeasured, debugger.c: allowlist's
 * `len(<method>) > 4 or <method> = "PUT"` is better said as the set of
 * methods). */
enum { EVERY_TEXT_CONTEXTS = 4 };

typedef struct EveryText {
  Debugger *d;
  const SdTree *base;
  const SdNode *node;
  TreeList *out;
} EveryText;

static bool every_text_variant(void *ctx, const char *text, size_t length) {
  EveryText *e = ctx;
  SdTree *sub = sd_parse(e->d->parser, e->node->symbol, text, length, NULL);
  SdTree *t = sub ? sd_tree_clone_replacing(e->base, e->node, sub->root) : NULL;
  sd_tree_free(sub);
  if (t) array_push(e->out, t);
  return true;
}

/* The evidence index of the input of these bytes, or UINT32_MAX. */
static uint32_t evidence_of_text(const Debugger *d, const char *text, uint32_t length) {
  for (uint32_t i = d->evidence.size; i-- > 0;) {
    const SdTree *t = d->evidence.items[i].tree;
    if (t->length == length && !memcmp(t->text, text, length)) return i;
  }
  return UINT32_MAX;
}

/* The measure of the element in variant t, as the report shows it. */
static char *variant_measure(const Pin *p, const SdTree *t, const SdNode *like) {
  uint32_t count, first = sd_tree_range(t, p->m->symbol, t->root, &count);
  for (uint32_t k = 0; k < count; k++) {
    const SdNode *n = t->nodes[t->by_symbol[p->m->symbol][first + k]];
    if (n->start != like->start) continue;
    uint32_t len;
    const char *text = sd_node_text(t, n, &len);
    return p->m->kind == M_LENGTH ? sd_format("%u", len) : sd_xstrndup(text, len);
  }
  return sd_xstrdup("?");
}

/* The variants of one context run and compared with the cause: PIN_OK with
 * a boundary added to c, PIN_MOVED when the program disagreed; PIN_FAILED
 * on a harness error (d->harness_error) or when nothing was labelled. */
static PinResult run_every_text(Pin *p, DbgCause *c, TreeList *variants, const SdNode *node) {
  Debugger *d = p->d;
  uint32_t n = variants->size;
  char **texts = sd_xcalloc(n, sizeof *texts);
  uint32_t *lengths = sd_xcalloc(n, sizeof *lengths);
  bool *predicted = sd_xcalloc(n, sizeof *predicted), *own = sd_xcalloc(n, sizeof *own);
  for (uint32_t i = 0; i < n; i++) {
    const SdTree *t = variants->items[i];
    texts[i] = sd_xstrndup(t->text, t->length), lengths[i] = t->length;
    own[i] = sd_constraint_eval(c->constraint, t, NULL);
    predicted[i] = own[i] || other_cause_holds(d, c, t);
  }
  d->origin = ORIGIN_BOUNDARY;
  uint64_t before = dbg_runs_so_far(d);
  int ran = dbg_run_trees(d, variants->items, n); /* takes the trees */
  d->boundary_runs += dbg_runs_so_far(d) - before;
  p->experiments += n;
  variants->size = 0;
  uint32_t pass = UINT32_MAX, fail = UINT32_MAX, labelled = 0;
  bool disagrees = false;
  for (uint32_t i = 0; i < n && ran >= 0; i++) {
    uint32_t e = evidence_of_text(d, texts[i], lengths[i]);
    SdVerdictKind v = e == UINT32_MAX ? SD_VERDICT_UNDEFINED : d->evidence.items[e].verdict;
    if (v == SD_VERDICT_UNDEFINED) continue;
    labelled++;
    disagrees |= predicted[i] != (v == SD_VERDICT_FAIL);
    /* the witnesses: a failure of this cause's own, a pass outside every cause */
    if (v == SD_VERDICT_FAIL && own[i] && fail == UINT32_MAX) fail = e;
    if (v == SD_VERDICT_PASS && !predicted[i] && pass == UINT32_MAX) pass = e;
  }
  for (uint32_t i = 0; i < n; i++) free(texts[i]);
  free(texts), free(lengths), free(predicted), free(own);
  if (ran < 0 || !labelled) return PIN_FAILED;
  if (disagrees) return PIN_MOVED;
  /* pinned only where every text was labelled (none undefined, of another
     failure kind, or left unrun by a stop) */
  if (labelled < n || pass == UINT32_MAX || fail == UINT32_MAX) return PIN_FAILED;
  DbgBoundary b = {.symbol = p->m->symbol, .length = p->m->kind == M_LENGTH, .computed = p->m->kind == M_ARITH,
                   .pass_value = variant_measure(p, d->evidence.items[pass].tree, node),
                   .fail_value = variant_measure(p, d->evidence.items[fail].tree, node), .pass_input = pass,
                   .fail_input = fail, .pinned = true, .partner = -1,
                   .relative = !p->m->literal || p->m->summed,
                   .note = sd_format("each of its %u texts tried in one failing input", n)};
  array_push(&c->boundaries, b);
  return PIN_OK;
}

/* The variants of t through every text of the element at node, in *out;
 * false (none kept) unless the cause holds on some and not on others. */
static bool crossing_variants(Pin *p, DbgCause *c, const SdTree *t, const SdNode *node, TreeList *out) {
  EveryText e = {p->d, t, node, out};
  bool in = false, off = false;
  if (sd_grammar_each_text(p->d->grammar, p->m->symbol, DBG_MEMBERS_MAX, every_text_variant, &e))
    for (uint32_t i = 0; i < out->size; i++) {
      bool h = sd_constraint_eval(c->constraint, out->items[i], NULL);
      in |= h, off |= !h;
    }
  if (in && off && out->size <= dbg_runs_left(p->d)) return true;
  for (uint32_t i = 0; i < out->size; i++) sd_tree_free(out->items[i]);
  out->size = 0;
  return false;
}

static PinResult pin_every_text(Pin *p, DbgCause *c) {
  Debugger *d = p->d;
  uint64_t count;
  if (!sd_grammar_count_derivations(d->grammar, p->m->symbol, DBG_MEMBERS_MAX, &count) || count > DBG_MEMBERS_MAX)
    return PIN_FAILED;
  uint32_t tried = 0;
  TreeList variants = {0};
  for (uint32_t k = d->failing.size; k-- > 0 && tried < EVERY_TEXT_CONTEXTS;) {
    const SdTree *t = d->evidence.items[d->failing.items[k]].tree;
    if (!sd_constraint_eval(c->constraint, t, NULL) || other_cause_holds(d, c, t)) continue;
    tried++;
    uint32_t n, first = sd_tree_range(t, p->m->symbol, t->root, &n);
    for (uint32_t j = 0; j < n && j < EVERY_TEXT_CONTEXTS; j++) {
      const SdNode *node = t->nodes[t->by_symbol[p->m->symbol][first + j]];
      if (!crossing_variants(p, c, t, node, &variants)) continue;
      PinResult r = run_every_text(p, c, &variants, node);
      array_free(&variants);
      return r;
    }
  }
  array_free(&variants);
  return PIN_FAILED;
}

int dbg_pin_every_text(Debugger *d, DbgCause *c, bool *disagreed) {
  Measure ms[MAX_MEASURES];
  uint32_t n = 0, pinned = 0;
  collect(c->constraint, c->constraint->root, ms, &n);
  for (uint32_t k = 0; k < c->boundaries.size && !*disagreed; k++) {
    DbgBoundary *b = &c->boundaries.items[k];
    if (b->pinned || !b->unvaried || b->texts_tried) continue;
    b->texts_tried = true;
    for (uint32_t i = 0; i < n; i++) {
      if (ms[i].symbol != b->symbol || (ms[i].kind == M_LENGTH) != b->length) continue;
      SdArena scratch = {0};
      Pin p = {.d = d, .cause = c->constraint, .m = &ms[i], .scratch = &scratch};
      uint32_t before = c->boundaries.size;
      PinResult r = pin_every_text(&p, c);
      sd_arena_free(&scratch);
      if (d->harness_error) return -1;
      if (r == PIN_MOVED) *disagreed = true;
      if (r == PIN_OK && c->boundaries.size == before + 1) { /* the new boundary takes the note's place */
        dbg_boundary_free(&c->boundaries.items[k]);
        c->boundaries.items[k] = c->boundaries.items[before];
        c->boundaries.size--;
        pinned++;
      }
      break;
    }
  }
  c->pinned = c->settled; /* a cause added with a pin that moved it stays unpinned */
  for (uint32_t k = 0; k < c->boundaries.size; k++) c->pinned &= c->boundaries.items[k].pinned;
  return (int)pinned;
}

static PinResult pin_measure(Debugger *d, DbgCause *c, Measure *m, const Measure *all, uint32_t n_all,
                             uint32_t min_contexts, SdConstraint **moved) {
  SdConstraint *held_back = NULL;
  bool held = false;
  SdArena scratch = {0};
  Pin p = {.d = d, .cause = c->constraint, .m = m, .scratch = &scratch, .real_digits = REAL_DIGITS,
           .all = all, .n_all = n_all};
  uint32_t inputs = 0, agreed = 0, scanned = 0;
  int32_t partner = m->kind == M_VALUE ? product_partner(c->constraint->root, m) : -1;
  PinResult result = PIN_FAILED;
  uint32_t n = d->failing.size;
  uint32_t *order = sd_xmalloc((n ? n : 1) * sizeof *order);
  if (n) context_order(&p, c, partner >= 0, order);
  for (int shared = 0; shared < 2 && inputs == 0; shared++)
    for (uint32_t step = 0; step < n && inputs < MAX_INPUTS_TRIED && agreed < min_contexts && result != PIN_MOVED;
         step++) {
      uint32_t k = order[step];
      const SdTree *t = d->evidence.items[d->failing.items[k]].tree;
      const SdNode **witness = sd_xcalloc(c->constraint->variable_count + 1, sizeof(SdNode *));
      bool holds = sd_constraint_eval(c->constraint, t, witness);
      const SdNode *bound = holds ? witnessed_node(c->constraint, t, witness, m->var) : NULL;
      if (holds) note_partners(&p, all, n_all, t, witness);
      free(witness);
      if (!holds || other_cause_holds(d, c, t) != (shared == 1)) continue;
      p.base_index = d->failing.items[k];
      SdTree *unit = NULL;
      if (partner >= 0) {
        unit = unit_partner(d, c->constraint, t, m, partner, &bound);
        /* pinned along a factor of more than 1, the threshold would stay
           open: on the product's value, where (1, product) does not derive */
        if (!unit && !product_pin(&p, c->constraint, t, m, partner, &bound)) continue;
        if (unit) t = unit, p.base_index = UINT32_MAX;
      }
      uint32_t boundaries_before = c->boundaries.size, experiments_before = p.experiments;
      PinResult r = pin_in_input(&p, c, t, bound, agreed == 0, moved);
      p.product = false;
      free_solo(&p);
      sd_tree_free(unit);
      /* a context where no value across the boundary derives ran nothing:
         it does not count (up to MAX_CONTEXTS_SCANNED of them) */
      if (r == PIN_FAILED && p.experiments == experiments_before && ++scanned < MAX_CONTEXTS_SCANNED) continue;
      inputs++;
      if (r == PIN_MOVED && (!*moved || dbg_holds_on_passing(d, *moved)) &&
          !dbg_holds_on_passing(d, c->constraint)) {
        hold_back_move(c, boundaries_before, moved, &held_back, &held);
        continue;
      }
      if (r == PIN_MOVED) result = PIN_MOVED;
      else if (r == PIN_OK) result = PIN_OK, agreed++;
    }
  free(order);
  sd_arena_free(&scratch);
  if (held && (result == PIN_FAILED || dbg_holds_on_passing(d, c->constraint))) {
    sd_constraint_free(*moved);
    *moved = held_back, result = PIN_MOVED;
  } else {
    sd_constraint_free(held_back);
  }
  if (result == PIN_FAILED) {
    add_note(c, m, "no failing input could be varied across the boundary");
    c->boundaries.items[c->boundaries.size - 1].unvaried = true;
    c->pinned = false;
    return PIN_OK;
  }
  return result;
}

bool dbg_states_measures(const SdConstraint *c) {
  Measure ms[MAX_MEASURES];
  uint32_t n = 0;
  collect(c, c->root, ms, &n);
  return n > 0;
}

/* Drop boundary k of c (an earlier attempt's note). */
static void drop_boundary(DbgCause *c, uint32_t k) {
  dbg_boundary_free(&c->boundaries.items[k]);
  memmove(c->boundaries.items + k, c->boundaries.items + k + 1, (c->boundaries.size - k - 1) * sizeof(DbgBoundary));
  c->boundaries.size--;
}

/* Is ms[i] one side of a relation between two measures (`z > x`, no
 * literal) whose other side was pinned already (pinned[j])? The pins in
 * two contexts along that side put the relation's boundary at two points
 * of it; one more, along this side, shows that this measure moves the
 * boundary too (a threshold on the other side alone, `z > 2` where x was
 * 2, would not move). A second context along this side tells nothing the
 * three do not (the middle example pinned each side of its two relations
 * in two contexts: eight experiments, six of them run). */
static bool partner_pinned(const Measure *ms, uint32_t i, const bool *pinned) {
  if (ms[i].literal || ms[i].summed || ms[i].atoms != 1) return false;
  for (uint32_t j = 0; j < i; j++)
    if (pinned[j] && ms[j].atom == ms[i].atom && !ms[j].literal && !ms[j].summed && ms[j].atoms == 1) return true;
  return false;
}

/* Pin ms[i]: 1 when done (pinned or noted), 0 when an experiment moved the
 * cause (c takes the corrected one, if any), -1 on a harness error.
 * *unvaried: no failing input could be varied across it; pinned[i] set
 * when pinned. */
static int pin_one(Debugger *d, DbgCause *c, Measure *ms, uint32_t n, uint32_t i, bool *unvaried, bool *pinned) {
  SdConstraint *moved = NULL;
  uint32_t before = c->boundaries.size;
  uint32_t contexts = partner_pinned(ms, i, pinned) ? 1 : MIN_CONTEXTS;
  PinResult r = pin_measure(d, c, &ms[i], ms, n, contexts, &moved);
  if (d->harness_error) {
    sd_constraint_free(moved);
    return -1;
  }
  if (r == PIN_MOVED) {
    if (moved) {
      sd_constraint_free(c->constraint);
      c->constraint = moved;
      char *s = sd_constraint_to_short(moved);
      dbg_progress(d, "boundary moved by experiment: %s", s);
      free(s);
    }
    return 0;
  }
  *unvaried = c->boundaries.size == before + 1 && c->boundaries.items[before].unvaried;
  /* pinned where every boundary it added is (none: the same element's
     boundary under another variable, dbg_has_boundary) */
  pinned[i] = !*unvaried;
  for (uint32_t k = before; k < c->boundaries.size; k++) pinned[i] &= c->boundaries.items[k].pinned;
  return 1;
}

/* Each measure is pinned in turn; one no failing input could be varied
 * across is tried again after the others, whose witnesses (the newest
 * failing inputs) sit right at the boundary: a header length of 20, 24,
 * 28, ... crosses `hdr + payload > total` in the input where the payload
 * was pinned, seldom in the inputs before (iptotal at seeds 2-3). */
bool dbg_pin_boundaries(Debugger *d, DbgCause *c, bool *harness_error) {
  Measure ms[MAX_MEASURES];
  uint32_t n = 0;
  collect(c->constraint, c->constraint->root, ms, &n);
  c->pinned = true;
  for (uint32_t i = 0; i < c->boundaries.size; i++) dbg_boundary_free(&c->boundaries.items[i]);
  c->boundaries.size = 0;
  bool again[MAX_MEASURES] = {false}, any_again = false, pinned_ms[MAX_MEASURES] = {false};
  for (uint32_t i = 0; i < n; i++) {
    /* a relation between a numeric field and a length is pinned along the field */
    if (ms[i].kind == M_LENGTH) {
      bool has_value = false;
      for (uint32_t k = 0; k < n; k++) has_value |= ms[k].kind != M_LENGTH && k != i;
      if (has_value && (!ms[i].literal || ms[i].summed)) continue;
    }
    int r = pin_one(d, c, ms, n, i, &again[i], pinned_ms);
    if (r <= 0) {
      *harness_error = r < 0;
      c->pinned = false;
      return r < 0;
    }
    any_again |= again[i];
  }
  uint32_t pinned = 0;
  for (uint32_t k = 0; k < c->boundaries.size; k++) pinned += c->boundaries.items[k].pinned;
  for (uint32_t i = 0; i < n && any_again && pinned; i++) {
    if (!again[i]) continue;
    for (uint32_t k = 0; k < c->boundaries.size; k++)
      if (c->boundaries.items[k].unvaried && c->boundaries.items[k].symbol == ms[i].symbol &&
          c->boundaries.items[k].length == (ms[i].kind == M_LENGTH)) {
        drop_boundary(c, k);
        break;
      }
    bool still = false;
    int r = pin_one(d, c, ms, n, i, &still, pinned_ms);
    if (r <= 0) {
      *harness_error = r < 0;
      c->pinned = false;
      return r < 0;
    }
  }
  for (uint32_t i = 0; i < c->boundaries.size; i++) c->pinned &= c->boundaries.items[i].pinned;
  return true;
}

/* The greatest (or least) numeral of symbol: of its longest (shortest)
 * length up to 18 that derives a numeral, all nines (the least: a one and
 * zeros, or "0"), else the greatest (least) of CONTENT_DRAWS drawn there. */
char *dbg_extreme_numeral(Debugger *d, SdSymbol symbol, bool greatest) {
  if (!lengths_cover(d, 18)) return NULL;
  for (uint32_t k = 1; k <= 18; k++) {
    uint32_t len = greatest ? 19 - k : k;
    if (!sd_lengths_possible(d->lengths, symbol, len)) continue;
    char text[20];
    memset(text, greatest ? '9' : '0', len);
    if (!greatest && len > 1) text[0] = '1';
    text[len] = 0;
    if (sd_parser_accepts(d->parser, symbol, text, len)) return sd_xstrdup(text);
    char *best = NULL;
    SdArena scratch = {0};
    for (uint32_t i = 0; i < CONTENT_DRAWS; i++) {
      char *w = sd_lengths_sample(d->lengths, symbol, len, &d->rng);
      SdInt v;
      if (!w || !sd_int_parse(&scratch, w, len, &v) || (best && (memcmp(w, best, len) > 0) != greatest)) {
        free(w);
        continue;
      }
      free(best);
      best = w;
    }
    sd_arena_free(&scratch);
    if (best) return best;
  }
  return NULL;
}

/* What dbg_extremes varies: the length of an element that is never a
 * number; else its value, as an integer or (a numeral with a fraction:
 * "4.350", or "37.5" where integers derive too) a decimal. An element of a
 * number's nonterminal that is not one here ("(5 - 5)" of an <expr>) has
 * no value to vary: no ends. */
static int extremes_kind(const Debugger *d, SdArena *scratch, const SdTree *t, const SdNode *node) {
  const SdSymbolInfo *si = &d->grammar->symbols[node->symbol];
  if (!si->numeric && !si->decimal) return M_LENGTH;
  uint32_t len;
  const char *text = sd_node_text(t, node, &len);
  SdInt v;
  if (si->numeric && sd_int_parse(scratch, text, len, &v)) return M_VALUE;
  return si->decimal ? M_REAL : M_VALUE;
}

bool dbg_extremes_as_parent(const Debugger *d, const SdTree *t, const SdNode *node) {
  const SdNode *parent = node->parent;
  if (!parent || parent->start != node->start || parent->end != node->end) return false;
  SdArena scratch = {0};
  bool same = extremes_kind(d, &scratch, t, parent) == extremes_kind(d, &scratch, t, node);
  sd_arena_free(&scratch);
  return same;
}

/* The inputs at the two ends of the region around t where holds stays true,
 * varying node's value (extremes_kind) or else its length: out[0]
 * the lowest, out[1] the highest, NULL where no end was found (the region
 * goes on) or the end is t itself. By evaluation only: no runs. */
void dbg_extremes(Debugger *d, const SdTree *t, const SdNode *node, DbgHolds holds, void *ctx, SdTree **out) {
  SdArena scratch = {0};
  Measure m = {.var = -1, .symbol = node->symbol, .kind = extremes_kind(d, &scratch, t, node)};
  /* a region that goes on past 2^MAX_STEPS has no end worth an input: the
     search stops there (middle: 12 searches of 384 evaluations each went on
     forever, a fifth of semdbg's own time), and gets there in steps growing
     16-fold, not 2-fold (the calculator's negative numbers hold sqrt(-x)
     without end: 96 doublings each way of every number in 8 inputs were a
     seventh of its own time); where an end is, bisection finds it all the
     same. Values only: lengths that grow 16-fold reach ends tens of
     thousands of bytes long within PREDICT_BYTES (the expression example
     at seed 3 ran "-4 - 444...4" with 32,000 digits, and its learner spent
     48 s multiplying them), where doubling runs out of bytes first */
  bool lengths = m.kind == M_LENGTH;
  Pin p = {.d = d, .m = &m, .base = t, .base_index = UINT32_MAX, .scratch = &scratch, .holds = holds, .holds_ctx = ctx,
           .max_steps = lengths ? MAX_STEPS : MAX_STEPS / 4, .growth = lengths ? 2 : 16, .real_digits = REAL_DIGITS};
  out[0] = out[1] = NULL;
  SdInt v0;
  if (context_value(&p, t, node, &v0))
    for (int dir = -1; dir <= 1; dir += 2) {
      Side side = predicted_boundary(&p, v0, dir);
      if (side.found && sd_int_cmp(side.yes, v0) != 0) out[dir > 0] = vary(&p, side.yes);
    }
  sd_arena_free(&scratch);
}
