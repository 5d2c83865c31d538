#!/bin/sh
# a reader that trusts each declared length: it copies that many bytes of
# data, and reads past the record (fails) when a length exceeds its data's
tr -d '\n' < "$1" | awk '{
  s = $0
  while (length(s) > 0) {
    c = index(s, ":"); n = substr(s, 1, c - 1) + 0; s = substr(s, c + 1)
    e = index(s, ","); data = substr(s, 1, e - 1); s = substr(s, e + 1)
    if (n > length(data)) exit 1
  }
  exit 0
}'
