#!/bin/sh
# a static file server handling one GET request. The C code, in order:
#
#   if (has_dotdot_segment(raw_path))        /* literal "/../" or "/..\0" */
#       return send_error(403);              /* a clean refusal */
#   url_unescape(raw_path, path);            /* "%2e" / "%2E" -> "." ... */
#   fd = open_under(docroot, path);          /* path used as it is */
#
# The traversal check runs on the raw path, before percent-decoding, and is
# not repeated after it: a segment written ".%2e", "%2e.", "%2E%2e", ...
# decodes to ".." and reaches open() (CWE-22 path traversal, the class of
# CVE-2021-41773). The harness is the server's security oracle: a ".."
# component in the decoded path handed to open() fails (exit 1). A literal
# ".." anywhere in the path is refused with 403 first, which is the
# intended behaviour (exit 0), even when an encoded one follows; "." and
# "..." segments (encoded or not) are harmless. A malformed escape is a 400
# (exit 0); a request that is not a GET request of this form is not an
# input for the program (125).
f=$1
for a in "$@"; do f=$a; done
exec awk '
function hexval(c) { return index("0123456789abcdef", tolower(c)) - 1 }
BEGIN { status = 125; lines = 0 }
{ line[++lines] = $0 }
END {
  if (lines != 3 || line[3] != "\r") exit 125
  if (line[2] !~ /^Host: [a-z0-9.]+\r$/) exit 125
  if (line[1] !~ /^GET \/[^ ]* HTTP\/1\.1\r$/) exit 125
  raw = substr(line[1], 5, length(line[1]) - 4 - length(" HTTP/1.1\r"))
  # the check: any literal ".." segment of the raw path is refused
  n = split(raw, seg, "/")
  for (i = 2; i <= n; i++)
    if (seg[i] == "..") { print "403 Forbidden: " raw; exit 0 }
  # url_unescape
  path = ""
  for (i = 1; i <= length(raw); i++) {
    c = substr(raw, i, 1)
    if (c == "%") {
      h1 = hexval(substr(raw, i + 1, 1)); h2 = hexval(substr(raw, i + 2, 1))
      if (h1 < 0 || h2 < 0 || i + 2 > length(raw)) { print "400 Bad Request: " raw; exit 0 }
      c = sprintf("%c", h1 * 16 + h2)
      i += 2
    }
    path = path c
  }
  # open_under(docroot, path): the oracle looks at what open() is given
  n = split(path, comp, "/")
  for (i = 2; i <= n; i++)
    if (comp[i] == "..") {
      printf "SECURITY: path traversal: open(\"/var/www%s\") from request path %s\n", path, raw > "/dev/stderr"
      exit 1
    }
  if (comp[n] == "") path = path "index.html"
  print "200 OK: /var/www" path
  exit 0
}' "$f"
