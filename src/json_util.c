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

char *sd_json_bytes_decode(const char *text, size_t *length) {
  SdBuf b = {0};
  sd_buf_append(&b, "", 0);
  for (const unsigned char *p = (const unsigned char *)text; *p;) {
    if (*p < 0x80) {
      sd_buf_putc(&b, (char)*p++);
    } else if (p[0] == 0xe2 && p[1] == 0x90 && p[2] == 0x80) {
      sd_buf_putc(&b, '\0');
      p += 3;
    } else if ((p[0] == 0xc2 || p[0] == 0xc3) && (p[1] & 0xc0) == 0x80) {
      sd_buf_putc(&b, (char)(((p[0] & 0x03) << 6) | (p[1] & 0x3f)));
      p += 2;
    } else {
      sd_buf_free(&b);
      return NULL;
    }
  }
  *length = b.len;
  return sd_buf_take(&b);
}

char *sd_json_print(const cJSON *item, bool formatted) {
  char *s = formatted ? cJSON_Print(item) : cJSON_PrintUnformatted(item);
  if (!s) {
    fputs("semdbg: out of memory (printing JSON)\n", stderr);
    abort();
  }
  return s;
}
