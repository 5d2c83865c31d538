/* portrange.c: splits a URL (grammars/portrange.bnf) into scheme, host, port
 * and path and prints where a client would connect, a subject for semdbg. It
 * imitates the classic port-truncation bug of URL parsers (curl before 7.x and
 * many others stored the parsed port in 16 bits without a range check): the
 * port is accumulated into a uint16_t, so "http://h:65616/" silently connects
 * to port 80 instead of being rejected. `portrange --fixed FILE` does what a
 * correct parser does (reject ports above 65535) and the harness compares the
 * two outputs, so the failure is exactly: a port above 65535.
 * Exit status: 0 result printed (also the fixed version's rejection); 125
 * input outside the language; 127 the input cannot be read. */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/read_file.h"

static bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_segment_char(char c) {
  return is_lower(c) || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '.' || c == '_' ||
         c == '~' || c == '-';
}

static const struct { const char *name; unsigned port; } schemes[] = {
    {"https", 443}, {"http", 80}, {"ftp", 21}, {"wss", 443}, {"ws", 80}};

int main(int argc, char **argv) {
  bool fixed = argc == 3 && !strcmp(argv[1], "--fixed");
  if (argc != 2 && !fixed) {
    fprintf(stderr, "usage: portrange [--fixed] URL-FILE\n");
    return 127;
  }
  size_t n;
  char *url = read_file(argv[argc - 1], &n);
  if (!url) {
    fprintf(stderr, "portrange: %s: %s\n", argv[argc - 1], strerror(errno));
    return 127;
  }
  const char *p = url, *end = url + n;
  int scheme = -1;
  for (size_t s = 0; s < sizeof schemes / sizeof *schemes && scheme < 0; s++) {
    size_t k = strlen(schemes[s].name);
    if ((size_t)(end - p) >= k + 3 && !memcmp(p, schemes[s].name, k) && !memcmp(p + k, "://", 3))
      scheme = (int)s, p += k + 3;
  }
  bool ok = scheme >= 0;
  /* host: labels [a-z][a-z0-9-]* separated by dots */
  const char *host = p;
  while (ok) {
    ok = p < end && is_lower(*p);
    while (p < end && (is_lower(*p) || is_digit(*p) || *p == '-')) p++;
    if (!(p < end && *p == '.')) break;
    p++;
  }
  int host_length = (int)(p - host);
  uint16_t port16 = (uint16_t)schemes[scheme < 0 ? 0 : scheme].port; /* the bug: 16 bits */
  unsigned long port = schemes[scheme < 0 ? 0 : scheme].port;
  if (ok && p < end && *p == ':') {
    const char *digits = ++p;
    while (p < end && is_digit(*p)) p++;
    ok = p > digits && p - digits <= 6 && !(*digits == '0' && p - digits > 1);
    port = 0, port16 = 0;
    for (const char *d = digits; ok && d < p; d++) {
      port = port * 10 + (unsigned long)(*d - '0');
      port16 = (uint16_t)(port16 * 10 + (*d - '0')); /* wraps modulo 65536 */
    }
  }
  const char *path = p;
  while (ok && p < end) {
    ok = *p++ == '/';
    while (ok && p < end && is_segment_char(*p)) p++;
  }
  if (!ok) {
    fprintf(stderr, "portrange: not a URL of the grammar\n");
    free(url);
    return 125;
  }
  if (fixed && port > 65535) {
    printf("rejected: port %lu out of range\n", port);
  } else {
    printf("connect %s to %.*s port %u path %s\n", schemes[scheme].name, host_length, host,
           fixed ? (unsigned)port : (unsigned)port16, *path ? path : "/");
  }
  free(url);
  return 0;
}
