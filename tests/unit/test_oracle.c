/* test_oracle.c: the oracle against tests/harnesses/behave.sh, a harness that
 * acts out what its input says (exit codes, signals, hangs, forks, floods).
 * Checks verdicts, statuses, timeouts, that no process is left behind (pids
 * written to $MARKER_DIR), that the temporary directory goes away ($TMPDIR is
 * a fresh directory that must end up empty), caching, -j1 = -j4, --stdin,
 * --fail-on/--pass-on, failure kinds (--kind-regex), --reference/--compare,
 * harness errors. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "semdbg/oracle.h"
#include "test.h"

#define HARNESS SEMDBG_SOURCE_DIR "/tests/harnesses/behave.sh"

static char tmp_root[64], marker_dir[64];

static SdOracle *make(SdOracleOptions *o) {
  char *error = NULL;
  SdOracle *self = sd_oracle_new(o, &error);
  if (!self) fprintf(stderr, "sd_oracle_new: %s\n", error);
  free(error);
  CHECK(self != NULL);
  return self;
}

static void options(SdOracleOptions *o, double timeout, unsigned jobs) {
  sd_oracle_options_init(o);
  o->test = HARNESS;
  o->timeout = timeout;
  o->jobs = jobs;
}

/* Run inputs given as C strings. */
static bool run_strings(SdOracle *self, const char **texts, size_t n, SdVerdict *v) {
  size_t lengths[64];
  for (size_t i = 0; i < n; i++) lengths[i] = strlen(texts[i]);
  return sd_oracle_run(self, texts, lengths, n, v);
}

static void clear_all(SdVerdict *v, size_t n) {
  for (size_t i = 0; i < n; i++) sd_verdict_clear(&v[i]);
}

static size_t dir_entries(const char *path) {
  DIR *d = opendir(path);
  if (!d) return (size_t)-1;
  size_t n = 0;
  struct dirent *e;
  while ((e = readdir(d)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
  closedir(d);
  return n;
}

/* Is the process gone (or a zombie waiting for init)? Waits up to 3 s. */
static bool process_gone(pid_t pid) {
  for (int k = 0; k < 300; k++) {
    char path[64], stat[512] = "";
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return true;
    size_t n = fread(stat, 1, sizeof stat - 1, f);
    fclose(f);
    stat[n] = '\0';
    const char *p = strrchr(stat, ')');
    if (p && p[1] == ' ' && p[2] == 'Z') return true;
    struct timespec ts = {0, 10000000};
    nanosleep(&ts, NULL);
  }
  return false;
}

/* Every pid in the marker files is gone; returns how many were checked. */
static int check_markers_gone(void) {
  DIR *d = opendir(marker_dir);
  int checked = 0;
  struct dirent *e;
  while (d && (e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    char path[512];
    snprintf(path, sizeof path, "%s/%s", marker_dir, e->d_name);
    FILE *f = fopen(path, "r");
    int pid;
    while (f && fscanf(f, "%d", &pid) == 1) {
      checked++;
      bool gone = process_gone(pid);
      if (!gone) fprintf(stderr, "process %d (%s) left behind\n", pid, e->d_name);
      CHECK(gone);
      if (!gone) kill(pid, SIGKILL);
    }
    if (f) fclose(f);
    unlink(path);
  }
  if (d) closedir(d);
  return checked;
}

static void test_exit_statuses(void) {
  SdOracleOptions o;
  options(&o, 5, 4);
  SdOracle *self = make(&o);
  const char *in[] = {"exit 0", "exit 1", "exit 42", "exit 125", "exit 126", "exit 127",
                      "segv",   "abort",  "delete",  "slow 0.3", "fork a"};
  enum { N = sizeof in / sizeof in[0] };
  SdVerdict v[N];
  CHECK(run_strings(self, in, N, v));
  CHECK(v[0].kind == SD_VERDICT_PASS && v[0].exit_status == 0 && v[0].signal == 0);
  CHECK(v[1].kind == SD_VERDICT_FAIL && v[1].exit_status == 1);
  CHECK(v[2].kind == SD_VERDICT_FAIL && v[2].exit_status == 42);
  CHECK(v[3].kind == SD_VERDICT_UNDEFINED && v[3].exit_status == 125);
  CHECK(v[4].kind == SD_VERDICT_FAIL && v[4].exit_status == 126);
  CHECK(v[5].kind == SD_VERDICT_FAIL && v[5].exit_status == 127);
  CHECK(v[6].kind == SD_VERDICT_FAIL && v[6].signal == SIGSEGV && v[6].exit_status == -1);
  CHECK(v[6].reason == SD_REASON_SIGNAL);
  CHECK(v[7].kind == SD_VERDICT_FAIL && v[7].signal == SIGABRT);
  CHECK(v[8].kind == SD_VERDICT_FAIL && v[8].exit_status == 1); /* deleted its input */
  CHECK(v[9].kind == SD_VERDICT_PASS && v[9].seconds >= 0.3 && !v[9].timed_out);
  /* The fork leaves a child holding stdout open: no waiting for EOF. */
  CHECK(v[10].kind == SD_VERDICT_FAIL && v[10].exit_status == 1 && !v[10].timed_out);
  CHECK(v[10].seconds < 3.0);
  CHECK_STR(v[10].out, "forked\n");
  for (int i = 0; i < N; i++) CHECK(!v[i].timed_out && !v[i].cached);
  char text[64];
  sd_verdict_status_text(&v[6], text, sizeof text);
  CHECK_STR(text, "signal 11 (SEGV)");
  sd_verdict_status_text(&v[2], text, sizeof text);
  CHECK_STR(text, "exit 42");
  SdOracleStats st;
  sd_oracle_stats(self, &st);
  CHECK(st.runs == N && st.pass == 2 && st.undefined == 1 && st.fail == N - 3);
  CHECK(st.cache_hits == 0 && st.harness_seconds >= 0.3);
  /* Input files are removed after each run. */
  CHECK(dir_entries(sd_oracle_tmpdir(self)) == 0);
  clear_all(v, N);
  sd_oracle_free(self);
  CHECK(check_markers_gone() == 1);
}

static void test_timeouts(void) {
  SdOracleOptions o;
  options(&o, 0.5, 4);
  SdOracle *self = make(&o);
  const char *in[] = {"hang t", "ignore-term t", "exit 0"};
  SdVerdict v[3];
  CHECK(run_strings(self, in, 3, v));
  CHECK(v[0].kind == SD_VERDICT_FAIL && v[0].timed_out && v[0].signal == SIGTERM);
  CHECK(v[0].reason == SD_REASON_TIMEOUT);
  CHECK(v[0].seconds >= 0.5 && v[0].seconds < 2.5);
  /* ignores SIGTERM: killed after the grace period */
  CHECK(v[1].kind == SD_VERDICT_FAIL && v[1].timed_out && v[1].signal == SIGKILL);
  CHECK(v[1].seconds >= 0.9 && v[1].seconds < 3.0);
  CHECK(v[2].kind == SD_VERDICT_PASS && !v[2].timed_out);
  SdOracleStats st;
  sd_oracle_stats(self, &st);
  CHECK(st.timeouts == 2);
  clear_all(v, 3);
  sd_oracle_free(self);
  CHECK(check_markers_gone() == 3);

  /* --timeout-verdict */
  options(&o, 0.3, 2);
  o.timeout_verdict = SD_VERDICT_UNDEFINED;
  self = make(&o);
  const char *hang[] = {"hang u"};
  CHECK(run_strings(self, hang, 1, v));
  CHECK(v[0].kind == SD_VERDICT_UNDEFINED && v[0].timed_out);
  sd_verdict_clear(&v[0]);
  sd_oracle_free(self);
  CHECK(check_markers_gone() == 1);
}

static void test_flood(void) {
  SdOracleOptions o;
  options(&o, 20, 2);
  SdOracle *self = make(&o);
  SdVerdict v;
  CHECK(sd_oracle_run1(self, "flood", 5, &v));
  CHECK(v.kind == SD_VERDICT_PASS);
  CHECK(v.out_total == 100000000 && v.out_len == 64 * 1024);
  CHECK(v.err_len == 5 && !memcmp(v.err, "done\n", 5));
  sd_verdict_clear(&v);
  sd_oracle_free(self);
}

static void test_stdin(void) {
  SdOracleOptions o;
  options(&o, 5, 2);
  o.use_stdin = true;
  SdOracle *self = make(&o);
  const char *in[] = {"echo hello world", "exit 3"};
  SdVerdict v[2];
  CHECK(run_strings(self, in, 2, v));
  CHECK(v[0].kind == SD_VERDICT_PASS);
  CHECK_STR(v[0].out, "hello world\n");
  CHECK(v[1].kind == SD_VERDICT_FAIL && v[1].exit_status == 3);
  clear_all(v, 2);
  sd_oracle_free(self);

  /* {} placement: the path goes where {} is. */
  options(&o, 5, 2);
  o.test = "cat {} {}";
  self = make(&o);
  CHECK(run_strings(self, (const char *[]){"ab"}, 1, v));
  CHECK_STR(v[0].out, "abab");
  sd_verdict_clear(&v[0]);
  sd_oracle_free(self);
}

/* The same verdicts (and outputs) whatever -j is. */
static void test_jobs_determinism(void) {
  const char *in[] = {"exit 0", "slow 0.2", "exit 1",  "echo a b", "segv",    "exit 125",
                      "hang d", "exit 7",   "slow 0.1", "err x y", "exit 0",  "echo c d",
                      "abort",  "exit 2",   "outfail e", "slow 0.05"};
  enum { N = sizeof in / sizeof in[0] };
  SdVerdict a[N], b[N];
  SdOracleOptions o;
  /* a timeout far above the slow inputs' 0.2 s, so that a loaded machine
     cannot turn one of them into a timeout in one run and not the other */
  options(&o, 3, 1);
  SdOracle *self = make(&o);
  CHECK(run_strings(self, in, N, a));
  sd_oracle_free(self);
  options(&o, 3, 4);
  self = make(&o);
  CHECK(run_strings(self, in, N, b));
  SdOracleStats st;
  sd_oracle_stats(self, &st);
  CHECK(st.runs == N - 1 && st.cache_hits == 1); /* "exit 0" twice */
  sd_oracle_free(self);
  for (int i = 0; i < N; i++) {
    CHECK(a[i].kind == b[i].kind);
    CHECK(a[i].exit_status == b[i].exit_status && a[i].signal == b[i].signal);
    CHECK(a[i].timed_out == b[i].timed_out && a[i].cached == b[i].cached);
    CHECK(a[i].out_len == b[i].out_len && !memcmp(a[i].out, b[i].out, a[i].out_len));
    CHECK(a[i].err_len == b[i].err_len && !memcmp(a[i].err, b[i].err, a[i].err_len));
  }
  CHECK(a[10].cached && a[10].kind == SD_VERDICT_PASS);
  CHECK(a[6].timed_out && a[4].signal == SIGSEGV);
  clear_all(a, N);
  clear_all(b, N);
  CHECK(check_markers_gone() == 2); /* "hang d" ran once per oracle */
}

static void test_cache(void) {
  SdOracleOptions o;
  options(&o, 5, 2);
  SdOracle *self = make(&o);
  const char *in[] = {"exit 1", "exit 0", "exit 1"};
  SdVerdict v[3];
  CHECK(run_strings(self, in, 3, v));
  CHECK(!v[0].cached && !v[1].cached && v[2].cached);
  CHECK(v[2].kind == SD_VERDICT_FAIL && v[2].exit_status == 1);
  SdOracleStats st;
  sd_oracle_stats(self, &st);
  CHECK(st.runs == 2 && st.cache_hits == 1);
  clear_all(v, 3);
  /* A second batch: all from the cache; a prefix is a different input. */
  const char *again[] = {"exit 0", "exit 1", "exit 1 "};
  CHECK(run_strings(self, again, 3, v));
  CHECK(v[0].cached && v[1].cached && !v[2].cached);
  CHECK(v[0].kind == SD_VERDICT_PASS && v[1].kind == SD_VERDICT_FAIL);
  sd_oracle_stats(self, &st);
  CHECK(st.runs == 3 && st.cache_hits == 3);
  clear_all(v, 3);
  sd_oracle_free(self);
}

/* A view made by sd_oracle_share: the same cache, its own stats. */
static void test_share(void) {
  SdOracleOptions o;
  options(&o, 5, 2);
  SdOracle *self = make(&o);
  const char *in[] = {"exit 1", "exit 0"};
  SdVerdict v[2];
  CHECK(run_strings(self, in, 2, v));
  clear_all(v, 2);
  SdOracle *view = sd_oracle_share(self), *view2 = sd_oracle_share(view);
  const char *more[] = {"exit 0", "exit 3"};
  CHECK(run_strings(view, more, 2, v));
  CHECK(v[0].cached && v[0].kind == SD_VERDICT_PASS && !v[1].cached && v[1].exit_status == 3);
  clear_all(v, 2);
  CHECK(run_strings(view2, more, 2, v)); /* a view of a view shares the same oracle */
  CHECK(v[0].cached && v[1].cached);
  clear_all(v, 2);
  SdOracleStats st, sv, sv2;
  sd_oracle_stats(self, &st);
  sd_oracle_stats(view, &sv);
  sd_oracle_stats(view2, &sv2);
  CHECK(st.runs == 3 && st.cache_hits == 3);
  CHECK(sv.runs == 1 && sv.cache_hits == 1 && sv.fail == 1 && sv.pass == 0);
  CHECK(sv2.runs == 0 && sv2.cache_hits == 2);
  CHECK(!strcmp(sd_oracle_tmpdir(view), sd_oracle_tmpdir(self)));
  sd_oracle_free(view2);
  sd_oracle_free(view);
  CHECK(dir_entries(sd_oracle_tmpdir(self)) != (size_t)-1); /* the views leave it alone */
  sd_oracle_free(self);
}

static void test_regexes(void) {
  SdOracleOptions o;
  options(&o, 5, 2);
  o.fail_on = "^ERROR";
  o.pass_on = "known (bug|issue)";
  SdOracle *self = make(&o);
  const char *in[] = {"out ERROR: boom", "err ERROR: boom", "outfail known bug",
                      "out no ERROR",    "outfail other",   "out ERROR known bug"};
  SdVerdict v[6];
  CHECK(run_strings(self, in, 6, v));
  CHECK(v[0].kind == SD_VERDICT_FAIL && v[0].reason == SD_REASON_FAIL_ON && v[0].exit_status == 0);
  CHECK(v[1].kind == SD_VERDICT_FAIL && v[1].reason == SD_REASON_FAIL_ON);
  CHECK(v[2].kind == SD_VERDICT_PASS && v[2].reason == SD_REASON_PASS_ON && v[2].exit_status == 1);
  CHECK(v[3].kind == SD_VERDICT_PASS && v[3].reason == SD_REASON_STATUS); /* ^ anchors */
  CHECK(v[4].kind == SD_VERDICT_FAIL && v[4].reason == SD_REASON_STATUS);
  CHECK(v[5].kind == SD_VERDICT_FAIL && v[5].reason == SD_REASON_FAIL_ON); /* fail-on wins */
  clear_all(v, 6);
  sd_oracle_free(self);

  /* A regex that hits PCRE2's match limit is an error, not "no match" (a pass). */
  options(&o, 5, 1);
  o.fail_on = "^(a|aa)+$";
  self = make(&o);
  const char *slow[] = {"out aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab"};
  CHECK(!run_strings(self, slow, 1, v));
  CHECK(v[0].kind == SD_VERDICT_UNDEFINED && v[0].reason == SD_REASON_REGEX_ERROR);
  CHECK(strstr(sd_oracle_error(self), "--fail-on: the regular expression could not be matched"));
  CHECK(strstr(sd_oracle_error(self), "match limit"));
  clear_all(v, 1);
  sd_oracle_free(self);

  /* Option parsing: a bad regex names the option, the offset and PCRE2's message. */
  sd_oracle_options_init(&o);
  char *argv[] = {"run", "--fail-on", "(abc", "--pass-on=[z", "--timeout", "0.25", "-j3",
                  "--compare=stdout", "x", NULL};
  int argc = 9, i = 1;
  bool consumed;
  char *error = NULL;
  CHECK(!sd_oracle_options_parse_arg(&o, argc, argv, &i, &consumed, &error));
  CHECK(error && strstr(error, "--fail-on") && strstr(error, "offset 4") &&
        strstr(error, "missing closing parenthesis"));
  free(error);
  error = NULL;
  i = 3;
  CHECK(!sd_oracle_options_parse_arg(&o, argc, argv, &i, &consumed, &error));
  CHECK(error && strstr(error, "--pass-on") && strstr(error, "missing terminating ]"));
  free(error);
  error = NULL;
  i = 4;
  CHECK(sd_oracle_options_parse_arg(&o, argc, argv, &i, &consumed, &error) && consumed);
  CHECK(i == 5 && o.timeout == 0.25);
  i = 6;
  CHECK(sd_oracle_options_parse_arg(&o, argc, argv, &i, &consumed, &error) && consumed);
  CHECK(o.jobs == 3);
  i = 7;
  CHECK(sd_oracle_options_parse_arg(&o, argc, argv, &i, &consumed, &error) && consumed);
  CHECK(o.compare == SD_COMPARE_STDOUT);
  i = 8;
  CHECK(sd_oracle_options_parse_arg(&o, argc, argv, &i, &consumed, &error) && !consumed);
  CHECK(!sd_oracle_options_validate(&o, &error)); /* no --test */
  free(error);
  o.test = "true";
  o.fail_on = "(";
  error = NULL;
  CHECK(sd_oracle_new(&o, &error) == NULL && error && strstr(error, "--fail-on"));
  free(error);
}

/* Failure kinds: exit:N, signal:NAME, timeout, the reason of a failure that
 * exited 0, --kind-regex's first group (or whole match), kept by the cache. */
static void test_kinds(void) {
  SdOracleOptions o;
  options(&o, 0.5, 2);
  o.fail_on = "^ERROR";
  SdOracle *self = make(&o);
  const char *in[] = {"exit 42", "segv", "abort", "hang k", "exit 0", "exit 125", "out ERROR: x"};
  const char *want[] = {"exit:42", "signal:SIGSEGV", "signal:SIGABRT", "timeout", "", "", "fail-on"};
  SdVerdict v[7];
  CHECK(run_strings(self, in, 7, v));
  for (int k = 0; k < 7; k++) CHECK_STR(sd_verdict_failure_kind(&v[k]), want[k]);
  CHECK(v[4].failure_kind == NULL && v[5].failure_kind == NULL);
  clear_all(v, 7);
  sd_oracle_free(self);

  options(&o, 5, 2);
  o.kind_regex = "SUMMARY: \\S+: (\\S+)|(?:ERR[0-9]+)";
  self = make(&o);
  const char *in2[] = {"outfail SUMMARY: AddressSanitizer: heap-buffer-overflow", "outfail nothing",
                       "out SUMMARY: AddressSanitizer: leak", "outfail ERR42", "exit 3"};
  const char *want2[] = {"heap-buffer-overflow", "exit:1", "", "ERR42", "exit:3"};
  CHECK(run_strings(self, in2, 5, v));
  for (int k = 0; k < 5; k++) CHECK_STR(sd_verdict_failure_kind(&v[k]), want2[k]);
  clear_all(v, 5);
  CHECK(run_strings(self, in2, 1, v)); /* from the cache, with its kind */
  CHECK(v[0].cached);
  CHECK_STR(sd_verdict_failure_kind(&v[0]), "heap-buffer-overflow");
  SdVerdict copy;
  sd_verdict_copy(&copy, &v[0]);
  CHECK(copy.failure_kind != v[0].failure_kind);
  CHECK_STR(copy.failure_kind, "heap-buffer-overflow");
  sd_verdict_clear(&copy);
  clear_all(v, 1);
  sd_oracle_free(self);

  sd_oracle_options_init(&o);
  char *argv[] = {"run", "--kind-regex", "(x", "--kind-regex=a(b)", NULL};
  int i = 1;
  bool consumed;
  char *error = NULL;
  CHECK(!sd_oracle_options_parse_arg(&o, 4, argv, &i, &consumed, &error));
  CHECK(error && strstr(error, "--kind-regex: bad regular expression"));
  free(error);
  error = NULL;
  i = 3;
  CHECK(sd_oracle_options_parse_arg(&o, 4, argv, &i, &consumed, &error) && consumed);
  CHECK_STR(o.kind_regex, "a(b)");
}

static void test_reference(void) {
  SdOracleOptions o;
  options(&o, 5, 4);
  o.reference = "BEHAVE_VARIANT=ref " HARNESS;
  SdOracle *self = make(&o);
  const char *in[] = {"exit 0",          "exit 3",           "zeros 10 same", "zeros 10 sama",
                      "zeros 100000 same", "zeros 100000 sama", "exit 125"};
  SdVerdict v[7];
  CHECK(run_strings(self, in, 7, v));
  CHECK(v[0].kind == SD_VERDICT_PASS && v[0].reason == SD_REASON_REFERENCE_SAME);
  /* the reference runs the same input, so it exits 3 too */
  CHECK(v[1].kind == SD_VERDICT_PASS && v[1].ref_exit_status == 3);
  CHECK(v[2].kind == SD_VERDICT_PASS);
  CHECK(v[3].kind == SD_VERDICT_FAIL && v[3].reason == SD_REASON_REFERENCE_STDOUT);
  CHECK(v[4].kind == SD_VERDICT_PASS && v[4].out_total == 100005);
  /* differs only after the captured 64 KiB: found by the full-stream hash */
  CHECK(v[5].kind == SD_VERDICT_FAIL && v[5].reason == SD_REASON_REFERENCE_STDOUT);
  CHECK(v[6].kind == SD_VERDICT_UNDEFINED);
  SdOracleStats st;
  sd_oracle_stats(self, &st);
  CHECK(st.runs == 7 && st.reference_runs == 7);
  clear_all(v, 7);
  sd_oracle_free(self);

  /* Status comparison against a reference that always exits 0 silently. */
  const char *in2[] = {"exit 0", "exit 3", "echo x y"};
  SdCompare modes[3] = {SD_COMPARE_BOTH, SD_COMPARE_STATUS, SD_COMPARE_STDOUT};
  SdVerdictKind want[3][3] = {{SD_VERDICT_PASS, SD_VERDICT_FAIL, SD_VERDICT_FAIL},
                              {SD_VERDICT_PASS, SD_VERDICT_FAIL, SD_VERDICT_PASS},
                              {SD_VERDICT_PASS, SD_VERDICT_PASS, SD_VERDICT_FAIL}};
  for (int m = 0; m < 3; m++) {
    options(&o, 5, 2);
    o.reference = "true";
    o.compare = modes[m];
    self = make(&o);
    CHECK(run_strings(self, in2, 3, v));
    for (int k = 0; k < 3; k++) {
      if (v[k].kind != want[m][k]) fprintf(stderr, "compare mode %d input %d\n", m, k);
      CHECK(v[k].kind == want[m][k]);
    }
    CHECK(m != 0 || v[1].reason == SD_REASON_REFERENCE_STATUS);
    clear_all(v, 3);
    sd_oracle_free(self);
  }
}

static void test_harness_errors(void) {
  SdOracleOptions o;
  SdVerdict v[3];
  /* command not found */
  options(&o, 5, 2);
  o.test = "/nonexistent/harness";
  SdOracle *self = make(&o);
  CHECK(!run_strings(self, (const char *[]){"a", "b"}, 2, v));
  CHECK(strstr(sd_oracle_error(self), "could not run") && strstr(sd_oracle_error(self), "not found"));
  clear_all(v, 2);
  sd_oracle_free(self);

  /* not executable */
  char path[128];
  snprintf(path, sizeof path, "%s/noexec.sh", tmp_root);
  FILE *f = fopen(path, "w");
  fputs("#!/bin/sh\nexit 0\n", f);
  fclose(f);
  options(&o, 5, 2);
  o.test = path;
  self = make(&o);
  CHECK(!run_strings(self, (const char *[]){"a"}, 1, v));
  CHECK(strstr(sd_oracle_error(self), "Permission denied") != NULL);
  CHECK(strstr(sd_oracle_error(self), "exit status 126") != NULL);
  sd_verdict_clear(&v[0]);
  sd_oracle_free(self);
  unlink(path);

  /* 127 on every input of the first batch, with no message */
  options(&o, 5, 2);
  self = make(&o);
  CHECK(!run_strings(self, (const char *[]){"exit 127", "exit 126"}, 2, v));
  CHECK(strstr(sd_oracle_error(self), "could not run") != NULL);
  clear_all(v, 2);
  /* ... later batches: a plain failure */
  CHECK(run_strings(self, (const char *[]){"exit 127", "exit 0"}, 2, v));
  CHECK(v[0].kind == SD_VERDICT_FAIL && v[0].exit_status == 127 && v[1].kind == SD_VERDICT_PASS);
  clear_all(v, 2);
  sd_oracle_free(self);

  /* the shell's message on one input is enough; stderr's first line is quoted */
  options(&o, 5, 1);
  self = make(&o);
  CHECK(!run_strings(self, (const char *[]){"exit 0", "notfound", "exit 1"}, 3, v));
  CHECK(strstr(sd_oracle_error(self), "sh: 1: frobnicate: not found") != NULL);
  clear_all(v, 3);
  sd_oracle_free(self);

  /* the reference cannot run */
  options(&o, 5, 2);
  o.reference = "/nonexistent/reference";
  self = make(&o);
  CHECK(!run_strings(self, (const char *[]){"exit 0"}, 1, v));
  CHECK(strstr(sd_oracle_error(self), "reference") != NULL);
  sd_verdict_clear(&v[0]);
  sd_oracle_free(self);
}

static void test_tmpdir(void) {
  SdOracleOptions o;
  options(&o, 5, 2);
  SdOracle *self = make(&o);
  const char *dir = sd_oracle_tmpdir(self);
  CHECK(!strncmp(dir, tmp_root, strlen(tmp_root)));
  struct stat st;
  CHECK(stat(dir, &st) == 0 && S_ISDIR(st.st_mode) && (st.st_mode & 0777) == 0700);
  /* leftovers of a harness (files, a directory) are removed too */
  char path[256];
  snprintf(path, sizeof path, "%s/sub", dir);
  mkdir(path, 0700);
  snprintf(path, sizeof path, "%s/sub/file", dir);
  FILE *f = fopen(path, "w");
  fputs("x", f);
  fclose(f);
  sd_oracle_free(self);
  CHECK(dir_entries(tmp_root) == 0);
}

int main(void) {
  strcpy(tmp_root, "/tmp/sd-oracle-test-XXXXXX");
  strcpy(marker_dir, "/tmp/sd-oracle-marks-XXXXXX");
  if (!mkdtemp(tmp_root) || !mkdtemp(marker_dir)) return 1;
  setenv("TMPDIR", tmp_root, 1);
  setenv("MARKER_DIR", marker_dir, 1);
  RUN(test_exit_statuses);
  RUN(test_timeouts);
  RUN(test_flood);
  RUN(test_stdin);
  RUN(test_jobs_determinism);
  RUN(test_cache);
  RUN(test_share);
  RUN(test_regexes);
  RUN(test_kinds);
  RUN(test_reference);
  RUN(test_harness_errors);
  RUN(test_tmpdir);
  size_t left = dir_entries(tmp_root);
  if (left) fprintf(stderr, "%zu entries left in %s\n", left, tmp_root);
  CHECK(left == 0);
  rmdir(tmp_root);
  check_markers_gone();
  rmdir(marker_dir);
  return test_report();
}
