/* json_util.c: byte strings as JSON strings, and printing that cannot
 * return NULL (see json_util.h). */
#include "json_util.h"

#include <stdio.h>
#include <stdlib.h>

#include "util.h"

cJSON *sd_json_bytes(const char *bytes, size_t length) {
  SdBuf b = {0};
  for (size_t i = 0; i < length; i++) {
    unsigned char c = (unsigned char)bytes[i];
    if (c == 0) sd_buf_puts(&b, "\xe2\x90\x80");
    else if (c < 0x80) sd_buf_putc(&b, (char)c);
    else sd_buf_putc(&b, (char)(0xc0 | (c >> 6))), sd_buf_putc(&b, (char)(0x80 | (c & 0x3f)));
  }
  cJSON *j = cJSON_CreateString(b.data ? b.data : "");
  sd_buf_free(&b);
  return j;
}

char *sd_json_print(const cJSON *item, bool formatted) {
  char *s = formatted ? cJSON_Print(item) : cJSON_PrintUnformatted(item);
  if (!s) {
    fputs("semdbg: out of memory (printing JSON)\n", stderr);
    abort();
  }
  return s;
}
