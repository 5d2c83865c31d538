/* oracle.c: runs the test command on inputs and turns each run into a verdict.
 *
 * How: each input is written to a fresh file in a private temporary directory
 * (mkdtemp under $TMPDIR, else /dev/shm when it is tmpfs, else /tmp) and the
 * command runs as
 *   /bin/sh -c 'CMD "$1"' sh FILE     (or CMD with {} replaced by "$1")
 * so the path never goes through the shell's parser (that is the quoting);
 * when CMD is a simple command (no ; & | ( ) ` $( or newline, no leading
 * VAR=value or keyword) it gets an `exec` prefix, so that the program's own
 * death by a signal is seen (dash would otherwise report 128+N) and a fork is
 * saved. With --stdin the file is opened as standard input instead.
 * Processes are started with posix_spawn in a new process group; stdout and
 * stderr go to non-blocking pipes. One thread runs an event loop: ppoll() over
 * all pipes with SIGCHLD (blocked elsewhere, a no-op handler) unblocked only
 * inside ppoll, so a child's exit wakes the loop without races; waitid(WNOWAIT)
 * finds exited processes, whose group is SIGKILLed before reaping, and whose
 * pipes are drained without waiting for EOF (a leftover grandchild holding
 * them open cannot stall us). A run past --timeout gets SIGTERM on its group,
 * then SIGKILL after kill_grace. Output beyond capture_limit is read and
 * dropped (hashed when stdout is compared with a reference).
 * Verdicts follow `git bisect run`; see decide(); a failing one carries its
 * kind (--kind-regex's first group, else exit:N, signal:NAME, timeout).
 * Identical inputs (FNV-1a 64
 * hash, then the bytes compared) run once per oracle: a cache of verdicts, and
 * duplicates inside a batch share one run. Verdicts land in submission order
 * whatever -j is; nothing depends on completion order but the wall times.
 * SIGINT/SIGTERM/SIGHUP handlers (installed while an oracle lives) kill the
 * running groups, remove the temp directories (async-signal-safe code only)
 * and re-raise the signal with its previous disposition.
 *
 * Harness errors (the test command cannot run at all), the rule:
 *  - posix_spawn of /bin/sh fails, or an input file cannot be written;
 *  - a run exits with 126 or 127 (the shell's "cannot execute" / "not found")
 *    and its stderr says "not found", "Permission denied", "No such file",
 *    "cannot execute" or "Exec format error";
 *  - in the first batch that runs anything, every run exits with 126/127.
 * The same rule applies to the --reference command. Otherwise 126 and 127 are
 * plain failures (a program may fail with them on some inputs). */
#define _GNU_SOURCE
#define PCRE2_CODE_UNIT_WIDTH 8
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pcre2.h>
#include <poll.h>
#include <signal.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "array.h"
#include "semdbg/oracle.h"
#include "semdbg/stop.h"
#include "util.h"

extern char **environ;

/* Defined in oracle_options.c. */
pcre2_code *sd_oracle_compile_regex(const char *option, const char *pattern, char **error);

#define FNV_BASIS 1469598103934665603ULL
#define FNV_PRIME 1099511628211ULL
#define READ_CHUNK 65536
#define DRAIN_LIMIT (8u << 20) /* bytes read per stream after the process exited */

typedef struct Stream {
  int fd;
  SdBuf buf;
  uint64_t total, hash;
  bool hashing;
} Stream;

/* One process: the test command or the reference on one input. */
typedef struct Run {
  uint32_t input;
  bool reference, done;
  int exit_status, signal;
  bool timed_out;
  double seconds;
  char *out, *err;
  size_t out_len, err_len;
  uint64_t out_total, err_total, out_hash;
} Run;

typedef struct Slot {
  volatile pid_t pid; /* 0: free; read by the signal handler */
  Run *run;
  Stream out, err;
  char *path;
  double start, deadline, kill_at;
  bool term_sent, kill_sent;
  bool abandoned; /* killed because the batch stopped: no verdict */
  uint64_t seq;   /* the run's number (in its environment tag) */
  char env_tag[128];
} Slot;

typedef struct CacheEntry {
  uint64_t hash;
  char *input;
  size_t length;
  SdVerdict verdict;
} CacheEntry;

struct SdOracle {
  SdOracle *shared;    /* a view made by sd_oracle_share: runs go to this oracle */
  SdOracle *next_live; /* registry walked by the signal handler */
  char tmpdir[PATH_MAX];
  Slot *slots;
  unsigned jobs;

  SdOracleOptions opts; /* strings below are owned copies */
  char *test, *reference, *script, *ref_script;
  pcre2_code *fail_re, *pass_re, *kind_re;
  pcre2_match_data *match_data;
  pcre2_match_context *match_context;

  uint64_t file_seq;
  bool ran_batch; /* a batch with runs happened (for the 126/127 rule) */
  bool uncached;  /* this batch neither reads nor fills the cache (sd_oracle_rerun) */
  bool stopped;   /* the last batch was cut short by sd_stop_requested() */
  char tag[96];   /* "SEMDBG_RUN_<pid>_<suffix>=": with the run's number, in every
                     harness's environment */
  char **env;     /* environ plus the tag (its last entry is set for each run) */
  size_t env_tag_index;
  pid_t guard;    /* the guardian process (0: none) */
  int guard_fd;   /* the write end of its pipe: EOF tells it semdbg is gone */
  char *error;
  SdOracleStats stats;

  Array(CacheEntry) cache;
  uint32_t *table; /* open addressing: entry index + 1, 0 = empty */
  uint32_t table_cap;
};

/* ---------- time, hashing ---------- */

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t fnv_update(uint64_t h, const void *data, size_t n) {
  const unsigned char *p = data;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * FNV_PRIME;
  return h;
}

/* ---------- signal handling and the registry of live oracles ---------- */

static const int fatal_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define N_FATAL (sizeof fatal_signals / sizeof fatal_signals[0])
static struct sigaction saved_fatal[N_FATAL];
static bool fatal_installed[N_FATAL];
static SdOracle *volatile live_oracles;
static volatile sig_atomic_t chld_seen;

/* Remove a directory tree with async-signal-safe calls only. */
static void remove_tree_at(int parent, const char *name, int depth) {
  int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd >= 0) {
    char buf[4096] __attribute__((aligned(8)));
    for (int pass = 0; pass < 8; pass++) {
      bool any = false;
      ssize_t n;
      lseek(fd, 0, SEEK_SET);
      while ((n = getdents64(fd, buf, sizeof buf)) > 0) {
        for (ssize_t off = 0; off < n;) {
          struct dirent64 *d = (struct dirent64 *)(buf + off);
          off += d->d_reclen;
          if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, "..")) continue;
          any = true;
          if (unlinkat(fd, d->d_name, 0) != 0 && (errno == EISDIR || errno == EPERM) && depth < 16)
            remove_tree_at(fd, d->d_name, depth + 1);
        }
      }
      if (!any) break;
    }
    close(fd);
  }
  unlinkat(parent, name, AT_REMOVEDIR);
}

static void kill_group(pid_t pid, int sig) {
  kill(-pid, sig);
  kill(pid, sig); /* in case it left its group */
}

static void on_fatal_signal(int sig) {
  if (sd_stop_catching(sig)) return; /* a graceful stop: the event loop sees the flag */
  int saved_errno = errno;
  for (SdOracle *o = live_oracles; o; o = o->next_live) {
    for (unsigned s = 0; s < o->jobs; s++) {
      pid_t pid = o->slots[s].pid;
      if (pid > 0) kill_group(pid, SIGKILL);
    }
    remove_tree_at(AT_FDCWD, o->tmpdir, 0);
  }
  for (size_t k = 0; k < N_FATAL; k++)
    if (fatal_signals[k] == sig) sigaction(sig, &saved_fatal[k], NULL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  raise(sig);
  errno = saved_errno;
}

/* ---------- the guardian, and orphans ----------
 *
 * Three nets catch a harness's processes, whatever they do:
 *  - each run is a process group (killed whole after the run), and its first
 *    process has PR_SET_PDEATHSIG(SIGKILL): it dies with semdbg;
 *  - semdbg is a child subreaper (PR_SET_CHILD_SUBREAPER): a process whose
 *    parent dies (a double fork, a daemon after setsid) becomes semdbg's
 *    child, and after every run semdbg kills and reaps every child that is
 *    not a run (orphan_sweep);
 *  - every harness's environment carries a tag, SEMDBG_RUN_<pid>_<suffix>=<run>,
 *    which its descendants inherit. The sweep spares an orphan whose tag
 *    names a run still in progress (a harness may run a daemon for its
 *    duration), and an untagged one while any run is in progress. A guardian
 *    process, forked when the
 *    oracle is made, waits for EOF on a pipe whose write end only semdbg
 *    holds, so it wakes when semdbg ends for any reason (SIGKILL too), then
 *    kills every process whose /proc/PID/environ holds the tag and removes
 *    the temporary directory. A process that replaces its environment, or
 *    changes its user, escapes the tag (but not the first two nets while
 *    semdbg lives). The guardian runs in its own process group and ignores
 *    the terminal's signals; it uses async-signal-safe calls only (it is a
 *    fork of a process that may have threads). */

/* Does the NUL-separated environment block buf[0..n) hold an entry that
 * starts with prefix? */
static bool environ_has(const char *buf, size_t n, const char *prefix, size_t prefix_len) {
  for (size_t i = 0; i < n;) {
    size_t len = strnlen(buf + i, n - i);
    if (len >= prefix_len && !memcmp(buf + i, prefix, prefix_len)) return true;
    i += len + 1;
  }
  return false;
}

/* SIGKILL every process whose environment holds tag; how many were found. */
static unsigned kill_tagged(const char *tag) {
  static char env[1 << 18];
  static char dents[8192] __attribute__((aligned(8)));
  size_t tag_len = strlen(tag);
  pid_t self = getpid();
  unsigned found = 0;
  int dir = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return 0;
  ssize_t n;
  while ((n = getdents64(dir, dents, sizeof dents)) > 0) {
    for (ssize_t off = 0; off < n;) {
      struct dirent64 *d = (struct dirent64 *)(dents + off);
      off += d->d_reclen;
      pid_t pid = 0;
      const char *p = d->d_name;
      for (; *p >= '0' && *p <= '9'; p++) pid = pid * 10 + (*p - '0');
      if (*p || pid <= 1 || pid == self) continue;
      char path[64] = "/proc/";
      size_t k = 6;
      for (const char *q = d->d_name; *q && k < 40; q++) path[k++] = *q;
      memcpy(path + k, "/environ", sizeof "/environ");
      int fd = open(path, O_RDONLY | O_CLOEXEC);
      if (fd < 0) continue;
      size_t len = 0;
      ssize_t r;
      while (len < sizeof env && (r = read(fd, env + len, sizeof env - len)) > 0) len += (size_t)r;
      close(fd);
      if (environ_has(env, len, tag, tag_len)) {
        kill(pid, SIGKILL);
        found++;
      }
    }
  }
  close(dir);
  return found;
}

static void guard_main(int fd, const char *tag, const char *tmpdir) {
  setpgid(0, 0);
  struct sigaction ign;
  memset(&ign, 0, sizeof ign);
  ign.sa_handler = SIG_IGN;
  const int quiet[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD};
  for (size_t k = 0; k < sizeof quiet / sizeof quiet[0]; k++) sigaction(quiet[k], &ign, NULL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  prctl(PR_SET_NAME, "semdbg-guard");
  /* hold nothing of semdbg's: not its stdout (a pipe someone waits on), not
     another oracle's guardian pipe */
  for (int k = 0; k < 1024; k++)
    if (k != fd) close(k);
  char c;
  for (;;) {
    ssize_t r = read(fd, &c, 1);
    if (r == 0 || (r < 0 && errno != EINTR)) break;
  }
  /* processes may fork while being killed: again until none is found */
  for (int round = 0; round < 50 && kill_tagged(tag); round++) {
    struct timespec ts = {0, 20 * 1000 * 1000};
    nanosleep(&ts, NULL);
  }
  if (tmpdir[0]) remove_tree_at(AT_FDCWD, tmpdir, 0);
  _exit(0);
}

static void start_guard(SdOracle *self) {
  int fds[2];
  self->guard_fd = -1;
  if (pipe2(fds, O_CLOEXEC) != 0) return;
  pid_t pid = fork();
  if (pid == 0) guard_main(fds[0], self->tag, self->tmpdir);
  close(fds[0]);
  if (pid < 0) {
    close(fds[1]);
    return;
  }
  self->guard = pid;
  self->guard_fd = fds[1];
}

static void stop_guard(SdOracle *self) {
  if (self->guard_fd >= 0) close(self->guard_fd);
  self->guard_fd = -1;
  if (self->guard > 0)
    while (waitpid(self->guard, NULL, 0) < 0 && errno == EINTR) {
    }
  self->guard = 0;
}

/* Is pid a process some live oracle started (a run or a guardian)? */
static bool known_child(pid_t pid) {
  for (SdOracle *o = live_oracles; o; o = o->next_live) {
    if (o->guard == pid) return true;
    for (unsigned s = 0; s < o->jobs; s++)
      if (o->slots[s].pid == pid) return true;
  }
  return false;
}

/* May the adopted process pid belong to a run still in progress? Yes when
 * its environment names such a run; when it carries no tag of a live oracle
 * (cleared, unreadable), yes while any run is in progress. */
static bool owned_by_active_run(pid_t pid) {
  static char env[1 << 16];
  char path[64];
  snprintf(path, sizeof path, "/proc/%ld/environ", (long)pid);
  size_t n = 0;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    ssize_t r;
    while (n < sizeof env && (r = read(fd, env + n, sizeof env - n)) > 0) n += (size_t)r;
    close(fd);
  }
  bool tagged = false, active = false;
  for (SdOracle *o = live_oracles; o; o = o->next_live) {
    size_t plen = strlen(o->tag);
    for (size_t i = 0; i < n;) {
      size_t len = strnlen(env + i, n - i);
      if (len > plen && !memcmp(env + i, o->tag, plen)) {
        tagged = true;
        uint64_t seq = strtoull(env + i + plen, NULL, 10);
        for (unsigned s = 0; s < o->jobs; s++)
          if (o->slots[s].pid && o->slots[s].seq == seq) return true;
      }
      i += len + 1;
    }
    for (unsigned s = 0; s < o->jobs; s++) active = active || o->slots[s].pid;
  }
  return !tagged && active;
}

/* This process's children that no oracle started: orphans of harnesses
 * adopted by the subreaper, but for those of runs in progress. Up to max,
 * into out; returns how many. */
static size_t adopted_children(pid_t *out, size_t max) {
  size_t n = 0;
  DIR *tasks = opendir("/proc/self/task");
  if (!tasks) return 0;
  struct dirent *t;
  while ((t = readdir(tasks)) && n < max) {
    if (t->d_name[0] == '.') continue;
    char path[300];
    snprintf(path, sizeof path, "/proc/self/task/%s/children", t->d_name);
    FILE *f = fopen(path, "re");
    if (!f) continue;
    long pid;
    while (n < max && fscanf(f, "%ld", &pid) == 1)
      if (!known_child((pid_t)pid) && !owned_by_active_run((pid_t)pid)) out[n++] = (pid_t)pid;
    fclose(f);
  }
  closedir(tasks);
  return n;
}

/* Kill and reap adopted orphans (and their process groups), again while
 * killing them hands their own children to us. */
static void orphan_sweep(void) {
  pid_t pids[64];
  for (int round = 0; round < 64; round++) {
    size_t n = adopted_children(pids, 64);
    if (!n) return;
    for (size_t i = 0; i < n; i++) {
      kill(-pids[i], SIGKILL); /* a daemon that called setsid leads its own group */
      kill(pids[i], SIGKILL);
    }
    for (size_t i = 0; i < n; i++)
      while (waitpid(pids[i], NULL, 0) < 0 && errno == EINTR) {
      }
  }
}

static void on_sigchld(int sig) {
  (void)sig;
  chld_seen = 1;
}

static void block_fatal(sigset_t *old) {
  sigset_t set;
  sigemptyset(&set);
  for (size_t k = 0; k < N_FATAL; k++) sigaddset(&set, fatal_signals[k]);
  sigprocmask(SIG_BLOCK, &set, old);
}

static void register_oracle(SdOracle *self) {
  if (!live_oracles) {
    for (size_t k = 0; k < N_FATAL; k++) {
      struct sigaction sa;
      memset(&sa, 0, sizeof sa);
      sa.sa_handler = on_fatal_signal;
      sigemptyset(&sa.sa_mask);
      for (size_t j = 0; j < N_FATAL; j++) sigaddset(&sa.sa_mask, fatal_signals[j]);
      fatal_installed[k] = false;
      if (sigaction(fatal_signals[k], NULL, &saved_fatal[k]) == 0 &&
          saved_fatal[k].sa_handler != SIG_IGN) {
        sigaction(fatal_signals[k], &sa, NULL);
        fatal_installed[k] = true;
      }
    }
  }
  self->next_live = live_oracles;
  live_oracles = self;
}

static void unregister_oracle(SdOracle *self) {
  SdOracle *volatile *p = &live_oracles;
  while (*p && *p != self) p = &(*p)->next_live;
  if (*p) *p = self->next_live;
  if (!live_oracles)
    for (size_t k = 0; k < N_FATAL; k++)
      if (fatal_installed[k]) sigaction(fatal_signals[k], &saved_fatal[k], NULL);
}

/* ---------- verdict helpers ---------- */

void sd_verdict_clear(SdVerdict *self) {
  if (!self) return;
  free(self->out);
  free(self->err);
  free(self->failure_kind);
  memset(self, 0, sizeof *self);
}

static char *dup_bytes(const char *p, size_t n) {
  char *q = sd_xmalloc(n + 1);
  if (n) memcpy(q, p, n);
  q[n] = '\0';
  return q;
}

void sd_verdict_copy(SdVerdict *dst, const SdVerdict *src) {
  *dst = *src;
  dst->out = dup_bytes(src->out ? src->out : "", src->out_len);
  dst->err = dup_bytes(src->err ? src->err : "", src->err_len);
  dst->failure_kind = src->failure_kind ? sd_xstrdup(src->failure_kind) : NULL;
}

const char *sd_verdict_kind_name(SdVerdictKind kind) {
  switch (kind) {
  case SD_VERDICT_PASS: return "pass";
  case SD_VERDICT_FAIL: return "fail";
  case SD_VERDICT_UNDEFINED: return "undefined";
  }
  return "?";
}

const char *sd_verdict_reason_name(SdVerdictReason reason) {
  switch (reason) {
  case SD_REASON_STATUS: return "status";
  case SD_REASON_SIGNAL: return "signal";
  case SD_REASON_TIMEOUT: return "timeout";
  case SD_REASON_FAIL_ON: return "fail-on";
  case SD_REASON_PASS_ON: return "pass-on";
  case SD_REASON_REFERENCE_SAME: return "reference-same";
  case SD_REASON_REFERENCE_STATUS: return "reference-status";
  case SD_REASON_REFERENCE_STDOUT: return "reference-stdout";
  case SD_REASON_REFERENCE_BROKEN: return "reference-broken";
  case SD_REASON_REGEX_ERROR: return "regex-error";
  case SD_REASON_NOT_RUN: return "not-run";
  }
  return "?";
}

static const char *signal_abbrev(int sig) {
  const char *name = sigabbrev_np(sig);
  return name ? name : "?";
}

char *sd_verdict_status_kind(const SdVerdict *self) {
  if (self->timed_out) return sd_xstrdup("timeout");
  if (self->signal) return sd_format("signal:SIG%s", signal_abbrev(self->signal));
  if (self->exit_status == 0) return sd_xstrdup(sd_verdict_reason_name(self->reason));
  return sd_format("exit:%d", self->exit_status);
}

const char *sd_verdict_failure_kind(const SdVerdict *self) {
  return self->kind == SD_VERDICT_FAIL && self->failure_kind ? self->failure_kind : "";
}

bool sd_verdict_fails_as(const SdVerdict *self, const char *kind) {
  return self->kind == SD_VERDICT_FAIL && (!kind || !strcmp(sd_verdict_failure_kind(self), kind));
}

void sd_verdict_status_text(const SdVerdict *self, char *buf, size_t size) {
  if (self->timed_out)
    snprintf(buf, size, "timeout (%s)", self->signal ? signal_abbrev(self->signal) : "exited");
  else if (self->signal)
    snprintf(buf, size, "signal %d (%s)", self->signal, signal_abbrev(self->signal));
  else
    snprintf(buf, size, "exit %d", self->exit_status);
}

/* ---------- creation ---------- */

/* Is cmd a simple command that `exec` may prefix? Conservative. */
static bool simple_command(const char *cmd) {
  if (strpbrk(cmd, ";&|()`\n<>") || strstr(cmd, "$(")) return false;
  while (*cmd == ' ' || *cmd == '\t') cmd++;
  size_t n = strcspn(cmd, " \t");
  if (n == 0 || memchr(cmd, '=', n) || memchr(cmd, '\'', n) || memchr(cmd, '"', n) ||
      memchr(cmd, '\\', n) || memchr(cmd, '$', n))
    return false;
  static const char *const words[] = {"if", "then", "else", "elif", "fi", "while", "until", "for",
                                      "do", "done", "case", "esac", "{", "}", "!", "exec",
                                      "cd", "set", "export", "unset", "eval", ".", "source",
                                      "exit", "return", "trap", "wait", "ulimit", "umask",
                                      "alias", "read", "shift", "local", "readonly", "times",
                                      "command", "builtin", "type", "hash", "getopts", ":"};
  for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
    if (strlen(words[k]) == n && !strncmp(cmd, words[k], n)) return false;
  return true;
}

/* The script given to /bin/sh -c: CMD with {} replaced by "$1", or CMD "$1". */
static char *make_script(const char *cmd, bool use_stdin) {
  SdBuf b = {0};
  if (simple_command(cmd)) sd_buf_puts(&b, "exec ");
  if (strstr(cmd, "{}")) {
    for (const char *p = cmd; *p;) {
      if (p[0] == '{' && p[1] == '}') {
        sd_buf_puts(&b, "\"$1\"");
        p += 2;
      } else {
        sd_buf_putc(&b, *p++);
      }
    }
  } else {
    sd_buf_puts(&b, cmd);
    if (!use_stdin) sd_buf_puts(&b, " \"$1\"");
  }
  return sd_buf_take(&b);
}

/* Without $TMPDIR the input files go to /dev/shm when it is a writable
 * directory in memory (tmpfs): creating and removing a file per run on
 * ext4 was a tenth of semdbg's own time on the calculator example. */
static bool memory_tmp(void) {
  struct statfs fs;
  return access("/dev/shm", W_OK | X_OK) == 0 && statfs("/dev/shm", &fs) == 0 && fs.f_type == TMPFS_MAGIC;
}

SdOracle *sd_oracle_new(const SdOracleOptions *opts, char **error) {
  if (!sd_oracle_options_validate(opts, error)) return NULL;
  SdOracle *self = sd_xcalloc(1, sizeof *self);
  self->guard_fd = -1;
  self->opts = *opts;
  self->test = sd_xstrdup(opts->test);
  self->opts.test = self->test;
  self->script = make_script(opts->test, opts->use_stdin);
  if (opts->reference) {
    self->reference = sd_xstrdup(opts->reference);
    self->opts.reference = self->reference;
    self->ref_script = make_script(opts->reference, opts->use_stdin);
  }
  self->opts.fail_on = self->opts.pass_on = self->opts.kind_regex = NULL; /* borrowed; compiled below */
  if (opts->fail_on) self->fail_re = sd_oracle_compile_regex("--fail-on", opts->fail_on, NULL);
  if (opts->pass_on) self->pass_re = sd_oracle_compile_regex("--pass-on", opts->pass_on, NULL);
  if (opts->kind_regex) self->kind_re = sd_oracle_compile_regex("--kind-regex", opts->kind_regex, NULL);
  self->match_data = pcre2_match_data_create(4, NULL);
  self->match_context = pcre2_match_context_create(NULL);
  pcre2_set_match_limit(self->match_context, 10000000);
  if (!self->opts.capture_limit) self->opts.capture_limit = 64 * 1024;
  if (self->opts.kill_grace < 0) self->opts.kill_grace = 0;
  unsigned jobs = opts->jobs;
  if (!jobs) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    jobs = n > 0 ? (unsigned)n : 1;
  }
  self->jobs = jobs;
  self->slots = sd_xcalloc(jobs, sizeof *self->slots);

  const char *base = getenv("TMPDIR");
  if (!base || !*base) base = memory_tmp() ? "/dev/shm" : "/tmp";
  char resolved[PATH_MAX];
  if (!realpath(base, resolved) || strlen(resolved) + 32 > sizeof self->tmpdir) {
    *error = sd_format("cannot use temporary directory %s: %s", base,
                       errno ? strerror(errno) : "path too long");
    sd_oracle_free(self);
    return NULL;
  }
  /* the length was checked above */
  memcpy(self->tmpdir, resolved, strlen(resolved));
  memcpy(self->tmpdir + strlen(resolved), "/semdbg-XXXXXX", sizeof "/semdbg-XXXXXX");
  sigset_t old;
  block_fatal(&old);
  if (!mkdtemp(self->tmpdir)) {
    int e = errno;
    sigprocmask(SIG_SETMASK, &old, NULL);
    *error = sd_format("cannot create a temporary directory in %s: %s", resolved, strerror(e));
    self->tmpdir[0] = '\0';
    sd_oracle_free(self);
    return NULL;
  }
  register_oracle(self);
  sigprocmask(SIG_SETMASK, &old, NULL);
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  snprintf(self->tag, sizeof self->tag, "SEMDBG_RUN_%ld_%s=", (long)getpid(),
           self->tmpdir + strlen(self->tmpdir) - 6);
  for (char *p = self->tag + strlen("SEMDBG_RUN_"); *p != '='; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9'))) *p = '_';
  size_t n = 0;
  while (environ && environ[n]) n++;
  self->env = sd_xcalloc(n + 2, sizeof(char *));
  if (n) memcpy(self->env, environ, n * sizeof(char *));
  self->env[n] = self->tag; /* per run: see spawn_run */
  self->env_tag_index = n;
  start_guard(self);
  return self;
}

/* A view of an oracle: the same runs, cache and options; its own stats. */
SdOracle *sd_oracle_share(SdOracle *self) {
  SdOracle *view = sd_xcalloc(1, sizeof *view);
  view->shared = self->shared ? self->shared : self;
  return view;
}

void sd_oracle_free(SdOracle *self) {
  if (!self) return;
  if (self->shared) {
    free(self);
    return;
  }
  sigset_t old;
  block_fatal(&old);
  orphan_sweep();
  unregister_oracle(self);
  if (self->tmpdir[0]) remove_tree_at(AT_FDCWD, self->tmpdir, 0);
  stop_guard(self); /* it kills what carries the tag, then ends */
  sigprocmask(SIG_SETMASK, &old, NULL);
  free(self->env);
  for (uint32_t i = 0; i < self->cache.size; i++) {
    free(self->cache.items[i].input);
    sd_verdict_clear(&self->cache.items[i].verdict);
  }
  array_free(&self->cache);
  free(self->table);
  free(self->slots);
  free(self->test);
  free(self->reference);
  free(self->script);
  free(self->ref_script);
  free(self->error);
  pcre2_code_free(self->fail_re);
  pcre2_code_free(self->pass_re);
  pcre2_code_free(self->kind_re);
  pcre2_match_data_free(self->match_data);
  pcre2_match_context_free(self->match_context);
  free(self);
}

const char *sd_oracle_error(const SdOracle *self) {
  if (self->shared) return sd_oracle_error(self->shared);
  return self->error ? self->error : "";
}
const char *sd_oracle_tmpdir(const SdOracle *self) { return self->shared ? self->shared->tmpdir : self->tmpdir; }
void sd_oracle_stats(const SdOracle *self, SdOracleStats *stats) { *stats = self->stats; }

static void set_error(SdOracle *self, char *message) {
  if (self->error) free(message); /* keep the first */
  else self->error = message;
}

/* ---------- the cache ---------- */

static CacheEntry *cache_find(SdOracle *self, uint64_t hash, const char *input, size_t length) {
  if (!self->table_cap) return NULL;
  for (uint32_t i = (uint32_t)hash & (self->table_cap - 1);; i = (i + 1) & (self->table_cap - 1)) {
    uint32_t k = self->table[i];
    if (!k) return NULL;
    CacheEntry *e = &self->cache.items[k - 1];
    if (e->hash == hash && e->length == length && !memcmp(e->input, input, length)) return e;
  }
}

static void cache_insert(SdOracle *self, uint64_t hash, const char *input, size_t length,
                         const SdVerdict *verdict) {
  if ((self->cache.size + 1) * 2 > self->table_cap) {
    uint32_t cap = self->table_cap ? self->table_cap * 2 : 64;
    free(self->table);
    self->table = sd_xcalloc(cap, sizeof *self->table);
    self->table_cap = cap;
    for (uint32_t k = 0; k < self->cache.size; k++) {
      uint32_t i = (uint32_t)self->cache.items[k].hash & (cap - 1);
      while (self->table[i]) i = (i + 1) & (cap - 1);
      self->table[i] = k + 1;
    }
  }
  CacheEntry e = {.hash = hash, .input = dup_bytes(input, length), .length = length};
  sd_verdict_copy(&e.verdict, verdict);
  e.verdict.cached = true;
  array_push(&self->cache, e);
  uint32_t i = (uint32_t)hash & (self->table_cap - 1);
  while (self->table[i]) i = (i + 1) & (self->table_cap - 1);
  self->table[i] = self->cache.size;
}

/* ---------- processes ---------- */

static bool write_input(const char *path, const char *data, size_t n) {
  int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) return false;
  while (n > 0) {
    ssize_t w = write(fd, data, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      close(fd);
      return false;
    }
    data += w;
    n -= (size_t)w;
  }
  return close(fd) == 0;
}

/* The child's side of start_process (vfork: shares our memory until exec, so
 * only system calls, and the error goes back through *error). */
static void child_exec(char *const *argv, char *const *env, const char *in_path, int out_fd,
                       int err_fd, pid_t parent, volatile int *error) {
  struct sigaction dfl;
  memset(&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  for (int s = 1; s < NSIG; s++)
    if (s != SIGKILL && s != SIGSTOP) sigaction(s, &dfl, NULL); /* also SIGPIPE, ignored by semdbg */
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(127); /* semdbg died before the line above */
  int in = open(in_path, O_RDONLY);
  if (in < 0 || dup2(in, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) {
    *error = errno;
    _exit(127);
  }
  if (in > 2) close(in);
  for (int fd = 0; fd < 3; fd++) fcntl(fd, F_SETFD, 0); /* dup2 onto itself keeps O_CLOEXEC */
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  execve("/bin/sh", argv, env);
  *error = errno;
  _exit(127);
}

/* Start /bin/sh with argv in a new process group that dies with semdbg
 * (PR_SET_PDEATHSIG), stdin from in_path, stdout and stderr to the pipes.
 * Returns 0 or an errno value. */
static int start_process(pid_t *pid_out, char *const *argv, char *const *env, const char *in_path,
                         int out_fd, int err_fd) {
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old); /* no handler of ours may run in the child */
  volatile int error = 0;
  pid_t parent = getpid();
  pid_t pid = vfork();
  if (pid == 0) child_exec(argv, env, in_path, out_fd, err_fd, parent, &error);
  int rc = pid < 0 ? errno : error;
  if (pid > 0 && rc) waitpid(pid, NULL, 0);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  *pid_out = pid;
  return rc;
}

static bool spawn_run(SdOracle *self, Slot *slot, Run *run, const char *input, size_t length) {
  slot->path = sd_format("%s/%s%llu", self->tmpdir, run->reference ? "ref-" : "in-",
                         (unsigned long long)++self->file_seq);
  if (!write_input(slot->path, input, length)) {
    set_error(self, sd_format("cannot write the input file %s: %s", slot->path, strerror(errno)));
    free(slot->path);
    slot->path = NULL;
    return false;
  }
  int out[2], err[2];
  if (pipe2(out, O_CLOEXEC) != 0) goto pipe_error;
  if (pipe2(err, O_CLOEXEC) != 0) {
    close(out[0]);
    close(out[1]);
    goto pipe_error;
  }
  fcntl(out[0], F_SETFL, O_NONBLOCK);
  fcntl(err[0], F_SETFL, O_NONBLOCK);

  char *argv[] = {"/bin/sh", "-c", run->reference ? self->ref_script : self->script, "sh",
                  slot->path, NULL};
  pid_t pid;
  slot->seq = self->file_seq;
  snprintf(slot->env_tag, sizeof slot->env_tag, "%s%llu", self->tag, (unsigned long long)slot->seq);
  self->env[self->env_tag_index] = slot->env_tag;
  slot->start = now_seconds();
  int rc = start_process(&pid, argv, self->env, self->opts.use_stdin ? slot->path : "/dev/null",
                         out[1], err[1]);
  close(out[1]);
  close(err[1]);
  if (rc != 0) {
    close(out[0]);
    close(err[0]);
    set_error(self, sd_format("cannot start /bin/sh for the %s command: %s",
                              run->reference ? "reference" : "test", strerror(rc)));
    unlink(slot->path);
    free(slot->path);
    slot->path = NULL;
    return false;
  }
  bool hash_out = self->reference && self->opts.compare != SD_COMPARE_STATUS;
  slot->run = run;
  slot->out = (Stream){.fd = out[0], .hash = FNV_BASIS, .hashing = hash_out};
  slot->err = (Stream){.fd = err[0], .hash = FNV_BASIS};
  slot->deadline = self->opts.timeout > 0 ? slot->start + self->opts.timeout : 0;
  slot->term_sent = slot->kill_sent = slot->abandoned = false;
  slot->pid = pid; /* last: the signal handler may look now */
  return true;

pipe_error:
  set_error(self, sd_format("cannot create a pipe: %s", strerror(errno)));
  unlink(slot->path);
  free(slot->path);
  slot->path = NULL;
  return false;
}

/* Read what is available (at most about budget bytes); keeps the first limit
 * bytes, drops the rest; closes the stream at EOF. */
static void stream_read(Stream *s, size_t limit, size_t budget) {
  static char chunk[READ_CHUNK];
  while (s->fd >= 0 && budget > 0) {
    ssize_t n = read(s->fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    if (n <= 0) {
      close(s->fd);
      s->fd = -1;
      return;
    }
    if (s->buf.len < limit) {
      size_t keep = limit - s->buf.len;
      sd_buf_append(&s->buf, chunk, (size_t)n < keep ? (size_t)n : keep);
    }
    if (s->hashing) s->hash = fnv_update(s->hash, chunk, (size_t)n);
    s->total += (uint64_t)n;
    budget = (size_t)n < budget ? budget - (size_t)n : 0;
  }
}

static void stream_finish(Stream *s, char **data, size_t *len, uint64_t *total) {
  if (s->fd >= 0) close(s->fd);
  s->fd = -1;
  *len = s->buf.len;
  *data = s->buf.data ? sd_buf_take(&s->buf) : dup_bytes("", 0);
  *total = s->total;
}

/* The slot's process has exited (not yet reaped): kill the rest of its group,
 * drain the pipes, reap, record. */
static void finish_slot(SdOracle *self, Slot *slot) {
  pid_t pid = slot->pid;
  kill(-pid, SIGKILL);
  size_t limit = self->opts.capture_limit;
  stream_read(&slot->out, limit, DRAIN_LIMIT);
  stream_read(&slot->err, limit, DRAIN_LIMIT);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  double end = now_seconds();
  Run *run = slot->run;
  run->seconds = end - slot->start;
  run->timed_out = slot->term_sent;
  if (WIFSIGNALED(status)) {
    run->exit_status = -1;
    run->signal = WTERMSIG(status);
  } else {
    run->exit_status = WEXITSTATUS(status);
    run->signal = 0;
  }
  run->out_hash = slot->out.hash;
  stream_finish(&slot->out, &run->out, &run->out_len, &run->out_total);
  stream_finish(&slot->err, &run->err, &run->err_len, &run->err_total);
  run->done = !slot->abandoned; /* killed by us when the batch stopped: no verdict */
  unlink(slot->path);
  free(slot->path);
  slot->path = NULL;
  slot->run = NULL;
  slot->pid = 0;
  orphan_sweep(); /* what the run left behind outside its group */
  self->stats.harness_seconds += run->seconds;
  if (!run->done) return;
  if (run->reference) self->stats.reference_runs++;
  else self->stats.runs++;
  if (run->timed_out && !run->reference) self->stats.timeouts++;
  if (run->out_total > run->out_len || run->err_total > run->err_len) self->stats.truncated++;
}

static bool process_exited(pid_t pid) {
  siginfo_t info;
  info.si_pid = 0;
  if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) return errno == ECHILD;
  return info.si_pid != 0;
}

/* Rule (b) of the harness-error rule: 126/127 with the shell's complaint. */
static bool looks_like_harness_error(const Run *run) {
  if (run->timed_out || run->signal || (run->exit_status != 126 && run->exit_status != 127))
    return false;
  static const char *const needles[] = {"not found", "Permission denied", "No such file",
                                        "cannot execute", "Exec format error"};
  for (size_t k = 0; k < sizeof needles / sizeof needles[0]; k++)
    if (memmem(run->err, run->err_len, needles[k], strlen(needles[k]))) return true;
  return false;
}

static char *first_line(const char *text, size_t len) {
  size_t n = 0;
  while (n < len && n < 300 && text[n] != '\n' && text[n] != '\0') n++;
  return sd_xstrndup(text, n);
}

static void harness_error(SdOracle *self, const Run *run) {
  char *line = first_line(run->err, run->err_len);
  set_error(self, sd_format("the %s command could not run (exit status %d)%s%s",
                            run->reference ? "reference" : "test", run->exit_status,
                            *line ? ": " : "", line));
  free(line);
}

/* Run all runs[] with at most jobs processes at once. Returns false when a
 * harness error stopped it (remaining runs are not done). */
static bool run_all(SdOracle *self, Run *runs, size_t nruns, const char *const *inputs,
                    const size_t *lengths) {
  sigset_t blocked, old_mask, poll_mask;
  sigemptyset(&blocked);
  for (size_t k = 0; k < N_FATAL; k++) sigaddset(&blocked, fatal_signals[k]);
  sigaddset(&blocked, SIGCHLD);
  sigprocmask(SIG_BLOCK, &blocked, &old_mask);
  poll_mask = old_mask;
  sigdelset(&poll_mask, SIGCHLD);
  struct sigaction sa, old_chld;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigchld;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_NOCLDSTOP;
  sigaction(SIGCHLD, &sa, &old_chld);

  size_t limit = self->opts.capture_limit;
  size_t next = 0;
  unsigned active = 0;
  bool failed = false, killed_all = false;
  struct pollfd *fds = sd_xcalloc(2 * self->jobs, sizeof *fds);
  Slot **fd_slot = sd_xcalloc(2 * self->jobs, sizeof *fd_slot);
  chld_seen = 0;

  self->stopped = false;
  while (active > 0 || (!failed && next < nruns)) {
    if (!failed && sd_stop_requested()) {
      /* a signal or the time limit: runs in flight are killed, not judged */
      failed = self->stopped = true;
      set_error(self, sd_xstrdup(sd_stop_reason() == SD_STOP_DEADLINE ? "the time limit ran out"
                                                                       : "interrupted"));
      for (unsigned s = 0; s < self->jobs; s++) self->slots[s].abandoned = self->slots[s].pid != 0;
    }
    for (unsigned s = 0; !failed && s < self->jobs && next < nruns; s++) {
      if (self->slots[s].pid) continue;
      Run *run = &runs[next];
      if (!spawn_run(self, &self->slots[s], run, inputs[run->input], lengths[run->input])) {
        failed = true;
        break;
      }
      next++;
      active++;
    }
    if (failed && !killed_all) {
      for (unsigned s = 0; s < self->jobs; s++)
        if (self->slots[s].pid) {
          kill_group(self->slots[s].pid, SIGKILL);
          self->slots[s].abandoned = true;
        }
      killed_all = true;
    }
    if (active == 0) break;

    /* Wait for output, an exit (SIGCHLD) or the next deadline. */
    double now = now_seconds(), wait = 1.0;
    nfds_t n = 0;
    for (unsigned s = 0; s < self->jobs; s++) {
      Slot *slot = &self->slots[s];
      if (!slot->pid) continue;
      if (slot->out.fd >= 0) fds[n] = (struct pollfd){slot->out.fd, POLLIN, 0}, fd_slot[n++] = slot;
      if (slot->err.fd >= 0) fds[n] = (struct pollfd){slot->err.fd, POLLIN, 0}, fd_slot[n++] = slot;
      double due = slot->term_sent ? (slot->kill_sent ? 0 : slot->kill_at) : slot->deadline;
      if (due > 0 && due - now < wait) wait = due - now;
    }
    double left = sd_stop_remaining(); /* the time limit ends the batch too */
    if (left < wait) wait = left;
    if (wait < 0) wait = 0;
    struct timespec ts = {(time_t)wait, (long)((wait - (time_t)wait) * 1e9)};
    int rc = ppoll(fds, n, &ts, &poll_mask);
    if (rc > 0)
      for (nfds_t k = 0; k < n; k++) {
        if (!fds[k].revents) continue;
        Slot *slot = fd_slot[k];
        Stream *st = slot->out.fd == fds[k].fd ? &slot->out : &slot->err;
        stream_read(st, limit, 1u << 20);
      }

    /* Exits: looked for after a SIGCHLD (delivered only inside ppoll, so
     * none is missed) and, to be safe, on every timer wake-up. */
    bool check_exits = chld_seen || rc == 0;
    chld_seen = 0;
    now = now_seconds();
    for (unsigned s = 0; s < self->jobs; s++) {
      Slot *slot = &self->slots[s];
      if (!slot->pid) continue;
      if (check_exits && process_exited(slot->pid)) {
        Run *run = slot->run;
        finish_slot(self, slot);
        active--;
        if (!failed && looks_like_harness_error(run)) {
          harness_error(self, run);
          failed = true;
        }
        continue;
      }
      if (slot->deadline > 0 && !slot->term_sent && now >= slot->deadline) {
        kill_group(slot->pid, SIGTERM);
        slot->term_sent = true;
        slot->kill_at = now + self->opts.kill_grace;
      }
      if (slot->term_sent && !slot->kill_sent && now >= slot->kill_at) {
        kill_group(slot->pid, SIGKILL);
        slot->kill_sent = true;
      }
    }
  }
  free(fds);
  free(fd_slot);
  sigaction(SIGCHLD, &old_chld, NULL);
  sigprocmask(SIG_SETMASK, &old_mask, NULL);
  return !failed;
}

/* ---------- verdicts ---------- */

/* Does the regex of `option` match stdout or stderr? 1 yes, 0 no, -1 it could
 * not tell (PCRE2's match limit, ...): then the oracle's error says why. */
static int regex_matches(SdOracle *self, pcre2_code *re, const char *option, const SdVerdict *v) {
  if (!re) return 0;
  const char *subjects[2] = {v->out, v->err};
  size_t lens[2] = {v->out_len, v->err_len};
  for (int k = 0; k < 2; k++) {
    int rc = pcre2_match(re, (PCRE2_SPTR)(subjects[k] ? subjects[k] : ""), lens[k], 0, 0,
                         self->match_data, self->match_context);
    if (rc >= 0) return 1;
    if (rc == PCRE2_ERROR_NOMATCH) continue;
    PCRE2_UCHAR why[256];
    if (pcre2_get_error_message(rc, why, sizeof why) < 0) snprintf((char *)why, sizeof why, "error %d", rc);
    set_error(self, sd_format("%s: the regular expression could not be matched against the test "
                              "command's %s (%s); simplify it (e.g. no nested repetition)",
                              option, k ? "stderr" : "stdout", (const char *)why));
    return -1;
  }
  return 0;
}

/* The verdict of --fail-on and --pass-on, if one of them decides (or fails). */
static bool decide_by_regex(SdOracle *self, SdVerdict *v) {
  int fail = regex_matches(self, self->fail_re, "--fail-on", v);
  int pass = fail ? 0 : regex_matches(self, self->pass_re, "--pass-on", v);
  if (fail < 0 || pass < 0) v->kind = SD_VERDICT_UNDEFINED, v->reason = SD_REASON_REGEX_ERROR;
  else if (fail) v->kind = SD_VERDICT_FAIL, v->reason = SD_REASON_FAIL_ON;
  else if (pass) v->kind = SD_VERDICT_PASS, v->reason = SD_REASON_PASS_ON;
  return fail || pass;
}

/* The first capture group (the whole match when the regex has none) of
 * --kind-regex on stdout, else on stderr: a malloc'd kind of at most 200
 * bytes with control characters as '?', or NULL when it does not match (or
 * matches empty, or PCRE2 cannot tell). */
static char *kind_by_regex(SdOracle *self, const SdVerdict *v) {
  if (!self->kind_re) return NULL;
  const char *subjects[2] = {v->out, v->err};
  size_t lens[2] = {v->out_len, v->err_len};
  for (int k = 0; k < 2; k++) {
    int rc = pcre2_match(self->kind_re, (PCRE2_SPTR)(subjects[k] ? subjects[k] : ""), lens[k], 0, 0,
                         self->match_data, self->match_context);
    if (rc < 0) continue;
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(self->match_data);
    int group = rc >= 2 && ov[2] != PCRE2_UNSET ? 1 : 0;
    size_t start = ov[2 * group], n = ov[2 * group + 1] - start;
    if (!n) continue;
    if (n > 200) n = 200;
    char *kind = dup_bytes(subjects[k] + start, n);
    for (size_t i = 0; i < n; i++)
      if ((unsigned char)kind[i] < 0x20 || kind[i] == 0x7f) kind[i] = '?';
    return kind;
  }
  return NULL;
}

/* Turn a run of the test command (and of the reference) into a verdict;
 * takes over the run's output buffers. False when a regex could not decide. */
static bool decide_kind(SdOracle *self, Run *p, const Run *r, SdVerdict *v);

static bool decide(SdOracle *self, Run *p, const Run *r, SdVerdict *v) {
  bool ok = decide_kind(self, p, r, v);
  if (v->kind == SD_VERDICT_FAIL) {
    v->failure_kind = kind_by_regex(self, v);
    if (!v->failure_kind) v->failure_kind = sd_verdict_status_kind(v);
  }
  return ok;
}

/* The verdict's kind (pass, fail, undefined) and reason. */
static bool decide_kind(SdOracle *self, Run *p, const Run *r, SdVerdict *v) {
  memset(v, 0, sizeof *v);
  v->exit_status = p->exit_status;
  v->signal = p->signal;
  v->timed_out = p->timed_out;
  v->seconds = p->seconds;
  v->out = p->out, v->out_len = p->out_len, v->out_total = p->out_total;
  v->err = p->err, v->err_len = p->err_len, v->err_total = p->err_total;
  p->out = p->err = NULL;
  if (r) {
    v->ref_exit_status = r->exit_status;
    v->ref_signal = r->signal;
  }
  if (p->timed_out) {
    v->kind = self->opts.timeout_verdict;
    v->reason = SD_REASON_TIMEOUT;
  } else if (decide_by_regex(self, v)) {
    return v->reason != SD_REASON_REGEX_ERROR;
  } else if (r && !(p->signal == 0 && p->exit_status == 125)) {
    SdCompare c = self->opts.compare;
    if (r->timed_out || (r->signal == 0 && r->exit_status == 125)) {
      v->kind = SD_VERDICT_UNDEFINED;
      v->reason = SD_REASON_REFERENCE_BROKEN;
    } else if (c != SD_COMPARE_STDOUT &&
               (p->exit_status != r->exit_status || p->signal != r->signal)) {
      v->kind = SD_VERDICT_FAIL;
      v->reason = SD_REASON_REFERENCE_STATUS;
    } else if (c != SD_COMPARE_STATUS &&
               (p->out_total != r->out_total || p->out_hash != r->out_hash ||
                p->out_len != r->out_len || memcmp(v->out, r->out, p->out_len) != 0)) {
      v->kind = SD_VERDICT_FAIL;
      v->reason = SD_REASON_REFERENCE_STDOUT;
    } else {
      v->kind = SD_VERDICT_PASS;
      v->reason = SD_REASON_REFERENCE_SAME;
    }
  } else if (p->signal) {
    v->kind = SD_VERDICT_FAIL;
    v->reason = SD_REASON_SIGNAL;
  } else {
    v->kind = p->exit_status == 0     ? SD_VERDICT_PASS
              : p->exit_status == 125 ? SD_VERDICT_UNDEFINED
                                      : SD_VERDICT_FAIL;
    v->reason = SD_REASON_STATUS;
  }
  return true;
}

static void run_free(Run *run) {
  free(run->out);
  free(run->err);
}

/* A view's run: the shared oracle's, counted in the view's stats too. */
static bool run_shared(SdOracle *self, const char *const *inputs, const size_t *lengths, size_t count,
                       SdVerdict *verdicts) {
  SdOracleStats before = self->shared->stats;
  bool ok = sd_oracle_run(self->shared, inputs, lengths, count, verdicts);
  const SdOracleStats *after = &self->shared->stats;
  SdOracleStats *st = &self->stats;
  st->runs += after->runs - before.runs;
  st->pass += after->pass - before.pass;
  st->fail += after->fail - before.fail;
  st->undefined += after->undefined - before.undefined;
  st->timeouts += after->timeouts - before.timeouts;
  st->reference_runs += after->reference_runs - before.reference_runs;
  st->cache_hits += after->cache_hits - before.cache_hits;
  st->harness_seconds += after->harness_seconds - before.harness_seconds;
  st->batch_seconds += after->batch_seconds - before.batch_seconds;
  return ok;
}

bool sd_oracle_run(SdOracle *self, const char *const *inputs, const size_t *lengths, size_t count,
                   SdVerdict *verdicts) {
  if (self->shared) return run_shared(self, inputs, lengths, count, verdicts);
  double t0 = now_seconds();
  free(self->error);
  self->error = NULL;
  memset(verdicts, 0, count * sizeof *verdicts);
  for (size_t i = 0; i < count; i++) verdicts[i].kind = SD_VERDICT_UNDEFINED, verdicts[i].reason = SD_REASON_NOT_RUN;

  /* Cache lookups and duplicates within the batch: rep[i] is the index of
   * the first occurrence of input i's bytes (i itself for new inputs). */
  uint64_t *hashes = sd_xmalloc((count + 1) * sizeof *hashes);
  size_t *rep = sd_xmalloc((count + 1) * sizeof *rep);
  size_t cap = 16;
  while (cap < 2 * count) cap *= 2;
  size_t *seen = sd_xcalloc(cap, sizeof *seen); /* index + 1 */
  Array(Run) runs = {0};
  size_t uniques = 0;
  for (size_t i = 0; i < count; i++) {
    hashes[i] = sd_hash_bytes(inputs[i], lengths[i], 0);
    rep[i] = SIZE_MAX;
    CacheEntry *e = self->uncached ? NULL : cache_find(self, hashes[i], inputs[i], lengths[i]);
    if (e) {
      sd_verdict_copy(&verdicts[i], &e->verdict);
      self->stats.cache_hits++;
      continue;
    }
    size_t k = hashes[i] & (cap - 1);
    for (; seen[k]; k = (k + 1) & (cap - 1)) {
      size_t j = seen[k] - 1;
      if (hashes[j] == hashes[i] && lengths[j] == lengths[i] &&
          !memcmp(inputs[j], inputs[i], lengths[i]))
        break;
    }
    if (seen[k]) {
      rep[i] = seen[k] - 1;
      continue;
    }
    seen[k] = i + 1;
    rep[i] = i;
    uniques++;
    array_push(&runs, ((Run){.input = (uint32_t)i}));
    if (self->reference) array_push(&runs, ((Run){.input = (uint32_t)i, .reference = true}));
  }

  bool ok = run_all(self, runs.items, runs.size, inputs, lengths);

  /* Rule (c): every run of the first batch exited 126/127. */
  if (ok && !self->ran_batch && runs.size > 0) {
    self->ran_batch = true;
    bool all = true;
    const Run *any = NULL;
    for (uint32_t k = 0; k < runs.size && all; k++) {
      const Run *r = &runs.items[k];
      if (r->reference) continue;
      any = r;
      all = !r->timed_out && !r->signal && (r->exit_status == 126 || r->exit_status == 127);
    }
    if (all && any) {
      harness_error(self, any);
      if (!any->err_len) {
        free(self->error);
        self->error = sd_format(
            "the test command could not run: it exited with status %d on every input "
            "(the shell's 'cannot execute'/'not found')",
            any->exit_status);
      }
      ok = false;
    }
  }

  /* Verdicts of the new inputs, in order. */
  for (uint32_t k = 0; k < runs.size; k++) {
    Run *p = &runs.items[k];
    if (p->reference) continue;
    Run *r = self->reference ? &runs.items[k + 1] : NULL;
    if (!p->done || (r && !r->done)) continue;
    SdVerdict *v = &verdicts[p->input];
    if (!decide(self, p, r, v)) ok = false;
    switch (v->kind) {
    case SD_VERDICT_PASS: self->stats.pass++; break;
    case SD_VERDICT_FAIL: self->stats.fail++; break;
    case SD_VERDICT_UNDEFINED: self->stats.undefined++; break;
    }
    if (ok && !self->uncached) cache_insert(self, hashes[p->input], inputs[p->input], lengths[p->input], v);
  }
  for (size_t i = 0; i < count; i++)
    if (rep[i] != SIZE_MAX && rep[i] != i) {
      sd_verdict_copy(&verdicts[i], &verdicts[rep[i]]);
      verdicts[i].cached = true;
      self->stats.cache_hits++;
    }
  for (uint32_t k = 0; k < runs.size; k++) run_free(&runs.items[k]);
  array_free(&runs);
  free(seen);
  free(rep);
  free(hashes);
  self->stats.batch_seconds += now_seconds() - t0;
  return ok;
}

bool sd_oracle_rerun(SdOracle *self, const char *const *inputs, const size_t *lengths, size_t count,
                     SdVerdict *verdicts) {
  self->uncached = true;
  bool ok = sd_oracle_run(self, inputs, lengths, count, verdicts);
  self->uncached = false;
  return ok;
}

bool sd_oracle_stopped(const SdOracle *self) { return self->stopped; }

bool sd_oracle_run1(SdOracle *self, const char *input, size_t length, SdVerdict *verdict) {
  const char *inputs[1] = {input};
  size_t lengths[1] = {length};
  return sd_oracle_run(self, inputs, lengths, 1, verdict);
}
