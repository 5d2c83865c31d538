/* util.c: checked allocation, growable byte buffers, file I/O, hashing and a
 * seeded random number generator. Allocation failure aborts: semdbg has no
 * sensible way to continue without memory. */
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void out_of_memory(void) {
  fputs("semdbg: out of memory\n", stderr);
  abort();
}

void *sd_xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) out_of_memory();
  return p;
}

void *sd_xcalloc(size_t n, size_t m) {
  void *p = calloc(n ? n : 1, m ? m : 1);
  if (!p) out_of_memory();
  return p;
}

void *sd_xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p) out_of_memory();
  return p;
}

char *sd_xstrdup(const char *s) { return sd_xstrndup(s, strlen(s)); }

char *sd_xstrndup(const char *s, size_t n) {
  char *p = sd_xmalloc(n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

char *sd_format(const char *fmt, ...) {
  SdBuf b = {0};
  va_list ap;
  va_start(ap, fmt);
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  sd_buf_reserve(&b, (size_t)n + 1);
  vsnprintf(b.data, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  b.len = (size_t)n;
  return b.data;
}

void sd_buf_reserve(SdBuf *self, size_t extra) {
  size_t need = self->len + extra + 1;
  if (need <= self->cap) return;
  size_t cap = self->cap ? self->cap : 64;
  while (cap < need) cap *= 2;
  self->data = sd_xrealloc(self->data, cap);
  self->cap = cap;
}

void sd_buf_append(SdBuf *self, const void *bytes, size_t n) {
  sd_buf_reserve(self, n);
  if (n) memcpy(self->data + self->len, bytes, n);
  self->len += n;
  self->data[self->len] = 0;
}

void sd_buf_puts(SdBuf *self, const char *s) { sd_buf_append(self, s, strlen(s)); }

void sd_buf_putc(SdBuf *self, char c) { sd_buf_append(self, &c, 1); }

void sd_buf_printf(SdBuf *self, const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  sd_buf_reserve(self, (size_t)n);
  vsnprintf(self->data + self->len, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  self->len += (size_t)n;
}

void sd_buf_append_quoted(SdBuf *self, const void *bytes, size_t n) {
  const unsigned char *p = bytes;
  sd_buf_putc(self, '"');
  for (size_t i = 0; i < n; i++) {
    unsigned char c = p[i];
    switch (c) {
      case '"': sd_buf_puts(self, "\\\""); break;
      case '\\': sd_buf_puts(self, "\\\\"); break;
      case '\n': sd_buf_puts(self, "\\n"); break;
      case '\r': sd_buf_puts(self, "\\r"); break;
      case '\t': sd_buf_puts(self, "\\t"); break;
      default:
        if (c < 0x20 || c >= 0x7f) sd_buf_printf(self, "\\x%02x", c);
        else sd_buf_putc(self, (char)c);
    }
  }
  sd_buf_putc(self, '"');
}

char *sd_buf_take(SdBuf *self) {
  if (!self->data) sd_buf_reserve(self, 0), self->data[0] = 0;
  char *d = self->data;
  self->data = NULL;
  self->len = self->cap = 0;
  return d;
}

void sd_buf_free(SdBuf *self) {
  free(self->data);
  self->data = NULL;
  self->len = self->cap = 0;
}

char *sd_read_file(const char *path, size_t *len, const char **error) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    if (error) *error = strerror(errno);
    return NULL;
  }
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(f);
    if (error) *error = "is a directory";
    return NULL;
  }
  SdBuf b = {0};
  char chunk[65536];
  size_t n;
  while (b.len <= SD_MAX_FILE_SIZE && (n = fread(chunk, 1, sizeof chunk, f)) > 0) sd_buf_append(&b, chunk, n);
  bool bad = ferror(f), big = b.len > SD_MAX_FILE_SIZE;
  fclose(f);
  if (bad || big) {
    sd_buf_free(&b);
    if (error) *error = big ? "larger than 16 MiB, semdbg's limit for a file it reads" : "read error";
    return NULL;
  }
  if (len) *len = b.len;
  return sd_buf_take(&b);
}

bool sd_write_file_atomic(const char *path, const void *data, size_t len) {
  char *tmp = sd_format("%s.tmp.%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "wb");
  bool ok = f != NULL;
  if (ok) ok = fwrite(data, 1, len, f) == len;
  if (f && fclose(f) != 0) ok = false;
  if (ok) ok = rename(tmp, path) == 0;
  if (!ok) remove(tmp);
  free(tmp);
  return ok;
}

uint64_t sd_hash_bytes(const void *data, size_t n, uint64_t seed) {
  const unsigned char *p = data;
  uint64_t h = 1469598103934665603ULL ^ seed;
  for (size_t i = 0; i < n; i++) {
    h ^= p[i];
    h *= 1099511628211ULL;
  }
  return h;
}

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void sd_rng_seed(SdRng *self, uint64_t seed) {
  for (int i = 0; i < 4; i++) self->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t sd_rng_next(SdRng *self) {
  uint64_t *s = self->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

uint32_t sd_rng_below(SdRng *self, uint32_t n) {
  return (uint32_t)((sd_rng_next(self) >> 32) * (uint64_t)n >> 32);
}

double sd_rng_unit(SdRng *self) { return (double)(sd_rng_next(self) >> 11) * 0x1.0p-53; }

void sd_line_col(const char *text, size_t len, size_t offset, int *line, int *col) {
  int l = 1, c = 1;
  for (size_t i = 0; i < offset && i < len; i++) {
    if (text[i] == '\n') l++, c = 1;
    else c++;
  }
  *line = l;
  *col = c;
}

/* Slot value 0 marks an empty slot, so the key 0 is stored as 1. */
static uint64_t set_key(uint64_t key) { return key ? key : 1; }

bool sd_hash_set_has(const SdHashSet *self, uint64_t key) {
  if (!self->capacity) return false;
  key = set_key(key);
  for (uint32_t i = (uint32_t)key & (self->capacity - 1); self->slots[i]; i = (i + 1) & (self->capacity - 1))
    if (self->slots[i] == key) return true;
  return false;
}

bool sd_hash_set_add(SdHashSet *self, uint64_t key) {
  key = set_key(key);
  if (sd_hash_set_has(self, key)) return false;
  if ((self->count + 1) * 2 > self->capacity) {
    SdHashSet bigger = {sd_xcalloc(self->capacity ? self->capacity * 2 : 256, sizeof(uint64_t)),
                        self->capacity ? self->capacity * 2 : 256, 0};
    for (uint32_t i = 0; i < self->capacity; i++)
      if (self->slots[i]) sd_hash_set_add(&bigger, self->slots[i]);
    free(self->slots);
    *self = bigger;
  }
  uint32_t i = (uint32_t)key & (self->capacity - 1);
  while (self->slots[i]) i = (i + 1) & (self->capacity - 1);
  self->slots[i] = key;
  self->count++;
  return true;
}

void sd_hash_set_free(SdHashSet *self) {
  free(self->slots);
  self->slots = NULL;
  self->capacity = self->count = 0;
}

long long sd_numeral_value(const char *text, size_t len) {
  if (!len || len > 17) return -1;
  long long v = 0;
  for (size_t i = 0; i < len; i++) {
    if (text[i] < '0' || text[i] > '9') return -1;
    v = v * 10 + (text[i] - '0');
  }
  return v;
}
