/*
 * options.c -- strict per-subcommand option parsing (see options.h).
 * getopt is not used: its messages cannot name the subcommand, it reports
 * a missing value as an unknown option, and after a clustered short
 * option its optind names the wrong token.
 */
#include "verifier/base/options.h"

#include <stdio.h>
#include <string.h>

#include "verifier/base/args.h"

static bool is_help(const char *tok)
{
    return strcmp(tok, "--help") == 0 || strcmp(tok, "-h") == 0;
}

static bool looks_like_option(const char *tok, bool negative_ok)
{
    if (tok[0] != '-' || tok[1] == 0)
        return false;
    return !(negative_ok && tok[1] >= '0' && tok[1] <= '9');
}

static int find_spec(const opt_spec *specs, int nspecs, const char *name, size_t len)
{
    for (int i = 0; i < nspecs; i++)
        if (strlen(specs[i].name) == len && strncmp(specs[i].name, name, len) == 0)
            return i;
    return -1;
}

int opts_parse(int argc, char **argv, const opt_spec *specs, int nspecs, int max_positional, opt_result *out,
               char *err, int errlen)
{
    const char *cmd = argv[0];
    memset(out, 0, sizeof *out);
    if (nspecs > OPTS_MAX) {
        snprintf(err, (size_t)errlen, "internal error: %s has %d options, room for %d", cmd, nspecs, OPTS_MAX);
        return -1;
    }
    for (int i = 1; i < argc; i++) {
        const char *tok = argv[i];
        if (is_help(tok))
            return 1;
        if (!looks_like_option(tok, false)) {
            if (out->npositional == max_positional) {
                snprintf(err, (size_t)errlen, "%s: unexpected argument '%.80s' (see verifier %s --help)", cmd, tok,
                         cmd);
                return -1;
            }
            out->positional[out->npositional++] = tok;
            continue;
        }
        const char *name = tok + 2, *eq = strchr(tok, '=');
        int s = strncmp(tok, "--", 2) == 0 && tok[2] ? find_spec(specs, nspecs, name, eq ? (size_t)(eq - name) : strlen(name))
                                                     : -1;
        if (s < 0) {
            snprintf(err, (size_t)errlen, "%s: unknown option '%.80s' (see verifier %s --help)", cmd, tok, cmd);
            return -1;
        }
        if (out->value[s]) {
            snprintf(err, (size_t)errlen, "%s: --%s given twice", cmd, specs[s].name);
            return -1;
        }
        if (!specs[s].takes_value) {
            if (eq) {
                snprintf(err, (size_t)errlen, "%s: --%s takes no value", cmd, specs[s].name);
                return -1;
            }
            out->value[s] = "";
            continue;
        }
        const char *v = eq ? eq + 1 : (i + 1 < argc ? argv[i + 1] : NULL);
        /* A negative number where none is taken: said as such, not as a
         * missing value. */
        if (!eq && v && v[0] == '-' && v[1] >= '0' && v[1] <= '9' && !specs[s].negative_ok) {
            snprintf(err, (size_t)errlen, "%s: --%s takes no negative number, got '%.80s'", cmd, specs[s].name, v);
            return -1;
        }
        if (!eq && v && looks_like_option(v, specs[s].negative_ok)) {
            snprintf(err, (size_t)errlen, "%s: --%s needs a value, got the option '%.80s'", cmd, specs[s].name, v);
            return -1;
        }
        if (!v || !*v) {
            snprintf(err, (size_t)errlen, "%s: --%s needs a value", cmd, specs[s].name);
            return -1;
        }
        if (!eq)
            i++;
        out->value[s] = v;
    }
    return 0;
}

const char *opts_get(const opt_spec *specs, int nspecs, const opt_result *r, const char *name)
{
    int s = find_spec(specs, nspecs, name, strlen(name));
    return s < 0 ? NULL : r->value[s];
}

int opts_parse_or_help(int argc, char **argv, const opt_spec *specs, int nspecs, int max_positional, opt_result *r,
                       const char *help)
{
    /* Bounded: the command, an 80-character token and fixed words. */
    char err[256];
    int rc = opts_parse(argc, argv, specs, nspecs, max_positional, r, err, sizeof err);
    if (rc == 1)
        fputs(help, stdout);
    else if (rc < 0)
        print_error_line(stderr, err);
    return rc;
}
