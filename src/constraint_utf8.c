/* constraint_utf8.c: characters for the constraint evaluator.
 *
 * Inputs are bytes. A string that is valid UTF-8 is read as code points, as
 * ISLa (whose strings are Python's Unicode strings) reads it; any other
 * string byte by byte, each byte a character with the byte's value as its
 * code. Validation is strict (shortest form, no surrogates, at most
 * U+10FFFF), so decoding a valid string never fails. Also here: the two
 * Unicode tables Python's int()/float() use (white space, decimal digits),
 * which str.to.int / str.to.real follow. */
#include "constraint_internal.h"

bool sd_utf8_valid(const char *str, size_t n) {
  const unsigned char *s = (const unsigned char *)str;
  size_t i = 0;
  while (i < n) {
    unsigned char c = s[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    uint32_t len, cp, min;
    if (c >= 0xc2 && c <= 0xdf) len = 2, cp = c & 0x1f, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef) len = 3, cp = c & 0x0f, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4) len = 4, cp = c & 0x07, min = 0x10000;
    else return false;
    if (i + len > n) return false;
    for (uint32_t k = 1; k < len; k++) {
      if ((s[i + k] & 0xc0) != 0x80) return false;
      cp = (cp << 6) | (s[i + k] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += len;
  }
  return true;
}

uint32_t sd_utf8_decode(const char *str, uint32_t *cp) {
  const unsigned char *s = (const unsigned char *)str;
  unsigned char c = s[0];
  if (c < 0x80) {
    *cp = c;
    return 1;
  }
  uint32_t len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
  uint32_t v = c & (0x7f >> len);
  for (uint32_t k = 1; k < len; k++) v = (v << 6) | (s[k] & 0x3f);
  *cp = v;
  return len;
}

uint32_t sd_utf8_encode(uint32_t cp, char out[4]) {
  if (cp < 0x80) {
    out[0] = (char)cp;
    return 1;
  }
  if (cp < 0x800) {
    out[0] = (char)(0xc0 | (cp >> 6));
    out[1] = (char)(0x80 | (cp & 0x3f));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = (char)(0xe0 | (cp >> 12));
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[2] = (char)(0x80 | (cp & 0x3f));
    return 3;
  }
  out[0] = (char)(0xf0 | (cp >> 18));
  out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
  out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
  out[3] = (char)(0x80 | (cp & 0x3f));
  return 4;
}

uint32_t sd_str_chars(const char *s, uint32_t n, bool valid) {
  if (!valid) return n;
  uint32_t count = 0;
  for (uint32_t i = 0; i < n; i++) count += ((unsigned char)s[i] & 0xc0) != 0x80;
  return count;
}

uint32_t sd_str_offset(const char *s, uint32_t n, bool valid, uint64_t k) {
  if (!valid) return k < n ? (uint32_t)k : n;
  uint32_t i = 0;
  for (; i < n && k > 0; k--) {
    i++;
    while (i < n && ((unsigned char)s[i] & 0xc0) == 0x80) i++;
  }
  return i;
}

bool sd_unicode_is_space(uint32_t cp) {
  return cp == 0x85 || cp == 0xa0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) ||
         cp == 0x2028 || cp == 0x2029 || cp == 0x202f || cp == 0x205f || cp == 0x3000;
}

/* first code point (digit zero) of each run of ten decimal digits, Nd */
static const uint32_t decimal_zeros[] = {
    0x660,   0x6f0,   0x7c0,   0x966,   0x9e6,   0xa66,   0xae6,   0xb66,   0xbe6,   0xc66,
    0xce6,   0xd66,   0xde6,   0xe50,   0xed0,   0xf20,   0x1040,  0x1090,  0x17e0,  0x1810,
    0x1946,  0x19d0,  0x1a80,  0x1a90,  0x1b50,  0x1bb0,  0x1c40,  0x1c50,  0xa620,  0xa8d0,
    0xa900,  0xa9d0,  0xa9f0,  0xaa50,  0xabf0,  0xff10,  0x104a0, 0x10d30, 0x11066, 0x110f0,
    0x11136, 0x111d0, 0x112f0, 0x11450, 0x114d0, 0x11650, 0x116c0, 0x11730, 0x118e0, 0x11950,
    0x11c50, 0x11d50, 0x11da0, 0x16a60, 0x16ac0, 0x16b50, 0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec,
    0x1d7f6, 0x1e140, 0x1e2f0, 0x1e950, 0x1fbf0};

int sd_unicode_decimal(uint32_t cp) {
  if (cp >= '0' && cp <= '9') return (int)(cp - '0');
  size_t lo = 0, hi = sizeof decimal_zeros / sizeof decimal_zeros[0];
  while (lo < hi) { /* last zero <= cp */
    size_t mid = (lo + hi) / 2;
    if (decimal_zeros[mid] <= cp) lo = mid + 1;
    else hi = mid;
  }
  if (lo == 0) return -1;
  uint32_t zero = decimal_zeros[lo - 1];
  return cp - zero < 10 ? (int)(cp - zero) : -1;
}
