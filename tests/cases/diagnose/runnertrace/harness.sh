#!/bin/sh
# a CI runner agent (in C; its logic here in awk) reads a gitlab-runner-style
# config.toml and sets each runner up as its section is read. Two bugs, both
# SIGABRT:
# - the runner's name is strcpy'd into struct runner's char name[24]; under
#   _FORTIFY_SOURCE a name of 24 characters or more (with its NUL over 24
#   bytes) aborts ("*** buffer overflow detected ***").
# - output_limit (KB) sizes the job log's ring of 4-KB chunks,
#   nchunks = output_limit / 4, and trace_init asserts nchunks > 0: a limit
#   below 4 KB aborts. concurrent, check_interval, limit,
#   request_concurrency and build_timeout take the very same numbers
#   (1, 2 and 3 included) harmlessly.
exec awk '
function abort(msg) { print msg > "/dev/stderr"; bad = 1; exit }
/^concurrent = / { concurrent = $3 + 0 }
/^check_interval = / { interval = $3 + 0 }
/^\[\[runners\]\]/ { nrunners++ }
/^  name = / {
    name = $3; gsub(/"/, "", name)
    if (length(name) + 1 > 24) abort("*** buffer overflow detected ***: terminated")
}
/^  executor = / { executor = $3 }
/^  limit = / { limit = $3 + 0 }
/^  request_concurrency = / { reqconc = $3 + 0 }
/^  build_timeout = / { timeout = $3 * 60 }
/^  output_limit = / {
    nchunks = int($3 / 4)
    if (nchunks <= 0) abort("ci-agent: trace.c:88: trace_init: Assertion `nchunks > 0'"'"' failed.")
}
END { if (bad) { system("kill -ABRT $PPID"); exit 134 } exit 0 }' "$1"
