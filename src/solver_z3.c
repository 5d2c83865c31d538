/* solver_z3.c: the Z3 layer of the constraint solver: one context and one
 * solver with a resource limit (rlimit, not wall-clock time, so results are
 * reproducible), byte-exact strings (Z3_mk_lstring in, Z3_get_lstring out),
 * and the translation of constraint terms into Z3 terms.
 *
 * Errors: a no-op error handler is installed, so a failing Z3 call returns
 * NULL instead of exiting; every result is checked before it is used again.
 * $SEMDBG_SOLVER_TRACE=1 prints each query's result, time and resource
 * count on stderr; =2 also prints the query in SMT-LIB.
 * str.to.int follows the evaluator: it accepts an optional sign, and an atom
 * applying it to a non-numeral is false, so each atom carries the side
 * condition "every str.to.int argument is a numeral" (and "no divisor is
 * 0", for the same reason). Structural predicates
 * (inside/before/after/count) are decided on the tree by the caller.
 *
 * Z3 4.8 can crash (SIGSEGV) on some string queries. A check runs with a
 * handler that jumps back out of such a crash: the query counts as unknown,
 * the context is abandoned (never used or freed again: its memory is
 * leaked), and generation goes on without Z3 for that call. */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "array.h"
#include "solver_internal.h"
#include "util.h"

static void ignore_error(Z3_context ctx, Z3_error_code code) {
  (void)ctx;
  (void)code;
}

SdZ3 *sd_z3_new(const SdGrammar *g, uint64_t rlimit, uint32_t random_seed) {
  SdZ3 *z = sd_xcalloc(1, sizeof *z);
  z->grammar = g;
  z->unroll_depth = 3;
  const char *trace = getenv("SEMDBG_SOLVER_TRACE");
  z->trace = trace ? atoi(trace) : 0;
  Z3_config cfg = Z3_mk_config();
  z->ctx = Z3_mk_context(cfg);
  Z3_del_config(cfg);
  Z3_set_error_handler(z->ctx, ignore_error);
  /* not Z3_mk_simple_solver, though it would save the 10-14 ms the default
     solver spends setting up at its first push: its nonlinear arithmetic
     ignores the rlimit (a^3 + b^3 = c^3 ran for minutes, test_solver) */
  z->solver = Z3_mk_solver(z->ctx);
  Z3_solver_inc_ref(z->ctx, z->solver);
  z->random_seed = random_seed;
  sd_z3_set_rlimit(z, rlimit);
  z->str_sort = Z3_mk_string_sort(z->ctx);
  z->int_sort = Z3_mk_int_sort(z->ctx);
  z->re_sort = Z3_mk_re_sort(z->ctx, z->str_sort);
  sd_z3_regex_init(z);
  return z;
}

/* Z3_solver_set_params reconfigures the solver: a tenth of heartbleed's own
 * CPU at seed 2 went to it and to the statistics (sd_z3_spent) */
void sd_z3_set_rlimit(SdZ3 *self, uint64_t rlimit) {
  if (self->rlimit == rlimit && rlimit) return;
  self->rlimit = rlimit;
  Z3_params p = Z3_mk_params(self->ctx);
  Z3_params_inc_ref(self->ctx, p);
  Z3_params_set_uint(self->ctx, p, Z3_mk_string_symbol(self->ctx, "rlimit"),
                     rlimit > UINT32_MAX ? UINT32_MAX : (unsigned)rlimit);
  Z3_params_set_uint(self->ctx, p, Z3_mk_string_symbol(self->ctx, "random_seed"), self->random_seed);
  /* Z3 would otherwise take SIGINT over while it checks: it cancels the
     query and the signal never reaches semdbg, whose diagnosis then ran to
     its end on Ctrl-C (stop.c polls a flag, and a query ends within its
     rlimit anyway) */
  Z3_params_set_bool(self->ctx, p, Z3_mk_string_symbol(self->ctx, "ctrl_c"), false);
  Z3_solver_set_params(self->ctx, self->solver, p);
  Z3_params_dec_ref(self->ctx, p);
}

void sd_z3_free(SdZ3 *self) {
  if (!self) return;
  if (self->crashed) { /* a corrupted context: leak it rather than touch it */
    free(self->splits);
    free(self->scope_marks);
    free(self);
    return;
  }
  sd_z3_regex_free(self);
  free(self->splits);
  free(self->scope_marks);
  Z3_solver_dec_ref(self->ctx, self->solver);
  Z3_del_context(self->ctx);
  free(self);
}

bool sd_z3_failed(SdZ3 *self) {
  Z3_error_code e = Z3_get_error_code(self->ctx);
  if (e == Z3_OK) return false;
  Z3_set_error(self->ctx, Z3_OK);
  return true;
}

Z3_ast sd_z3_lstring(SdZ3 *self, const char *bytes, size_t length) {
  return Z3_mk_lstring(self->ctx, (unsigned)length, length ? bytes : "");
}

Z3_ast sd_z3_string_var(SdZ3 *self, const char *name) {
  return Z3_mk_const(self->ctx, Z3_mk_string_symbol(self->ctx, name), self->str_sort);
}

void sd_z3_push(SdZ3 *self) {
  if (self->crashed) return;
  if (self->scope_depth == self->scope_cap) {
    self->scope_cap = self->scope_cap ? self->scope_cap * 2 : 8;
    self->scope_marks = sd_xrealloc(self->scope_marks, self->scope_cap * sizeof(uint32_t));
  }
  self->scope_marks[self->scope_depth++] = self->split_count;
  Z3_solver_push(self->ctx, self->solver);
}

void sd_z3_pop(SdZ3 *self) {
  if (self->crashed || !self->scope_depth) return;
  self->split_count = self->scope_marks[--self->scope_depth];
  Z3_solver_pop(self->ctx, self->solver, 1);
}

static sigjmp_buf crash_return;
static volatile sig_atomic_t in_check;

static void on_crash(int sig) {
  if (in_check) siglongjmp(crash_return, sig);
  signal(sig, SIG_DFL);
  raise(sig);
}

/* Z3_solver_check with a way back out of a crash inside Z3. */
static Z3_lbool guarded_check(SdZ3 *self) {
  static char alt_stack[1 << 16];
  stack_t ss = {.ss_sp = alt_stack, .ss_size = sizeof alt_stack}, old_ss;
  sigaltstack(&ss, &old_ss);
  struct sigaction sa, old_segv, old_bus;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_crash;
  sa.sa_flags = SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, &old_segv);
  sigaction(SIGBUS, &sa, &old_bus);
  Z3_lbool r = Z3_L_UNDEF;
  if (sigsetjmp(crash_return, 1) == 0) {
    in_check = 1;
    r = Z3_solver_check(self->ctx, self->solver);
  } else {
    self->crashed = true;
    fprintf(stderr, "semdbg: warning: Z3 crashed on a query; generating without it for this constraint\n");
  }
  in_check = 0;
  sigaction(SIGSEGV, &old_segv, NULL);
  sigaction(SIGBUS, &old_bus, NULL);
  sigaltstack(&old_ss, NULL);
  return r;
}

/* The solver's resource count so far (Z3's "rlimit count" statistic); 0
 * before the context's first query. Reading the statistics of a solver
 * that has not checked yet costs a thousand times what reading them later
 * does (it builds the solver's kernel: 7 ms per call, a tenth of sumover's
 * own CPU at seed 1, mostly in calls that then needed no query), and the
 * count is next to nothing then (1). */
double sd_z3_spent(SdZ3 *self) {
  if (self->crashed || !self->queries) return 0;
  Z3_stats st = Z3_solver_get_statistics(self->ctx, self->solver);
  Z3_stats_inc_ref(self->ctx, st);
  double rl = 0;
  for (unsigned i = 0; i < Z3_stats_size(self->ctx, st); i++)
    if (!strcmp(Z3_stats_get_key(self->ctx, st, i), "rlimit count"))
      rl = Z3_stats_is_uint(self->ctx, st, i) ? Z3_stats_get_uint_value(self->ctx, st, i)
                                             : Z3_stats_get_double_value(self->ctx, st, i);
  Z3_stats_dec_ref(self->ctx, st);
  return rl;
}

Z3_lbool sd_z3_check(SdZ3 *self) {
  if (self->crashed) return Z3_L_UNDEF;
  self->queries++;
  if (!self->trace) return guarded_check(self);
  if (self->trace > 1) fprintf(stderr, "%s\n", Z3_solver_to_string(self->ctx, self->solver));
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  Z3_lbool r = guarded_check(self);
  clock_gettime(CLOCK_MONOTONIC, &b);
  if (self->crashed) return r;
  double rl = sd_z3_spent(self);
  fprintf(stderr, "z3 query %llu: %s in %.1f ms, rlimit %.0f (count %.0f)\n", (unsigned long long)self->queries,
          r == Z3_L_TRUE ? "sat" : r == Z3_L_FALSE ? "unsat" : "unknown",
          (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6, rl - self->traced_rlimit, rl);
  if (r == Z3_L_UNDEF) fprintf(stderr, "z3 query %llu: unknown because %s\n", (unsigned long long)self->queries,
                               Z3_solver_get_reason_unknown(self->ctx, self->solver));
  self->traced_rlimit = rl;
  return r;
}

char *sd_z3_model_string(SdZ3 *self, Z3_model m, Z3_ast term, size_t *length) {
  Z3_ast v = NULL;
  *length = 0;
  if (!Z3_model_eval(self->ctx, m, term, true, &v) || !v) return NULL;
  if (!Z3_is_string(self->ctx, v)) return NULL;
  unsigned n = 0;
  Z3_string s = Z3_get_lstring(self->ctx, v, &n);
  if (!s) return NULL;
  /* Z3_get_lstring is byte-exact only for chars <= 0xff; variables are
   * restricted to those, and a stray escape would fail the re-parse anyway. */
  char *copy = sd_xmalloc((size_t)n + 1);
  memcpy(copy, s, n);
  copy[n] = 0;
  *length = n;
  return copy;
}

/* ---------- term translation ---------- */

typedef struct Tr {
  SdZ3 *z;
  const SdConstraint *c;
  const SdZ3Binder *b;
  Array(Z3_ast) side; /* numeral side conditions */
} Tr;

static Z3_ast term(Tr *t, const SdTerm *x);

static Z3_ast int_literal(SdZ3 *z, const char *text, uint32_t length) {
  bool neg = length && text[0] == '-';
  if (length && (text[0] == '-' || text[0] == '+')) text++, length--;
  if (!length) return NULL;
  char *digits = sd_xstrndup(text, length);
  Z3_ast v = Z3_mk_numeral(z->ctx, digits, z->int_sort);
  free(digits);
  if (v && neg) v = Z3_mk_unary_minus(z->ctx, v);
  return v;
}

static bool literal_is_numeral(const char *s, size_t n) {
  size_t i = 0;
  if (n && (s[0] == '-' || s[0] == '+')) i = 1;
  if (i == n) return false;
  for (; i < n; i++)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

static Z3_ast re_digits_plus(SdZ3 *z) {
  return Z3_mk_re_plus(z->ctx, Z3_mk_re_range(z->ctx, sd_z3_lstring(z, "0", 1), sd_z3_lstring(z, "9", 1)));
}

/* x = sign ++ magnitude with sign in {"", "-", "+"} and a magnitude that
 * does not start with a sign: one split per term and scope. */
static struct SdZ3Split *split_sign(SdZ3 *z, Z3_ast x) {
  for (uint32_t i = z->split_count; i-- > 0;)
    if (z->splits[i].x == x) return &z->splits[i];
  Z3_context ctx = z->ctx;
  if (z->split_count == z->split_cap) {
    z->split_cap = z->split_cap ? z->split_cap * 2 : 8;
    z->splits = sd_xrealloc(z->splits, z->split_cap * sizeof *z->splits);
  }
  struct SdZ3Split *sp = &z->splits[z->split_count];
  sp->x = x;
  sp->sign = Z3_mk_fresh_const(ctx, "sign", z->str_sort);
  sp->magnitude = Z3_mk_fresh_const(ctx, "mag", z->str_sort);
  if (!sp->sign || !sp->magnitude) return NULL;
  Z3_ast minus = sd_z3_lstring(z, "-", 1), plus = sd_z3_lstring(z, "+", 1);
  Z3_ast parts[2] = {sp->sign, sp->magnitude};
  Z3_ast signs[3] = {Z3_mk_eq(ctx, sp->sign, sd_z3_lstring(z, "", 0)), Z3_mk_eq(ctx, sp->sign, minus),
                     Z3_mk_eq(ctx, sp->sign, plus)};
  Z3_ast facts[4] = {Z3_mk_eq(ctx, x, Z3_mk_seq_concat(ctx, 2, parts)), Z3_mk_or(ctx, 3, signs),
                     Z3_mk_not(ctx, Z3_mk_seq_prefix(ctx, minus, sp->magnitude)),
                     Z3_mk_not(ctx, Z3_mk_seq_prefix(ctx, plus, sp->magnitude))};
  for (int i = 0; i < 4; i++)
    if (!facts[i] || sd_z3_failed(z)) return NULL; /* a NULL argument would crash Z3 */
  Z3_ast all = Z3_mk_and(ctx, 4, facts);
  if (sd_z3_failed(z) || !all) return NULL;
  Z3_solver_assert(ctx, z->solver, all);
  z->split_count++;
  return sp;
}

/* x is a canonical numeral (no sign, no leading zero) of value `value`:
 * a text longer than k digits is worth at least 10^k. Z3 does not link a
 * numeral's length to its value by itself: `x <= 6 and str.contains(x, "5")
 * and x != "5"` over heartbleed's lengths took it 1,100,000 rlimit (1.5 s)
 * to refute, 18,000 with these facts. */
enum { NUMERAL_LENGTH_FACTS = 19 };
static void numeral_lengths(Tr *t, Z3_ast x, Z3_ast value) {
  Z3_context ctx = t->z->ctx;
  Z3_ast length = Z3_mk_seq_length(ctx, x);
  char power[NUMERAL_LENGTH_FACTS + 2] = "1";
  for (unsigned k = 1; k <= NUMERAL_LENGTH_FACTS; k++) {
    power[k] = '0', power[k + 1] = 0;
    Z3_ast longer = Z3_mk_gt(ctx, length, Z3_mk_unsigned_int(ctx, k, t->z->int_sort));
    Z3_ast large = Z3_mk_ge(ctx, value, Z3_mk_numeral(ctx, power, t->z->int_sort));
    Z3_ast fact = longer && large ? Z3_mk_implies(ctx, longer, large) : NULL;
    if (!fact || sd_z3_failed(t->z)) return;
    array_push(&t->side, fact);
  }
}

static Z3_ast str_to_int(Tr *t, const SdTerm *arg) {
  SdZ3 *z = t->z;
  Z3_context ctx = z->ctx;
  if (arg->op == SD_OP_STRING) {
    if (literal_is_numeral(arg->text, arg->length)) return int_literal(z, arg->text, arg->length);
    array_push(&t->side, Z3_mk_false(ctx));
    return Z3_mk_int(ctx, 0, z->int_sort);
  }
  if (arg->op == SD_OP_VAR && t->b->var_int) {
    Z3_ast v = t->b->var_int(t->b->user, arg->var);
    if (v) return v; /* solved as a number: always a numeral */
  }
  bool signs = true, canonical = false;
  if (arg->op == SD_OP_VAR && arg->var >= 0 && (uint32_t)arg->var < t->c->variable_count) {
    SdSymbol s = t->c->variables[arg->var].symbol;
    if (s >= 0) signs = sd_z3_symbol_may_sign(z, s);
    if (s >= 0 && !signs) canonical = sd_z3_symbol_canonical(z, s);
  }
  Z3_ast x = term(t, arg);
  if (!x) return NULL;
  Z3_ast digits = re_digits_plus(z);
  if (!signs) { /* Z3's str.to_int reads unsigned numerals; a non-numeral is undefined for us */
    array_push(&t->side, Z3_mk_seq_in_re(ctx, x, digits));
    Z3_ast value = Z3_mk_str_to_int(ctx, x);
    if (canonical) numeral_lengths(t, x, value);
    return value;
  }
  struct SdZ3Split *sp = split_sign(z, x);
  if (!sp) return NULL;
  array_push(&t->side, Z3_mk_seq_in_re(ctx, sp->magnitude, digits));
  Z3_ast value = Z3_mk_str_to_int(ctx, sp->magnitude);
  return Z3_mk_ite(ctx, Z3_mk_eq(ctx, sp->sign, sd_z3_lstring(z, "-", 1)), Z3_mk_unary_minus(ctx, value), value);
}

static Z3_ast nary(Tr *t, const SdTerm *x, Z3_ast (*mk)(Z3_context, unsigned, const Z3_ast[])) {
  if (x->arg_count == 0) return NULL;
  Z3_ast *args = sd_xmalloc(x->arg_count * sizeof(Z3_ast));
  bool ok = true;
  for (uint32_t i = 0; i < x->arg_count && ok; i++) ok = (args[i] = term(t, x->args[i])) != NULL;
  Z3_ast r = NULL;
  if (ok && x->arg_count > 1) r = mk(t->z->ctx, x->arg_count, args);
  else if (ok) r = mk == Z3_mk_sub ? Z3_mk_unary_minus(t->z->ctx, args[0]) : args[0];
  free(args);
  return r;
}

/* subject in re, intersected with the subject's domain when it is a variable. */
static Z3_ast in_re(Tr *t, const SdTerm *subject_term, Z3_ast subject, Z3_ast re) {
  Z3_context ctx = t->z->ctx;
  if (subject_term->op == SD_OP_VAR && t->b->var_domain) {
    Z3_ast dom = t->b->var_domain(t->b->user, subject_term->var);
    if (dom) {
      Z3_ast both[2] = {re, dom};
      re = Z3_mk_re_intersect(ctx, 2, both);
      if (!re) return NULL;
    }
  }
  return Z3_mk_seq_in_re(ctx, subject, re);
}

static bool literal_u32(const SdTerm *x, unsigned *out) {
  if (x->op != SD_OP_INT || !x->length || x->length > 9 || x->text[0] == '-') return false;
  *out = (unsigned)strtoul(x->text, NULL, 10);
  return true;
}

static Z3_ast term(Tr *t, const SdTerm *x) {
  SdZ3 *z = t->z;
  Z3_context ctx = z->ctx;
  Z3_ast a = NULL, b = NULL, r = NULL;
  /* binary operators: translate both arguments first */
  switch (x->op) {
  case SD_OP_EQ: case SD_OP_LT: case SD_OP_LE: case SD_OP_GT: case SD_OP_GE:
  case SD_OP_DIV: case SD_OP_MOD: case SD_OP_STR_AT: case SD_OP_STR_PREFIXOF:
  case SD_OP_STR_SUFFIXOF: case SD_OP_STR_CONTAINS: case SD_OP_STR_IN_RE:
    if (x->arg_count != 2) return NULL;
    if (!(a = term(t, x->args[0])) || !(b = term(t, x->args[1]))) return NULL;
    break;
  default:
    break;
  }
  switch (x->op) {
  case SD_OP_VAR: r = t->b->var_text(t->b->user, x->var); break;
  case SD_OP_STRING: r = sd_z3_lstring(z, x->text, x->length); break;
  case SD_OP_INT: r = int_literal(z, x->text, x->length); break;
  case SD_OP_BOOL: r = x->bool_value ? Z3_mk_true(ctx) : Z3_mk_false(ctx); break;
  case SD_OP_EQ: r = Z3_mk_eq(ctx, a, b); break;
  case SD_OP_LT: r = Z3_mk_lt(ctx, a, b); break;
  case SD_OP_LE: r = Z3_mk_le(ctx, a, b); break;
  case SD_OP_GT: r = Z3_mk_gt(ctx, a, b); break;
  case SD_OP_GE: r = Z3_mk_ge(ctx, a, b); break;
  case SD_OP_ADD: r = nary(t, x, Z3_mk_add); break;
  case SD_OP_SUB: r = nary(t, x, Z3_mk_sub); break;
  case SD_OP_MUL: r = nary(t, x, Z3_mk_mul); break;
  case SD_OP_DIV: case SD_OP_MOD: /* undefined for 0, which makes the atom false */
    array_push(&t->side, Z3_mk_not(ctx, Z3_mk_eq(ctx, b, Z3_mk_int(ctx, 0, z->int_sort))));
    r = x->op == SD_OP_DIV ? Z3_mk_div(ctx, a, b) : Z3_mk_mod(ctx, a, b);
    break;
  case SD_OP_NEG:
    if (x->arg_count == 1 && (a = term(t, x->args[0]))) r = Z3_mk_unary_minus(ctx, a);
    break;
  case SD_OP_STR_LEN:
    if (x->arg_count == 1 && x->args[0]->op == SD_OP_VAR && t->b->var_length &&
        (r = t->b->var_length(t->b->user, x->args[0]->var)))
      break; /* solved as a length */
    if (x->arg_count == 1 && (a = term(t, x->args[0]))) r = Z3_mk_seq_length(ctx, a);
    break;
  case SD_OP_STR_TO_INT:
    if (x->arg_count == 1) r = str_to_int(t, x->args[0]);
    break;
  case SD_OP_STR_AT: r = Z3_mk_seq_at(ctx, a, b); break;
  case SD_OP_STR_SUBSTR: {
    Z3_ast s, o, l;
    if (x->arg_count == 3 && (s = term(t, x->args[0])) && (o = term(t, x->args[1])) &&
        (l = term(t, x->args[2])))
      r = Z3_mk_seq_extract(ctx, s, o, l);
    break;
  }
  case SD_OP_STR_CONCAT: r = nary(t, x, Z3_mk_seq_concat); break;
  case SD_OP_STR_PREFIXOF: case SD_OP_STR_SUFFIXOF: case SD_OP_STR_CONTAINS: {
    /* with a literal pattern, a regex membership (Z3 decides those far
     * better than word equations): prefix: lit.*, suffix: .*lit, contains: .*lit.* */
    const SdTerm *pat = x->op == SD_OP_STR_CONTAINS ? x->args[1] : x->args[0];
    Z3_ast subject = x->op == SD_OP_STR_CONTAINS ? a : b;
    if (pat->op == SD_OP_STRING) {
      Z3_ast any = sd_z3_bytes_star(z), lit = Z3_mk_seq_to_re(ctx, pat == x->args[0] ? a : b);
      Z3_ast parts[3] = {any, lit, any};
      Z3_ast re = x->op == SD_OP_STR_PREFIXOF   ? Z3_mk_re_concat(ctx, 2, parts + 1)
                  : x->op == SD_OP_STR_SUFFIXOF ? Z3_mk_re_concat(ctx, 2, parts)
                                                : Z3_mk_re_concat(ctx, 3, parts);
      if (re) r = in_re(t, x->op == SD_OP_STR_CONTAINS ? x->args[0] : x->args[1], subject, re);
    } else if (x->op == SD_OP_STR_PREFIXOF) r = Z3_mk_seq_prefix(ctx, a, b);
    else if (x->op == SD_OP_STR_SUFFIXOF) r = Z3_mk_seq_suffix(ctx, a, b);
    else r = Z3_mk_seq_contains(ctx, a, b);
    break;
  }
  case SD_OP_STR_IN_RE: r = in_re(t, x->args[0], a, b); break;
  case SD_OP_RE_CONCAT: r = nary(t, x, Z3_mk_re_concat); break;
  case SD_OP_RE_UNION: r = nary(t, x, Z3_mk_re_union); break;
  case SD_OP_RE_STAR:
    if (x->arg_count == 1 && (a = term(t, x->args[0]))) r = Z3_mk_re_star(ctx, a);
    break;
  case SD_OP_RE_PLUS:
    if (x->arg_count == 1 && (a = term(t, x->args[0]))) r = Z3_mk_re_plus(ctx, a);
    break;
  case SD_OP_RE_OPT:
    if (x->arg_count == 1 && (a = term(t, x->args[0]))) r = Z3_mk_re_option(ctx, a);
    break;
  case SD_OP_RE_RANGE:
    if (x->arg_count == 2 && (a = term(t, x->args[0])) && (b = term(t, x->args[1])))
      r = Z3_mk_re_range(ctx, a, b);
    break;
  case SD_OP_STR_TO_RE:
    if (x->arg_count == 1 && (a = term(t, x->args[0]))) r = Z3_mk_seq_to_re(ctx, a);
    break;
  case SD_OP_RE_COMP:
    if (x->arg_count == 1 && (a = term(t, x->args[0]))) {
      /* the complement within byte strings */
      Z3_ast both[2] = {Z3_mk_re_complement(ctx, a), sd_z3_bytes_star(z)};
      if (both[0] && both[1]) r = Z3_mk_re_intersect(ctx, 2, both);
    }
    break;
  case SD_OP_RE_LOOP: {
    unsigned lo = 0, hi = 0;
    if (x->arg_count < 2 || !(a = term(t, x->args[0])) || !literal_u32(x->args[1], &lo)) break;
    if (x->arg_count >= 3 && !literal_u32(x->args[2], &hi)) break;
    if (x->arg_count == 2) { /* at least lo times */
      Z3_ast parts[2] = {lo ? Z3_mk_re_loop(ctx, a, lo, lo) : NULL, Z3_mk_re_star(ctx, a)};
      r = lo ? (parts[0] ? Z3_mk_re_concat(ctx, 2, parts) : NULL) : parts[1];
    } else if (hi < lo) r = Z3_mk_re_empty(ctx, z->re_sort);
    else if (hi == 0) r = Z3_mk_seq_to_re(ctx, sd_z3_lstring(z, "", 0));
    else r = Z3_mk_re_loop(ctx, a, lo, hi);
    break;
  }
  case SD_OP_RE_ALLCHAR: r = z->byte_re; break;
  case SD_OP_RE_ALL: r = sd_z3_bytes_star(z); break;
  case SD_OP_RE_NONE: r = Z3_mk_re_empty(ctx, z->re_sort); break;
  case SD_OP_INSIDE: case SD_OP_BEFORE: case SD_OP_AFTER: case SD_OP_SAME_POSITION:
  case SD_OP_DIFFERENT_POSITION: case SD_OP_DIRECT_CHILD: case SD_OP_CONSECUTIVE: case SD_OP_NTH:
  case SD_OP_LEVEL:
    r = t->b->structural(t->b->user, x);
    break;
  case SD_OP_INTERNET_CHECKSUM: case SD_OP_HEX_TO_DECIMAL: case SD_OP_STR_REPLACE_ALL:
  case SD_OP_STR_IS_DIGIT: case SD_OP_ARITH_VALUE:
    /* not translated (Z3 4.8 lacks replace_all and is_digit; the
       predicates compute over hex text): left to the generator's repairs and fuzzing */
    break;
  case SD_OP_STR_REPLACE: case SD_OP_STR_INDEXOF: {
    Z3_ast s3, a3, b3;
    if (x->arg_count == 3 && (s3 = term(t, x->args[0])) && (a3 = term(t, x->args[1])) &&
        (b3 = term(t, x->args[2])))
      r = x->op == SD_OP_STR_REPLACE ? Z3_mk_seq_replace(ctx, s3, a3, b3) : Z3_mk_seq_index(ctx, s3, a3, b3);
    break;
  }
  case SD_OP_STR_FROM_INT:
    if (x->arg_count == 1 && (a = term(t, x->args[0]))) r = Z3_mk_int_to_str(ctx, a);
    break;
  case SD_OP_STR_LT: case SD_OP_STR_LE:
    if (x->arg_count == 2 && (a = term(t, x->args[0])) && (b = term(t, x->args[1])))
      r = x->op == SD_OP_STR_LT ? Z3_mk_str_lt(ctx, a, b) : Z3_mk_str_le(ctx, a, b);
    break;
  case SD_OP_ABS:
    if (x->arg_count == 1 && (a = term(t, x->args[0])))
      r = Z3_mk_ite(ctx, Z3_mk_lt(ctx, a, Z3_mk_int(ctx, 0, z->int_sort)), Z3_mk_unary_minus(ctx, a), a);
    break;
  case SD_OP_RE_INTER: r = nary(t, x, Z3_mk_re_intersect); break;
  case SD_OP_RE_DIFF:
    if (x->arg_count == 2 && (a = term(t, x->args[0])) && (b = term(t, x->args[1]))) {
      Z3_ast both[2] = {a, Z3_mk_re_complement(ctx, b)};
      if (both[1]) r = Z3_mk_re_intersect(ctx, 2, both);
    }
    break;
  case SD_OP_DECIMAL: case SD_OP_STR_TO_REAL: case SD_OP_STR_TO_CODE: case SD_OP_STR_FROM_CODE:
    /* decimals and characters (code points of UTF-8) are not translated:
       atoms with them are left to fuzzing and the evaluator */
    break;
  case SD_OP_COUNT: {
    Z3_ast count = t->b->structural(t->b->user, x);
    if (count && x->arg_count >= 2 && (b = term(t, x->args[x->arg_count - 1]))) r = Z3_mk_eq(ctx, count, b);
    break;
  }
  }
  if (r && sd_z3_failed(z)) r = NULL;
  return r;
}

static Z3_ast atom_with_sides(SdZ3 *self, const SdConstraint *c, const SdTerm *atom, const SdZ3Binder *b,
                              bool negated) {
  Tr t = {.z = self, .c = c, .b = b};
  Z3_ast r = term(&t, atom);
  if (r && negated) r = Z3_mk_not(self->ctx, r);
  if (r && t.side.size) {
    array_push(&t.side, r);
    r = Z3_mk_and(self->ctx, t.side.size, t.side.items);
    if (sd_z3_failed(self)) r = NULL;
  }
  array_free(&t.side);
  return r;
}

Z3_ast sd_z3_atom(SdZ3 *self, const SdConstraint *c, const SdTerm *atom, const SdZ3Binder *b) {
  return atom_with_sides(self, c, atom, b, false);
}

Z3_ast sd_z3_atom_negated(SdZ3 *self, const SdConstraint *c, const SdTerm *atom, const SdZ3Binder *b) {
  return atom_with_sides(self, c, atom, b, true);
}

Z3_ast sd_z3_boundary(SdZ3 *self, const SdConstraint *c, const SdTerm *atom, bool negated,
                      const SdZ3Binder *b) {
  SdOp op = atom->op;
  if ((op != SD_OP_LT && op != SD_OP_LE && op != SD_OP_GT && op != SD_OP_GE) || atom->arg_count != 2 ||
      atom->args[0]->type != SD_TYPE_INT || atom->args[1]->type != SD_TYPE_INT)
    return NULL;
  if (negated) op = op == SD_OP_LT ? SD_OP_GE : op == SD_OP_LE ? SD_OP_GT : op == SD_OP_GT ? SD_OP_LE : SD_OP_LT;
  Tr t = {.z = self, .c = c, .b = b};
  Z3_ast l = term(&t, atom->args[0]), r = term(&t, atom->args[1]);
  array_free(&t.side);
  if (!l || !r) return NULL;
  Z3_context ctx = self->ctx;
  Z3_ast one = Z3_mk_int(ctx, 1, self->int_sort);
  Z3_ast args[2] = {r, one};
  Z3_ast target = op == SD_OP_GT ? Z3_mk_add(ctx, 2, args) : op == SD_OP_LT ? Z3_mk_sub(ctx, 2, args) : r;
  Z3_ast eq = Z3_mk_eq(ctx, l, target);
  return sd_z3_failed(self) ? NULL : eq;
}
