/*
 * tools.h -- running the external programs that draw (gnuplot, Graphviz's
 * dot) without a shell.
 */
#ifndef SN_TOOLS_H
#define SN_TOOLS_H

#include <stdbool.h>

/* Runs argv[0] (looked up in PATH) with argv, waits for it; with quiet,
 * its output and messages go to /dev/null (figures drawn as a side line,
 * whose failure the page itself reports).  Returns 0 when it exited with
 * 0, 127 when it is not installed, -1 otherwise. */
int tool_run(const char *const argv[], bool quiet);

/* Whether `prog` is in PATH. */
bool tool_installed(const char *prog);

#endif
