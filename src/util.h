/* util.h: allocation that never returns NULL, byte buffers, and small helpers
 * shared by every module. */
#ifndef SEMDBG_UTIL_H
#define SEMDBG_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

void *sd_xmalloc(size_t n);
void *sd_xcalloc(size_t n, size_t m);
void *sd_xrealloc(void *p, size_t n);
char *sd_xstrdup(const char *s);
char *sd_xstrndup(const char *s, size_t n);
char *sd_format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A growable byte buffer; always NUL-terminated after the data. */
typedef struct SdBuf {
  char *data;
  size_t len, cap;
} SdBuf;

void sd_buf_reserve(SdBuf *self, size_t extra);
void sd_buf_append(SdBuf *self, const void *bytes, size_t n);
void sd_buf_puts(SdBuf *self, const char *s);
void sd_buf_putc(SdBuf *self, char c);
void sd_buf_printf(SdBuf *self, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Append bytes as they would appear in a double-quoted ISLa/BNF string. */
void sd_buf_append_quoted(SdBuf *self, const void *bytes, size_t n);
char *sd_buf_take(SdBuf *self); /* returns data (caller frees), resets buffer */
void sd_buf_free(SdBuf *self);

/* Read a whole file; returns NULL and sets *error (static text) on failure,
 * also for a file of more than SD_MAX_FILE_SIZE bytes (inputs, grammars,
 * constraints, catalogs: the parser needs about 400 bytes of memory per
 * byte of input; /dev/zero ends here too). */
#define SD_MAX_FILE_SIZE ((size_t)16 << 20)
char *sd_read_file(const char *path, size_t *len, const char **error);
/* Write a file atomically (temporary file in the same directory + rename). */
bool sd_write_file_atomic(const char *path, const void *data, size_t len);

/* A set of 64-bit hashes (open addressing; zero-initialised is empty). */
typedef struct SdHashSet {
  uint64_t *slots;
  uint32_t capacity, count;
} SdHashSet;
bool sd_hash_set_has(const SdHashSet *self, uint64_t key);
bool sd_hash_set_add(SdHashSet *self, uint64_t key); /* true when the key is new */
void sd_hash_set_free(SdHashSet *self);

/* 64-bit FNV-1a hash. */
uint64_t sd_hash_bytes(const void *data, size_t n, uint64_t seed);

/* Deterministic pseudo-random numbers (xoshiro256**, seeded with splitmix64). */
typedef struct SdRng {
  uint64_t s[4];
} SdRng;
void sd_rng_seed(SdRng *self, uint64_t seed);
uint64_t sd_rng_next(SdRng *self);
uint32_t sd_rng_below(SdRng *self, uint32_t n); /* uniform in [0, n); n > 0 */
double sd_rng_unit(SdRng *self);                 /* uniform in [0, 1) */

/* Line and column (1-based, columns count bytes) of a byte offset. */
/* The value of an unsigned decimal numeral of 1 to 17 digits, or -1. */
long long sd_numeral_value(const char *text, size_t len);

void sd_line_col(const char *text, size_t len, size_t offset, int *line, int *col);

#endif
