#!/usr/bin/env bash
# What CI runs: build with -Werror and run every test, then build again with
# AddressSanitizer + UndefinedBehaviorSanitizer and run every test there too.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
echo "== build (warnings are errors) and test"
scripts/build.sh build -DSEMDBG_WERROR=ON
ctest --test-dir build --output-on-failure -j "$jobs"
echo "== build with -fsanitize=address,undefined and test"
scripts/build.sh build-asan -DSEMDBG_WERROR=ON -DSEMDBG_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
# (Z3 runs about four times slower under ASan: the diagnoses run one seed there,
# each within a time limit)
SEMDBG_E2E_SEEDS=1 SEMDBG_E2E_TIME_LIMIT=180 ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs"
echo "== all tests passed"
