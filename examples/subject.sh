# subject.sh: sourced by the examples' harness.sh scripts (POSIX sh).
# subject_find NAME sets $subject_bin to the example's binary, looked up in
#   $SEMDBG_EXAMPLES_BIN/NAME/NAME   (a directory holding the built examples)
#   $SEMDBG_BUILD_DIR/examples/NAME/NAME
#   <project root>/build/examples/NAME/NAME   (when neither variable is set)
# and exits 127 with a "not found" message when there is none (semdbg reports
# that as a harness that cannot run, not as a failure). subject_input sets
# $subject_input to the harness's last argument: semdbg appends the input's path.

subject_find() {
  subject_name=$1
  if [ -n "${SEMDBG_EXAMPLES_BIN:-}" ]; then
    subject_bin=$SEMDBG_EXAMPLES_BIN/$subject_name/$subject_name
  elif [ -n "${SEMDBG_BUILD_DIR:-}" ]; then
    subject_bin=$SEMDBG_BUILD_DIR/examples/$subject_name/$subject_name
  else
    subject_root=$(cd "$(dirname "$0")/../.." && pwd)
    subject_bin=$subject_root/build/examples/$subject_name/$subject_name
  fi
  if [ ! -x "$subject_bin" ]; then
    echo "$0: $subject_bin: example binary not found; build it (cmake --build build)" \
      "or point SEMDBG_BUILD_DIR at your build directory" >&2
    exit 127
  fi
}

subject_input() {
  if [ $# -eq 0 ]; then
    echo "usage: $0 INPUT-FILE" >&2
    exit 127
  fi
  for subject_input; do :; done
}

# No core files. AddressSanitizer: no leak reports, a plain exit status (1)
# instead of abort(), and no symbolized stack traces (symbolizing takes ten
# times longer than the run itself); options already in ASAN_OPTIONS come
# later and win, e.g. ASAN_OPTIONS=symbolize=1 for readable reports.
ulimit -c 0 2>/dev/null
ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:symbolize=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}
export ASAN_OPTIONS
