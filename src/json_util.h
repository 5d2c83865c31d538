/* json_util.h: byte strings in JSON. JSON text must be UTF-8, inputs are
 * bytes: bytes below 0x80 are kept, NUL becomes U+2400 (the "NUL" symbol)
 * and bytes 0x80-0xff become the code points U+0080-U+00FF, so every input
 * has a readable and, but for NUL, lossless JSON form. */
#ifndef SEMDBG_JSON_UTIL_H
#define SEMDBG_JSON_UTIL_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

cJSON *sd_json_bytes(const char *bytes, size_t length);
/* The inverse: the bytes of such a string (malloc'd, NUL-terminated, *length
 * set), or NULL when it holds a code point that no byte maps to. */
char *sd_json_bytes_decode(const char *text, size_t *length);

/* cJSON_Print (formatted) or cJSON_PrintUnformatted that never returns NULL:
 * like the sd_x* allocators it aborts when memory runs out. Free with cJSON_free.
 * (Keep documents shallow: cJSON prints recursively; see SD_TREE_JSON_MAX_DEPTH.) */
char *sd_json_print(const cJSON *item, bool formatted);

#endif
