/* heartbleed.c: a TLS heartbeat responder with the Heartbleed bug
 * (CVE-2014-0160), a subject for semdbg. It reads one request
 * "\x01 <payload-length> <payload> <padding>" (grammars/heartbleed.bnf) from
 * the file named by argv[1], keeps the message in a heap buffer of exactly its
 * size (type, length, payload: nothing after the payload, no NUL) and echoes
 * <payload-length> bytes of the payload back without checking the declared
 * length against the payload's real size.
 * Built with AddressSanitizer, the over-read is reported and the program exits
 * with ASan's status (1). Builds without ASan check the copy themselves and
 * abort(), so the verdicts stay the same.
 *
 * Declared lengths saturate at 65536 (more than any payload may hold: longer
 * payloads are outside the subject's domain), so the reply buffer stays small
 * while every length above the payload's size still over-reads.
 * Exit status: 0 reply sent; 125 input outside the request language or a
 * payload over 65535 bytes; 127 the input cannot be read; non-zero (ASan, or
 * SIGABRT without ASan) on the over-read. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#define HB_HAVE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HB_HAVE_ASAN 1
#endif
#endif

enum { HB_MAX_PAYLOAD = 65535, HB_LENGTH_CAP = HB_MAX_PAYLOAD + 1 };

static int outside(const char *why) {
  fprintf(stderr, "heartbleed: not a heartbeat request: %s\n", why);
  return 125;
}

static int is_alnum(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Reads the whole file; NULL (errno set) on failure. */
static char *read_input(const char *path, size_t *length) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *data = malloc(cap);
  for (size_t got; data && (got = fread(data + n, 1, cap - n, f)) > 0;) {
    n += got;
    if (n == cap) {
      char *bigger = realloc(data, cap *= 2);
      if (!bigger) free(data);
      data = bigger;
    }
  }
  int failed = !data || ferror(f);
  fclose(f);
  if (failed) {
    free(data);
    errno = errno ? errno : EIO;
    return NULL;
  }
  *length = n;
  return data;
}

/* The heartbeat response: `length` bytes starting at the payload. */
static void respond(const char *payload, size_t payload_size, size_t length) {
  char *reply = malloc(length + 1);
  if (!reply) abort();
#ifndef HB_HAVE_ASAN
  if (length > payload_size) {
    fprintf(stderr, "heartbleed: over-read of %zu bytes past a %zu-byte payload\n",
            length - payload_size, payload_size);
    abort();
  }
#else
  (void)payload_size;
#endif
  if (length > 0) memcpy(reply, payload, length); /* the bug: length is never checked */
  reply[length] = '\0';
  printf("\x02 %zu %s\n", length, reply);
  free(reply);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: heartbleed REQUEST-FILE\n");
    return 127;
  }
  size_t size;
  char *in = read_input(argv[1], &size);
  if (!in) {
    fprintf(stderr, "heartbleed: %s: %s\n", argv[1], strerror(errno));
    return 127;
  }
  int status = 0;
  size_t i = 0;
  if (size < 2 || in[0] != '\x01' || in[1] != ' ') {
    status = outside("expected the type byte \\x01 and a space");
    goto done;
  }
  i = 2;
  /* <payload-length> ::= <one-nine> <digit>* | "0" */
  size_t length = 0, digits_start = i;
  while (i < size && in[i] >= '0' && in[i] <= '9') {
    length = length * 10 + (size_t)(in[i] - '0');
    if (length > HB_LENGTH_CAP) length = HB_LENGTH_CAP;
    i++;
  }
  if (i == digits_start || (in[digits_start] == '0' && i - digits_start > 1)) {
    status = outside("bad payload length");
    goto done;
  }
  if (i >= size || in[i] != ' ') {
    status = outside("expected a space after the payload length");
    goto done;
  }
  size_t payload_start = ++i;
  while (i < size && is_alnum((unsigned char)in[i])) i++;
  size_t payload_size = i - payload_start;
  if (i >= size || in[i] != ' ') {
    status = outside("expected a space after the payload");
    goto done;
  }
  for (i++; i < size && is_alnum((unsigned char)in[i]); i++) {}
  if (i != size) {
    status = outside("unexpected character in the padding");
    goto done;
  }
  if (payload_size > HB_MAX_PAYLOAD) {
    status = outside("payload longer than 65535 bytes");
    goto done;
  }

  /* The record layer hands over the message in a heap buffer of its exact
   * size: type byte, declared length (low 16 bits), payload (the payload ends the
   * buffer, so even an empty payload's over-read leaves the allocation). */
  unsigned char *message = malloc(3 + payload_size);
  if (!message) abort();
  message[0] = 1;
  message[1] = (unsigned char)(length >> 8);
  message[2] = (unsigned char)length;
  if (payload_size > 0) memcpy(message + 3, in + payload_start, payload_size);
  respond((const char *)message + 3, payload_size, length);
  free(message);
done:
  free(in);
  return status;
}
