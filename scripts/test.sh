#!/usr/bin/env bash
# What CI runs: build with -Werror and run every test, then build again with
# AddressSanitizer + UndefinedBehaviorSanitizer and run the tests there too,
# then a third time with clang's sanitizers, which also builds and runs the
# fuzz targets (tests/fuzz, scripts/fuzz.sh) for 20 s each.
#
# The diagnosis tests run one seed here, each diagnosis within a time limit
# (a guard: none needs it but expression, whose own test stops it at 150 s),
# and the data-driven diagnosis cases whose judging is quick, so that CI stays
# within 30 minutes on two cores; the sanitized pass (Z3 is about four times
# slower under ASan) runs the unit tests, the fast end-to-end tests and the
# diagnoses of the smaller examples (not the triage's three triages; its unit
# test runs there). The full check, every diagnosis and case
# on seeds 1-3 without a time limit (over an hour), is
#     SEMDBG_E2E_SEEDS="1 2 3" SEMDBG_E2E_TIME_LIMIT= SEMDBG_E2E_CASES= scripts/test.sh
# and bench/diagnose prints the figures for every example and seed.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
export SEMDBG_E2E_SEEDS=${SEMDBG_E2E_SEEDS-1}
export SEMDBG_E2E_TIME_LIMIT=${SEMDBG_E2E_TIME_LIMIT-400}
export SEMDBG_E2E_CASES=${SEMDBG_E2E_CASES-bigint config forward headerline inexpressible discount lenfield overspeed overvolt cbuffer pinchange port refund rootfew sensor shipment trimknob seqreplay pctsum regwrite batchflush adcfault callargs stampgap nestdepth tagclose fwdloop playlist rootescape wikitpl pagebreak cratefull cellcutoff lastcont pallet36 logrotate ifaceref sizeunit sstkeys userlong vlanlist orderqty setpoints quotacfg bindport posttags sheetmod defroute poolring digitsum fipscipher wdogping rebasetodo upsmonring kprinc clipframes sqlvars reorderwin alarmzone retainweek upstreamka svcargv hdrshort cellmod pollalign asmspace firshift cliprange jobretry glyphmin samplepath plurforms heatrows loopxfade canmap logdest lensmount pkgtriple checktmo scenebtn}
echo "== build (warnings are errors) and test (seeds: $SEMDBG_E2E_SEEDS)"
scripts/build.sh build -DSEMDBG_WERROR=ON
ctest --test-dir build --output-on-failure -j "$jobs"
echo "== build with -fsanitize=address,undefined and test"
scripts/build.sh build-asan -DSEMDBG_WERROR=ON -DSEMDBG_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
slow='diagnose_(cmdline|csvfield|dates|decimal|exact|expression|sumover|tlvrare|utf8)$|e2e.triage$'
if [ -n "${SEMDBG_ASAN_ALL:-}" ]; then slow='^$'; fi
SEMDBG_E2E_SEEDS=1 ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs" -E "$slow"
echo "== build with clang -fsanitize=address,undefined (and the fuzz targets), test and fuzz"
# clang's UBSan checks more than gcc's (pointer overflow, arithmetic on a null
# pointer); this pass runs the unit tests and the end-to-end tests of the
# engine's readers, parser, reducer and process handling (limits, parse cases,
# reduce, run, processes, fuzz_constraint), not the diagnoses nor those of the
# command line's surface that the two passes above cover (options, help, man
# pages, completion, packaging), so that CI stays within its time; then each
# fuzz target for $SEMDBG_FUZZ_SECONDS (20) on the seeds and the corpus it
# found before. SEMDBG_CLANG_ALL=1 runs every test but the diagnoses.
CC=clang scripts/build.sh build-clang -DSEMDBG_WERROR=ON -DSEMDBG_SANITIZE=ON -DSEMDBG_FUZZ=ON
select='^(unit\..*|e2e\.(limits|parse_cases|reduce|run|processes|fuzz_constraint))$'
if [ -n "${SEMDBG_CLANG_ALL:-}" ]; then select='^(unit|e2e)\.'; fi
ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-clang --output-on-failure -j "$jobs" -R "$select" -E 'diagnose_'
FUZZ_BUILD_DIR=build-clang scripts/fuzz.sh "${SEMDBG_FUZZ_SECONDS:-20}"
echo "== all tests passed"
