/*
 * nightly.c -- `verifier nightly`: the regression sweeps of a committed
 * manifest, run within a time budget and compared with a committed golden
 * record; a diff that names every change, a JUnit report and a one-screen
 * summary; `--bless --reason` to accept a change on purpose.  The full
 * reference is docs/nightly.md.
 *
 * Each entry runs as its own `verifier check|conj ... --out DIR/<name>`
 * process (so one entry's failure cannot leak into another's results),
 * and is read back from its results directory: per claim its status,
 * cases, mismatch count and findings, the table checksum and the
 * checksums of games.csv and errata.md.  None of these depends on the machine, the
 * thread count or the number of processes, so neither does the record.
 *
 * Everything that can be refused is refused before anything is created:
 * the options, the manifest and the golden record (each checked whole:
 * shapes, fields, types, duplicate names) and, for --bless, a budget that
 * cannot run every entry.  Entries are chosen by the wall time the last
 * nightly run measured for them (DIR/../nightly-times.json, rewritten
 * atomically after each run), else the verifier's estimate, else the
 * manifest's seconds.
 *
 * Exit: 0 nothing changed; 1 some verdict, count, finding or checksum
 * changed; 2 bad input (one line on stderr, nothing created); 3 nothing
 * changed but some entries were skipped for the budget (skipped is never
 * passed); 4 an entry or the nightly run itself stopped before its
 * verdict, or a report could not be written.
 */
#define _GNU_SOURCE
#include "verifier/nightly/nightly.h"

#include <csv.h>
#include <errno.h>
#include <jansson.h>
#include <nettle/sha2.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/engine/xalloc.h"
#include "proofs/claim.h"
#include "verifier/base/args.h"
#include "verifier/base/options.h"
#include "verifier/run/check.h"
#include "verifier/base/json_checked.h"

#define NIGHTLY_EXIT_SKIPPED 3

/* The file of measured times, beside the run directories it speaks of. */
#define TIMES_FILE "nightly-times.json"

/* How much of a stopped entry's log goes into junit.xml (its end). */
#define LOG_TAIL_BYTES 8192
#define LOG_TAIL_LINES 20

static const char *const NIGHTLY_HELP =
    "usage: verifier nightly [--budget DURATION] [--manifest FILE] [--golden FILE] [--out DIR]\n"
    "                        [--threads T] [--bless --reason TEXT]\n"
    "\n"
    "Runs the regression sweeps of the manifest (default nightly/manifest.json),\n"
    "largest first that fit in the budget (default 15m; seconds, or with s, m or\n"
    "h: 900, 90s, 0.5m, 20m, 2h), each as a\n"
    "`verifier check|conj` of its own into DIR/<name>/ (default\n"
    "results/nightly-<UTC time>-<pid>/), and compares each with the golden record\n"
    "(default nightly/golden.json): every claim's status, cases, mismatches and\n"
    "findings, the payoff table checksum and the checksums of games.csv and\n"
    "errata.md.  Prints a\n"
    "diff naming every change (with the first new mismatch and its witness) and\n"
    "writes DIR/junit.xml and DIR/summary.txt.\n"
    "\n"
    "An entry's time is the wall time the last nightly run measured for it (kept in\n"
    "nightly-times.json beside DIR), else the verifier's estimate, else the\n"
    "manifest's seconds; an entry that no longer fits in what is left of the\n"
    "budget when its turn comes is skipped.\n"
    "\n"
    "  --bless --reason TEXT   accept the results as the new golden record (every\n"
    "                          entry must run within the budget) and append the\n"
    "                          reason, old and new values to CHANGELOG.md beside\n"
    "                          the golden file\n"
    "\n"
    "Exit status: 0 nothing changed; 1 something changed; 2 usage or input error\n"
    "(nothing created); 3 nothing changed but entries were skipped for the budget;\n"
    "4 an entry or the run stopped before its verdict (never read as \"nothing\n"
    "changed\").  docs/nightly.md has the details.\n";

static int nightly_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int nightly_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *text = NULL;
    if (vasprintf(&text, fmt, ap) < 0)
        die_oom("a message", strlen(fmt));
    va_end(ap);
    char *line = xmalloc(strlen(text) + sizeof "nightly: ", "a message");
    strcpy(line, "nightly: ");
    strcat(line, text);
    /* Arguments quoted in it stay on one line, escaped. */
    print_error_line(stderr, line);
    free(line);
    free(text);
    return EXIT_USAGE;
}

/* ---- growing texts: nothing is cut to fit a buffer ---- */

typedef struct {
    char *s;
    size_t len, cap;
} strbuf;

static void sb_grow(strbuf *b, size_t more)
{
    if (b->len + more + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + more + 1)
        cap = xmul(cap, 2, "a nightly text");
    b->s = xrealloc(b->s, cap, "a nightly text");
    b->cap = cap;
}

static void sb_add(strbuf *b, const char *s, size_t n)
{
    sb_grow(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

static void sb_puts(strbuf *b, const char *s)
{
    sb_add(b, s, strlen(s));
}

static void sb_vprintf(strbuf *b, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    if (n < 0)
        die("nightly: cannot format a report line");
    sb_grow(b, (size_t)n);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, again);
    va_end(again);
    b->len += (size_t)n;
}

static void sb_printf(strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(strbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(b, fmt, ap);
    va_end(ap);
}

/* The text built so far, owned by the caller ("" when nothing was added). */
static char *sb_take(strbuf *b)
{
    char *s = b->s ? b->s : xstrdup("", "a nightly text");
    *b = (strbuf){0};
    return s;
}

static char *text_of(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *text_of(const char *fmt, ...)
{
    strbuf b = {0};
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&b, fmt, ap);
    va_end(ap);
    return sb_take(&b);
}

/* jansson returns NULL only when out of memory: that stops the run. */
/* A string as a JSON literal (quotes, control characters escaped), so
 * that a message naming a key or a name stays on one line. */
static char *quoted(const char *s)
{
    json_t *j = jx_must(json_string_nocheck(s));
    char *q = jx_dumps(j, JSON_ENCODE_ANY);
    json_decref(j);
    if (!q)
        die_oom("a message", strlen(s));
    char *copy = xstrdup(q, "a message");
    free(q); /* jansson's own allocation */
    return copy;
}

/* Decimals to show seconds with: 0.2 s, but 40 s. */
static int decimals(double seconds)
{
    return seconds < 9.95 ? 1 : 0;
}

static double nightly_seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* strftime of t in UTC into a fresh string (a format that does not fit
 * 64 bytes is a bug, not something to cut). */
static char *utc_text(time_t t, const char *fmt)
{
    struct tm tm;
    char buf[64];
    if (!gmtime_r(&t, &tm) || strftime(buf, sizeof buf, fmt, &tm) == 0)
        die("nightly: cannot format the time of the run");
    return xstrdup(buf, "a time stamp");
}

static char *path_join(const char *dir, const char *name)
{
    return text_of("%s/%s", dir, name);
}

/* The directory holding `path` ("." when it names none). */
static char *parent_of(const char *path)
{
    char *p = xstrdup(path, "a path");
    size_t n = strlen(p);
    while (n > 1 && p[n - 1] == '/') /* "a/b/" is "a/b" */
        p[--n] = 0;
    char *slash = strrchr(p, '/');
    if (!slash) {
        free(p);
        return xstrdup(".", "a path");
    }
    if (slash == p)
        slash[1] = 0; /* "/x": the root */
    else
        *slash = 0;
    return p;
}

/* ---- checking the input files whole, before anything runs ---- */

static const char *type_name(const json_t *j)
{
    if (!j)
        return "missing";
    switch (json_typeof(j)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "a list";
    case JSON_STRING: return "a string";
    case JSON_INTEGER:
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "true or false";
    case JSON_NULL: return "null";
    }
    return "something else";
}

static bool good_name(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-' || *s == '_'))
            return false;
    return true;
}

/* A key of `obj` that is not in keys[0..n), or NULL. */
static const char *unknown_key(json_t *obj, const char *const *keys, int n)
{
    const char *k;
    json_t *v;
    json_object_foreach(obj, k, v)
    {
        bool known = false;
        for (int i = 0; i < n && !known; i++)
            known = strcmp(k, keys[i]) == 0;
        if (!known)
            return k;
    }
    return NULL;
}

/* Refuses `obj` (what: "manifest FILE: entry 2") when it has a key
 * outside keys[0..n) or lacks one of the first `required` of them. */
static int check_keys(json_t *obj, const char *what, const char *const *keys, int n, int required)
{
    const char *k = unknown_key(obj, keys, n);
    if (k) {
        char *q = quoted(k);
        int rc = nightly_error("%s: unknown field %s", what, q);
        free(q);
        return rc;
    }
    for (int i = 0; i < required; i++)
        if (!json_object_get(obj, keys[i]))
            return nightly_error("%s: \"%s\" is missing", what, keys[i]);
    return 0;
}

/* The top of either file: an object with "entries", and "format" (1) and
 * "about" (a string) when present. */
static int check_top(json_t *root, const char *what)
{
    static const char *const keys[] = {"entries", "format", "about"};
    if (!json_is_object(root))
        return nightly_error("%s: must be a JSON object, not %s", what, type_name(root));
    if (check_keys(root, what, keys, 3, 1) != 0)
        return EXIT_USAGE;
    json_t *format = json_object_get(root, "format");
    if (format && !(json_is_integer(format) && json_integer_value(format) == 1))
        return nightly_error("%s: \"format\" must be 1 (the only format this verifier reads)", what);
    json_t *about = json_object_get(root, "about");
    if (about && !json_is_string(about))
        return nightly_error("%s: \"about\" must be a string, not %s", what, type_name(about));
    return 0;
}

/* args: a non-empty list of strings; `check` or `conj` first, and none of
 * the options the nightly run sets itself. */
static int check_args(json_t *args, const char *what)
{
    if (!json_is_array(args) || json_array_size(args) < 1)
        return nightly_error("%s: \"args\" must be a non-empty list of strings, not %s", what,
                             json_is_array(args) ? "an empty list" : type_name(args));
    for (size_t a = 0; a < json_array_size(args); a++)
        if (!json_is_string(json_array_get(args, a)))
            return nightly_error("%s: \"args\" item %zu must be a string, not %s", what, a + 1,
                                 type_name(json_array_get(args, a)));
    const char *cmd = json_string_value(json_array_get(args, 0));
    if (strcmp(cmd, "check") != 0 && strcmp(cmd, "conj") != 0)
        return nightly_error("%s: the command (first of \"args\") must be check or conj", what);
    /* Set by the nightly run on every entry: given twice, the entry would
     * refuse to start and read as a run error. */
    static const char *const own[] = {"--out", "--checkpoint-every", "--resume", "--threads", "--quiet", "--progress"};
    for (size_t a = 1; a < json_array_size(args); a++) {
        const char *s = json_string_value(json_array_get(args, a));
        for (size_t k = 0; k < sizeof own / sizeof *own; k++) {
            size_t len = strlen(own[k]);
            if (strncmp(s, own[k], len) == 0 && (s[len] == 0 || s[len] == '=')) {
                if (k == 0)
                    return nightly_error("%s: --out is the nightly run's to choose", what);
                if (k <= 2)
                    return nightly_error("%s: a nightly entry runs in one go (no %s)", what, own[k]);
                return nightly_error("%s: %s is the nightly run's to choose", what, own[k]);
            }
        }
    }
    return 0;
}

typedef struct {
    const char *name;
    json_t *args;            /* array of strings (the manifest's)          */
    double manifest_seconds; /* the manifest's "seconds"                   */
    double seconds;          /* what the plan counts: see expected_seconds */
    const char *basis;       /* where `seconds` comes from                 */
    bool run, skipped, late, failed_to_run;
    int exit_status;         /* the entry's process; see run_entry         */
    double wall;             /* its measured wall seconds                  */
    json_t *record;          /* what the run gave                          */
    json_t *claim_seconds;   /* summary.json's run.seconds.per_claim       */
} entry;

static int load_manifest(const char *path, json_t **root, entry **out, int *n)
{
    json_error_t e;
    *root = json_load_file(path, JSON_REJECT_DUPLICATES, &e);
    if (!*root)
        return nightly_error("cannot read manifest %s: %s (line %d)", path, e.text, e.line);
    char *what = text_of("manifest %s", path);
    int rc = -1;
    if (check_top(*root, what) != 0)
        goto done;
    json_t *entries = json_object_get(*root, "entries");
    if (!json_is_array(entries) || json_array_size(entries) == 0) {
        nightly_error("%s: \"entries\" must be a non-empty list of entries, not %s", what,
                      json_is_array(entries) ? "an empty list" : type_name(entries));
        goto done;
    }
    *n = (int)json_array_size(entries);
    *out = xcalloc((size_t)*n, sizeof **out, "the manifest");
    static const char *const keys[] = {"name", "args", "seconds"};
    for (int i = 0; i < *n; i++) {
        json_t *x = json_array_get(entries, (size_t)i);
        free(what);
        what = text_of("manifest %s: entry %d", path, i + 1);
        if (!json_is_object(x)) {
            nightly_error("%s must be an object with \"name\", \"args\" and \"seconds\", not %s", what, type_name(x));
            goto done;
        }
        if (check_keys(x, what, keys, 3, 3) != 0)
            goto done;
        const char *name = json_string_value(json_object_get(x, "name"));
        if (!name || !good_name(name)) {
            nightly_error("%s: \"name\" must be lower-case letters, digits, - or _", what);
            goto done;
        }
        free(what);
        what = text_of("manifest %s: entry %s", path, name);
        for (int j = 0; j < i; j++)
            if (strcmp((*out)[j].name, name) == 0) {
                nightly_error("manifest %s: entry %s is listed twice", path, name);
                goto done;
            }
        json_t *args = json_object_get(x, "args"), *seconds = json_object_get(x, "seconds");
        if (check_args(args, what) != 0)
            goto done;
        if (!json_is_number(seconds) || json_number_value(seconds) < 0) {
            nightly_error("%s: \"seconds\" must be a number of seconds >= 0, not %s", what,
                          json_is_number(seconds) ? "a negative one" : type_name(seconds));
            goto done;
        }
        (*out)[i].name = name;
        (*out)[i].args = args;
        (*out)[i].manifest_seconds = json_number_value(seconds);
    }
    rc = 0;
done:
    free(what);
    return rc == 0 ? 0 : EXIT_USAGE;
}

static bool is_sha256(const json_t *j)
{
    const char *s = json_string_value(j);
    if (!s || strlen(s) != 64)
        return false;
    for (; *s; s++)
        if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f')))
            return false;
    return true;
}

static bool is_verdict_name(const char *s)
{
    for (int i = 0; i < CLAIM_NSTATUS; i++)
        if (strcmp(s, claim_status_name((claim_status)i)) == 0)
            return true;
    return false;
}

/* One claim of a golden entry: {status, cases, mismatches, findings}. */
static int check_golden_claim(json_t *c, const char *what)
{
    static const char *const keys[] = {"status", "cases", "mismatches", "findings"};
    if (!json_is_object(c))
        return nightly_error("%s must be an object with \"status\", \"cases\", \"mismatches\" and \"findings\", not %s",
                             what, type_name(c));
    if (check_keys(c, what, keys, 4, 4) != 0)
        return -1;
    const char *status = json_string_value(json_object_get(c, "status"));
    if (!status || !is_verdict_name(status))
        return nightly_error("%s: \"status\" must be HOLDS, FAILS, EMPTY, CERTIFIED, OBSERVED, UNDECIDED or GARBLED", what);
    for (int k = 1; k <= 2; k++) {
        json_t *v = json_object_get(c, keys[k]);
        if (!json_is_integer(v) || json_integer_value(v) < 0)
            return nightly_error("%s: \"%s\" must be a whole number >= 0, not %s", what, keys[k],
                                 json_is_number(v) ? "a fraction or a negative number" : type_name(v));
    }
    json_t *findings = json_object_get(c, "findings"), *v;
    const char *key;
    if (!json_is_object(findings))
        return nightly_error("%s: \"findings\" must be an object of texts, not %s", what, type_name(findings));
    json_object_foreach(findings, key, v) if (!json_is_string(v))
    {
        char *q = quoted(key);
        int rc = nightly_error("%s: finding %s must be a string, not %s", what, q, type_name(v));
        free(q);
        return rc;
    }
    return 0;
}

/* The golden record, checked whole: every entry an object with the
 * fields `--bless` writes, each of its type.  A record that is not one is
 * bad input, never a list of "changes". */
static int check_golden(json_t *root, const char *path)
{
    char *what = text_of("golden record %s", path);
    int rc = -1;
    if (check_top(root, what) != 0)
        goto done;
    json_t *entries = json_object_get(root, "entries"), *g;
    if (!json_is_object(entries)) {
        nightly_error("%s: \"entries\" must be an object of entries by name, not %s", what, type_name(entries));
        goto done;
    }
    if (json_object_size(entries) == 0) {
        nightly_error("%s: \"entries\" is empty (make a record with --bless --reason TEXT)", what);
        goto done;
    }
    static const char *const keys[] = {"args", "claims", "table_sha256", "games_sha256", "errata_sha256"};
    const char *name;
    json_object_foreach(entries, name, g)
    {
        free(what);
        what = NULL;
        if (!good_name(name)) {
            char *q = quoted(name);
            nightly_error("golden record %s: entry %s: names are lower-case letters, digits, - or _", path, q);
            free(q);
            goto done;
        }
        what = text_of("golden record %s: entry %s", path, name);
        if (!json_is_object(g)) {
            nightly_error("%s must be an object with \"args\", \"claims\", \"table_sha256\", \"games_sha256\" and "
                          "\"errata_sha256\", not %s",
                          what, type_name(g));
            goto done;
        }
        if (check_keys(g, what, keys, 5, 5) != 0)
            goto done;
        json_t *args = json_object_get(g, "args");
        if (!json_is_array(args) || json_array_size(args) == 0) {
            nightly_error("%s: \"args\" must be a non-empty list of strings, not %s", what,
                          json_is_array(args) ? "an empty list" : type_name(args));
            goto done;
        }
        for (size_t a = 0; a < json_array_size(args); a++)
            if (!json_is_string(json_array_get(args, a))) {
                nightly_error("%s: \"args\" item %zu must be a string, not %s", what, a + 1,
                              type_name(json_array_get(args, a)));
                goto done;
            }
        json_t *table = json_object_get(g, "table_sha256");
        if (!json_is_null(table) && !is_sha256(table)) {
            nightly_error("%s: \"table_sha256\" must be null or 64 lower-case hex digits", what);
            goto done;
        }
        if (!is_sha256(json_object_get(g, "games_sha256"))) {
            nightly_error("%s: \"games_sha256\" must be 64 lower-case hex digits", what);
            goto done;
        }
        if (!is_sha256(json_object_get(g, "errata_sha256"))) {
            nightly_error("%s: \"errata_sha256\" must be 64 lower-case hex digits", what);
            goto done;
        }
        json_t *claims = json_object_get(g, "claims"), *c;
        if (!json_is_object(claims)) {
            nightly_error("%s: \"claims\" must be an object of claims by id, not %s", what, type_name(claims));
            goto done;
        }
        const char *id;
        json_object_foreach(claims, id, c)
        {
            char *q = quoted(id);
            char *cwhat = text_of("%s: claim %s", what, q);
            free(q);
            int bad = *id ? check_golden_claim(c, cwhat) : nightly_error("%s: a claim id is empty", what);
            free(cwhat);
            if (bad)
                goto done;
        }
    }
    rc = 0;
done:
    free(what);
    return rc;
}

/* The golden record: NULL with *status 0 when there is none and one is
 * being blessed; EXIT_USAGE (message printed) when it cannot be used. */
static json_t *load_golden(const char *path, bool blessing, int *status)
{
    struct stat st;
    *status = 0;
    if (blessing && stat(path, &st) != 0 && errno == ENOENT)
        return NULL; /* the first record */
    json_error_t je;
    json_t *golden = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
    if (!golden) {
        *status = nightly_error("cannot read the golden record %s: %s (line %d)%s", path, je.text, je.line,
                                blessing ? "" : " (make one with --bless --reason TEXT)");
        return NULL;
    }
    if (check_golden(golden, path) != 0) {
        json_decref(golden);
        *status = EXIT_USAGE;
        return NULL;
    }
    return golden;
}

/* ---- the measured times of earlier runs ---- */

/* nightly-times.json, or NULL when there is none or it cannot be used:
 * it only orders the work, so a bad one is a warning, never a refusal. */
static json_t *load_times(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 && errno == ENOENT)
        return NULL;
    json_error_t e;
    json_t *t = json_load_file(path, JSON_REJECT_DUPLICATES, &e);
    if (!t || !json_is_object(json_object_get(t, "entries"))) {
        fprintf(stderr, "verifier: nightly: warning: ignoring the measured times in %s: %s\n", path,
                t ? "no \"entries\" object" : e.text);
        json_decref(t);
        return NULL;
    }
    return t;
}

/* The wall seconds the last run measured for this entry, when it ran the
 * same command line. */
static bool measured_seconds(json_t *times, const entry *e, double *seconds)
{
    json_t *m = json_object_get(json_object_get(times, "entries"), e->name);
    json_t *s = json_object_get(m, "seconds");
    if (!json_is_number(s) || json_number_value(s) < 0 || !json_equal(json_object_get(m, "args"), e->args))
        return false;
    *seconds = json_number_value(s);
    return true;
}

/* Rewrites the times file with this run's measurements (entries that did
 * not finish, and entries of other manifests, keep theirs): a temporary
 * file renamed into place, so a reader never sees half of one.  A failure
 * is a warning: the times only order the next run. */
static void save_times(const char *path, json_t *old, const entry *es, int n, long threads, const char *stamp)
{
    bool any = false;
    for (int i = 0; i < n; i++)
        any = any || es[i].record;
    if (!any)
        return;
    json_t *root = jx_must(json_object()), *entries = jx_must(json_object());
    const char *k;
    json_t *v;
    json_object_foreach(json_object_get(old, "entries"), k, v) jx_set(entries, k, json_incref(v));
    for (int i = 0; i < n; i++)
        if (es[i].record)
            jx_set(entries, es[i].name,
                                jx_must(json_pack("{s:O, s:f, s:o, s:s}", "args", es[i].args, "seconds", es[i].wall,
                                               "threads", threads > 0 ? json_integer(threads) : json_null(),
                                               "measured_utc", stamp)));
    jx_set(root, "format", jx_must(json_integer(1)));
    jx_set(root, "about",
                        jx_must(json_string("Wall seconds of each nightly entry in the last run that finished it, "
                                         "written by `verifier nightly` and read by the next run to choose "
                                         "entries within --budget (docs/nightly.md). Not committed; safe to delete.")));
    jx_set(root, "entries", entries);
    char *tmp = text_of("%s.tmp-%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "we");
    int err = 0;
    if (!f)
        err = errno;
    else {
        errno = 0;
        bool bad = json_dumpf(root, f, JSON_INDENT(2) | JSON_SORT_KEYS | JSON_REAL_PRECISION(6)) != 0 ||
                   fputc('\n', f) == EOF || fflush(f) != 0 || fsync(fileno(f)) != 0;
        if (bad)
            err = errno ? errno : EIO;
        if (fclose(f) != 0 && !err)
            err = errno;
        if (!err && rename(tmp, path) != 0)
            err = errno;
    }
    if (err) {
        unlink(tmp);
        fprintf(stderr, "verifier: nightly: warning: cannot record the measured times in %s: %s (the verdict is not "
                        "affected)\n",
                path, strerror(err));
    }
    free(tmp);
    json_decref(root);
}

/* ---- choosing entries ---- */

/* The workers an entry will have: --threads, else OMP_NUM_THREADS, else
 * the cores this process may use (as `verifier check` chooses). */
static int entry_threads(long given)
{
    if (given > 0)
        return (int)given;
    const char *omp = getenv("OMP_NUM_THREADS");
    long v;
    char err[160];
    if (omp && parse_long(omp, 1, 4096, &v, "OMP_NUM_THREADS", err, sizeof err) == 0)
        return (int)v;
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    return 1;
}

/* The value of option `name` in an entry's args ("--x V" or "--x=V"). */
static const char *arg_value(json_t *args, const char *name)
{
    size_t len = strlen(name), n = json_array_size(args);
    for (size_t i = 1; i < n; i++) {
        const char *a = json_string_value(json_array_get(args, i));
        if (strncmp(a, name, len) != 0)
            continue;
        if (a[len] == '=')
            return a + len + 1;
        if (a[len] == 0 && i + 1 < n)
            return json_string_value(json_array_get(args, i + 1));
    }
    return NULL;
}

/* The verifier's own estimate of a sweep of the default game (`check
 * --piles P --bound B` without --game); 0 when it has none. */
static double verifier_estimate(const entry *e, int threads)
{
    long piles, bound;
    char err[160];
    const char *p = arg_value(e->args, "--piles"), *b = arg_value(e->args, "--bound");
    const char *claims = arg_value(e->args, "--claims");
    if (strcmp(json_string_value(json_array_get(e->args, 0)), "check") != 0 || arg_value(e->args, "--game") || !p ||
        !b || parse_long(p, 1, 1000, &piles, "--piles", err, sizeof err) != 0 ||
        parse_long(b, 1, 1000000, &bound, "--bound", err, sizeof err) != 0)
        return 0;
    return check_estimate_seconds((int)piles, (int)bound, claims, threads);
}

/* The seconds the plan counts for an entry: the wall time the last
 * nightly run measured for it (same command line), else the verifier's
 * estimate, else the manifest's seconds (docs/nightly.md). */
static double expected_seconds(const entry *e, json_t *times, int threads, const char **basis)
{
    double s;
    if (measured_seconds(times, e, &s)) {
        *basis = "measured";
        return s;
    }
    s = verifier_estimate(e, threads);
    if (s > 0) {
        *basis = "estimated";
        return s;
    }
    *basis = "manifest";
    return e->manifest_seconds;
}

/* ---- running one entry ---- */

/* `verifier <args> --out DIR/<name> --quiet --checkpoint-every never
 * [--games-csv] [--threads T]`, its output in DIR/<name>.log: an entry runs in one go,
 * and one stopped by the budget or a signal leaves no checkpoint behind.
 * Returns the child's exit status, 128 + the signal that killed it, or -1
 * when it could not start. */
static int run_entry(const entry *e, const char *dir, const char *threads)
{
    size_t n = json_array_size(e->args);
    char **argv = xcalloc(n + 10, sizeof *argv, "an entry's command line");
    char *out = path_join(dir, e->name), *log = text_of("%s/%s.log", dir, e->name);
    int k = 0;
    argv[k++] = "verifier";
    for (size_t i = 0; i < n; i++)
        argv[k++] = (char *)json_string_value(json_array_get(e->args, i));
    argv[k++] = "--out";
    argv[k++] = out;
    argv[k++] = "--quiet";
    argv[k++] = "--checkpoint-every";
    argv[k++] = "never";
    /* The record holds games.csv's checksum: check writes it on request. */
    if (strcmp(argv[1], "check") == 0)
        argv[k++] = "--games-csv";
    if (threads) {
        argv[k++] = "--threads";
        argv[k++] = (char *)threads;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        /* The entry dies with the nightly run (a signal to it ends both). */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        FILE *f = freopen(log, "w", stdout);
        if (!f || dup2(fileno(stdout), 2) < 0)
            _exit(127);
        execv("/proc/self/exe", argv);
        _exit(127);
    }
    free(argv);
    free(out);
    free(log);
    if (pid < 0)
        return -1;
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

static bool sha256_file(const char *path, char hex[65])
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    struct sha256_ctx ctx;
    sha256_init(&ctx);
    uint8_t buf[65536];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        sha256_update(&ctx, got, buf);
    bool ok = !ferror(f);
    fclose(f);
    uint8_t d[SHA256_DIGEST_SIZE];
    sha256_digest(&ctx, SHA256_DIGEST_SIZE, d);
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++) {
        hex[2 * i] = digits[d[i] >> 4];
        hex[2 * i + 1] = digits[d[i] & 15];
    }
    hex[64] = 0;
    return ok;
}

/* The record of one entry, read from its results directory; NULL when the
 * directory is not a complete one (a run error, never a "change").  The
 * claims' own seconds (summary.json's run.seconds.per_claim), when there,
 * go to *claim_seconds: they belong to the report, not to the record. */
static json_t *read_record(const entry *e, const char *dir, json_t **claim_seconds)
{
    char hex[65], errata_hex[65];
    json_error_t err;
    char *path = text_of("%s/%s/games.csv", dir, e->name);
    bool hashed = sha256_file(path, hex);
    free(path);
    path = text_of("%s/%s/errata.md", dir, e->name);
    hashed = hashed && sha256_file(path, errata_hex);
    free(path);
    if (!hashed)
        return NULL;
    path = text_of("%s/%s/summary.json", dir, e->name);
    json_t *summary = json_load_file(path, 0, &err);
    free(path);
    json_t *list = json_object_get(summary, "claims");
    if (!json_is_array(list)) {
        json_decref(summary);
        return NULL;
    }
    json_t *rec = jx_must(json_object()), *claims = jx_must(json_object());
    jx_set(rec, "args", json_incref(e->args));
    for (size_t i = 0; i < json_array_size(list); i++) {
        json_t *c = json_array_get(list, i);
        const char *id = json_string_value(json_object_get(c, "id"));
        json_t *line = json_pack("{s:O, s:O, s:O, s:O}", "status", json_object_get(c, "status"), "cases",
                                 json_object_get(c, "cases"), "mismatches", json_object_get(c, "mismatches"),
                                 "findings", json_object_get(c, "findings"));
        if (!id || !line) {
            json_decref(line);
            json_decref(claims);
            json_decref(rec);
            json_decref(summary);
            return NULL;
        }
        jx_set(claims, id, line);
    }
    jx_set(rec, "claims", claims);
    json_t *table = json_object_get(summary, "table");
    jx_set(rec, "table_sha256", table ? json_incref(json_object_get(table, "sha256")) : json_null());
    jx_set(rec, "games_sha256", jx_must(json_string(hex)));
    jx_set(rec, "errata_sha256", jx_must(json_string(errata_hex)));
    json_t *per = json_object_get(json_object_get(json_object_get(summary, "run"), "seconds"), "per_claim");
    *claim_seconds = json_is_object(per) ? json_incref(per) : NULL;
    json_decref(summary);
    return rec;
}

/* ---- the first mismatch of a claim, from mismatches.csv ---- */

typedef struct {
    const char *claim;
    int field;
    char *cell[7];
    bool current, found;
} first_row;

static void on_field(void *s, size_t len, void *data)
{
    first_row *f = data;
    if (f->found || f->field >= 7) {
        f->field++;
        return;
    }
    char *v = xmalloc(len + 1, "a CSV field");
    memcpy(v, s, len);
    v[len] = 0;
    if (f->field == 0)
        f->current = strcmp(v, f->claim) == 0;
    free(f->cell[f->field]);
    f->cell[f->field++] = v;
}

static void on_row(int c, void *data)
{
    (void)c;
    first_row *f = data;
    if (f->current && !f->found)
        f->found = true;
    f->field = 0;
}

/* "at (3,2,1), N = 1/2 (part): expected X, actual Y; witness W" or NULL. */
static char *first_mismatch(const char *dir, const char *name, const char *claim)
{
    char *path = text_of("%s/%s/mismatches.csv", dir, name);
    FILE *f = fopen(path, "rb");
    free(path);
    if (!f)
        return NULL;
    struct csv_parser p;
    csv_init(&p, CSV_APPEND_NULL);
    first_row row = {.claim = claim};
    char buf[65536];
    size_t got;
    while (!row.found && (got = fread(buf, 1, sizeof buf, f)) > 0)
        csv_parse(&p, buf, got, on_field, on_row, &row);
    csv_fini(&p, on_field, on_row, &row);
    csv_free(&p);
    fclose(f);
    char *text = NULL;
    if (row.found) {
        const char *c[7];
        for (int i = 0; i < 7; i++)
            c[i] = row.cell[i] ? row.cell[i] : "";
        text = text_of("at %s%s%s (%s): expected %s, actual %s; witness %s", c[2], c[3][0] ? ", N = " : "", c[3], c[1],
                       c[4], c[5], c[6][0] ? c[6] : "-");
    }
    for (int i = 0; i < 7; i++)
        free(row.cell[i]);
    return text;
}

/* ---- comparing with the golden record ---- */

/* One line of the diff: what moved, for the summary, and where it goes
 * in junit.xml (its entry, its claim or NULL, the failure's type). */
typedef struct {
    int entry;
    char *claim;
    const char *type;
    char *text;
} change;

typedef struct {
    change *c;
    int n, cap;
} change_list;

static void add_change(change_list *l, int entry, const char *claim, const char *type, char *text)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->c = xrealloc(l->c, xmul((size_t)l->cap, sizeof *l->c, "the diff"), "the diff");
    }
    l->c[l->n++] = (change){entry, claim ? xstrdup(claim, "a claim id") : NULL, type, text};
}

static char *dump(json_t *j)
{
    char *s = j ? jx_dumps(j, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY) : NULL;
    char *copy = xstrdup(s ? s : "(none)", "a value");
    free(s); /* jansson's own allocation */
    return copy;
}

/* Every difference of entry `ei`, as lines; claims whose verdict or
 * counts moved get the first mismatch of the new run. */
static void compare_entry(const entry *es, int ei, json_t *golden, const char *dir, change_list *diff)
{
    const entry *e = &es[ei];
    if (!golden) {
        add_change(diff, ei, NULL, "new", text_of("%s: not in the golden record", e->name));
        return;
    }
    if (!json_equal(json_object_get(golden, "args"), e->args)) {
        char *a = dump(json_object_get(golden, "args")), *b = dump(e->args);
        add_change(diff, ei, NULL, "changed", text_of("%s: command changed: %s -> %s", e->name, a, b));
        free(a);
        free(b);
    }
    static const char *const sums[] = {"table_sha256", "games_sha256", "errata_sha256"};
    for (int i = 0; i < 3; i++)
        if (!json_equal(json_object_get(golden, sums[i]), json_object_get(e->record, sums[i]))) {
            char *a = dump(json_object_get(golden, sums[i])), *b = dump(json_object_get(e->record, sums[i]));
            add_change(diff, ei, NULL, "changed", text_of("%s: %s moved: %s -> %s", e->name, sums[i], a, b));
            free(a);
            free(b);
        }
    json_t *old = json_object_get(golden, "claims"), *now = json_object_get(e->record, "claims"), *c;
    const char *id;
    json_object_foreach(old, id, c) if (!json_object_get(now, id))
        add_change(diff, ei, id, "missing",
                   text_of("%s: %s: no longer run (was %s)", e->name, id, json_string_value(json_object_get(c, "status"))));
    json_object_foreach(now, id, c)
    {
        json_t *g = json_object_get(old, id);
        if (!g) {
            add_change(diff, ei, id, "new",
                       text_of("%s: %s: new claim, %s", e->name, id, json_string_value(json_object_get(c, "status"))));
            continue;
        }
        static const char *const keys[] = {"status", "cases", "mismatches", "findings"};
        bool moved = false;
        for (int k = 0; k < 4; k++)
            if (!json_equal(json_object_get(g, keys[k]), json_object_get(c, keys[k]))) {
                char *a = dump(json_object_get(g, keys[k])), *b = dump(json_object_get(c, keys[k]));
                add_change(diff, ei, id, "changed", text_of("%s: %s: %s %s -> %s", e->name, id, keys[k], a, b));
                free(a);
                free(b);
                moved = moved || k < 3;
            }
        if (moved && json_integer_value(json_object_get(c, "mismatches")) > 0) {
            char *w = first_mismatch(dir, e->name, id);
            if (w)
                add_change(diff, ei, id, "changed", text_of("%s: %s: first mismatch %s", e->name, id, w));
            free(w);
        }
    }
}

/* ---- reports ---- */

/* Length of the well-formed UTF-8 character at s (1 to 4 bytes), or 0
 * when s does not start one: junit.xml must be well-formed UTF-8. */
static int utf8_characters(const unsigned char *s)
{
    unsigned c = s[0], lo = 0x80, hi = 0xbf; /* the second byte's range */
    int n;
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        n = 2;
    else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        lo = c == 0xe0 ? 0xa0 : 0x80; /* no overlong forms */
        hi = c == 0xed ? 0x9f : 0xbf; /* no surrogates     */
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        lo = c == 0xf0 ? 0x90 : 0x80;
        hi = c == 0xf4 ? 0x8f : 0xbf; /* nothing above U+10FFFF */
    } else
        return 0;
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (int i = 2; i < n; i++) /* a NUL fails here before we read past it */
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    if (n == 3 && c == 0xef && s[1] == 0xbf && s[2] >= 0xbe) /* U+FFFE, U+FFFF: not XML characters */
        return 0;
    return n;
}

/* s escaped for XML: in an attribute on one line (line breaks and tabs
 * become spaces: an attribute would fold them anyway), in element text
 * with its lines kept.  Other control characters, which XML 1.0 cannot
 * carry, are dropped; a byte that is not UTF-8 becomes U+FFFD. */
static void sb_xml(strbuf *b, const char *s, bool attribute)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int n = utf8_characters(p);
        if (n == 0) {
            sb_puts(b, "\xef\xbf\xbd");
            p++;
            continue;
        }
        switch (*p) {
        case '<': sb_puts(b, "&lt;"); break;
        case '>': sb_puts(b, "&gt;"); break;
        case '&': sb_puts(b, "&amp;"); break;
        case '"': sb_puts(b, "&quot;"); break;
        case '\n':
        case '\t': sb_puts(b, attribute ? " " : *p == '\n' ? "\n" : "\t"); break;
        default:
            if (*p >= 0x20)
                sb_add(b, (const char *)p, (size_t)n);
        }
        p += n;
    }
}

/* A claim of entry `ei` that has a test case of its own in junit.xml. */
static bool has_case(const entry *e, const char *claim)
{
    return claim && e->record && json_object_get(json_object_get(e->record, "claims"), claim);
}

/* The changes that junit.xml puts under entry `ei`'s claim `id`, or under
 * the entry itself (id NULL: its checksums, its command, and claims that
 * have no test case, such as one no longer run), one per line; *count
 * gets their number and *type the first one's type. */
static char *changes_about(const change_list *diff, const entry *es, int ei, const char *id, const char **type, int *count)
{
    strbuf b = {0};
    *count = 0;
    for (int i = 0; i < diff->n; i++) {
        const change *c = &diff->c[i];
        bool mine = c->entry == ei &&
                    (id ? c->claim && strcmp(c->claim, id) == 0 : !has_case(&es[ei], c->claim));
        if (!mine)
            continue;
        if ((*count)++ == 0)
            *type = c->type;
        sb_puts(&b, c->text);
        sb_puts(&b, "\n");
    }
    return sb_take(&b);
}

/* <failure> or <error>: a one-line message (the first line of the text,
 * and how many more) and the whole text as the element's body. */
static void junit_outcome(strbuf *b, const char *element, const char *type, const char *text, int lines)
{
    size_t first = strcspn(text, "\n");
    char *message = text_of("%.*s%s", (int)first, text, lines > 1 ? " (and more: see the text)" : "");
    sb_printf(b, "<%s message=\"", element);
    sb_xml(b, message, true);
    sb_printf(b, "\" type=\"%s\">", type);
    sb_xml(b, text, false);
    sb_printf(b, "</%s>", element);
    free(message);
}

/* The end of an entry's log (what it said before it stopped). */
static char *log_tail(const char *dir, const char *name)
{
    char *path = text_of("%s/%s.log", dir, name);
    FILE *f = fopen(path, "rb");
    free(path);
    if (!f)
        return xstrdup("", "a log");
    strbuf b = {0};
    bool cut = fseek(f, -LOG_TAIL_BYTES, SEEK_END) == 0; /* fails on a shorter file: read it all */
    if (!cut)
        rewind(f);
    char buf[4096];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        sb_add(&b, buf, got);
    fclose(f);
    char *s = sb_take(&b);
    /* The last LOG_TAIL_LINES lines, said to be the end when cut. */
    size_t len = strlen(s), start = len;
    int lines = 0;
    while (start > 0 && lines < LOG_TAIL_LINES)
        if (s[--start] == '\n' && start + 1 < len) /* a final newline ends a line, starts none */
            lines++;
    if (lines == LOG_TAIL_LINES)
        start++; /* the lines after that newline */
    char *tail = text_of("%s%s", cut || start > 0 ? "(the end of the log)\n" : "", s + start);
    free(s);
    return tail;
}

typedef struct {
    const char *manifest, *golden_path, *threads, *dir;
    double budget, seconds;
    const char *timestamp; /* the run's start, UTC, xs:dateTime without a zone */
} run_info;

static double claim_time(const entry *e, const char *id)
{
    json_t *s = json_object_get(e->claim_seconds, id);
    return json_is_number(s) && json_number_value(s) >= 0 ? json_number_value(s) : 0;
}

/* JUnit, as CI servers read it (tests/junit.xsd): a test case per sweep
 * and per claim, each with its seconds.  A change fails with a one-line
 * message and its whole text (diff lines, the first mismatch with its
 * witness) as the body; a FAILS the golden record expects passes and says
 * so; an unexpected one fails. */
static char *junit_text(const run_info *ri, entry *es, int n, json_t *golden, const change_list *diff)
{
    strbuf body = {0};
    int tests = 0, failures = 0, errors = 0, skipped = 0;
    json_t *gentries = json_object_get(golden, "entries");
    for (int i = 0; i < n; i++) {
        entry *e = &es[i];
        json_t *g = json_object_get(gentries, e->name);
        const char *type = NULL;
        int lines;
        tests++;
        sb_puts(&body, "    <testcase classname=\"nightly\" name=\"");
        sb_xml(&body, e->name, true);
        sb_printf(&body, "\" time=\"%.3f\">", e->run ? e->wall : 0.0);
        char *about = changes_about(diff, es, i, NULL, &type, &lines);
        if (e->skipped) {
            char *why = e->late ? text_of("not run: about %.*f s (%s), more than was left of the %g s budget "
                                          "when its turn came",
                                          decimals(e->seconds), e->seconds, e->basis, ri->budget)
                                : text_of("not run: about %.*f s (%s), beyond the %g s budget", decimals(e->seconds),
                                          e->seconds, e->basis, ri->budget);
            sb_puts(&body, "<skipped message=\"");
            sb_xml(&body, why, true);
            sb_puts(&body, "\"/>");
            free(why);
            skipped++;
        } else if (e->failed_to_run) {
            char *tail = log_tail(ri->dir, e->name);
            char *text = e->exit_status > 128   ? text_of("%s: the sweep was killed by signal %d before its verdict "
                                                          "(see %s.log)\n%s",
                                                          e->name, e->exit_status - 128, e->name, tail)
                         : e->exit_status >= 0 ? text_of("%s: the sweep stopped before its verdict (exit %d; see "
                                                         "%s.log)\n%s",
                                                         e->name, e->exit_status, e->name, tail)
                                               : text_of("%s: the sweep could not start (see %s.log)\n%s", e->name,
                                                         e->name, tail);
            junit_outcome(&body, "error", "stopped", text, 2);
            free(text);
            free(tail);
            errors++;
        } else if (lines > 0) {
            junit_outcome(&body, "failure", type, about, lines);
            failures++;
        }
        free(about);
        sb_puts(&body, "</testcase>\n");
        if (!e->record)
            continue;
        const char *id;
        json_t *c;
        json_object_foreach(json_object_get(e->record, "claims"), id, c)
        {
            const char *now = json_string_value(json_object_get(c, "status"));
            const char *was = json_string_value(json_object_get(json_object_get(json_object_get(g, "claims"), id), "status"));
            char *why = changes_about(diff, es, i, id, &type, &lines);
            tests++;
            sb_puts(&body, "    <testcase classname=\"nightly.");
            sb_xml(&body, e->name, true);
            sb_puts(&body, "\" name=\"");
            sb_xml(&body, id, true);
            sb_printf(&body, "\" time=\"%.3f\">", claim_time(e, id));
            if (lines > 0) {
                junit_outcome(&body, "failure", type, why, lines);
                failures++;
            } else if (strcmp(now, "FAILS") == 0 && (!was || strcmp(was, "FAILS") != 0)) {
                /* Only when the golden record has no such entry: any
                 * other unexpected FAILS is a change with its own lines. */
                char *w = first_mismatch(ri->dir, e->name, id);
                char *text = text_of("%s: %s: FAILS, and the golden record has no record of it%s%s", e->name, id,
                                     w ? "\nfirst mismatch " : "", w ? w : "");
                junit_outcome(&body, "failure", "new", text, w ? 2 : 1);
                free(text);
                free(w);
                failures++;
            } else {
                sb_puts(&body, "<system-out>");
                sb_xml(&body, now, false);
                if (strcmp(now, "FAILS") == 0)
                    sb_puts(&body, ", as the golden record expects");
                sb_puts(&body, "</system-out>");
            }
            free(why);
            sb_puts(&body, "</testcase>\n");
        }
    }
    struct utsname u;
    const char *host = uname(&u) == 0 && u.nodename[0] ? u.nodename : "localhost";
    strbuf x = {0};
    sb_puts(&x, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    sb_printf(&x,
              "<testsuites name=\"verifier-nightly\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" "
              "time=\"%.3f\">\n",
              tests, failures, errors, skipped, ri->seconds);
    sb_printf(&x,
              "  <testsuite name=\"verifier-nightly\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" "
              "time=\"%.3f\" timestamp=\"%s\" hostname=\"",
              tests, failures, errors, skipped, ri->seconds, ri->timestamp);
    sb_xml(&x, host, true);
    sb_puts(&x, "\">\n    <properties>\n");
    const char *const props[][2] = {{"manifest", ri->manifest},
                                    {"golden", ri->golden_path},
                                    {"threads", ri->threads ? ri->threads : "default"}};
    for (size_t i = 0; i < sizeof props / sizeof *props; i++) {
        sb_printf(&x, "      <property name=\"%s\" value=\"", props[i][0]);
        sb_xml(&x, props[i][1], true);
        sb_puts(&x, "\"/>\n");
    }
    sb_printf(&x, "      <property name=\"budget_seconds\" value=\"%.0f\"/>\n    </properties>\n", ri->budget);
    sb_add(&x, body.s ? body.s : "", body.len);
    sb_puts(&x, "  </testsuite>\n</testsuites>\n");
    free(body.s);
    return sb_take(&x);
}

/* DIR/name, written whole or not at all: a temporary file renamed into
 * place.  0, or -1 with errno set. */
static int write_report(const char *dir, const char *name, const char *text)
{
    char *path = path_join(dir, name), *tmp = text_of("%s/.%s.tmp", dir, name);
    FILE *f = fopen(tmp, "we");
    int err = 0;
    if (!f)
        err = errno;
    else {
        if (fputs(text, f) == EOF || fflush(f) != 0)
            err = errno ? errno : EIO;
        if (fclose(f) != 0 && !err)
            err = errno;
        if (!err && rename(tmp, path) != 0)
            err = errno;
        if (err)
            unlink(tmp);
    }
    free(path);
    free(tmp);
    errno = err;
    return err ? -1 : 0;
}

/* ---- blessing ---- */

static int bless(const char *golden_path, json_t *golden, entry *es, int n, const char *reason, const change_list *diff)
{
    json_t *root = jx_must(json_object()), *entries = jx_must(json_object());
    jx_set(root, "format", jx_must(json_integer(1)));
    jx_set(root, "about",
                        jx_must(json_string("The golden record of the nightly sweeps (nightly/manifest.json): per entry "
                                         "every claim's status, cases, mismatches and findings, and the checksums of "
                                         "the payoff table, of games.csv and of errata.md. Written by `verifier nightly --bless`; "
                                         "nightly/CHANGELOG.md says why each change was accepted.")));
    for (int i = 0; i < n; i++)
        jx_set(entries, es[i].name, json_incref(es[i].record));
    jx_set(root, "entries", entries);
    char *tmp = text_of("%s.tmp-%ld", golden_path, (long)getpid());
    if (json_dump_file(root, tmp, JSON_INDENT(2) | JSON_SORT_KEYS) != 0 || rename(tmp, golden_path) != 0) {
        int err = errno;
        json_decref(root);
        unlink(tmp);
        free(tmp);
        fprintf(stderr, "verifier: nightly: cannot write %s: %s\n", golden_path, strerror(err));
        return EXIT_RUN_ERROR;
    }
    free(tmp);
    json_decref(root);
    /* The changelog sits beside the golden record. */
    char *parent = parent_of(golden_path), *log = path_join(parent, "CHANGELOG.md");
    free(parent);
    FILE *f = fopen(log, "a");
    if (!f) {
        fprintf(stderr, "verifier: nightly: cannot append to %s: %s\n", log, strerror(errno));
        free(log);
        return EXIT_RUN_ERROR;
    }
    char *stamp = utc_text(time(NULL), "%Y-%m-%d %H:%M UTC");
    fprintf(f, "\n## %s\n\n%s\n\n", stamp, reason);
    free(stamp);
    if (diff->n == 0)
        fprintf(f, "- no change against the previous record%s\n", golden ? "" : " (first record)");
    for (int i = 0; i < diff->n; i++)
        fprintf(f, "- %s\n", diff->c[i].text);
    int bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        fprintf(stderr, "verifier: nightly: cannot append to %s\n", log);
        free(log);
        return EXIT_RUN_ERROR;
    }
    printf("nightly: blessed %s (%d changes recorded in %s)\n", golden_path, diff->n, log);
    free(log);
    return 0;
}

/* ---- the command ---- */

/* mkdir's errors that are the input's fault (a name that exists, a
 * parent that does not, no permission) rather than the machine's. */
static bool usage_errno(int err)
{
    return err == EEXIST || err == ENOENT || err == ENOTDIR || err == EACCES || err == EPERM || err == ENAMETOOLONG ||
           err == ELOOP || err == EROFS;
}

int cmd_nightly(int argc, char **argv)
{
    static const opt_spec specs[] = {
        {"budget", true, false}, {"manifest", true, false}, {"golden", true, false}, {"out", true, false},
        {"threads", true, false}, {"bless", false, false},  {"reason", true, false},
    };
    opt_result r;
    int rc = opts_parse_or_help(argc, argv, specs, (int)(sizeof specs / sizeof *specs), 0, &r, NIGHTLY_HELP);
    if (rc != 0)
        return rc < 0 ? EXIT_USAGE : 0;
    const char *budget_s = r.value[0] ? r.value[0] : "15m", *manifest = r.value[1] ? r.value[1] : "nightly/manifest.json",
               *golden_path = r.value[2] ? r.value[2] : "nightly/golden.json", *threads = r.value[4],
               *reason = r.value[6];
    bool blessing = r.value[5] != NULL;
    double budget;
    if (parse_duration(budget_s, "smh", &budget) != 0)
        return nightly_error("--budget must be a duration such as 900, 90s, 15m or 2h, got '%.40s'", budget_s);
    if (blessing != (reason != NULL) || (reason && !*reason))
        return nightly_error("--bless and --reason TEXT go together");
    if (r.value[3] && !*r.value[3])
        return nightly_error("--out needs a directory name");
    long nthreads = 0;
    char err[512];
    if (threads && parse_long(threads, 1, 4096, &nthreads, "nightly: --threads", err, sizeof err) != 0)
        return nightly_error("%s", err + strlen("nightly: "));

    json_t *mroot = NULL, *golden = NULL, *times = NULL;
    entry *es = NULL;
    int n = 0, status = EXIT_USAGE;
    int *order = NULL;
    change_list diff = {0};
    char *dir = NULL, *times_path = NULL, *summary = NULL, *junit = NULL, *stamp = NULL, *measured = NULL;
    time_t started = time(NULL);

    /* Everything that can be refused, before anything is created. */
    if (load_manifest(manifest, &mroot, &es, &n) != 0)
        goto done;
    int gstatus;
    golden = load_golden(golden_path, blessing, &gstatus);
    if (gstatus != 0)
        goto done;
    if (r.value[3])
        dir = xstrdup(r.value[3], "the output directory");
    else {
        stamp = utc_text(started, "%Y%m%dT%H%M%SZ");
        dir = text_of("results/nightly-%s-%ld", stamp, (long)getpid());
    }
    /* The measured times sit beside the run directories: results/ by
     * default, the parent of --out otherwise. */
    char *parent = parent_of(dir);
    times_path = path_join(parent, TIMES_FILE);
    free(parent);
    times = load_times(times_path);
    /* Largest first that fit in the budget; smaller ones still run. */
    order = xmalloc(xmul((size_t)n, sizeof *order, "the run order"), "the run order");
    int workers = entry_threads(nthreads);
    for (int i = 0; i < n; i++) {
        order[i] = i;
        es[i].seconds = expected_seconds(&es[i], times, workers, &es[i].basis);
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && es[order[j]].seconds > es[order[j - 1]].seconds; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    double planned = 0, total = 0;
    for (int i = 0; i < n; i++) {
        entry *e = &es[order[i]];
        e->run = planned + e->seconds <= budget;
        e->skipped = !e->run;
        if (e->run)
            planned += e->seconds;
        total += e->seconds;
    }
    for (int i = 0; blessing && i < n; i++)
        if (es[order[i]].skipped) {
            nightly_error("--bless needs every entry to run: they take about %.*f s, more than --budget %s (%s, about "
                          "%.*f s, does not fit)",
                          decimals(total), total, budget_s, es[order[i]].name, decimals(es[order[i]].seconds),
                          es[order[i]].seconds);
            goto done;
        }

    /* The output place, claimed only now: a refusal leaves nothing. */
    if (!r.value[3] && mkdir("results", 0777) != 0 && errno != EEXIST) {
        int e = errno;
        nightly_error("cannot create results: %s", strerror(e));
        status = usage_errno(e) ? EXIT_USAGE : EXIT_RUN_ERROR;
        goto done;
    }
    if (mkdir(dir, 0777) != 0) {
        int e = errno;
        nightly_error("cannot create %s: %s%s", dir, strerror(e),
                      e == EEXIST ? " (--out must name a directory that does not exist yet)" : "");
        status = usage_errno(e) ? EXIT_USAGE : EXIT_RUN_ERROR;
        goto done;
    }
    run_info ri = {.manifest = manifest, .golden_path = golden_path, .threads = threads, .dir = dir, .budget = budget};
    char *timestamp = utc_text(started, "%Y-%m-%dT%H:%M:%S");
    ri.timestamp = timestamp;
    double start = nightly_seconds_now();
    int run_errors = 0;
    for (int i = 0; i < n; i++) {
        entry *e = &es[order[i]];
        if (!e->run) {
            printf("nightly: %-24s skipped (about %.*f s, %s; beyond the budget)\n", e->name, decimals(e->seconds),
                   e->seconds, e->basis);
            continue;
        }
        /* The plan was made with expected times; an entry that would now
         * end beyond the budget does not start (a blessing runs them all:
         * it was refused above if they could not fit). */
        double left = budget - (nightly_seconds_now() - start);
        if (!blessing && e->seconds > left) {
            e->run = false;
            e->skipped = e->late = true;
            printf("nightly: %-24s skipped (about %.*f s, %s; %.*f s of the budget left)\n", e->name,
                   decimals(e->seconds), e->seconds, e->basis, decimals(left > 0 ? left : 0), left > 0 ? left : 0);
            continue;
        }
        printf("nightly: %-24s running (about %.*f s, %s)\n", e->name, decimals(e->seconds), e->seconds, e->basis);
        fflush(stdout);
        double t0 = nightly_seconds_now();
        e->exit_status = run_entry(e, dir, threads);
        e->wall = nightly_seconds_now() - t0;
        if (e->exit_status == 0 || e->exit_status == 1 || e->exit_status == 3)
            e->record = read_record(e, dir, &e->claim_seconds);
        if (!e->record) {
            e->failed_to_run = true;
            run_errors++;
            printf("nightly: %-24s stopped before its verdict (exit %d; see %s/%s.log)\n", e->name, e->exit_status, dir,
                   e->name);
        }
    }
    ri.seconds = nightly_seconds_now() - start;
    measured = utc_text(time(NULL), "%Y-%m-%dT%H:%M:%SZ");
    save_times(times_path, times, es, n, nthreads, measured);

    json_t *gentries = json_object_get(golden, "entries");
    for (int i = 0; i < n; i++)
        if (es[i].record)
            compare_entry(es, i, json_object_get(gentries, es[i].name), dir, &diff);
    /* One screen: the entries, then every change. */
    strbuf s = {0};
    int skipped = 0;
    for (int i = 0; i < n; i++) {
        const entry *e = &es[i];
        skipped += e->skipped;
        if (e->skipped)
            sb_printf(&s, "%-24s SKIPPED (budget)\n", e->name);
        else if (e->failed_to_run)
            sb_printf(&s, "%-24s RUN ERROR\n", e->name);
        else
            sb_printf(&s, "%-24s ran (%.1f s)\n", e->name, e->wall);
    }
    sb_printf(&s, "%d change%s against %s (%.0f s)\n", diff.n, diff.n == 1 ? "" : "s", golden_path, ri.seconds);
    for (int i = 0; i < diff.n; i++)
        sb_printf(&s, "  %s\n", diff.c[i].text);
    summary = sb_take(&s);
    fputs(summary, stdout);
    junit = junit_text(&ri, es, n, golden, &diff);
    free(timestamp);
    if (write_report(dir, "summary.txt", summary) != 0 || write_report(dir, "junit.xml", junit) != 0) {
        fprintf(stderr, "verifier: nightly: cannot write the reports into %s: %s\n", dir, strerror(errno));
        status = EXIT_RUN_ERROR;
        goto done;
    }
    printf("nightly: reports in %s/junit.xml and %s/summary.txt\n", dir, dir);
    status = run_errors ? EXIT_RUN_ERROR : diff.n ? 1 : skipped ? NIGHTLY_EXIT_SKIPPED : 0;
    if (blessing && !run_errors)
        status = bless(golden_path, golden, es, n, reason, &diff);
done:
    for (int i = 0; i < diff.n; i++) {
        free(diff.c[i].claim);
        free(diff.c[i].text);
    }
    free(diff.c);
    free(summary);
    free(junit);
    free(order);
    for (int i = 0; i < n; i++) {
        json_decref(es[i].record);
        json_decref(es[i].claim_seconds);
    }
    free(es);
    free(dir);
    free(times_path);
    free(stamp);
    free(measured);
    json_decref(times);
    json_decref(golden);
    json_decref(mroot);
    return status;
}
