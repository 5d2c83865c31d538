/* stop.c: the process-wide "stop early" state (semdbg/stop.h): a flag set by
 * the first SIGINT/SIGTERM/SIGHUP (a volatile sig_atomic_t, so the handler
 * only stores), an explicit request, and a deadline on CLOCK_MONOTONIC.
 * Loops poll sd_stop_requested(); a blocking wait (the oracle's ppoll) is
 * woken by the signal itself (EINTR) and bounds its timeout by the deadline.
 * The second signal is not caught: the handler restores the previous
 * disposition and re-raises, so a user who presses Ctrl-C twice gets out at
 * once (the oracle's own handler, which runs first while an oracle lives,
 * kills its harnesses and removes its temporary directory). */
#define _GNU_SOURCE
#include "semdbg/stop.h"

#include <signal.h>
#include <string.h>
#include <time.h>

static volatile sig_atomic_t stop_signal, stop_requested, catching;
static double deadline, grace_until;
static SdStopReason sticky; /* the first reason seen */
static unsigned long cuts;
static int cut_scope;

static const int caught[] = {SIGINT, SIGTERM, SIGHUP};
#define N_CAUGHT (sizeof caught / sizeof caught[0])
static struct sigaction saved[N_CAUGHT];

double sd_stop_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void on_signal(int sig) {
  if (sd_stop_catching(sig)) return;
  for (size_t k = 0; k < N_CAUGHT; k++)
    if (caught[k] == sig) sigaction(sig, &saved[k], NULL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  raise(sig);
}

bool sd_stop_catching(int sig) {
  if (!catching || stop_signal) return false;
  stop_signal = sig;
  return true;
}

void sd_stop_catch_signals(void) {
  for (size_t k = 0; k < N_CAUGHT; k++) {
    if (sigaction(caught[k], NULL, &saved[k]) != 0 || saved[k].sa_handler == SIG_IGN) continue;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t j = 0; j < N_CAUGHT; j++) sigaddset(&sa.sa_mask, caught[j]);
    sigaction(caught[k], &sa, NULL);
  }
  catching = 1;
}

void sd_stop_set_deadline(double at) { deadline = at; }
double sd_stop_deadline(void) { return deadline; }

double sd_stop_remaining(void) {
  if (deadline <= 0) return 1e9;
  double left = deadline - sd_stop_now();
  return left > 0 ? left : 0;
}

void sd_stop_request(void) { stop_requested = 1; }

bool sd_stop_requested(void) {
  if (grace_until > 0) return sd_stop_now() >= grace_until;
  return sd_stop_reason() != SD_STOP_NONE;
}

SdStopReason sd_stop_reason(void) {
  if (sticky == SD_STOP_NONE) {
    if (stop_signal) sticky = SD_STOP_SIGNAL;
    else if (stop_requested) sticky = SD_STOP_ERROR;
    else if (deadline > 0 && sd_stop_now() >= deadline) sticky = SD_STOP_DEADLINE;
  }
  return sticky;
}

void sd_stop_grace(double seconds) {
  sd_stop_reason(); /* keep the reason */
  grace_until = sd_stop_now() + seconds;
}

void sd_stop_cut_begin(void) { __atomic_add_fetch(&cut_scope, 1, __ATOMIC_RELAXED); }
void sd_stop_cut_end(void) { __atomic_sub_fetch(&cut_scope, 1, __ATOMIC_RELAXED); }
bool sd_stop_cutting(void) { return __atomic_load_n(&cut_scope, __ATOMIC_RELAXED) > 0 && sd_stop_requested(); }

void sd_stop_note_cut(void) { __atomic_add_fetch(&cuts, 1, __ATOMIC_RELAXED); }
unsigned long sd_stop_cuts(void) { return __atomic_load_n(&cuts, __ATOMIC_RELAXED); }

int sd_stop_signal(void) { return stop_signal; }

void sd_stop_reset(void) {
  stop_signal = 0;
  stop_requested = 0;
  deadline = grace_until = 0;
  sticky = SD_STOP_NONE;
  cuts = 0;
}
