/* bench_oracle.c: how fast the oracle runs a trivial harness (`true`): runs
 * per second at -j1 and -j2, and semdbg's overhead per run against a plain
 * fork/exec+waitpid loop of the same command (/bin/sh -c 'exec true "$1"'
 * FILE). Every oracle input is distinct, so nothing comes from the cache.
 * Each figure is the best of 3 interleaved rounds.
 * usage: bench_oracle [RUNS]   (default 1000) */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "semdbg/oracle.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double plain_loop(int runs) {
  char path[] = "/tmp/bench-oracle-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return -1;
  if (write(fd, "x", 1) != 1) return -1;
  close(fd);
  double t0 = now();
  for (int i = 0; i < runs; i++) {
    pid_t pid = fork();
    if (pid == 0) {
      execl("/bin/sh", "sh", "-c", "exec true \"$1\"", "sh", path, (char *)NULL);
      _exit(127);
    }
    int status;
    waitpid(pid, &status, 0);
  }
  double t = now() - t0;
  unlink(path);
  return t;
}

static double oracle_loop(int runs, unsigned jobs, int batch) {
  SdOracleOptions o;
  sd_oracle_options_init(&o);
  o.test = "true";
  o.jobs = jobs;
  char *error = NULL;
  SdOracle *oracle = sd_oracle_new(&o, &error);
  if (!oracle) {
    fprintf(stderr, "bench_oracle: %s\n", error);
    exit(1);
  }
  char **inputs = calloc((size_t)batch, sizeof *inputs);
  size_t *lengths = calloc((size_t)batch, sizeof *lengths);
  SdVerdict *verdicts = calloc((size_t)batch, sizeof *verdicts);
  double t0 = now();
  for (int done = 0; done < runs; done += batch) {
    int n = runs - done < batch ? runs - done : batch;
    for (int i = 0; i < n; i++) {
      inputs[i] = malloc(32);
      lengths[i] = (size_t)snprintf(inputs[i], 32, "input %d", done + i);
    }
    if (!sd_oracle_run(oracle, (const char *const *)inputs, lengths, (size_t)n, verdicts)) {
      fprintf(stderr, "bench_oracle: %s\n", sd_oracle_error(oracle));
      exit(1);
    }
    for (int i = 0; i < n; i++) {
      if (verdicts[i].kind != SD_VERDICT_PASS) fprintf(stderr, "bench_oracle: run %d failed\n", i);
      sd_verdict_clear(&verdicts[i]);
      free(inputs[i]);
    }
  }
  double t = now() - t0;
  SdOracleStats st;
  sd_oracle_stats(oracle, &st);
  if (st.runs != (uint64_t)runs || st.cache_hits) fprintf(stderr, "bench_oracle: unexpected stats\n");
  sd_oracle_free(oracle);
  free(inputs);
  free(lengths);
  free(verdicts);
  return t;
}

int main(int argc, char **argv) {
  int runs = argc > 1 ? atoi(argv[1]) : 1000;
  if (runs <= 0) runs = 1000;
  oracle_loop(50, 1, 50); /* warm up */
  /* The best of 3 rounds, interleaved, so other load on the machine hurts less. */
  double plain = 1e30, j1 = 1e30, j2 = 1e30, j1_single = 1e30;
  for (int round = 0; round < 3; round++) {
    double t;
    if ((t = plain_loop(runs)) < plain) plain = t;
    if ((t = oracle_loop(runs, 1, 100)) < j1) j1 = t;
    if ((t = oracle_loop(runs, 2, 100)) < j2) j2 = t;
    if ((t = oracle_loop(runs, 1, 1)) < j1_single) j1_single = t;
  }
  printf("harness: true, %d runs each, best of 3 rounds\n", runs);
  printf("plain fork/exec+waitpid : %8.0f runs/s  %7.1f us/run\n", runs / plain, plain / runs * 1e6);
  printf("oracle -j1 (batch 100)  : %8.0f runs/s  %7.1f us/run\n", runs / j1, j1 / runs * 1e6);
  printf("oracle -j1 (batch 1)    : %8.0f runs/s  %7.1f us/run\n", runs / j1_single,
         j1_single / runs * 1e6);
  printf("oracle -j2 (batch 100)  : %8.0f runs/s  %7.1f us/run\n", runs / j2, j2 / runs * 1e6);
  printf("oracle -j1 / plain      : %.2fx (overhead %+.1f us/run)\n", j1 / plain,
         (j1 - plain) / runs * 1e6);
  return 0;
}
