/*
 * options.h -- the options of one subcommand, parsed strictly.
 *
 * Each subcommand lists its own options; anything else is refused with a
 * message naming the subcommand and the token that is wrong:
 *   "check: unknown option '--colour' (see verifier check --help)"
 *   "check: --piles needs a value"
 *   "conj: --to given twice"
 * A value is the next token or follows '=' (--to=40).  A next token that
 * looks like an option is not taken as a value (so `--out -h` is a missing
 * value, not a directory called -h, nor a request for help), except that
 * options whose values may be negative accept "-" followed by a digit.
 * --help or -h as an option anywhere asks for help.
 */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <stdbool.h>

typedef struct {
    const char *name;       /* "piles" for --piles                       */
    bool takes_value;
    bool negative_ok;       /* value may start with '-' and a digit      */
} opt_spec;

/* Most options a command may have (opts_parse refuses more specs: a
 * command that outgrows it is a bug caught on its first run). */
#define OPTS_MAX 64

typedef struct {
    const char *value[OPTS_MAX];  /* per spec: its value, "" for a flag, or NULL */
    const char *positional[4];
    int npositional;
} opt_result;

/* Returns 0, 1 when help was asked for, or -1 with a one-line message
 * (without the "verifier: " prefix) in err.  argv[0] is the subcommand. */
int opts_parse(int argc, char **argv, const opt_spec *specs, int nspecs, int max_positional, opt_result *out,
               char *err, int errlen);

/* opts_parse for a subcommand's entry point: prints `help` on stdout when
 * asked (returns 1), or the one-line error "verifier: ..." on stderr
 * (returns -1); 0 when the options are good. */
int opts_parse_or_help(int argc, char **argv, const opt_spec *specs, int nspecs, int max_positional, opt_result *r,
                       const char *help);

/* The value of option `name` (NULL when not given). */
const char *opts_get(const opt_spec *specs, int nspecs, const opt_result *r, const char *name);

#endif
