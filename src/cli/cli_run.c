/* cli_run.c: `semdbg run --test CMD [options] INPUT...`: runs the test command
 * on each input through the oracle (parallel, cached, with timeouts) and
 * prints each verdict, status and time as an aligned table, or a JSON array
 * (with the captured output, made valid UTF-8) with --json. Used to check a
 * harness before diagnosing. Exit status 0 when everything ran, 2 for usage
 * errors, 3 when the test command cannot run. */
#define _GNU_SOURCE
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "cli.h"
#include "json_util.h"
#include "semdbg/oracle.h"
#include "util.h"

static const char *usage_head =
    "usage: semdbg run --test CMD [options] INPUT...\n"
    "\n"
    "Run the test command on each input (a file, or a directory: its files) and print\n"
    "the verdicts: pass (exit 0), undefined (exit 125), fail (any other status, a\n"
    "signal, or a timeout), and the kind of each failure (exit:N, signal:NAME,\n"
    "timeout, or what --kind-regex captures). Use it to check a harness before a\n"
    "diagnosis.\n";

static const char *usage_tail =
    "Exit status: 0 all inputs ran (whatever the verdicts), 2 usage error,\n"
    "3 the test command could not run.\n";

/* Make bytes valid UTF-8 for JSON: invalid sequences and NUL become U+FFFD. */
static char *utf8_sanitize(const char *text, size_t len) {
  SdBuf b = {0};
  const unsigned char *p = (const unsigned char *)text;
  size_t i = 0;
  sd_buf_reserve(&b, len);
  sd_buf_append(&b, "", 0); /* NUL-terminated even when empty */
  while (i < len) {
    unsigned char c = p[i];
    size_t n = 0;
    uint32_t cp = 0, min = 0;
    if (c >= 0x01 && c < 0x80) {
      sd_buf_putc(&b, (char)c);
      i++;
      continue;
    } else if ((c & 0xE0) == 0xC0) n = 1, cp = c & 0x1F, min = 0x80;
    else if ((c & 0xF0) == 0xE0) n = 2, cp = c & 0x0F, min = 0x800;
    else if ((c & 0xF8) == 0xF0) n = 3, cp = c & 0x07, min = 0x10000;
    bool ok = n > 0;
    for (size_t k = 1; ok && k <= n; k++) {
      if (i + k >= len || (p[i + k] & 0xC0) != 0x80) ok = false;
      else cp = (cp << 6) | (p[i + k] & 0x3F);
    }
    if (ok && (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))) ok = false;
    if (ok) {
      sd_buf_append(&b, p + i, n + 1);
      i += n + 1;
    } else {
      sd_buf_puts(&b, "\xEF\xBF\xBD");
      i++;
    }
  }
  return sd_buf_take(&b);
}

static const char *note_text(const SdVerdict *v, char *buf, size_t size) {
  char ref[64] = "";
  switch (v->reason) {
  case SD_REASON_FAIL_ON: snprintf(buf, size, "--fail-on matched"); break;
  case SD_REASON_PASS_ON: snprintf(buf, size, "--pass-on matched"); break;
  case SD_REASON_REFERENCE_SAME: snprintf(buf, size, "same as reference"); break;
  case SD_REASON_REFERENCE_STATUS: {
    SdVerdict r = {.exit_status = v->ref_exit_status, .signal = v->ref_signal};
    sd_verdict_status_text(&r, ref, sizeof ref);
    snprintf(buf, size, "status differs from reference (%s)", ref);
    break;
  }
  case SD_REASON_REFERENCE_STDOUT: snprintf(buf, size, "stdout differs from reference"); break;
  case SD_REASON_REFERENCE_BROKEN: snprintf(buf, size, "reference timed out or exited 125"); break;
  default: buf[0] = '\0'; break;
  }
  if (v->cached) {
    size_t n = strlen(buf);
    snprintf(buf + n, size - n, "%scached", n ? ", " : "");
  }
  return buf;
}

static void add_output(cJSON *obj, const char *key, const char *data, size_t len, uint64_t total) {
  char *clean = utf8_sanitize(data ? data : "", len);
  cJSON_AddStringToObject(obj, key, clean);
  free(clean);
  char name[64];
  snprintf(name, sizeof name, "%s_bytes", key);
  cJSON_AddNumberToObject(obj, name, (double)total);
  snprintf(name, sizeof name, "%s_truncated", key);
  cJSON_AddBoolToObject(obj, name, total > len);
}

static void print_json(char **paths, size_t count, const SdVerdict *verdicts) {
  cJSON *array = cJSON_CreateArray();
  for (size_t i = 0; i < count; i++) {
    const SdVerdict *v = &verdicts[i];
    cJSON *o = cJSON_CreateObject();
    char *path = utf8_sanitize(paths[i], strlen(paths[i]));
    cJSON_AddStringToObject(o, "input", path);
    free(path);
    cJSON_AddStringToObject(o, "verdict", sd_verdict_kind_name(v->kind));
    cJSON_AddStringToObject(o, "reason", sd_verdict_reason_name(v->reason));
    if (v->kind == SD_VERDICT_FAIL) cJSON_AddStringToObject(o, "kind", sd_verdict_failure_kind(v));
    else cJSON_AddNullToObject(o, "kind");
    if (v->signal) cJSON_AddNullToObject(o, "exit_status");
    else cJSON_AddNumberToObject(o, "exit_status", v->exit_status);
    if (v->signal) {
      cJSON_AddNumberToObject(o, "signal", v->signal);
      const char *name = sigabbrev_np(v->signal);
      cJSON_AddStringToObject(o, "signal_name", name ? name : "?");
    } else {
      cJSON_AddNullToObject(o, "signal");
    }
    cJSON_AddBoolToObject(o, "timed_out", v->timed_out);
    cJSON_AddNumberToObject(o, "seconds", (double)(long long)(v->seconds * 1e6 + 0.5) / 1e6);
    cJSON_AddBoolToObject(o, "cached", v->cached);
    add_output(o, "stdout", v->out, v->out_len, v->out_total);
    add_output(o, "stderr", v->err, v->err_len, v->err_total);
    cJSON_AddItemToArray(array, o);
  }
  char *text = sd_json_print(array, true);
  puts(text);
  cJSON_free(text);
  cJSON_Delete(array);
}

static void print_table(char **paths, size_t count, const SdVerdict *verdicts) {
  int wpath = 5, wstatus = 6, wkind = 4;
  char status[64], note[160];
  for (size_t i = 0; i < count; i++) {
    int n = (int)strlen(paths[i]);
    if (n > wpath) wpath = n;
    sd_verdict_status_text(&verdicts[i], status, sizeof status);
    if ((int)strlen(status) > wstatus) wstatus = (int)strlen(status);
    n = (int)strlen(sd_verdict_failure_kind(&verdicts[i]));
    if (n > wkind) wkind = n;
  }
  printf("%-*s  %-9s  %-*s  %-*s  %9s  NOTE\n", wpath, "INPUT", "VERDICT", wstatus, "STATUS", wkind,
         "KIND", "TIME");
  for (size_t i = 0; i < count; i++) {
    const SdVerdict *v = &verdicts[i];
    sd_verdict_status_text(v, status, sizeof status);
    note_text(v, note, sizeof note);
    printf("%-*s  %-9s  %-*s  %-*s  %8.3fs%s%s\n", wpath, paths[i], sd_verdict_kind_name(v->kind),
           wstatus, status, wkind, sd_verdict_failure_kind(v), v->seconds, *note ? "  " : "", note);
  }
}

/* The failures by kind, most frequent first (ties: first seen first), as
 * " (3 exit:1, 2 signal:SIGABRT)"; "" when nothing failed. Malloc'd. */
static char *kinds_text(const SdVerdict *verdicts, size_t count) {
  typedef struct { const char *kind; uint32_t n; } KindCount;
  Array(KindCount) kinds = {0};
  for (size_t i = 0; i < count; i++) {
    if (verdicts[i].kind != SD_VERDICT_FAIL) continue;
    const char *k = sd_verdict_failure_kind(&verdicts[i]);
    uint32_t j = 0;
    while (j < kinds.size && strcmp(kinds.items[j].kind, k)) j++;
    if (j == kinds.size) array_push(&kinds, ((KindCount){k, 0}));
    kinds.items[j].n++;
    for (; j > 0 && kinds.items[j - 1].n < kinds.items[j].n; j--) {
      KindCount t = kinds.items[j];
      kinds.items[j] = kinds.items[j - 1];
      kinds.items[j - 1] = t;
    }
  }
  SdBuf b = {0};
  sd_buf_append(&b, "", 0);
  for (uint32_t j = 0; j < kinds.size; j++)
    sd_buf_printf(&b, "%s%u %s", j ? ", " : " (", kinds.items[j].n, kinds.items[j].kind);
  if (kinds.size) sd_buf_putc(&b, ')');
  array_free(&kinds);
  return sd_buf_take(&b);
}

typedef struct RunSettings {
  SdOracleOptions oracle;
  bool json;
  CliStrings inputs;
} RunSettings;

/* The command line into *s; CLI_CONTINUE or the exit status. */
static int parse_command_line(int argc, char **argv, RunSettings *s) {
  const CliOption options[] = {
      CLI_FLAG("json", 0, &s->json, "print a JSON array (with the captured stdout/stderr)"),
      CLI_ORACLE_OPTIONS(&s->oracle),
      CLI_END,
  };
  const CliCommand command = {"run", usage_head, usage_tail, options};
  int status = cli_parse_options(&command, argc, argv, &s->inputs);
  if (status != CLI_CONTINUE) return status;
  char *error = NULL;
  if (!sd_oracle_options_validate(&s->oracle, &error)) {
    cli_error("run: %s", error);
    free(error);
    return CLI_EXIT_USAGE;
  }
  if (s->inputs.size == 0) return cli_error("run: no inputs (give files or directories; see semdbg run --help)");
  return CLI_CONTINUE;
}

/* Run the test command on every input and print the verdicts. */
static int run_inputs(const RunSettings *s) {
  const SdOracleOptions *opts = &s->oracle;
  int status = CLI_EXIT_USAGE;
  char **paths = NULL;
  size_t path_count = 0;
  char **inputs = NULL;
  size_t *lengths = NULL;
  SdVerdict *verdicts = NULL;
  SdOracle *oracle = NULL;
  char *error = NULL;
  if (!cli_collect_inputs(s->inputs.items, (int)s->inputs.size, &paths, &path_count)) goto done;
  if (path_count == 0) {
    cli_error("run: no input files found");
    goto done;
  }
  inputs = sd_xcalloc(path_count, sizeof *inputs);
  lengths = sd_xcalloc(path_count, sizeof *lengths);
  for (size_t i = 0; i < path_count; i++) {
    const char *why = NULL;
    inputs[i] = sd_read_file(paths[i], &lengths[i], &why);
    if (!inputs[i]) {
      cli_error("%s: %s", paths[i], why ? why : "cannot read");
      goto done;
    }
  }
  oracle = sd_oracle_new(opts, &error);
  if (!oracle) {
    cli_error("run: %s", error);
    free(error);
    status = CLI_EXIT_HARNESS;
    goto done;
  }
  verdicts = sd_xcalloc(path_count, sizeof *verdicts);
  if (!sd_oracle_run(oracle, (const char *const *)inputs, lengths, path_count, verdicts)) {
    cli_error("%s", sd_oracle_error(oracle));
    status = CLI_EXIT_HARNESS;
    goto done;
  }
  if (s->json) print_json(paths, path_count, verdicts);
  else print_table(paths, path_count, verdicts);
  fflush(stdout);

  SdOracleStats st;
  sd_oracle_stats(oracle, &st);
  uint64_t counts[3] = {0, 0, 0};
  for (size_t i = 0; i < path_count; i++) counts[verdicts[i].kind]++;
  char *by_kind = kinds_text(verdicts, path_count);
  fprintf(stderr,
          "%zu input%s: %llu pass, %llu fail%s, %llu undefined; %llu run%s, %llu cache hit%s, "
          "%.3f s in the test command, %.3f s wall\n",
          path_count, path_count == 1 ? "" : "s", (unsigned long long)counts[SD_VERDICT_PASS],
          (unsigned long long)counts[SD_VERDICT_FAIL], by_kind,
          (unsigned long long)counts[SD_VERDICT_UNDEFINED], (unsigned long long)st.runs,
          st.runs == 1 ? "" : "s", (unsigned long long)st.cache_hits,
          st.cache_hits == 1 ? "" : "s", st.harness_seconds, st.batch_seconds);
  free(by_kind);
  status = CLI_EXIT_OK;

done:
  if (verdicts)
    for (size_t i = 0; i < path_count; i++) sd_verdict_clear(&verdicts[i]);
  free(verdicts);
  sd_oracle_free(oracle);
  if (inputs)
    for (size_t i = 0; i < path_count; i++) free(inputs[i]);
  free(inputs);
  free(lengths);
  if (paths) cli_free_paths(paths, path_count);
  return status;
}

int cli_run(int argc, char **argv) {
  RunSettings s = {0};
  sd_oracle_options_init(&s.oracle);
  int status = parse_command_line(argc, argv, &s);
  if (status == CLI_CONTINUE) status = run_inputs(&s);
  array_free(&s.inputs);
  return status;
}
