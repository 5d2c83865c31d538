/* semdbg/report.h: the result of a diagnosis, for people (text) and for
 * scripts (JSON; the schema is documented in README.md). */
#ifndef SEMDBG_REPORT_H
#define SEMDBG_REPORT_H

#include "semdbg/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum SdReportStatus {
  SD_REPORT_CONFIRMED,   /* precision = recall = 1 on all evidence, every boundary pinned by
                            adjacent witnesses, the last hunt found no failure outside it */
  SD_REPORT_APPROXIMATE, /* the best candidate meets the thresholds but is not perfect */
  SD_REPORT_SHORT,       /* the best candidate falls short of the thresholds */
  SD_REPORT_NONE,        /* no candidate at all */
} SdReportStatus;

typedef struct SdReportCandidate {
  char *short_form, *isla, *pattern;
  double precision, recall, specificity, f1;
  uint32_t tp, fp, tn, fn;
  uint32_t group;        /* equivalence group; the diagnosis is group 0 */
} SdReportCandidate;

typedef struct SdReportSymbol {
  char *name, *top_feature;
  double score;
  bool correlated_ancestor, correlated_descendant;
} SdReportSymbol;

/* A nonterminal the grammar reader made for EBNF (`x*`, `x+`, `x?`, a group)
 * that a reported constraint names, and what it stands for. */
typedef struct SdReportName {
  char *name;            /* "<block-1>" */
  char *stands_for;      /* "<setting>*" */
} SdReportName;

typedef struct SdReportInput {
  char *text;
  size_t length;
} SdReportInput;

/* A threshold of a cause, settled by experiment: the element the atom talks
 * about was varied in a failing input, everything else kept. */
typedef struct SdReportBoundary {
  char *element;         /* "<port>" */
  char *measure;         /* "value" (str.to.int) or "length" (str.len) */
  char *passing_value;   /* the last value that passes ... */
  char *failing_value;   /* ... next to the first that fails (decimal text) */
  char *passing_input, *failing_input; /* the two witnesses */
  size_t passing_length, failing_length;
  bool pinned;           /* adjacent witnesses agree with the cause */
  char *note;            /* why not pinned (NULL when pinned) */
} SdReportBoundary;

/* One cause of the failure: the diagnosis is the disjunction of its causes. */
typedef struct SdReportCause {
  char *short_form, *isla;
  uint32_t tp, fp;       /* failing / passing inputs it holds on (all evidence) */
  uint32_t only;         /* failing inputs no other cause explains */
  SdReportBoundary *boundaries;
  uint32_t boundary_count;
  SdReportInput example; /* a failing input it explains */
} SdReportCause;

/* Failures of a kind other than the one explained, by kind. */
typedef struct SdReportKindCount {
  char *kind;            /* "signal:SIGABRT" */
  uint32_t count;        /* labelled inputs that failed so */
} SdReportKindCount;

/* An input whose verdict changed when it ran again: the harness is flaky. */
typedef struct SdReportFlaky {
  char *input;
  size_t length;
  char *first, *again;   /* "fail (exit:1)", "pass", "undefined", "fail (timeout; another kind)" */
} SdReportFlaky;

typedef struct SdReport {
  SdReportStatus status;
  int signal;            /* the signal that interrupted the diagnosis (SIGINT, SIGTERM,
                            SIGHUP), 0 when none did */
  char *interrupted_during; /* what was under way then ("the diagnosis", "the reduction") */
  uint32_t rechecked;    /* inputs run a second time, bypassing the cache (flakiness check) */
  SdReportFlaky *flaky;  /* those whose verdict changed */
  uint32_t flaky_count;
  char *kind;            /* the failure kind explained ("exit:1"; NULL if unknown) */
  SdReportKindCount *other_kinds; /* other failures, by kind, most frequent first */
  uint32_t other_kind_count;
  uint32_t other_failures; /* labelled inputs that failed with another kind (not learned) */
  char *stop_reason;     /* "confirmed", "max-iterations", "max-runs", "time-limit", "no-progress",
                            "max-causes", "pattern-instances", "interrupted", "flaky",
                            "write-error" */
  SdReportCandidate *candidates; /* ranked, best first */
  uint32_t candidate_count;
  SdReportSymbol *relevant;
  uint32_t relevant_count;
  SdReportInput *failing_examples, *passing_examples;
  uint32_t failing_example_count, passing_example_count;
  SdReportCause *causes; /* the diagnosis split into its causes */
  uint32_t cause_count;
  /* the last hunt for failures outside the diagnosis */
  uint32_t hunt_inputs;  /* inputs run outside the diagnosis (labelled pass or fail) */
  uint32_t hunt_failures;/* of which failed */
  uint32_t hunt_inside;  /* inputs run inside the diagnosis */
  uint32_t hunt_passes;  /* of which passed */
  bool hunted;
  uint64_t exhaustive;   /* every input the grammar derives was run, this many, and the
                            diagnosis agrees with each (0: not so) */
  char **caveats;        /* why the diagnosis is not confirmed, in plain words */
  uint32_t caveat_count;
  char *reduced;         /* reduced failing input (NULL if not made) */
  size_t reduced_length, original_length;
  /* a failing input the diagnosis does not explain, reduced while it
     fails (the same kind) and stays outside the diagnosis (NULL if none
     was made: a confirmed diagnosis, or every failure explained) */
  char *outside, *outside_original;
  size_t outside_length, outside_original_length;
  char *abstract;        /* DDSET abstract input (NULL if not made) */
  double abstract_fail_share; /* share of its instantiations that failed (-1 if unknown) */
  double min_precision, min_recall;
  /* counts */
  uint64_t seed;
  uint32_t iterations;
  uint64_t runs, cache_hits, z3_queries, evaluations;
  uint32_t failing, passing, undefined; /* labelled inputs */
  double harness_seconds, total_seconds;
  double self_seconds;   /* CPU time of semdbg itself (user + system) */
  uint64_t boundary_runs, hunt_runs; /* runs spent pinning boundaries and hunting causes (in runs) */
  uint64_t reduction_runs; /* runs of the reduction after the diagnosis (in runs) */
  uint64_t generalization_runs; /* runs of DDSET's generalisation after it (in runs) */
  /* runs made before the reported causes were first put forward together
     (as the best candidate, or as the causes found); the diagnosis runs after
     them confirmed it. 0 when there are no causes. */
  uint64_t found_runs;
  SdReportName *names;   /* generated nonterminals the candidates name, by first mention */
  uint32_t name_count;
} SdReport;

SD_API void sd_report_free(SdReport *self);
SD_API char *sd_report_to_text(const SdReport *self);
SD_API char *sd_report_to_json(const SdReport *self); /* a JSON document (pretty-printed) */
SD_API const char *sd_report_status_name(SdReportStatus status);
/* A stop reason as the text reports say it: "confirmed" (the last hunt
 * refuted nothing) only when the status is "confirmed" too, else "the last
 * hunt refuted nothing"; other reasons as they are. */
SD_API const char *sd_report_stop_text(const char *stop_reason, const char *status);
/* The runs of the diagnosis proper: all runs but the reduction's and the generalisation's. */
SD_API uint64_t sd_report_diagnosis_runs(const SdReport *self);
/* The 95% upper bound on the share of failures among inputs like the n
 * that were run without a failure (1 - 0.05^(1/n); about 3/n). */
SD_API double sd_report_hunt_bound(uint32_t n);

#endif
