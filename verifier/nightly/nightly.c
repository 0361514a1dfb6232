/*
 * nightly.c -- `verifier nightly`: the regression sweeps of a committed
 * manifest, run within a time budget and compared with a committed golden
 * record; a diff that names every change, a JUnit report and a one-screen
 * summary; `--bless --reason` to accept a change on purpose.
 *
 * Each entry runs as its own `verifier check|conj ... --out DIR/<name>`
 * process (so one entry's failure cannot leak into another's results),
 * and is read back from its results directory: per claim its status,
 * cases, mismatch count and findings, the table checksum and the
 * checksum of games.csv.  None of these depends on the machine, the
 * thread count or the number of processes, so neither does the record.
 *
 * Exit: 0 nothing changed; 1 some verdict, count, finding or checksum
 * changed; 2 bad input; 3 nothing changed but some entries were skipped
 * for the budget (skipped is never passed); 4 an entry or the nightly run
 * itself stopped before its verdict.
 */
#define _GNU_SOURCE
#include "verifier/nightly/nightly.h"

#include <csv.h>
#include <errno.h>
#include <jansson.h>
#include <nettle/sha2.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/engine/xalloc.h"
#include "verifier/base/args.h"
#include "verifier/run/check.h"
#include "verifier/base/options.h"

#define NIGHTLY_EXIT_SKIPPED 3

static const char *const NIGHTLY_HELP =
    "usage: verifier nightly [--budget DURATION] [--manifest FILE] [--golden FILE] [--out DIR]\n"
    "                        [--threads T] [--bless --reason TEXT]\n"
    "\n"
    "Runs the regression sweeps of the manifest (default nightly/manifest.json),\n"
    "largest first that fit in the budget (default 15m; 90s, 20m, 2h), each as a\n"
    "`verifier check|conj` of its own into DIR/<name>/ (default\n"
    "results/nightly-<UTC time>/), and compares each with the golden record (default\n"
    "nightly/golden.json): every claim's status, cases, mismatches and findings, the\n"
    "payoff table checksum and the checksum of games.csv.  Prints a diff naming every\n"
    "change (with the first new mismatch and its witness) and writes DIR/junit.xml\n"
    "and DIR/summary.txt.\n"
    "\n"
    "  --bless --reason TEXT   accept the results as the new golden record (every\n"
    "                          entry must have run) and append the reason, old and new\n"
    "                          values to nightly/CHANGELOG.md (beside the golden file)\n"
    "\n"
    "Exit status: 0 nothing changed; 1 something changed; 2 usage error; 3 nothing\n"
    "changed but entries were skipped for the budget; 4 an entry or the run stopped\n"
    "before its verdict (never read as \"nothing changed\").\n";

static int nightly_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int nightly_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("verifier: nightly: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return EXIT_USAGE;
}

/* "900", "90s", "15m", "2h" -> seconds; -1 when malformed. */
static double parse_duration(const char *s)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || v < 0)
        return -1;
    if (*end == 0 || strcmp(end, "s") == 0)
        return v;
    if (strcmp(end, "m") == 0)
        return 60 * v;
    if (strcmp(end, "h") == 0)
        return 3600 * v;
    return -1;
}

/* ---- the manifest ---- */

typedef struct {
    const char *name;
    json_t *args;        /* array of strings                          */
    double seconds;      /* estimate                                  */
    bool run, skipped, failed_to_run;
    json_t *record;      /* what the run gave                         */
} entry;

static bool good_name(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-' || *s == '_'))
            return false;
    return true;
}

static int load_manifest(const char *path, json_t **root, entry **out, int *n)
{
    json_error_t e;
    *root = json_load_file(path, 0, &e);
    if (!*root)
        return nightly_error("cannot read manifest %s: %s (line %d)", path, e.text, e.line);
    json_t *entries = json_object_get(*root, "entries");
    if (!json_is_array(entries) || json_array_size(entries) == 0)
        return nightly_error("manifest %s has no \"entries\" list", path);
    *n = (int)json_array_size(entries);
    *out = xcalloc((size_t)*n, sizeof **out, "the manifest");
    for (int i = 0; i < *n; i++) {
        json_t *x = json_array_get(entries, (size_t)i), *args = json_object_get(x, "args");
        const char *name = json_string_value(json_object_get(x, "name"));
        if (!name || !good_name(name))
            return nightly_error("manifest entry %d: \"name\" must be lower-case letters, digits, - or _", i + 1);
        for (int j = 0; j < i; j++)
            if (strcmp((*out)[j].name, name) == 0)
                return nightly_error("manifest: entry %s is listed twice", name);
        if (!json_is_array(args) || json_array_size(args) < 1)
            return nightly_error("manifest entry %s: \"args\" must be a list of strings", name);
        for (size_t a = 0; a < json_array_size(args); a++) {
            const char *s = json_string_value(json_array_get(args, a));
            if (!s)
                return nightly_error("manifest entry %s: \"args\" must be a list of strings", name);
            if (strcmp(s, "--out") == 0 || strncmp(s, "--out=", 6) == 0)
                return nightly_error("manifest entry %s: --out is the nightly run's to choose", name);
            if (strncmp(s, "--checkpoint-every", 18) == 0 || strncmp(s, "--resume", 8) == 0)
                return nightly_error("manifest entry %s: a nightly entry runs in one go (no %s)", name, s);
        }
        const char *cmd = json_string_value(json_array_get(args, 0));
        if (strcmp(cmd, "check") != 0 && strcmp(cmd, "conj") != 0)
            return nightly_error("manifest entry %s: the command must be check or conj", name);
        (*out)[i].name = name;
        (*out)[i].args = args;
        (*out)[i].seconds = json_number_value(json_object_get(x, "seconds"));
    }
    return 0;
}

/* ---- running one entry ---- */

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* `verifier <args> --out DIR/<name> --quiet --checkpoint-every never
 * [--threads T]`, its output in DIR/<name>.log: an entry runs in one go,
 * and one stopped by the budget or a signal leaves no checkpoint behind.  Returns the child's exit status, or -1 when it was
 * killed or could not start. */
static int run_entry(const entry *e, const char *dir, const char *threads)
{
    size_t n = json_array_size(e->args);
    char **argv = xcalloc(n + 10, sizeof *argv, "an entry's command line");
    char out[4200], log[4200];
    snprintf(out, sizeof out, "%s/%s", dir, e->name);
    snprintf(log, sizeof log, "%s/%s.log", dir, e->name);
    int k = 0;
    argv[k++] = "verifier";
    for (size_t i = 0; i < n; i++)
        argv[k++] = (char *)json_string_value(json_array_get(e->args, i));
    argv[k++] = "--out";
    argv[k++] = out;
    argv[k++] = "--quiet";
    argv[k++] = "--checkpoint-every";
    argv[k++] = "never";
    if (threads) {
        argv[k++] = "--threads";
        argv[k++] = (char *)threads;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        free(argv);
        return -1;
    }
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
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
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
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
        snprintf(hex + 2 * i, 3, "%02x", d[i]);
    return ok;
}

/* jansson returns NULL only when out of memory: that stops the run. */
static json_t *must(json_t *j)
{
    if (!j)
        die("out of memory while reading a nightly record; no verdict");
    return j;
}

/* The record of one entry, read from its results directory; NULL when the
 * directory is not a complete one (a run error, never a "change"). */
static json_t *read_record(const entry *e, const char *dir)
{
    char path[4300], hex[65];
    json_error_t err;
    snprintf(path, sizeof path, "%s/%s/games.csv", dir, e->name);
    if (!sha256_file(path, hex))
        return NULL;
    snprintf(path, sizeof path, "%s/%s/summary.json", dir, e->name);
    json_t *summary = json_load_file(path, 0, &err);
    json_t *list = json_object_get(summary, "claims");
    if (!json_is_array(list)) {
        json_decref(summary);
        return NULL;
    }
    json_t *rec = must(json_object()), *claims = must(json_object());
    json_object_set(rec, "args", e->args);
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
        json_object_set_new(claims, id, line);
    }
    json_object_set_new(rec, "claims", claims);
    json_t *table = json_object_get(summary, "table");
    json_object_set_new(rec, "table_sha256", table ? json_incref(json_object_get(table, "sha256")) : json_null());
    json_object_set_new(rec, "games_sha256", must(json_string(hex)));
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

/* "position 3 2 1, N = 1/2: expected X, actual Y; witness W" or NULL. */
static char *first_mismatch(const char *dir, const char *name, const char *claim)
{
    char path[4300];
    snprintf(path, sizeof path, "%s/%s/mismatches.csv", dir, name);
    FILE *f = fopen(path, "rb");
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
        size_t n = 64;
        for (int i = 2; i < 7; i++)
            n += row.cell[i] ? strlen(row.cell[i]) : 0;
        text = xmalloc(n, "a witness");
        snprintf(text, n, "at %s%s%s (%s): expected %s, actual %s; witness %s", row.cell[2],
                 row.cell[3] && row.cell[3][0] ? ", N = " : "", row.cell[3] ? row.cell[3] : "", row.cell[1],
                 row.cell[4], row.cell[5], row.cell[6] && row.cell[6][0] ? row.cell[6] : "-");
    }
    for (int i = 0; i < 7; i++)
        free(row.cell[i]);
    return text;
}

/* ---- comparing with the golden record ---- */

typedef struct {
    char **line;
    int n, cap;
} text_list;

static void add_line(text_list *l, char *text)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->line = xrealloc(l->line, (size_t)l->cap * sizeof *l->line, "the diff");
    }
    l->line[l->n++] = text;
}

static char *dump(json_t *j)
{
    char *s = j ? json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY) : NULL;
    return s ? s : xstrdup("(none)", "a value");
}

static char *text_of(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *text_of(const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *s = xmalloc((size_t)n + 1, "a diff line");
    vsnprintf(s, (size_t)n + 1, fmt, again);
    va_end(again);
    va_end(ap);
    return s;
}

/* Every difference of one entry, as lines; claims whose verdict or counts
 * moved get the first mismatch of the new run. */
static void compare_entry(const entry *e, json_t *golden, const char *dir, text_list *diff)
{
    if (!golden) {
        add_line(diff, text_of("%s: not in the golden record", e->name));
        return;
    }
    if (!json_equal(json_object_get(golden, "args"), e->args)) {
        char *a = dump(json_object_get(golden, "args")), *b = dump(e->args);
        add_line(diff, text_of("%s: command changed: %s -> %s", e->name, a, b));
        free(a);
        free(b);
    }
    static const char *const sums[] = {"table_sha256", "games_sha256"};
    for (int i = 0; i < 2; i++)
        if (!json_equal(json_object_get(golden, sums[i]), json_object_get(e->record, sums[i]))) {
            char *a = dump(json_object_get(golden, sums[i])), *b = dump(json_object_get(e->record, sums[i]));
            add_line(diff, text_of("%s: %s moved: %s -> %s", e->name, sums[i], a, b));
            free(a);
            free(b);
        }
    json_t *old = json_object_get(golden, "claims"), *now = json_object_get(e->record, "claims");
    const char *id;
    json_t *c;
    json_object_foreach(old, id, c) if (!json_object_get(now, id))
        add_line(diff, text_of("%s: %s: no longer run (was %s)", e->name, id,
                               json_string_value(json_object_get(c, "status"))));
    json_object_foreach(now, id, c)
    {
        json_t *g = json_object_get(old, id);
        if (!g) {
            add_line(diff, text_of("%s: %s: new claim, %s", e->name, id, json_string_value(json_object_get(c, "status"))));
            continue;
        }
        static const char *const keys[] = {"status", "cases", "mismatches", "findings"};
        bool moved = false;
        for (int k = 0; k < 4; k++)
            if (!json_equal(json_object_get(g, keys[k]), json_object_get(c, keys[k]))) {
                char *a = dump(json_object_get(g, keys[k])), *b = dump(json_object_get(c, keys[k]));
                add_line(diff, text_of("%s: %s: %s %s -> %s", e->name, id, keys[k], a, b));
                free(a);
                free(b);
                moved = moved || k < 3;
            }
        if (moved && json_integer_value(json_object_get(c, "mismatches")) > 0) {
            char *w = first_mismatch(dir, e->name, id);
            if (w)
                add_line(diff, text_of("%s: %s: first mismatch %s", e->name, id, w));
            free(w);
        }
    }
}

/* ---- reports ---- */

static void xml_escaped(FILE *f, const char *s)
{
    for (; *s; s++)
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default:
            if ((unsigned char)*s >= 0x20 || *s == '\n' || *s == '\t')
                fputc(*s, f);
        }
}

/* Lines of the diff that concern entry `name` (and claim `id`, or the
 * entry itself when id is NULL), joined. */
static char *lines_about(const text_list *diff, const char *name, const char *id)
{
    size_t len = 1;
    char prefix[512];
    if (id)
        snprintf(prefix, sizeof prefix, "%s: %s: ", name, id);
    else
        snprintf(prefix, sizeof prefix, "%s: ", name);
    for (int i = 0; i < diff->n; i++)
        if (strncmp(diff->line[i], prefix, strlen(prefix)) == 0)
            len += strlen(diff->line[i]) + 1;
    char *s = xcalloc(len, 1, "a report");
    for (int i = 0; i < diff->n; i++)
        if (strncmp(diff->line[i], prefix, strlen(prefix)) == 0 &&
            (id || strstr(diff->line[i] + strlen(prefix), "_sha256") || strstr(diff->line[i], "command changed") ||
             strstr(diff->line[i], "golden record"))) {
            strcat(s, diff->line[i]);
            strcat(s, "\n");
        }
    return s;
}

/* JUnit: a test case per sweep and per claim.  A FAILS the golden record
 * expects passes and says so; an unexpected one fails with its witness. */
static int write_junit(const char *dir, entry *es, int n, json_t *golden, const text_list *diff, double seconds)
{
    /* The cases first, in memory: the suite's counts head the file. */
    char *body = NULL;
    size_t body_len = 0;
    FILE *f = open_memstream(&body, &body_len);
    if (!f)
        die_oom("the JUnit report", 4096);
    int tests = 0, failures = 0, errors = 0, skipped = 0;
    for (int i = 0; i < n; i++)
        tests += 1 + (es[i].record ? (int)json_object_size(json_object_get(es[i].record, "claims")) : 0);
    for (int i = 0; i < n; i++) {
        entry *e = &es[i];
        json_t *g = json_object_get(json_object_get(golden, "entries"), e->name);
        fprintf(f, "  <testcase classname=\"nightly\" name=\"");
        xml_escaped(f, e->name);
        fprintf(f, "\">");
        char *about = lines_about(diff, e->name, NULL);
        if (e->skipped) {
            fprintf(f, "<skipped message=\"not run: beyond the time budget\"/>");
            skipped++;
        } else if (e->failed_to_run) {
            fprintf(f, "<error message=\"the sweep stopped before its verdict (see %s.log)\"/>", e->name);
            errors++;
        } else if (about[0]) {
            fprintf(f, "<failure message=\"");
            xml_escaped(f, about);
            fprintf(f, "\"/>");
            failures++;
        }
        free(about);
        fprintf(f, "</testcase>\n");
        if (!e->record)
            continue;
        const char *id;
        json_t *c;
        json_object_foreach(json_object_get(e->record, "claims"), id, c)
        {
            const char *now = json_string_value(json_object_get(c, "status"));
            const char *was = json_string_value(json_object_get(json_object_get(json_object_get(g, "claims"), id), "status"));
            char *why = lines_about(diff, e->name, id);
            fprintf(f, "  <testcase classname=\"nightly.");
            xml_escaped(f, e->name);
            fprintf(f, "\" name=\"");
            xml_escaped(f, id);
            fprintf(f, "\">");
            if (why[0] || (strcmp(now, "FAILS") == 0 && (!was || strcmp(was, "FAILS") != 0))) {
                fprintf(f, "<failure message=\"");
                xml_escaped(f, why[0] ? why : "FAILS, not expected by the golden record");
                fprintf(f, "\"/>");
                failures++;
            } else {
                fprintf(f, "<system-out>");
                xml_escaped(f, now);
                if (strcmp(now, "FAILS") == 0)
                    fprintf(f, ", as the golden record expects");
                fprintf(f, "</system-out>");
            }
            free(why);
            fprintf(f, "</testcase>\n");
        }
    }
    if (fclose(f) != 0)
        die_oom("the JUnit report", body_len);
    char path[4200];
    snprintf(path, sizeof path, "%s/junit.xml", dir);
    FILE *out = fopen(path, "w");
    if (!out) {
        free(body);
        return -1;
    }
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    fprintf(out,
            "<testsuite name=\"verifier-nightly\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" "
            "time=\"%.1f\">\n",
            tests, failures, errors, skipped, seconds);
    fwrite(body, 1, body_len, out);
    fprintf(out, "</testsuite>\n</testsuites>\n");
    free(body);
    int bad = ferror(out);
    return fclose(out) == 0 && !bad ? 0 : -1;
}

static int write_summary_text(const char *dir, const char *text)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/summary.txt", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f);
}

/* ---- blessing ---- */

static int bless(const char *golden_path, json_t *golden, entry *es, int n, const char *reason, const text_list *diff)
{
    json_t *root = json_object(), *entries = json_object();
    json_object_set_new(root, "format", json_integer(1));
    json_object_set_new(root, "about",
                        json_string("The golden record of the nightly sweeps (nightly/manifest.json): per entry "
                                    "every claim's status, cases, mismatches and findings, and the checksums of the "
                                    "payoff table and of games.csv. Written by `verifier nightly --bless`; "
                                    "nightly/CHANGELOG.md says why each change was accepted."));
    for (int i = 0; i < n; i++)
        json_object_set(entries, es[i].name, es[i].record);
    json_object_set_new(root, "entries", entries);
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", golden_path);
    if (json_dump_file(root, tmp, JSON_INDENT(2) | JSON_SORT_KEYS) != 0 || rename(tmp, golden_path) != 0) {
        json_decref(root);
        unlink(tmp);
        fprintf(stderr, "verifier: nightly: cannot write %s: %s\n", golden_path, strerror(errno));
        return EXIT_RUN_ERROR;
    }
    json_decref(root);
    /* The changelog sits beside the golden record. */
    char log[4200];
    snprintf(log, sizeof log, "%s", golden_path);
    char *slash = strrchr(log, '/');
    snprintf(slash ? slash + 1 : log, sizeof log - (size_t)(slash ? slash + 1 - log : 0), "CHANGELOG.md");
    FILE *f = fopen(log, "a");
    if (!f) {
        fprintf(stderr, "verifier: nightly: cannot append to %s: %s\n", log, strerror(errno));
        return EXIT_RUN_ERROR;
    }
    time_t t = time(NULL);
    char stamp[32];
    strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M UTC", gmtime(&t));
    fprintf(f, "\n## %s\n\n%s\n\n", stamp, reason);
    if (diff->n == 0)
        fprintf(f, "- no change against the previous record%s\n", golden ? "" : " (first record)");
    for (int i = 0; i < diff->n; i++)
        fprintf(f, "- %s\n", diff->line[i]);
    if (fclose(f) != 0) {
        fprintf(stderr, "verifier: nightly: cannot append to %s\n", log);
        return EXIT_RUN_ERROR;
    }
    printf("nightly: blessed %s (%d changes recorded in %s)\n", golden_path, diff->n, log);
    return 0;
}

/* ---- the command ---- */

/* Estimated seconds of an entry: the verifier's own estimate for a
 * Scoring Nim sweep, else the manifest's measured time. */
static double estimate(const entry *e, int threads)
{
    int piles = 0, bound = 0;
    const char *claims = "os/*";
    size_t n = json_array_size(e->args);
    for (size_t i = 1; i + 1 < n; i++) {
        const char *a = json_string_value(json_array_get(e->args, i)), *v = json_string_value(json_array_get(e->args, i + 1));
        if (strcmp(a, "--piles") == 0)
            piles = atoi(v);
        else if (strcmp(a, "--bound") == 0)
            bound = atoi(v);
        else if (strcmp(a, "--claims") == 0)
            claims = v;
    }
    double est = piles > 0 && bound > 0 ? check_estimate_seconds(piles, bound, claims, threads) : 0;
    return est > e->seconds ? est : e->seconds;
}

int cmd_nightly(int argc, char **argv)
{
    static const opt_spec specs[] = {
        {"budget", true, false}, {"manifest", true, false}, {"golden", true, false}, {"out", true, false},
        {"threads", true, false}, {"bless", false, false},  {"reason", true, false},
    };
    opt_result r;
    char err[512];
    int rc = opts_parse_or_help(argc, argv, specs, (int)(sizeof specs / sizeof *specs), 0, &r, NIGHTLY_HELP);
    if (rc != 0)
        return rc < 0 ? EXIT_USAGE : 0;
    const char *budget_s = r.value[0] ? r.value[0] : "15m", *manifest = r.value[1] ? r.value[1] : "nightly/manifest.json",
               *golden_path = r.value[2] ? r.value[2] : "nightly/golden.json", *threads = r.value[4],
               *reason = r.value[6];
    bool blessing = r.value[5] != NULL;
    double budget = parse_duration(budget_s);
    if (budget < 0)
        return nightly_error("--budget must be a duration such as 900, 90s, 15m or 2h, got '%.40s'", budget_s);
    if (blessing != (reason != NULL) || (reason && !*reason))
        return nightly_error("--bless and --reason TEXT go together");
    long nthreads = 0;
    if (threads && parse_long(threads, 1, 4096, &nthreads, "nightly: --threads", err, sizeof err) != 0)
        return nightly_error("%s", err + strlen("nightly: "));
    json_t *mroot = NULL;
    entry *es = NULL;
    int n = 0;
    int status = EXIT_USAGE;
    int *order = NULL;
    json_t *golden = NULL;
    text_list diff = {0};
    char *summary = NULL;
    if (load_manifest(manifest, &mroot, &es, &n) != 0)
        goto done;
    json_error_t je;
    golden = json_load_file(golden_path, 0, &je);
    if (!golden && !blessing) {
        nightly_error("cannot read the golden record %s: %s (make one with --bless --reason TEXT)", golden_path,
                      je.text);
        goto done;
    }
    /* The output place, claimed before any work. */
    char dir[4096];
    if (r.value[3])
        snprintf(dir, sizeof dir, "%s", r.value[3]);
    else {
        time_t t = time(NULL);
        char stamp[32];
        strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", gmtime(&t));
        mkdir("results", 0777);
        snprintf(dir, sizeof dir, "results/nightly-%s-%ld", stamp, (long)getpid());
    }
    if (mkdir(dir, 0777) != 0) {
        nightly_error("cannot create %s: %s", dir, strerror(errno));
        goto done;
    }
    /* Largest first that fit in the budget; smaller ones still run. */
    order = xmalloc((size_t)n * sizeof *order, "the run order");
    for (int i = 0; i < n; i++) {
        order[i] = i;
        es[i].seconds = estimate(&es[i], nthreads > 0 ? (int)nthreads : 2);
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && es[order[j]].seconds > es[order[j - 1]].seconds; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    double start = now_seconds(), planned = 0;
    for (int i = 0; i < n; i++) {
        entry *e = &es[order[i]];
        e->run = planned + e->seconds <= budget;
        e->skipped = !e->run;
        if (e->run)
            planned += e->seconds;
    }
    for (int i = 0; blessing && i < n; i++)
        if (es[i].skipped) {
            nightly_error("--bless needs every entry to run; %s does not fit in --budget %s", es[i].name, budget_s);
            goto done;
        }
    int run_errors = 0;
    for (int i = 0; i < n; i++) {
        entry *e = &es[order[i]];
        if (!e->run) {
            printf("nightly: %-24s skipped (about %.0f s, beyond the budget)\n", e->name, e->seconds);
            continue;
        }
        printf("nightly: %-24s running (about %.0f s)\n", e->name, e->seconds);
        fflush(stdout);
        int status = run_entry(e, dir, threads);
        if (status == 0 || status == 1 || status == 3)
            e->record = read_record(e, dir);
        if (!e->record) {
            e->failed_to_run = true;
            run_errors++;
            printf("nightly: %-24s stopped before its verdict (exit %d; see %s/%s.log)\n", e->name, status, dir, e->name);
        }
    }
    double seconds = now_seconds() - start;
    json_t *gentries = json_object_get(golden, "entries");
    for (int i = 0; i < n; i++)
        if (es[i].record)
            compare_entry(&es[i], json_object_get(gentries, es[i].name), dir, &diff);
    /* One screen: the entries, then every change. */
    size_t cap = 4096;
    for (int i = 0; i < diff.n; i++)
        cap += strlen(diff.line[i]) + 2;
    summary = xcalloc(cap, 1, "the summary");
    size_t used = 0;
    int skipped = 0;
    for (int i = 0; i < n; i++) {
        const entry *e = &es[i];
        skipped += e->skipped;
        const char *what = e->skipped ? "SKIPPED (budget)" : e->failed_to_run ? "RUN ERROR" : "ran";
        used += (size_t)snprintf(summary + used, cap - used, "%-24s %s\n", e->name, what);
    }
    used += (size_t)snprintf(summary + used, cap - used, "%d change%s against %s (%.0f s)\n", diff.n,
                             diff.n == 1 ? "" : "s", golden_path, seconds);
    for (int i = 0; i < diff.n; i++)
        used += (size_t)snprintf(summary + used, cap - used, "  %s\n", diff.line[i]);
    fputs(summary, stdout);
    if (write_summary_text(dir, summary) != 0 || write_junit(dir, es, n, golden, &diff, seconds) != 0) {
        fprintf(stderr, "verifier: nightly: cannot write the reports into %s\n", dir);
        status = EXIT_RUN_ERROR;
        goto done;
    }
    printf("nightly: reports in %s/junit.xml and %s/summary.txt\n", dir, dir);
    status = run_errors ? EXIT_RUN_ERROR : diff.n ? 1 : skipped ? NIGHTLY_EXIT_SKIPPED : 0;
    if (blessing && !run_errors)
        status = bless(golden_path, golden, es, n, reason, &diff);
done:
    for (int i = 0; i < diff.n; i++)
        free(diff.line[i]);
    free(diff.line);
    free(summary);
    free(order);
    for (int i = 0; i < n; i++)
        json_decref(es[i].record);
    free(es);
    json_decref(golden);
    json_decref(mroot);
    return status;
}
