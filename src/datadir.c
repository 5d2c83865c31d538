/* datadir.c: finds semdbg's bundled data (semdbg/datadir.h) and says which
 * version the library is (semdbg/version.h). The data directories are derived
 * at each call from where the running executable is (/proc/self/exe) and where
 * the shared library was loaded from (dladdr), each followed by the relative
 * path from CMake's bindir (libdir) to datadir, then the source tree compiled
 * in for build-tree use; the first that has the file wins. */
#define _GNU_SOURCE /* dladdr */
#include "semdbg/datadir.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "semdbg/version.h"
#include "util.h"

#ifndef SEMDBG_BIN_TO_DATA
#define SEMDBG_BIN_TO_DATA "../share/semdbg"
#endif
#ifndef SEMDBG_LIB_TO_DATA
#define SEMDBG_LIB_TO_DATA "../share/semdbg"
#endif

enum { MAX_DIRS = 3 };

/* "dir/to" for the directory part of path (which has a slash). */
static char *beside(const char *path, const char *to) {
  const char *slash = strrchr(path, '/');
  return sd_format("%.*s/%s", (int)(slash - path), path, to);
}

/* The data directories in search order (malloc'd); returns how many. */
static int data_dirs(char *dirs[MAX_DIRS]) {
  int n = 0;
  char exe[PATH_MAX];
  ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (len > 0) {
    exe[len] = '\0';
    dirs[n++] = beside(exe, SEMDBG_BIN_TO_DATA);
  } else {
    exe[0] = '\0';
  }
  /* the library itself, when it is a shared object other than the executable */
  Dl_info info;
  if (dladdr((void *)data_dirs, &info) && info.dli_fname && strchr(info.dli_fname, '/')) {
    char *lib = realpath(info.dli_fname, NULL);
    if (lib && strcmp(lib, exe)) dirs[n++] = beside(lib, SEMDBG_LIB_TO_DATA);
    free(lib);
  }
#ifdef SEMDBG_SOURCE_DIR
  dirs[n++] = sd_xstrdup(SEMDBG_SOURCE_DIR);
#endif
  return n;
}

char *sd_data_find(const char *relative) {
  char *dirs[MAX_DIRS], *found = NULL;
  int n = data_dirs(dirs);
  for (int i = 0; i < n; i++) {
    if (!found) {
      char *path = sd_format("%s/%s", dirs[i], relative);
      struct stat st;
      if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) found = realpath(path, NULL);
      free(path);
    }
    free(dirs[i]);
  }
  return found;
}

char *sd_data_default(const char *relative) {
  char *dirs[MAX_DIRS];
  int n = data_dirs(dirs);
  char *path = n ? sd_format("%s/%s", dirs[0], relative) : sd_format("%s", relative);
  for (int i = 0; i < n; i++) free(dirs[i]);
  return path;
}

const char *sd_version(void) { return SD_VERSION_STRING; }
