/* semdbg/datadir.h: where semdbg's bundled data lives: the default pattern
 * catalog (patterns/default.toml), the ready grammars (grammars/NAME.bnf) and
 * the JSON Schemas of the reports (schema/NAME.json).
 *
 * Data directories are searched in this order:
 *   1. <directory of the running executable>/../share/semdbg (the install
 *      layout; the relative path is the one from CMake's bindir to datadir,
 *      so a relocated install tree works);
 *   2. <directory of libsemdbg.so>/<libdir to datadir>/semdbg, for programs
 *      that embed the shared library and live elsewhere;
 *   3. the source tree semdbg was built from, for programs run from the build
 *      tree (only when built with SEMDBG_SOURCE_LOOKUP, the default; the
 *      Debian package is built without it).
 * $SEMDBG_PATTERNS overrides the catalog (see sd_catalog_default_path). */
#ifndef SEMDBG_DATADIR_H
#define SEMDBG_DATADIR_H

#include "semdbg/export.h"

/* The path of the first existing file `relative` ("patterns/default.toml",
 * "grammars/heartbleed.bnf") in the data directories, malloc'd; NULL when none
 * has it. */
SD_API char *sd_data_find(const char *relative);
/* Where `relative` would be in the first data directory (the install layout),
 * whether or not it exists there; malloc'd. For messages that say where a
 * missing file was looked for. */
SD_API char *sd_data_default(const char *relative);

#endif
