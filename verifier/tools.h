/*
 * tools.h -- running the external programs that draw (gnuplot, Graphviz's
 * dot) without a shell.
 */
#ifndef SN_TOOLS_H
#define SN_TOOLS_H

#include <stdbool.h>
#include <stddef.h>

/* Runs argv[0] (looked up in PATH) with argv, waits for it; with quiet,
 * its output and messages go to /dev/null (figures drawn as a side line,
 * whose failure the page itself reports).  Returns 0 when it exited with
 * 0, 127 when it is not installed, -1 otherwise. */
int tool_run(const char *const argv[], bool quiet);

/* Whether `prog` is in PATH. */
bool tool_installed(const char *prog);

/* Output files of plot, tree and gs --plot.  Their names are checked
 * whole before any work: a name is never cut to fit a buffer. */
#define TOOL_MAX_OUT 4000

/* What follows the last dot of the last component ("svg"), "" if none. */
const char *tool_suffix(const char *path);

/* 0 when `path` is short enough (with room for the temporary names) and
 * nothing exists under it; else -1 with a one-line reason. */
int tool_check_out(const char *cmd, const char *path, char *err, int errlen);

/* `path` with its suffix replaced by `suffix` (".dat"): FILE.svg ->
 * FILE.dat.  `path` has passed tool_check_out. */
void tool_beside(const char *path, const char *suffix, char *buf, size_t len);

#endif
