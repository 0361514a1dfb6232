/*
 * tools.h -- running the external programs that draw (gnuplot, Graphviz's
 * dot) without a shell.
 */
#ifndef TOOLS_H
#define TOOLS_H

#include <stdbool.h>
#include <stddef.h>

/* How long a tool may take: gnuplot and dot draw a figure in seconds. */
#define TOOL_TIMEOUT_SECONDS 600

/* Runs argv[0] (looked up in PATH) with argv and standard input from
 * /dev/null, waits for it (killed after TOOL_TIMEOUT_SECONDS); with
 * quiet, its output and messages go to /dev/null (figures drawn as a side
 * line, whose failure the page itself reports).  Returns 0 when it exited
 * with 0, 127 when it is not installed, -1 otherwise. */
int tool_run(const char *const argv[], bool quiet);

/* Whether `prog` is in PATH. */
bool tool_installed(const char *prog);

/* Output files of plot, tree and gs --plot.  Their names are checked
 * whole before any work: a name is never cut to fit a buffer. */
#define TOOL_MAX_OUT 4000

/* What follows the last dot of the last component ("svg"), "" if none. */
const char *tool_suffix(const char *path);

/* 0 when `path` is short enough (with room for the temporary names) and
 * nothing exists under it (a dangling symbolic link included), or, with
 * force, a file (never a directory) the finished output will replace in
 * one rename; else -1 with a one-line reason. */
int tool_check_out(const char *cmd, const char *path, bool force, char *err, int errlen);

/* `path` with its suffix replaced by `suffix` (".dat"): FILE.svg ->
 * FILE.dat.  `path` has passed tool_check_out. */
void tool_beside(const char *path, const char *suffix, char *buf, size_t len);

/* The format an output name asks for: its suffix, when it is one of
 * `allowed` (NULL-terminated); else NULL, after "verifier: WHO: must end
 * in .a, .b or .c, got 'NAME'" on stderr. */
const char *tool_out_format(const char *who, const char *path, const char *const *allowed);

/* Whether the file a tool wrote at `path` in format `fmt` ("svg", "png",
 * "dot") is whole: not empty, and ending as the format ends (an SVG with
 * "</svg>", a PNG with its IEND chunk, DOT with "}"), for a tool may exit
 * with 0 when its own write failed (gnuplot on a full disk).  Returns 0,
 * or -1 with a one-line reason. */
int tool_output_whole(const char *path, const char *fmt, char *err, int errlen);

/* After tool_run gave r (not 0) for `prog`: says why on stderr, as
 * "verifier: CMD: ..." -- not installed (`package` is its Debian package,
 * `instead` what to do without it), or it could not make `what` -- and
 * returns the exit status: 2 (usage) when not installed, 4 (run error)
 * otherwise. */
int tool_failed(const char *cmd, int r, const char *prog, const char *package, const char *instead,
                const char *what);

#endif
