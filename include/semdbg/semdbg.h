/* semdbg/semdbg.h: the whole public API of libsemdbg in one include.
 *
 * Build a program against an installed semdbg with
 *     cc prog.c $(pkg-config --cflags --libs semdbg)
 * (examples/embedding/embed.c is a complete one). The modules, in the order a
 * diagnosis uses them:
 *   grammar.h    context-free grammars in ISLa BNF: sd_grammar_load
 *   parser.h     an Earley parser: sd_parser_new, sd_parse, sd_parse_file
 *   tree.h       derivation trees: text, nodes, spans
 *   constraint.h ISLa constraints: sd_constraint_parse, sd_constraint_eval
 *   oracle.h     the test command and its verdicts: sd_oracle_new, sd_oracle_run
 *   fuzzer.h     inputs from a grammar; solver.h inputs satisfying a constraint
 *   features.h, relevance.h  which nonterminals matter for a failure
 *   catalog.h, learner.h     candidate constraints from the pattern catalog
 *   reduce.h     reduction and DDSET's abstract failure-inducing input
 *   debugger.h   the whole diagnosis: sd_debug, giving a report (report.h)
 *   datadir.h    where the bundled catalog and grammars are
 *   version.h    SD_VERSION_STRING and sd_version()
 * Conventions: functions start with sd_, types with Sd, constants with SD_;
 * the object is the first parameter; what a function returns as char * or as
 * a new object is the caller's to free (with free() or the matching
 * sd_*_free); messages are malloc'd strings the caller frees. */
#ifndef SEMDBG_SEMDBG_H
#define SEMDBG_SEMDBG_H

#include "semdbg/export.h"
#include "semdbg/version.h"
#include "semdbg/datadir.h"
#include "semdbg/grammar.h"
#include "semdbg/tree.h"
#include "semdbg/parser.h"
#include "semdbg/constraint.h"
#include "semdbg/oracle.h"
#include "semdbg/fuzzer.h"
#include "semdbg/solver.h"
#include "semdbg/features.h"
#include "semdbg/relevance.h"
#include "semdbg/catalog.h"
#include "semdbg/learner.h"
#include "semdbg/reduce.h"
#include "semdbg/report.h"
#include "semdbg/debugger.h"

#endif
