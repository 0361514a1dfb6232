/*
 * tools.h -- running the external programs that draw (gnuplot, Graphviz's
 * dot) without a shell.
 */
#ifndef SN_TOOLS_H
#define SN_TOOLS_H

#include <stdbool.h>

/* Runs argv[0] (looked up in PATH) with argv, waits for it.  Returns 0 when
 * it exited with 0, 127 when it is not installed, -1 otherwise. */
int tool_run(const char *const argv[]);

/* Whether `prog` is in PATH. */
bool tool_installed(const char *prog);

#endif
