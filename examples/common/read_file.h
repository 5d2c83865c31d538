/* read_file.h: the one helper the example subjects share: read a whole file
 * into a NUL-terminated buffer (the text may hold NUL bytes; *length says how
 * long it is). NULL when the file cannot be opened or memory runs out. */
#ifndef SEMDBG_EXAMPLE_READ_FILE_H
#define SEMDBG_EXAMPLE_READ_FILE_H

#include <stdio.h>
#include <stdlib.h>

static char *read_file(const char *path, size_t *length) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 256, n = 0;
  char *text = malloc(cap + 1);
  for (size_t got; text && (got = fread(text + n, 1, cap - n, f)) > 0;) {
    n += got;
    if (n == cap) {
      char *bigger = realloc(text, (cap *= 2) + 1);
      if (!bigger) free(text);
      text = bigger;
    }
  }
  fclose(f);
  if (text) text[n] = '\0';
  *length = n;
  return text;
}

#endif
