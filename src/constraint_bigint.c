/* constraint_bigint.c: integers of any size for the constraint evaluator.
 *
 * Values that fit in int64 stay there (the fast path; every operation checks
 * for overflow with the compiler's builtins). Larger ones are a sign and an
 * array of decimal digits, least significant first: schoolbook addition,
 * subtraction and long division on digits, multiplication on limbs of nine
 * digits. Numbers in inputs are decimal text, so this costs nothing to
 * convert and is plenty fast for numerals of a few hundred digits (and
 * products of ones of tens of thousands). Digits live in an arena with marks, so
 * the evaluator can drop an atom's temporaries when the atom is done.
 * Decimals are such an integer and a power of ten (m * 10^e), compared and
 * added exactly; numerals are read with Python's int()/float() syntax, as
 * ISLa's str.to.int does. */
#include <stdlib.h>
#include <string.h>

#include "constraint_internal.h"

/* ---- numerals as text ---- */

bool sd_is_numeral(const char *text, size_t length) {
  size_t i = 0;
  if (i < length && (text[i] == '-' || text[i] == '+')) i++;
  if (i == length) return false;
  for (; i < length; i++)
    if (text[i] < '0' || text[i] > '9') return false;
  return true;
}

int sd_compare_numerals(const char *a, size_t alen, const char *b, size_t blen) {
  bool an = alen && a[0] == '-', bn = blen && b[0] == '-';
  if (alen && (a[0] == '-' || a[0] == '+')) a++, alen--;
  if (blen && (b[0] == '-' || b[0] == '+')) b++, blen--;
  while (alen > 1 && a[0] == '0') a++, alen--;
  while (blen > 1 && b[0] == '0') b++, blen--;
  bool az = alen == 1 && a[0] == '0', bz = blen == 1 && b[0] == '0';
  if (az) an = false;
  if (bz) bn = false;
  if (an != bn) return an ? -1 : 1;
  int mag = alen != blen ? (alen < blen ? -1 : 1) : memcmp(a, b, alen);
  if (mag) mag = mag < 0 ? -1 : 1;
  return an ? -mag : mag;
}

/* ---- big magnitudes: digit arrays, least significant first ---- */

typedef struct Mag {
  uint8_t *d;
  uint32_t n; /* 0 = zero */
} Mag;

static Mag mag_alloc(SdArena *s, uint32_t n) {
  Mag m = {sd_arena_alloc(s, n ? n : 1), n};
  memset(m.d, 0, n ? n : 1);
  return m;
}

static void mag_trim(Mag *m) {
  while (m->n && m->d[m->n - 1] == 0) m->n--;
}

static Mag mag_from_u64(SdArena *s, uint64_t v) {
  Mag m = mag_alloc(s, 20);
  m.n = 0;
  while (v) {
    m.d[m.n++] = (uint8_t)(v % 10);
    v /= 10;
  }
  return m;
}

static int mag_cmp(Mag a, Mag b) {
  if (a.n != b.n) return a.n < b.n ? -1 : 1;
  for (uint32_t i = a.n; i-- > 0;)
    if (a.d[i] != b.d[i]) return a.d[i] < b.d[i] ? -1 : 1;
  return 0;
}

static Mag mag_add(SdArena *s, Mag a, Mag b) {
  uint32_t n = (a.n > b.n ? a.n : b.n) + 1;
  Mag r = mag_alloc(s, n);
  int carry = 0;
  for (uint32_t i = 0; i < n; i++) {
    int v = carry + (i < a.n ? a.d[i] : 0) + (i < b.n ? b.d[i] : 0);
    r.d[i] = (uint8_t)(v % 10);
    carry = v / 10;
  }
  mag_trim(&r);
  return r;
}

/* a - b, a >= b */
static Mag mag_sub(SdArena *s, Mag a, Mag b) {
  Mag r = mag_alloc(s, a.n);
  int borrow = 0;
  for (uint32_t i = 0; i < a.n; i++) {
    int v = a.d[i] - borrow - (i < b.n ? b.d[i] : 0);
    borrow = v < 0;
    r.d[i] = (uint8_t)(v + (borrow ? 10 : 0));
  }
  mag_trim(&r);
  return r;
}

/* Products work on limbs of nine digits (base 10^9, least significant
 * first): 81 times fewer steps than digit by digit, which matters for the
 * numerals tens of thousands of digits long that length searches make (the
 * expression example spent 80 s of a diagnosis multiplying such numbers
 * digit by digit). */
#define LIMB_BASE 1000000000u
enum { LIMB_DIGITS = 9 };

static uint32_t *to_limbs(SdArena *s, Mag m, uint32_t *count) {
  uint32_t n = (m.n + LIMB_DIGITS - 1) / LIMB_DIGITS;
  uint32_t *limbs = sd_arena_alloc(s, (n ? n : 1) * sizeof(uint32_t));
  for (uint32_t k = 0; k < n; k++) {
    uint32_t v = 0;
    for (uint32_t i = LIMB_DIGITS; i-- > 0;) {
      uint32_t at = k * LIMB_DIGITS + i;
      v = v * 10 + (at < m.n ? m.d[at] : 0);
    }
    limbs[k] = v;
  }
  *count = n;
  return limbs;
}

static Mag mag_mul(SdArena *s, Mag a, Mag b) {
  if (!a.n || !b.n) return mag_alloc(s, 0);
  uint32_t na, nb;
  uint32_t *la = to_limbs(s, a, &na), *lb = to_limbs(s, b, &nb);
  uint32_t n = na + nb;
  uint64_t *acc = sd_arena_alloc(s, n * sizeof(uint64_t));
  memset(acc, 0, n * sizeof(uint64_t));
  for (uint32_t i = 0; i < na; i++) {
    uint64_t carry = 0;
    for (uint32_t j = 0; j < nb; j++) {
      uint64_t v = acc[i + j] + (uint64_t)la[i] * lb[j] + carry; /* < 10^18 + 2 * 10^9 */
      acc[i + j] = v % LIMB_BASE;
      carry = v / LIMB_BASE;
    }
    acc[i + nb] = carry;
  }
  Mag r = mag_alloc(s, n * LIMB_DIGITS);
  for (uint32_t k = 0; k < n; k++) {
    uint64_t v = acc[k];
    for (uint32_t i = 0; i < LIMB_DIGITS; i++, v /= 10) r.d[k * LIMB_DIGITS + i] = (uint8_t)(v % 10);
  }
  mag_trim(&r);
  return r;
}

/* truncated division of magnitudes, b != 0 */
static void mag_divmod(SdArena *s, Mag a, Mag b, Mag *q, Mag *r) {
  Mag quo = mag_alloc(s, a.n);
  Mag rem = mag_alloc(s, b.n + 1);
  rem.n = 0;
  for (uint32_t i = a.n; i-- > 0;) {
    /* rem = rem * 10 + a[i] */
    if (rem.n) {
      memmove(rem.d + 1, rem.d, rem.n);
      rem.n++;
    } else {
      rem.n = 1;
    }
    rem.d[0] = a.d[i];
    mag_trim(&rem);
    uint8_t digit = 0;
    while (mag_cmp(rem, b) >= 0) {
      /* in place subtraction (rem has room) */
      int borrow = 0;
      for (uint32_t k = 0; k < rem.n; k++) {
        int v = rem.d[k] - borrow - (k < b.n ? b.d[k] : 0);
        borrow = v < 0;
        rem.d[k] = (uint8_t)(v + (borrow ? 10 : 0));
      }
      mag_trim(&rem);
      digit++;
    }
    quo.d[i] = digit;
  }
  mag_trim(&quo);
  *q = quo;
  *r = rem;
}

/* ---- SdInt ---- */

static Mag to_mag(SdArena *s, SdInt a, bool *neg) {
  if (a.big) {
    *neg = a.neg;
    Mag m = {a.dig, a.ndig};
    return m;
  }
  *neg = a.small < 0;
  uint64_t u = a.small < 0 ? (uint64_t)0 - (uint64_t)a.small : (uint64_t)a.small;
  return mag_from_u64(s, u);
}

static SdInt from_mag(Mag m, bool neg) {
  mag_trim(&m);
  if (m.n == 0) return sd_int_small(0);
  /* canonical: a value is small exactly when it fits in int64 */
  if (m.n <= 19) {
    uint64_t u = 0;
    for (uint32_t i = m.n; i-- > 0;) u = u * 10 + m.d[i];
    if (!neg && u <= (uint64_t)INT64_MAX) return sd_int_small((int64_t)u);
    if (neg && u <= (uint64_t)INT64_MAX + 1) return sd_int_small(-(int64_t)(u - 1) - 1);
  }
  SdInt r = {0};
  r.big = true;
  r.neg = neg;
  r.dig = m.d;
  r.ndig = m.n;
  return r;
}

bool sd_int_parse(SdArena *s, const char *text, size_t len, SdInt *out) {
  if (!sd_is_numeral(text, len)) return false;
  bool neg = text[0] == '-';
  size_t i = (text[0] == '-' || text[0] == '+') ? 1 : 0;
  while (i + 1 < len && text[i] == '0') i++;
  size_t digits = len - i;
  if (digits <= 18) {
    int64_t v = 0;
    for (; i < len; i++) v = v * 10 + (text[i] - '0');
    *out = sd_int_small(neg ? -v : v);
    return true;
  }
  Mag m = mag_alloc(s, (uint32_t)digits);
  for (size_t k = 0; k < digits; k++) m.d[k] = (uint8_t)(text[len - 1 - k] - '0');
  *out = from_mag(m, neg);
  return true;
}

int sd_int_cmp(SdInt a, SdInt b) {
  if (!a.big && !b.big) return a.small < b.small ? -1 : a.small > b.small;
  /* a big value is larger in magnitude than any small one (canonical form) */
  bool an = a.big ? a.neg : a.small < 0, bn = b.big ? b.neg : b.small < 0;
  if (an != bn) return an ? -1 : 1;
  int mag;
  if (a.big && b.big) {
    Mag ma = {a.dig, a.ndig}, mb = {b.dig, b.ndig};
    mag = mag_cmp(ma, mb);
  } else {
    mag = a.big ? 1 : -1;
  }
  return an ? -mag : mag;
}

static SdInt add_signed(SdArena *s, SdInt a, SdInt b, bool negate_b) {
  bool an, bn;
  Mag ma = to_mag(s, a, &an), mb = to_mag(s, b, &bn);
  if (negate_b && mb.n) bn = !bn;
  if (an == bn) return from_mag(mag_add(s, ma, mb), an);
  int c = mag_cmp(ma, mb);
  if (c == 0) return sd_int_small(0);
  if (c > 0) return from_mag(mag_sub(s, ma, mb), an);
  return from_mag(mag_sub(s, mb, ma), bn);
}

SdInt sd_int_add(SdArena *s, SdInt a, SdInt b) {
  int64_t r;
  if (!a.big && !b.big && !__builtin_add_overflow(a.small, b.small, &r)) return sd_int_small(r);
  return add_signed(s, a, b, false);
}

SdInt sd_int_sub(SdArena *s, SdInt a, SdInt b) {
  int64_t r;
  if (!a.big && !b.big && !__builtin_sub_overflow(a.small, b.small, &r)) return sd_int_small(r);
  return add_signed(s, a, b, true);
}

SdInt sd_int_mul(SdArena *s, SdInt a, SdInt b) {
  int64_t r;
  if (!a.big && !b.big && !__builtin_mul_overflow(a.small, b.small, &r)) return sd_int_small(r);
  bool an, bn;
  Mag ma = to_mag(s, a, &an), mb = to_mag(s, b, &bn);
  return from_mag(mag_mul(s, ma, mb), an != bn);
}

SdInt sd_int_neg(SdArena *s, SdInt a) {
  return sd_int_sub(s, sd_int_small(0), a);
}

static bool is_zero(SdInt a) {
  return !a.big && a.small == 0;
}

bool sd_int_divmod(SdArena *s, SdInt a, SdInt b, SdInt *q, SdInt *r) {
  if (is_zero(b)) return false;
  SdInt qt, rt; /* truncated */
  if (!a.big && !b.big && !(a.small == INT64_MIN && b.small == -1)) {
    qt = sd_int_small(a.small / b.small);
    rt = sd_int_small(a.small % b.small);
  } else {
    bool an, bn;
    Mag ma = to_mag(s, a, &an), mb = to_mag(s, b, &bn);
    Mag mq, mr;
    mag_divmod(s, ma, mb, &mq, &mr);
    qt = from_mag(mq, an != bn);
    rt = from_mag(mr, an);
  }
  /* Euclidean: the remainder is never negative */
  if (sd_int_cmp(rt, sd_int_small(0)) < 0) {
    bool bpos = sd_int_cmp(b, sd_int_small(0)) > 0;
    if (bpos) {
      qt = sd_int_sub(s, qt, sd_int_small(1));
      rt = sd_int_add(s, rt, b);
    } else {
      qt = sd_int_add(s, qt, sd_int_small(1));
      rt = sd_int_sub(s, rt, b);
    }
  }
  *q = qt;
  *r = rt;
  return true;
}

bool sd_int_to_i64(SdInt a, int64_t *out) {
  if (a.big) return false;
  *out = a.small;
  return true;
}

char *sd_int_to_text(SdInt a) {
  if (!a.big) return sd_format("%lld", (long long)a.small);
  char *t = sd_xmalloc(a.ndig + 2);
  size_t k = 0;
  if (a.neg) t[k++] = '-';
  for (uint32_t i = a.ndig; i-- > 0;) t[k++] = (char)('0' + a.dig[i]);
  t[k] = 0;
  return t;
}

/* ---- powers of ten ---- */

uint32_t sd_int_digits(SdInt a) {
  if (a.big) return a.ndig;
  uint64_t u = a.small < 0 ? (uint64_t)0 - (uint64_t)a.small : (uint64_t)a.small;
  uint32_t n = 0;
  while (u) {
    n++;
    u /= 10;
  }
  return n;
}

SdInt sd_int_shift10(SdArena *s, SdInt a, uint32_t k) {
  if (k == 0 || is_zero(a)) return a;
  bool neg;
  Mag m = to_mag(s, a, &neg);
  Mag r = mag_alloc(s, m.n + k);
  memcpy(r.d + k, m.d, m.n);
  return from_mag(r, neg);
}

SdInt sd_int_trunc10(SdArena *s, SdInt a, uint32_t k) {
  if (k == 0 || is_zero(a)) return a;
  bool neg;
  Mag m = to_mag(s, a, &neg);
  if (k >= m.n) return sd_int_small(0);
  Mag r = {m.d + k, m.n - k};
  return from_mag(r, neg);
}

/* ---- exact decimals ---- */

static int sign_of(SdInt a) {
  return sd_int_cmp(a, sd_int_small(0));
}

SdDec sd_dec_from_int(SdInt a) {
  SdDec d = {a, 0};
  return d;
}

int sd_dec_cmp(SdArena *s, SdDec a, SdDec b) {
  int sa = sign_of(a.m), sb = sign_of(b.m);
  if (sa != sb || sa == 0) return sa < sb ? -1 : sa > sb;
  /* same sign, both non-zero: compare the positions of the leading digits */
  int64_t la = (int64_t)sd_int_digits(a.m) + a.e, lb = (int64_t)sd_int_digits(b.m) + b.e;
  if (la != lb) return (la < lb) == (sa > 0) ? -1 : 1;
  /* then align: the shift is at most the difference of the digit counts */
  int32_t e = a.e < b.e ? a.e : b.e;
  return sd_int_cmp(sd_int_shift10(s, a.m, (uint32_t)(a.e - e)), sd_int_shift10(s, b.m, (uint32_t)(b.e - e)));
}

static bool align(SdArena *s, SdDec *a, SdDec *b) {
  if (is_zero(a->m)) a->e = b->e;
  if (is_zero(b->m)) b->e = a->e;
  int64_t diff = (int64_t)a->e - b->e;
  if (diff > SD_DEC_DIGIT_LIMIT || diff < -SD_DEC_DIGIT_LIMIT) return false;
  if (diff > 0) {
    a->m = sd_int_shift10(s, a->m, (uint32_t)diff);
    a->e = b->e;
  } else if (diff < 0) {
    b->m = sd_int_shift10(s, b->m, (uint32_t)-diff);
    b->e = a->e;
  }
  return true;
}

bool sd_dec_add(SdArena *s, SdDec a, SdDec b, SdDec *out) {
  if (!align(s, &a, &b)) return false;
  out->m = sd_int_add(s, a.m, b.m);
  out->e = a.e;
  return true;
}

bool sd_dec_sub(SdArena *s, SdDec a, SdDec b, SdDec *out) {
  if (!align(s, &a, &b)) return false;
  out->m = sd_int_sub(s, a.m, b.m);
  out->e = a.e;
  return true;
}

bool sd_dec_mul(SdArena *s, SdDec a, SdDec b, SdDec *out) {
  int64_t e = (int64_t)a.e + b.e;
  if (e > SD_DEC_EXP_LIMIT || e < -SD_DEC_EXP_LIMIT) return false;
  out->m = sd_int_mul(s, a.m, b.m);
  out->e = (int32_t)e;
  return true;
}

SdDec sd_dec_neg(SdArena *s, SdDec a) {
  a.m = sd_int_neg(s, a.m);
  return a;
}

bool sd_dec_to_int(SdArena *s, SdDec a, SdInt *out) {
  if (a.e >= 0) {
    if ((int64_t)sd_int_digits(a.m) + a.e > SD_DEC_DIGIT_LIMIT) return false;
    *out = sd_int_shift10(s, a.m, (uint32_t)a.e);
  } else {
    *out = sd_int_trunc10(s, a.m, (uint32_t)-a.e);
  }
  return true;
}

char *sd_dec_to_text(SdDec a) {
  SdArena s = {0};
  /* normalise: no trailing zeros in the mantissa */
  while (!is_zero(a.m) && a.e < 0) {
    SdInt q, r;
    sd_int_divmod(&s, a.m, sd_int_small(10), &q, &r);
    if (!is_zero(r)) break;
    a.m = q;
    a.e++;
  }
  if (is_zero(a.m)) a.e = 0;
  char *digits;
  if (a.e >= 0) {
    digits = sd_int_to_text(sd_int_shift10(&s, a.m, (uint32_t)a.e));
    sd_arena_free(&s);
    return digits;
  }
  digits = sd_int_to_text(a.m);
  sd_arena_free(&s);
  bool neg = digits[0] == '-';
  const char *d = digits + neg;
  size_t n = strlen(d), frac = (size_t)-(int64_t)a.e;
  SdBuf b = {0};
  if (neg) sd_buf_putc(&b, '-');
  if (n <= frac) {
    sd_buf_puts(&b, "0.");
    for (size_t i = n; i < frac; i++) sd_buf_putc(&b, '0');
    sd_buf_puts(&b, d);
  } else {
    sd_buf_append(&b, d, n - frac);
    sd_buf_putc(&b, '.');
    sd_buf_puts(&b, d + (n - frac));
  }
  free(digits);
  return sd_buf_take(&b);
}

/* ---- numerals as Python's int() and float() read them ----
 * Python first maps every non-ASCII white space character to ' ' and every
 * Unicode decimal digit to its ASCII digit (anything else non-ASCII is an
 * error), strips ASCII white space at both ends, and then reads
 *   [+-]? (D ('.' D?)? | '.' D) ([eE] [+-]? D)?   with D = digit ('_'? digit)*
 * ("inf" and "nan" are floats too, but int() of them fails). */

static bool py_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* digit ('_'? digit)*; returns the digits (underscores dropped) appended to out */
static bool digit_run(const char **p, const char *end, SdBuf *out, size_t *count) {
  const char *q = *p;
  size_t n = 0;
  if (q >= end || *q < '0' || *q > '9') return false;
  for (;;) {
    sd_buf_putc(out, *q++);
    n++;
    if (q < end && *q == '_' && q + 1 < end && q[1] >= '0' && q[1] <= '9') q++;
    else if (q >= end || *q < '0' || *q > '9') break;
  }
  *p = q;
  *count = n;
  return true;
}

bool sd_dec_parse_numeral(SdArena *s, const char *text, size_t len, SdDec *out) {
  if (sd_is_numeral(text, len)) { /* the common case, without allocation */
    out->e = 0;
    return sd_int_parse(s, text, len, &out->m);
  }
  /* an ASCII byte no numeral holds rejects at once (most texts are not
     numbers), and so, in an ASCII text, does white space between other
     characters or a sign after the start but not after an exponent's e
     ("9 + 8 + 6" is rejected without copying it) */
  bool ascii = true, seen = false, gap = false;
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)text[i];
    if (c >= 0x80) {
      ascii = false;
      continue;
    }
    if (!(c >= '0' && c <= '9') && !strchr(" \t\n\r\f\v+-._eE", c)) return false;
    if (!ascii) continue;
    if (py_space((char)c)) {
      gap = seen;
      continue;
    }
    if (gap) return false;
    if ((c == '+' || c == '-') && seen && text[i - 1] != 'e' && text[i - 1] != 'E') return false;
    seen = true;
  }
  /* to ASCII */
  SdBuf a = {0};
  bool utf8 = sd_utf8_valid(text, len);
  for (size_t i = 0; i < len;) {
    uint32_t cp;
    if (utf8) i += sd_utf8_decode(text + i, &cp);
    else cp = (unsigned char)text[i++];
    int d;
    if (cp < 127) sd_buf_putc(&a, (char)cp);
    else if (sd_unicode_is_space(cp)) sd_buf_putc(&a, ' ');
    else if ((d = sd_unicode_decimal(cp)) >= 0) sd_buf_putc(&a, (char)('0' + d));
    else {
      sd_buf_free(&a);
      return false;
    }
  }
  const char *p = a.data ? a.data : "", *end = p + a.len; /* no NULL + 0 */
  while (p < end && py_space(*p)) p++;
  while (end > p && py_space(end[-1])) end--;
  SdBuf digits = {0};
  bool ok = false, neg = false;
  size_t nint = 0, nfrac = 0;
  if (p < end && (*p == '+' || *p == '-')) neg = *p++ == '-';
  if (neg) sd_buf_putc(&digits, '-');
  bool has_int = digit_run(&p, end, &digits, &nint);
  bool has_frac = false;
  if (p < end && *p == '.') {
    p++;
    has_frac = digit_run(&p, end, &digits, &nfrac);
  }
  int64_t exp = 0;
  if (has_int || has_frac) {
    ok = true;
    if (p < end && (*p == 'e' || *p == 'E')) {
      p++;
      bool eneg = false;
      if (p < end && (*p == '+' || *p == '-')) eneg = *p++ == '-';
      SdBuf ed = {0};
      size_t ne;
      ok = digit_run(&p, end, &ed, &ne);
      for (size_t i = 0; ok && i < ne; i++)
        if (exp < 1000000000) exp = exp * 10 + (ed.data[i] - '0');
      if (eneg) exp = -exp;
      sd_buf_free(&ed);
    }
    ok = ok && p == end;
  }
  if (ok) {
    SdInt m;
    sd_int_parse(s, digits.data, digits.len, &m);
    exp -= (int64_t)nfrac;
    if (is_zero(m)) exp = 0;
    if (exp > SD_DEC_EXP_LIMIT || exp < -SD_DEC_EXP_LIMIT) ok = false;
    out->m = m;
    out->e = (int32_t)exp;
  }
  sd_buf_free(&digits);
  sd_buf_free(&a);
  return ok;
}
