/* oracle_options.c: the oracle's option set (defaults, command-line parsing
 * shared by every subcommand that runs the test command, validation, help
 * text) and compilation of the --fail-on/--pass-on/--kind-regex regexes with PCRE2 (JIT). */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <errno.h>
#include <math.h>
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "semdbg/oracle.h"
#include "util.h"

/* Also used by oracle.c. */
pcre2_code *sd_oracle_compile_regex(const char *option, const char *pattern, char **error);

const char sd_oracle_options_help[] =
    "  --test CMD             test command, run with /bin/sh -c; the input file's path is\n"
    "                         appended as its last argument, or replaces {} in CMD;\n"
    "                         exit 0 = pass, 125 = undefined, other status or signal = fail\n"
    "  --stdin                feed the input on standard input instead of as a path\n"
    "  --timeout S            seconds per run, fractions allowed, 0 = none (default 10)\n"
    "  --timeout-verdict V    verdict of a run that times out: pass, fail, undefined\n"
    "                         (default fail)\n"
    "  --fail-on REGEX        a run whose stdout or stderr matches REGEX (PCRE2, ^ and $\n"
    "                         match at line ends) fails, whatever its exit status\n"
    "  --pass-on REGEX        likewise, a matching run passes (--fail-on wins over it)\n"
    "  --kind-regex REGEX     a failing run's kind is the first capture group of REGEX\n"
    "                         on its stdout or stderr (PCRE2), e.g. 'SUMMARY: \\S+: (\\S+)';\n"
    "                         otherwise exit:N, signal:NAME or timeout\n"
    "  --reference CMD        golden reference, run like --test on the same input: a run\n"
    "                         fails when its exit status or stdout differs\n"
    "  --compare WHAT         what --reference compares: status, stdout, both (default both)\n"
    "  -j, --jobs N           runs at once (default: number of CPUs)\n";

void sd_oracle_options_init(SdOracleOptions *self) {
  memset(self, 0, sizeof *self);
  self->timeout = 10.0;
  self->timeout_verdict = SD_VERDICT_FAIL;
  self->compare = SD_COMPARE_BOTH;
  self->jobs = 0;
  self->capture_limit = 64 * 1024;
  self->kill_grace = 0.5;
}

pcre2_code *sd_oracle_compile_regex(const char *option, const char *pattern, char **error) {
  int code;
  PCRE2_SIZE offset;
  pcre2_code *re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, PCRE2_MULTILINE, &code,
                                 &offset, NULL);
  if (!re) {
    PCRE2_UCHAR message[256];
    if (pcre2_get_error_message(code, message, sizeof message) < 0)
      strcpy((char *)message, "unknown error");
    if (error)
      *error = sd_format("%s: bad regular expression at offset %zu: %s", option, (size_t)offset,
                         (char *)message);
    return NULL;
  }
  (void)pcre2_jit_compile(re, PCRE2_JIT_COMPLETE); /* the interpreter is the fallback */
  return re;
}

/* Does argv[*i] name this option? Sets *value to its argument ("--opt V" or
 * "--opt=V"), advancing *i past a separate value. */
static int match_option(int argc, char **argv, int *i, const char *name, const char **value,
                        char **error) {
  const char *arg = argv[*i];
  size_t n = strlen(name);
  if (strncmp(arg, name, n) != 0) return 0;
  if (arg[n] == '=') {
    *value = arg + n + 1;
    return 1;
  }
  if (arg[n] != '\0') return 0;
  if (*i + 1 >= argc) {
    *error = sd_format("%s expects a value", name);
    return -1;
  }
  *value = argv[++*i];
  return 1;
}

static bool parse_seconds(const char *option, const char *text, double *out, char **error) {
  char *end;
  errno = 0;
  double v = strtod(text, &end);
  if (!*text || *end || errno || !isfinite(v) || v < 0) {
    *error = sd_format("%s expects a non-negative number of seconds, got '%s'", option, text);
    return false;
  }
  *out = v;
  return true;
}

static bool parse_jobs(const char *option, const char *text, unsigned *out, char **error) {
  char *end;
  errno = 0;
  unsigned long v = strtoul(text, &end, 10);
  if (!*text || *text == '-' || *end || errno || v > 4096) {
    *error = sd_format("%s expects a number of jobs (0-4096, 0 = CPUs), got '%s'", option, text);
    return false;
  }
  *out = (unsigned)v;
  return true;
}

bool sd_oracle_options_parse_arg(SdOracleOptions *self, int argc, char **argv, int *i,
                                 bool *consumed, char **error) {
  const char *arg = argv[*i], *value = NULL;
  int m;
  *consumed = true;
  if (!strcmp(arg, "--stdin")) {
    self->use_stdin = true;
    return true;
  }
  if (!strncmp(arg, "-j", 2) && arg[2] && arg[2] != '=') /* -j4 */
    return parse_jobs("-j", arg + 2, &self->jobs, error);
#define OPTION(name)                                                            \
  if ((m = match_option(argc, argv, i, name, &value, error)) < 0) return false; \
  if (m > 0)
  OPTION("-j") return parse_jobs("-j", value, &self->jobs, error);
  OPTION("--jobs") return parse_jobs("--jobs", value, &self->jobs, error);
  OPTION("--test") {
    if (!*value) {
      *error = sd_xstrdup("--test expects a command");
      return false;
    }
    self->test = value;
    return true;
  }
  OPTION("--reference") {
    if (!*value) {
      *error = sd_xstrdup("--reference expects a command");
      return false;
    }
    self->reference = value;
    return true;
  }
  OPTION("--timeout-verdict") {
    if (!strcmp(value, "pass")) self->timeout_verdict = SD_VERDICT_PASS;
    else if (!strcmp(value, "fail")) self->timeout_verdict = SD_VERDICT_FAIL;
    else if (!strcmp(value, "undefined")) self->timeout_verdict = SD_VERDICT_UNDEFINED;
    else {
      *error = sd_format("--timeout-verdict expects pass, fail or undefined, got '%s'", value);
      return false;
    }
    return true;
  }
  OPTION("--timeout") return parse_seconds("--timeout", value, &self->timeout, error);
  OPTION("--compare") {
    if (!strcmp(value, "both")) self->compare = SD_COMPARE_BOTH;
    else if (!strcmp(value, "status")) self->compare = SD_COMPARE_STATUS;
    else if (!strcmp(value, "stdout")) self->compare = SD_COMPARE_STDOUT;
    else {
      *error = sd_format("--compare expects status, stdout or both, got '%s'", value);
      return false;
    }
    return true;
  }
  OPTION("--fail-on") {
    pcre2_code *re = sd_oracle_compile_regex("--fail-on", value, error);
    if (!re) return false;
    pcre2_code_free(re);
    self->fail_on = value;
    return true;
  }
  OPTION("--pass-on") {
    pcre2_code *re = sd_oracle_compile_regex("--pass-on", value, error);
    if (!re) return false;
    pcre2_code_free(re);
    self->pass_on = value;
    return true;
  }
  OPTION("--kind-regex") {
    pcre2_code *re = sd_oracle_compile_regex("--kind-regex", value, error);
    if (!re) return false;
    pcre2_code_free(re);
    self->kind_regex = value;
    return true;
  }
#undef OPTION
  *consumed = false;
  return true;
}

bool sd_oracle_options_validate(const SdOracleOptions *self, char **error) {
  if (!self->test || !*self->test) {
    *error = sd_xstrdup("missing --test CMD (the command that runs the program on an input)");
    return false;
  }
  if (!(self->timeout >= 0) || !isfinite(self->timeout)) {
    *error = sd_xstrdup("--timeout must be a non-negative number of seconds");
    return false;
  }
  const char *names[3] = {"--fail-on", "--pass-on", "--kind-regex"};
  const char *patterns[3] = {self->fail_on, self->pass_on, self->kind_regex};
  for (int k = 0; k < 3; k++) {
    if (!patterns[k]) continue;
    pcre2_code *re = sd_oracle_compile_regex(names[k], patterns[k], error);
    if (!re) return false;
    pcre2_code_free(re);
  }
  return true;
}
