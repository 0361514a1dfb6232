/*
 * results.c -- writes summary.json (jansson), mismatches.csv and games.csv
 * (libcsv) and table.sha256 into a temporary directory, every write
 * checked and fsync'ed, and renames it into place without replacing
 * anything (see results.h).
 */
#define _GNU_SOURCE
#include "verifier/output/results.h"

#include <csv.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <hwloc.h>
#include <jansson.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/engine/xalloc.h"
#include "verifier/base/partial.h"
#include "verifier/output/errata.h"
#include "verifier/output/report_html.h"
#include "verifier/base/version.h"
#include "verifier/base/json_checked.h"

#define RESULTS_ROOT "results"
#define PARTIAL_PREFIX ".partial-"

/* ---- the place ---- */

/* This host's name, reduced to characters safe in a file name. */
static void host_name(char *buf, int len)
{
    char raw[256] = "";
    gethostname(raw, sizeof raw - 1);
    int k = 0;
    for (int i = 0; raw[i] && k < len - 1 && k < 64; i++) {
        char c = raw[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_';
        buf[k++] = ok ? c : '_';
    }
    buf[k] = 0;
    if (k == 0)
        snprintf(buf, (size_t)len, "host");
}

/* ".partial-<pid>@<host>-XXXXXX": the pid and host of the run that made
 * it, or false when the name is not of that form. */
static bool partial_owner(const char *name, long *pid, char *host, int hostlen)
{
    if (strncmp(name, PARTIAL_PREFIX, strlen(PARTIAL_PREFIX)) != 0)
        return false;
    const char *p = name + strlen(PARTIAL_PREFIX);
    char *end;
    *pid = strtol(p, &end, 10);
    if (end == p || *end != '@')
        return false;
    const char *h = end + 1, *dash = strrchr(h, '-');
    if (!dash || dash - h >= hostlen)
        return false;
    memcpy(host, h, (size_t)(dash - h));
    host[dash - h] = 0;
    return true;
}

/* Whether process `pid` of this host may still be running: not when it is
 * gone, nor when it has finished and only waits for its parent to reap it
 * (a zombie: an MPI job's rank 0 lingers so for a second or two after
 * mpirun returns).  A process we may not signal counts as running. */
static bool process_may_run(long pid)
{
    if (pid == (long)getpid())
        return true;
    if (kill((pid_t)pid, 0) != 0)
        return errno != ESRCH;
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "re");
    if (!f)
        return true;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    /* "pid (comm) S ...": the state follows the last ')'. */
    const char *close = strrchr(buf, ')');
    return !(close && close[1] == ' ' && (close[2] == 'Z' || close[2] == 'X'));
}

void results_clean_stale(const char *dir, bool resumable_too, int *removed)
{
    char me[80];
    host_name(me, sizeof me);
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        long pid;
        char host[80];
        if (!partial_owner(e->d_name, &pid, host, sizeof host) || strcmp(host, me) != 0)
            continue;
        /* Alive (or not ours to ask): leave it. */
        if (process_may_run(pid))
            continue;
        char path[4352];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        /* A killed run's checkpoint waits for --resume (or `clean`). */
        if (!resumable_too && partial_holds_checkpoint(path))
            continue;
        guard_remove_results_dir(path);
        (*removed)++;
    }
    closedir(d);
}

/* A finished run's directory: its summary.json, or a nightly run's
 * junit.xml; its time, the newest of the two. */
typedef struct {
    char *path;
    time_t when;
    bool nightly;
} finished_dir;

static int newest_first(const void *a, const void *b)
{
    const finished_dir *x = a, *y = b;
    return x->when > y->when ? -1 : x->when < y->when ? 1 : strcmp(x->path, y->path);
}

/* Bytes of the files of a tree (depth levels), for the message. */
static uint64_t tree_bytes(const char *dir, int depth)
{
    uint64_t total = 0;
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char *path = claim_printf("%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(path, &st) == 0)
            total += S_ISDIR(st.st_mode) && depth > 0 ? tree_bytes(path, depth - 1) : (uint64_t)st.st_size;
        free(path);
    }
    closedir(d);
    return total;
}

int results_clean_finished(const char *dir, double older_than, int keep, int *removed, uint64_t *bytes, char *err,
                           int errlen)
{
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, (size_t)errlen, "cannot read %.3800s: %s", dir, strerror(errno));
        return -1;
    }
    /* What results/latest points at stays, whatever its age. */
    char *latest_link = claim_printf("%s/latest", dir), latest[4096] = "";
    ssize_t n = readlink(latest_link, latest, sizeof latest - 1);
    latest[n > 0 ? n : 0] = 0;
    free(latest_link);
    finished_dir *all = NULL;
    int count = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "latest") == 0 || strcmp(e->d_name, latest) == 0)
            continue;
        char *path = claim_printf("%s/%s", dir, e->d_name), *summary = claim_printf("%s/summary.json", path),
             *junit = claim_printf("%s/junit.xml", path);
        struct stat st, sm;
        bool run = lstat(path, &st) == 0 && S_ISDIR(st.st_mode) && stat(summary, &sm) == 0;
        bool nightly = !run && lstat(path, &st) == 0 && S_ISDIR(st.st_mode) && stat(junit, &sm) == 0;
        free(summary);
        free(junit);
        if (!run && !nightly) {
            free(path);
            continue;
        }
        if (count == cap) {
            cap = cap ? 2 * cap : 32;
            all = xrealloc(all, xmul((size_t)cap, sizeof *all, "the finished results"), "the finished results");
        }
        all[count++] = (finished_dir){path, sm.st_mtime > st.st_mtime ? sm.st_mtime : st.st_mtime, nightly};
    }
    closedir(d);
    /* qsort must not be given a null array, even with no element. */
    if (count > 1)
        qsort(all, (size_t)count, sizeof *all, newest_first);
    time_t now = time(NULL);
    for (int i = 0; i < count; i++) {
        bool old_enough = older_than < 0 || difftime(now, all[i].when) > older_than;
        bool beyond_keep = keep < 0 || i >= keep;
        if (old_enough && beyond_keep) {
            /* A nightly run holds one results directory a sweep. */
            int depth = all[i].nightly ? 3 : 2;
            *bytes += tree_bytes(all[i].path, depth);
            guard_remove_tree(all[i].path, depth);
            (*removed)++;
        }
        free(all[i].path);
    }
    free(all);
    return 0;
}

static int make_temp_beside(results_place *place, char *err, int errlen)
{
    char host[80];
    host_name(host, sizeof host);
    int removed = 0;
    results_clean_stale(place->parent, false, &removed);
    snprintf(place->tmp_dir, sizeof place->tmp_dir, "%.3900s/" PARTIAL_PREFIX "%ld@%s-XXXXXX", place->parent,
             (long)getpid(), host);
    if (!mkdtemp(place->tmp_dir)) {
        snprintf(err, (size_t)errlen, "cannot write results into %s: %s", place->parent, strerror(errno));
        place->tmp_dir[0] = 0;
        return -1;
    }
    /* mkdtemp makes it private; results are for everyone the umask allows. */
    mode_t mask = umask(0);
    umask(mask);
    if (chmod(place->tmp_dir, 0777 & ~mask) != 0) {
        snprintf(err, (size_t)errlen, "cannot set the permissions of %s: %s", place->tmp_dir, strerror(errno));
        results_abandon(place);
        return -1;
    }
    return 0;
}

/* The name must be free in every form: lstat, so that a dangling
 * symbolic link counts as taken (rename would replace the link). */
static int check_free(const char *path, char *err, int errlen)
{
    struct stat st;
    if (lstat(path, &st) == 0) {
        snprintf(err, (size_t)errlen, "output %s already exists%s; choose a new name (or --force to replace an earlier "
                                      "run's results)",
                 path, S_ISLNK(st.st_mode) ? " (a symbolic link)" : "");
        return -1;
    }
    if (errno != ENOENT) {
        snprintf(err, (size_t)errlen, "cannot use output %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* The parent must be a directory and the last component must fit. */
static int check_parent(results_place *place, const char *out, char *err, int errlen)
{
    char copy[4096], base[4096];
    snprintf(copy, sizeof copy, "%s", out);
    snprintf(place->parent, sizeof place->parent, "%s", dirname(copy));
    snprintf(copy, sizeof copy, "%s", out);
    snprintf(base, sizeof base, "%s", basename(copy));
    struct stat st;
    if (stat(place->parent, &st) != 0) {
        snprintf(err, (size_t)errlen, "cannot write results into %.200s: %s", place->parent, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(err, (size_t)errlen, "cannot write results into %.200s: not a directory", place->parent);
        return -1;
    }
    long name_max = pathconf(place->parent, _PC_NAME_MAX);
    if (name_max <= 0)
        name_max = NAME_MAX;
    /* "-<counter>" for default names and ".kept-<pid>" must fit too. */
    if ((long)strlen(base) + 24 > name_max) {
        snprintf(err, (size_t)errlen, "output name '%.60s...' is too long (at most %ld characters here)", base,
                 name_max - 24);
        return -1;
    }
    if (strcmp(base, ".") == 0 || strcmp(base, "..") == 0 || strcmp(base, "/") == 0) {
        snprintf(err, (size_t)errlen, "output %s names an existing directory; choose a new name", out);
        return -1;
    }
    return 0;
}

/* --force: the name may hold an earlier run's results directory (its
 * summary.json says so), and nothing else: a file, a link or a directory
 * of something else is never replaced. */
static int check_replaceable(const char *path, char *err, int errlen)
{
    struct stat st;
    char *summary = claim_printf("%s/summary.json", path);
    bool results = lstat(path, &st) == 0 && S_ISDIR(st.st_mode) && access(summary, F_OK) == 0;
    free(summary);
    if (!results) {
        snprintf(err, (size_t)errlen, "output %.3800s exists and is not a results directory; --force replaces only "
                                      "the results of an earlier run",
                 path);
        return -1;
    }
    return 0;
}

/* A default name in `root`: root/<stamp> (-2, -3, ... when taken, at
 * the move) and root/latest pointing at it. */
static int prepare_default(results_place *place, const char *root, const char *stamp, char *err, int errlen)
{
    if (strlen(root) >= RESULTS_PATH_MAX) {
        snprintf(err, (size_t)errlen, "the results directory's path is too long: %zu bytes, at most %d", strlen(root),
                 RESULTS_PATH_MAX - 1);
        return -1;
    }
    if (mkdir(root, 0777) != 0 && errno != EEXIST) {
        snprintf(err, (size_t)errlen, "cannot create %.3800s/: %s", root, strerror(errno));
        return -1;
    }
    place->default_name = true;
    snprintf(place->stamp, sizeof place->stamp, "%s", stamp);
    snprintf(place->parent, sizeof place->parent, "%.3900s", root);
    snprintf(place->final_dir, sizeof place->final_dir, "%.3900s/%s", root, stamp);
    snprintf(place->latest_link, sizeof place->latest_link, "%.3900s/latest", root);
    struct stat st;
    if (stat(root, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, (size_t)errlen, "cannot write results into %.3800s: not a directory", root);
        return -1;
    }
    return make_temp_beside(place, err, errlen);
}

int results_prepare(results_place *place, const char *out, bool force, const char *stamp, char *err, int errlen)
{
    memset(place, 0, sizeof *place);
    if (out) {
        if (!*out) {
            snprintf(err, (size_t)errlen, "--out needs a directory name");
            return -1;
        }
        if (strlen(out) >= RESULTS_PATH_MAX) {
            snprintf(err, (size_t)errlen, "--out path is too long: %zu bytes, at most %d", strlen(out),
                     RESULTS_PATH_MAX - 1);
            return -1;
        }
        size_t n = strlen(out);
        while (n > 1 && out[n - 1] == '/')
            n--;
        snprintf(place->final_dir, sizeof place->final_dir, "%.*s", (int)n, out);
        struct stat st;
        place->replace = force && lstat(place->final_dir, &st) == 0;
        if ((place->replace ? check_replaceable(place->final_dir, err, errlen)
                            : check_free(place->final_dir, err, errlen)) != 0 ||
            check_parent(place, place->final_dir, err, errlen) != 0)
            return -1;
        return make_temp_beside(place, err, errlen);
    }
    return prepare_default(place, RESULTS_ROOT, stamp, err, errlen);
}

int results_prepare_beside(results_place *place, const char *partial, const char *name, bool default_name,
                           bool replace, char *err, int errlen)
{
    char parent[4096];
    if (strlen(partial) >= sizeof parent) {
        snprintf(err, (size_t)errlen, "cannot resume: the directory name is longer than %zu bytes", sizeof parent - 1);
        return -1;
    }
    snprintf(parent, sizeof parent, "%s", partial);
    size_t len = strlen(parent);
    while (len > 1 && parent[len - 1] == '/')
        parent[--len] = 0;
    char *slash = strrchr(parent, '/');
    if (!slash)
        snprintf(parent, sizeof parent, ".");
    else if (slash == parent)
        parent[1] = 0;
    else
        *slash = 0;
    if (default_name) {
        memset(place, 0, sizeof *place);
        return prepare_default(place, parent, name, err, errlen);
    }
    char *out = claim_printf("%s/%s", parent, name);
    int rc = results_prepare(place, out, replace, name, err, errlen);
    free(out);
    return rc;
}

void results_abandon(results_place *place)
{
    if (place->games)
        fclose(place->games);
    place->games = NULL;
    /* A checkpoint is kept for --resume (the guard says so on its way out). */
    if (place->tmp_dir[0] && !partial_holds_checkpoint(place->tmp_dir))
        guard_remove_results_dir(place->tmp_dir);
    place->tmp_dir[0] = 0;
}

int results_check_resumable(const char *dir, char *err, int errlen)
{
    char copy[4096];
    /* A name is never cut to fit: one too long is refused. */
    if (strlen(dir) >= sizeof copy) {
        snprintf(err, (size_t)errlen, "cannot resume: the directory name is longer than %zu bytes", sizeof copy - 1);
        return -1;
    }
    snprintf(copy, sizeof copy, "%s", dir);
    size_t len = strlen(copy);
    while (len > 1 && copy[len - 1] == '/')
        copy[--len] = 0;
    const char *base = strrchr(copy, '/');
    base = base ? base + 1 : copy;
    long pid;
    char host[80], me[80];
    if (!partial_owner(base, &pid, host, sizeof host)) {
        snprintf(err, (size_t)errlen, "cannot resume from %s: not the partial directory of a run (%s...)", dir,
                 PARTIAL_PREFIX);
        return -1;
    }
    host_name(me, sizeof me);
    if (strcmp(host, me) != 0 || process_may_run(pid)) {
        snprintf(err, (size_t)errlen, "cannot resume from %s: its run (process %ld on %s) may still be running",
                 dir, pid, host);
        return -1;
    }
    return 0;
}

/* The file a run that took over a killed run's directory leaves in it
 * while it runs, naming the directory it came from, so that a second
 * --resume of that name can say who took it; removed before the results
 * are written. */
#define RESUMED_FROM ".resumed-from"

/* The last component of `dir` (trailing slashes ignored) into buf. */
static void base_name_of(const char *dir, char *buf, size_t len)
{
    snprintf(buf, len, "%s", dir);
    size_t n = strlen(buf);
    while (n > 1 && buf[n - 1] == '/')
        buf[--n] = 0;
    const char *b = strrchr(buf, '/');
    if (b)
        memmove(buf, b + 1, strlen(b + 1) + 1);
}

/* The process that took `base` over: a partial directory in `parent`
 * whose RESUMED_FROM names it; its pid, or -1 when none is found. */
static long taken_by(const char *parent, const char *base)
{
    DIR *d = opendir(parent);
    if (!d)
        return -1;
    long found = -1;
    struct dirent *e;
    while (found < 0 && (e = readdir(d)) != NULL) {
        long pid;
        char host[80];
        if (!partial_owner(e->d_name, &pid, host, sizeof host))
            continue;
        char *path = claim_printf("%s/%s/%s", parent, e->d_name, RESUMED_FROM);
        FILE *f = fopen(path, "re");
        free(path);
        if (!f)
            continue;
        char line[4200] = "";
        if (fgets(line, sizeof line, f)) {
            line[strcspn(line, "\n")] = 0;
            if (strcmp(line, base) == 0)
                found = pid;
        }
        fclose(f);
    }
    closedir(d);
    return found;
}

int results_resume_gone(const char *dir, char *err, int errlen)
{
    struct stat st;
    if (lstat(dir, &st) == 0)
        return 0;
    char parent[4096], base[4096];
    snprintf(parent, sizeof parent, "%s", dir);
    char *slash = strrchr(parent, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(parent, sizeof parent, ".");
    base_name_of(dir, base, sizeof base);
    long pid = taken_by(parent, base);
    if (pid > 0)
        snprintf(err, (size_t)errlen, "cannot resume from %s: another process (%ld) took it over first and is "
                 "resuming it", dir, pid);
    else
        snprintf(err, (size_t)errlen, "cannot resume from %s: it is gone (another --resume took it, or it was "
                 "removed)", dir);
    return -1;
}

/* Only what a run writes goes on: the checkpoint, its tables and the
 * streamed games.csv stay; the results files are written again at the end;
 * anything else (a stray file) is removed, never carried into the results. */
static void drop_unknown_files(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        const char *n = e->d_name;
        size_t len = strlen(n);
        bool table = strncmp(n, "table-", 6) == 0 && len > 10 && strcmp(n + len - 4, ".bin") == 0;
        if (strcmp(n, ".") == 0 || strcmp(n, "..") == 0 || strcmp(n, PARTIAL_CHECKPOINT) == 0 ||
            strcmp(n, "games.csv") == 0 || table)
            continue;
        char *path = claim_printf("%s/%s", dir, n);
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
            guard_remove_results_dir(path);
        else
            unlink(path);
        free(path);
    }
    closedir(d);
}

int results_adopt(results_place *place, const char *dir, char *err, int errlen)
{
    /* The killed run's directory takes the place of this run's fresh,
     * empty one (rename replaces an empty directory): one rename, so two
     * runs resuming the same directory cannot both get it. */
    struct stat a, b;
    char parent[4096];
    snprintf(parent, sizeof parent, "%s", dir);
    char *slash = strrchr(parent, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(parent, sizeof parent, ".");
    if (stat(parent, &a) != 0 || stat(place->parent, &b) != 0 || a.st_dev != b.st_dev || a.st_ino != b.st_ino) {
        snprintf(err, (size_t)errlen, "cannot resume from %s: the results must go beside it (--out in %s)",
                 dir, parent);
        return -1;
    }
    char base[4096];
    base_name_of(dir, base, sizeof base);
    if (rename(dir, place->tmp_dir) != 0) {
        int saved = errno;
        if (saved != ENOENT || results_resume_gone(dir, err, errlen) == 0)
            snprintf(err, (size_t)errlen, "cannot resume from %s: %s", dir, strerror(saved));
        return -1;
    }
    drop_unknown_files(place->tmp_dir);
    /* Who took it, for a second --resume of the same name (best effort:
     * without it that one says only that the directory is gone). */
    char *marker = claim_printf("%s/%s", place->tmp_dir, RESUMED_FROM);
    FILE *f = fopen(marker, "we");
    if (f) {
        fprintf(f, "%s\n", base);
        fclose(f);
    }
    free(marker);
    return 0;
}

/* ---- checked files ---- */

static FILE *open_out(const char *dir, const char *name, char *err, int errlen)
{
    char path[4352];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "we");
    if (!f)
        snprintf(err, (size_t)errlen, "cannot write %s: %s", path, strerror(errno));
    return f;
}

/* Flushes, syncs to the disk and closes, reporting the first error of
 * any write to the file (stdio keeps it in ferror). */
static int close_out(FILE *f, const char *dir, const char *name, char *err, int errlen)
{
    int bad = fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0;
    int saved = errno;
    if (fclose(f) != 0 && !bad) {
        bad = 1;
        saved = errno;
    }
    if (bad)
        snprintf(err, (size_t)errlen, "cannot write %s/%s: %s", dir, name, strerror(saved ? saved : EIO));
    return bad ? -1 : 0;
}


/* jansson returns NULL only when out of memory (every string here is
 * checked ASCII or UTF-8 before the run): that stops the run. */
/* ---- summary.json ---- */

/* A claim's first kept mismatch: where (and N), stated, computed. */
static json_t *first_mismatch_json(const value_table *t, const claim_report *r)
{
    results_mismatch_text mt;
    results_mismatch_text_init(&mt, t);
    results_mismatch_fill(&mt, t, &r->kept[0]);
    const claim_mismatch *m = &r->kept[0];
    json_t *j = jx_must(json_pack("{s:s, s:s, s:s, s:s}", "where", mt.where, "N", mt.n, "stated",
                               m->expected ? m->expected : "", "computed", m->actual ? m->actual : ""));
    results_mismatch_text_free(&mt);
    return j;
}

/* The folder of a claim's certificates under certificates/: its id with
 * '/' as '_' ("rn/prop-4.2": rn_prop-4.2), one level, so that a results
 * directory stays two levels deep (what `clean` and the guard remove). */
static char *certificate_folder(const char *id)
{
    char *f = claim_printf("certificates/%s", id);
    for (char *p = f + strlen("certificates/"); *p; p++)
        if (*p == '/')
            *p = '_';
    return f;
}

static json_t *claim_json(const value_table *t, const claim_def *c, const claim_report *r)
{
    uint64_t cases = 0, mism = 0, explained = 0, undecided = 0;
    json_t *parts = jx_must(json_array());
    for (int p = 0; p < r->nparts; p++) {
        cases += r->cases[p];
        mism += r->mismatches[p];
        explained += r->explained[p];
        undecided += r->undecided[p];
        json_t *part = jx_must(json_pack("{s:s, s:s, s:I, s:I}", "name", c->parts[p], "status",
                                      claim_status_name(claim_part_status(r, p)), "cases", (json_int_t)r->cases[p],
                                      "mismatches", (json_int_t)r->mismatches[p]));
        /* Cases neither holding nor failing (a printed table's cells the
         * damaged text explains, or undecided). */
        if (r->explained[p] + r->undecided[p])
            jx_set(part, "not_refuted", jx_must(json_pack("{s:I, s:I}", "explained", (json_int_t)r->explained[p],
                                                       "undecided", (json_int_t)r->undecided[p])));
        jx_append(parts, part);
    }
    json_t *findings = jx_must(json_object());
    for (int i = 0; i < r->nfindings; i++) {
        /* Findings are an object: a repeated key gets " (2)", " (3)", ...
         * rather than replacing the one before. */
        char *key = xstrdup(r->findings[i].key, "a finding");
        for (int k = 2; json_object_get(findings, key); k++) {
            free(key);
            key = claim_printf("%s (%d)", r->findings[i].key, k);
        }
        jx_set(findings, key, jx_must(json_string(r->findings[i].value)));
        free(key);
    }
    json_t *o = jx_must(json_pack("{s:s, s:s, s:s, s:s, s:s, s:I, s:I, s:o, s:o}", "id", c->id, "source", c->source,
                               "statement", c->statement, "domain", c->domain, "status",
                               claim_status_name(claim_verdict(r)), "cases", (json_int_t)cases, "mismatches",
                               (json_int_t)mism, "parts", parts, "findings", findings));
    if (explained + undecided)
        jx_set(o, "not_refuted", jx_must(json_pack("{s:I, s:I}", "explained", (json_int_t)explained, "undecided",
                                                (json_int_t)undecided)));
    /* mismatches.csv's rows of this claim: the first ones, up to
     * --max-mismatches; "mismatches" counts every one. */
    jx_set(o, "mismatches_listed", json_integer(r->nkept));
    if (r->nkept > 0)
        jx_set(o, "first_mismatch", first_mismatch_json(t, r));
    if (r->ncertificates > 0) {
        json_t *files = jx_must(json_array());
        char *folder = certificate_folder(c->id);
        for (int k = 0; k < r->ncertificates; k++) {
            char *file = claim_printf("%s/%s.cert", folder, r->certificates[k].name);
            jx_append(files, jx_must(json_string(file)));
            free(file);
        }
        free(folder);
        jx_set(o, "certificates", files);
    }
    if (r->nseries > 0) {
        json_t *files = jx_must(json_array());
        for (int k = 0; k < r->nseries; k++) {
            char *file = claim_printf("%s.dat", r->series[k].name);
            jx_append(files, jx_must(json_pack("{s:s, s:s, s:I}", "file", file, "title", r->series[k].title,
                                                        "rows", (json_int_t)r->series[k].nrows)));
            free(file);
        }
        jx_set(o, "series", files);
    }
    /* A strict or literal reading: the intended claim, and why it is
     * expected to fail. */
    if (c->reading_of)
        jx_set(o, "reading", jx_must(json_pack("{s:s, s:s}", "of", c->reading_of, "why", c->reading_why)));
    /* A claim of readings holds when one does: which one. */
    if (r->readings) {
        int holds = claim_reading_that_holds(r);
        jx_set(o, "parts_are_readings", json_true());
        jx_set(o, "holds_under", holds >= 0 ? jx_must(json_string(c->parts[holds])) : json_null());
    }
    if (r->nper_k > 0) {
        json_t *per_k = jx_must(json_array());
        for (int i = 0; i < r->nper_k; i++) {
            const claim_per_k *l = &r->per_k[i];
            json_t *line = jx_must(json_pack("{s:i, s:I, s:I, s:I, s:I, s:I}", "k", l->k, "games", (json_int_t)l->games,
                                          "certified", (json_int_t)l->count[CLAIM_CERTIFIED], "observed",
                                          (json_int_t)l->count[CLAIM_OBSERVED], "undecided",
                                          (json_int_t)l->count[CLAIM_UNDECIDED], "failed",
                                          (json_int_t)l->count[CLAIM_FAILS]));
            if (l->worst_pre >= 0)
                jx_set(line, "worst",
                                    jx_must(json_pack("{s:i, s:s, s:s, s:s, s:i, s:i}", "preperiod", l->worst_pre, "game",
                                                   l->worst_game, "points", l->worst_points, "sum", l->worst_sum,
                                                   "m", l->worst_m, "period", l->worst_period)));
            jx_append(per_k, line);
        }
        jx_set(o, "per_k", per_k);
        jx_set(o, "certificates_rechecked", jx_must(json_integer((json_int_t)r->rechecked)));
    }
    return o;
}

static json_t *versions_json(void)
{
    char hw[32];
    unsigned v = hwloc_get_api_version();
    snprintf(hw, sizeof hw, "%u.%u.%u", v >> 16, (v >> 8) & 0xff, v & 0xff);
    return jx_must(json_pack("{s:s, s:s, s:s, s:i, s:s}", "verifier", VERIFIER_VERSION, "compiler", __VERSION__, "jansson",
                          JANSSON_VERSION, "openmp", _OPENMP, "hwloc_api", hw));
}

static json_t *run_json(const results_run *run)
{
    json_t *binding = jx_must(json_array());
    if (run->pin)
        for (int i = 0; i < run->pin->threads; i++)
            jx_append(binding, jx_must(json_pack("{s:i, s:s}", "thread", i, "cpuset",
                                                          run->pin->binding[i] ? run->pin->binding[i]
                                                                               : "not started")));
    json_t *per_claim = jx_must(json_object());
    for (int i = 0; i < run->nclaims; i++)
        jx_set(per_claim, run->claims[i]->id, jx_must(json_real(run->reports[i].seconds)));
    json_t *rss = jx_must(json_array());
    for (int i = 0; run->peak_rss && i < (run->ranks > 0 ? run->ranks : 1); i++)
        jx_append(rss, jx_must(json_integer((json_int_t)run->peak_rss[i])));
    /* resumed: how many times the run was taken up again from a
     * checkpoint (0: it ran in one go); the seconds are this process's. */
    /* The phases, in the order they ran (output: every file but this one). */
    return jx_must(json_pack("{s:s, s:i, s:i, s:i, s:i, s:o, s:i, s:i, s:{s:f, s:f, s:f, s:f, s:o}, s:o}", "started_utc",
                          run->started_utc, "ranks", run->ranks > 0 ? run->ranks : 1, "threads",
                          run->pin ? run->pin->threads : 1, "cores",
                          run->pin ? run->pin->cores : 1, "bind_failures", run->pin ? run->pin->bind_failures : 0,
                          "binding", binding, "resumed", (int)run->resumes, "checkpoints", (int)run->checkpoints,
                          "seconds", "plan", run->plan_seconds, "sweep", run->sweep_seconds, "claims",
                          run->claims_seconds, "output", run->output_seconds, "per_claim", per_claim,
                          "peak_rss_bytes", rss));
}

static json_t *config_json(const results_run *run)
{
    json_t *c = jx_must(json_pack("{s:s}", "claims", run->claims_pattern));
    const value_table *t = run->table;
    if (t) {
        /* The game's sizes, its options (as given; "" for a default), the
         * positions and, for margin games, the bonus window. */
        /* A game sized by its bound alone has no count of piles. */
        json_t *g = run->game->sized_by_bound ? jx_must(json_pack("{s:i}", "bound", run->bound))
                                              : jx_must(json_pack("{s:i, s:i}", "piles", run->piles, "bound", run->bound));
        for (int i = 0; i < GAME_MAX_OPTIONS && run->game->options[i].name; i++)
            jx_set(g, run->game->options[i].name,
                                jx_must(json_string(run->game_option && run->game_option[i] ? run->game_option[i] : "")));
        jx_set(g, "positions", jx_must(json_integer((json_int_t)t->count)));
        if (t->kind == VALUE_MARGIN && !run->game->one_lane) {
            char nmin[32], nmax[32];
            claim_format_half(table_lane_M(t, 0), nmin, sizeof nmin);
            claim_format_half(table_lane_M(t, t->win.lanes - 1), nmax, sizeof nmax);
            jx_set(g, "lanes", jx_must(json_integer(t->win.lanes)));
            jx_set(g, "window", jx_must(json_pack("{s:s, s:s, s:s}", "N_min", nmin, "N_max", nmax, "N_step",
                                                            t->win.step == 1 ? "1/2" : "1")));
        } else
            jx_set(g, "values", jx_must(json_string(value_kind_name(t->kind))));
        /* Values that rest on a rule the paper does not define say so. */
        if (t->game->convention)
            jx_set(g, "convention", json_string(t->game->convention));
        jx_set(c, run->game->config_key, g);
    }
    jx_set(c, "claim_sizes",
                        jx_must(json_pack("{s:i, s:i, s:i, s:i, s:I, s:f}", "max_take", run->sizes.max_take, "to",
                                       run->sizes.rows, "m_to", run->sizes.m_to, "second_digits",
                                       run->sizes.second_digits, "positions", (json_int_t)run->sizes.positions,
                                       "recheck", run->recheck)));
    if (run->sizes.game)
        jx_set(json_object_get(c, "claim_sizes"), "game", json_string(run->sizes.game));
    return c;
}

static json_t *claims_json(const results_run *run)
{
    json_t *claims = jx_must(json_array());
    for (int i = 0; i < run->nclaims; i++)
        jx_append(claims, claim_json(run->table, run->claims[i], &run->reports[i]));
    return claims;
}

/* The claims by status, counted as the summary in words counts them: the
 * claims that set the exit status, then apart (under "readings") the
 * strict and literal readings that do not (claim_counts). */
static json_t *totals_json(const results_run *run)
{
    int counts[CLAIM_NSTATUS] = {0}, apart[CLAIM_NSTATUS] = {0}, nreadings = 0;
    for (int i = 0; i < run->nclaims; i++) {
        bool counts_here = claim_counts(run->claims[i], run->strict_readings);
        (counts_here ? counts : apart)[claim_verdict(&run->reports[i])]++;
        nreadings += !counts_here;
    }
    json_t *totals = jx_must(json_object());
    for (int s = 0; s < CLAIM_NSTATUS; s++)
        jx_set(totals, claim_status_name((claim_status)s), jx_must(json_integer(counts[s])));
    if (nreadings) {
        json_t *r = jx_must(json_object());
        for (int s = 0; s < CLAIM_NSTATUS; s++)
            jx_set(r, claim_status_name((claim_status)s), jx_must(json_integer(apart[s])));
        jx_set(totals, "readings", r);
    }
    return totals;
}

/* Which verdicts set the exit status: every claim's, but the strict and
 * literal readings' only with --strict-readings. */
static json_t *exit_json(const results_run *run)
{
    return jx_must(json_pack("{s:i, s:b}", "status", run->exit_status, "strict_readings", run->strict_readings));
}

char *results_verdicts_text(const char *dir, const results_run *run)
{
    json_t *root = jx_must(json_pack("{s:s, s:o, s:o, s:o}", "results", dir, "exit", exit_json(run), "totals",
                                  totals_json(run), "claims", claims_json(run)));
    char *text = jx_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (!text)
        die("out of memory while building the verdicts' JSON; the run stopped with no verdict");
    return text;
}

int results_print_verdicts(FILE *f, const char *text, char *err, int errlen)
{
    errno = 0;
    fputs(text, f);
    fputc('\n', f);
    if (fflush(f) != 0 || ferror(f)) {
        snprintf(err, (size_t)errlen, "cannot write the verdicts to standard output: %s",
                 errno ? strerror(errno) : "a write error");
        return -1;
    }
    return 0;
}

static int write_summary(const char *dir, const results_run *run, const char *sha, json_t *errata, char *err,
                         int errlen)
{
    const value_table *t = run->table;
    json_t *claims = claims_json(run);
    json_t *totals = totals_json(run);
    json_t *papers = jx_must(json_object());
    for (int k = 0; claim_papers[k]; k++)
        jx_set(papers, claim_papers[k]->prefix, jx_must(json_string(claim_papers[k]->citation)));
    json_t *root = jx_must(json_pack("{s:s, s:i, s:o, s:o}", "tool", "scoring-verifier", "format", 5, "papers", papers,
                                  "config", config_json(run)));
    jx_set(root, "exit", exit_json(run));
    if (t)
        jx_set(root, "table",
                            jx_must(json_pack("{s:s, s:s}", "sha256", sha, "layout",
                                           run->game->layout)));
    jx_set(root, "versions", versions_json());
    jx_set(root, "claims", claims);
    jx_set(root, "totals", totals);
    jx_set(root, "errata", json_incref(errata));
    jx_set(root, "run", run_json(run));
    /* The text is built whole before the file is opened, so that a
     * failure names its reason: out of memory, or the write's errno. */
    char *text = jx_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (!text) {
        snprintf(err, (size_t)errlen, "cannot write %s/summary.json: out of memory", dir);
        return -1;
    }
    FILE *f = open_out(dir, "summary.json", err, errlen);
    if (!f) {
        free(text);
        return -1;
    }
    fputs(text, f);
    fputc('\n', f);
    free(text);
    return close_out(f, dir, "summary.json", err, errlen);
}

/* ---- the CSV files ---- */

/* One CSV row through libcsv's quoting; errors stay in ferror(f).  Each
 * field is quoted into a buffer (csv_write) and the row written at once:
 * csv_fwrite puts a character at a time, which made games.csv's millions
 * of rows the larger part of a family's run. */
static void csv_row(FILE *f, const char *const *fields, int n)
{
    char small[1024];
    char *buf = small;
    size_t cap = sizeof small, len = 0;
    for (int i = 0; i < n; i++) {
        size_t flen = strlen(fields[i]);
        /* Quoted, a field takes at most twice its length and two quotes. */
        size_t need = len + 2 * flen + 4;
        if (need > cap) {
            cap = need > 2 * cap ? need : 2 * cap;
            char *grown = buf == small ? xmalloc(cap, "a CSV row") : xrealloc(buf, cap, "a CSV row");
            if (buf == small)
                memcpy(grown, small, len);
            buf = grown;
        }
        if (i)
            buf[len++] = ',';
        len += csv_write(buf + len, cap - len, fields[i], flen);
    }
    buf[len++] = '\n';
    fwrite(buf, 1, len, f);
    if (buf != small)
        free(buf);
}

static int write_mismatches(const char *dir, const results_run *run, char *err, int errlen)
{
    FILE *f = open_out(dir, "mismatches.csv", err, errlen);
    if (!f)
        return -1;
    static const char *const head[] = {"claim", "part",    "position", "N",       "stated",
                                       "computed", "witness", "grade",    "evidence", "command"};
    csv_row(f, head, 10);
    results_mismatch_text mt;
    results_mismatch_text_init(&mt, run->table);
    for (int i = 0; i < run->nclaims; i++) {
        const claim_report *r = &run->reports[i];
        for (int k = 0; k < r->nkept; k++) {
            const claim_mismatch *m = &r->kept[k];
            results_mismatch_fill(&mt, run->table, m);
            /* The grade of an erratum of a paper (a reading's mismatch is
             * none: it is no erratum). */
            const claim_def *c = run->claims[i];
            const char *grade = c->reading_of ? "" : claim_grade_name(claim_mismatch_grade_of(c, m));
            const char *evidence = m->evidence ? m->evidence : !c->reading_of && c->erratum.evidence ? c->erratum.evidence : "";
            const char *row[] = {c->id,      c->parts[m->part], mt.where, mt.n,     m->expected,
                                 m->actual, mt.note,           grade,    evidence, m->command ? m->command : ""};
            csv_row(f, row, 10);
        }
    }
    results_mismatch_text_free(&mt);
    return close_out(f, dir, "mismatches.csv", err, errlen);
}

static const char *const GAMES_HEAD[] = {"claim", "game", "points", "sum", "m", "preperiod", "period", "status", "note"};

static void game_row(FILE *f, const char *claim, const claim_game_row *g)
{
    char m[16], pre[16], per[16];
    snprintf(m, sizeof m, "%d", g->m);
    snprintf(pre, sizeof pre, "%d", g->preperiod);
    snprintf(per, sizeof per, "%d", g->period);
    if (g->preperiod < 0)
        pre[0] = per[0] = 0;
    const char *row[] = {claim, g->game, g->points, g->sum, m, pre, per, g->status, g->note};
    csv_row(f, row, 9);
}

int results_stream_games(results_place *place, uint64_t resume_at, char *err, int errlen)
{
    if (resume_at == 0) {
        place->games = open_out(place->tmp_dir, "games.csv", err, errlen);
        if (!place->games)
            return -1;
        csv_row(place->games, GAMES_HEAD, 9);
        return 0;
    }
    /* Resumed: the rows the checkpoint counts stay, any written after it
     * go (the games that wrote them run again). */
    char path[4352];
    snprintf(path, sizeof path, "%s/games.csv", place->tmp_dir);
    struct stat st;
    if (stat(path, &st) != 0 || (uint64_t)st.st_size < resume_at || truncate(path, (off_t)resume_at) != 0 ||
        !(place->games = fopen(path, "r+")) || fseek(place->games, 0, SEEK_END) != 0) {
        snprintf(err, (size_t)errlen, "cannot resume: games.csv in %s is shorter than its checkpoint or unwritable",
                 place->tmp_dir);
        return -1;
    }
    return 0;
}

void results_game_row(void *sink, const claim_game_row *row)
{
    results_games_sink *s = sink;
    game_row(s->place->games, s->claim_id, row);
    /* A full disk is found on the row it happens, not after the sweep. */
    if (ferror(s->place->games))
        die("cannot write %s/games.csv: %s; the run stopped with no verdict", s->place->tmp_dir, strerror(errno));
}

/* games.csv: the streamed rows, then any rows kept in the reports. */
static int write_games(results_place *place, const results_run *run, char *err, int errlen)
{
    const char *dir = place->tmp_dir;
    FILE *f = place->games;
    if (!f) {
        f = open_out(dir, "games.csv", err, errlen);
        if (!f)
            return -1;
        csv_row(f, GAMES_HEAD, 9);
    }
    place->games = NULL;
    for (int i = 0; i < run->nclaims; i++)
        for (int k = 0; k < run->reports[i].nrows; k++)
            game_row(f, run->claims[i]->id, &run->reports[i].rows[k]);
    return close_out(f, dir, "games.csv", err, errlen);
}

/* preperiods.csv: per family and largest take k, the games by status and
 * the worst preperiod with the game and m attaining it. */
static int write_preperiods(const char *dir, const results_run *run, char *err, int errlen)
{
    FILE *f = open_out(dir, "preperiods.csv", err, errlen);
    if (!f)
        return -1;
    static const char *const head[] = {"claim",     "k",          "games",      "certified", "observed",
                                       "undecided", "failed",     "worst_preperiod", "game", "points",
                                       "sum",       "m",          "period"};
    csv_row(f, head, 13);
    for (int i = 0; i < run->nclaims; i++)
        for (int k = 0; k < run->reports[i].nper_k; k++) {
            const claim_per_k *l = &run->reports[i].per_k[k];
            char num[7][24], pre[16] = "", m[16] = "", per[16] = "";
            snprintf(num[0], sizeof num[0], "%d", l->k);
            snprintf(num[1], sizeof num[1], "%llu", (unsigned long long)l->games);
            snprintf(num[2], sizeof num[2], "%llu", (unsigned long long)l->count[CLAIM_CERTIFIED]);
            snprintf(num[3], sizeof num[3], "%llu", (unsigned long long)l->count[CLAIM_OBSERVED]);
            snprintf(num[4], sizeof num[4], "%llu", (unsigned long long)l->count[CLAIM_UNDECIDED]);
            snprintf(num[5], sizeof num[5], "%llu", (unsigned long long)l->count[CLAIM_FAILS]);
            if (l->worst_pre >= 0) {
                snprintf(pre, sizeof pre, "%d", l->worst_pre);
                snprintf(m, sizeof m, "%d", l->worst_m);
                snprintf(per, sizeof per, "%d", l->worst_period);
            }
            const char *row[] = {run->claims[i]->id, num[0], num[1], num[2], num[3], num[4], num[5], pre,
                                 l->worst_game ? l->worst_game : "", l->worst_points ? l->worst_points : "",
                                 l->worst_sum ? l->worst_sum : "", m, per};
            csv_row(f, row, 13);
        }
    return close_out(f, dir, "preperiods.csv", err, errlen);
}

/* Each claim's data series as NAME.dat: "# " and its title, "# " and
 * its columns, then its rows.  Two series of one name stop the run (a
 * bug of the claims: each names its own). */
static int write_series(const char *dir, const results_run *run, char *err, int errlen)
{
    for (int i = 0; i < run->nclaims; i++)
        for (int k = 0; k < run->reports[i].nseries; k++) {
            const claim_series *sr = &run->reports[i].series[k];
            for (int j = 0; j <= i; j++)
                for (int l = 0; l < (j == i ? k : run->reports[j].nseries); l++)
                    if (strcmp(run->reports[j].series[l].name, sr->name) == 0)
                        die("internal error: two data series named %s", sr->name);
            char *name = claim_printf("%s.dat", sr->name);
            FILE *f = open_out(dir, name, err, errlen);
            if (!f) {
                free(name);
                return -1;
            }
            fprintf(f, "# %s (%s)\n# %s\n", sr->title, run->claims[i]->id, sr->columns);
            for (uint64_t r = 0; r < sr->nrows; r++)
                fprintf(f, "%s\n", sr->rows[r]);
            int rc = close_out(f, dir, name, err, errlen);
            free(name);
            if (rc != 0)
                return -1;
        }
    return 0;
}

static int make_dir(const char *dir, const char *name, char *err, int errlen)
{
    char *path = claim_printf("%s/%s", dir, name);
    int rc = mkdir(path, 0777) != 0 && errno != EEXIST ? -1 : 0;
    if (rc != 0)
        snprintf(err, (size_t)errlen, "cannot make %s: %s", path, strerror(errno));
    free(path);
    return rc;
}

/* Every claim's certificates (docs/proofs.md): certificates/<claim>/<name>.cert. */
static int write_certificates(const char *dir, const results_run *run, char *err, int errlen)
{
    bool any = false;
    for (int i = 0; i < run->nclaims; i++) {
        const claim_report *r = &run->reports[i];
        if (r->ncertificates == 0)
            continue;
        if (!any && make_dir(dir, "certificates", err, errlen) != 0)
            return -1;
        any = true;
        char *folder = certificate_folder(run->claims[i]->id);
        if (make_dir(dir, folder, err, errlen) != 0) {
            free(folder);
            return -1;
        }
        for (int k = 0; k < r->ncertificates; k++) {
            char *name = claim_printf("%s/%s.cert", folder, r->certificates[k].name);
            FILE *f = open_out(dir, name, err, errlen);
            int rc = f ? (fputs(r->certificates[k].text, f), close_out(f, dir, name, err, errlen)) : -1;
            free(name);
            if (rc != 0) {
                free(folder);
                return -1;
            }
        }
        free(folder);
    }
    return 0;
}

static int write_checksum(const char *dir, const results_run *run, const char *sha, char *err, int errlen)
{
    if (!run->table)
        return 0;
    FILE *f = open_out(dir, "table.sha256", err, errlen);
    if (!f)
        return -1;
    const value_table *t = run->table;
    fprintf(f, "%s  %s-table", sha, run->game->table_name ? run->game->table_name : run->game->name);
    /* A game sized by its bound has no count of piles to name. */
    if (!run->game->sized_by_bound)
        fprintf(f, " piles=%d", run->piles);
    fprintf(f, " bound=%d", run->bound);
    for (int i = 0; i < GAME_MAX_OPTIONS && run->game->options[i].name; i++)
        if (run->game_option && run->game_option[i])
            fprintf(f, " %s=%s", run->game->options[i].name, run->game_option[i]);
    if (t->kind == VALUE_MARGIN && !run->game->one_lane) {
        char nmin[32], nmax[32];
        claim_format_half(table_lane_M(t, 0), nmin, sizeof nmin);
        claim_format_half(table_lane_M(t, t->win.lanes - 1), nmax, sizeof nmax);
        fprintf(f, " N=%s..%s step=%s", nmin, nmax, t->win.step == 1 ? "1/2" : "1");
    }
    fprintf(f, "\n");
    return close_out(f, dir, "table.sha256", err, errlen);
}

/* ---- putting the directory in place ---- */

/* rename without replacing: renameat2's RENAME_NOREPLACE, or, where the
 * file system lacks it, mkdir (which fails on any existing name) and a
 * rename over that empty directory of ours. */
static int rename_noreplace(const char *from, const char *to)
{
    if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS)
        return -1;
    if (mkdir(to, 0700) != 0)
        return -1;
    if (rename(from, to) != 0) {
        int saved = errno;
        rmdir(to);
        errno = saved;
        return -1;
    }
    return 0;
}

typedef struct {
    results_place *place;
    run_guard *guard;
    int status;         /* the verdicts' exit status                  */
    int error;          /* errno of the failure                       */
    char kept[4096];    /* where complete results were kept, or ""    */
} move_job;

static int move_into_place(void *arg)
{
    move_job *j = arg;
    results_place *p = j->place;
    if (p->default_name) {
        /* results/<stamp>, <stamp>-2, ...: a taken name is simply skipped. */
        for (int i = 1; i < 100000; i++) {
            if (i > 1)
                snprintf(p->final_dir, sizeof p->final_dir, "%.3900s/%s-%d", p->parent, p->stamp, i);
            if (rename_noreplace(p->tmp_dir, p->final_dir) == 0)
                goto placed;
            if (errno != EEXIST && errno != ENOTEMPTY)
                break;
        }
    } else if (p->replace) {
        /* The earlier results step aside under a name of this run's own,
         * the new ones take the name, and only then are the old ones
         * removed; a failure puts the old ones back. */
        char *aside = claim_printf("%s.replaced-%ld", p->final_dir, (long)getpid());
        bool moved = rename_noreplace(p->final_dir, aside) == 0;
        if ((moved || errno == ENOENT) && rename_noreplace(p->tmp_dir, p->final_dir) == 0) {
            if (moved)
                guard_remove_results_dir(aside);
            free(aside);
            goto placed;
        }
        int saved = errno;
        if (moved)
            rename(aside, p->final_dir);
        free(aside);
        errno = saved;
    } else if (rename_noreplace(p->tmp_dir, p->final_dir) == 0)
        goto placed;
    j->error = errno;
    /* Complete results are never thrown away: give them a visible name
     * that no clean-up removes, or leave them where they are. */
    snprintf(j->kept, sizeof j->kept, "%.3900s.kept-%ld", p->final_dir, (long)getpid());
    if (rename_noreplace(p->tmp_dir, j->kept) != 0)
        snprintf(j->kept, sizeof j->kept, "%s", p->tmp_dir);
    if (j->guard)
        j->guard->partial[0] = 0; /* not to be removed: the lock is held */
    p->tmp_dir[0] = 0;
    return -1;
placed:
    if (j->guard) {
        j->guard->partial[0] = 0;
        guard_note_written_locked(j->guard, p->final_dir, j->status);
    }
    p->tmp_dir[0] = 0;
    return 0;
}

/* Points results/latest at the new directory, replacing any old link in
 * one rename through a name of this run's own. */
static int update_latest(const results_place *place, char *err, int errlen)
{
    if (!place->latest_link[0])
        return 0;
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", place->latest_link, (long)getpid());
    unlink(tmp);
    const char *base = strrchr(place->final_dir, '/');
    if (symlink(base ? base + 1 : place->final_dir, tmp) != 0 || rename(tmp, place->latest_link) != 0) {
        snprintf(err, (size_t)errlen, "results are complete in %s, but %s could not be updated: %s", place->final_dir,
                 place->latest_link, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int results_write(results_place *place, const results_run *run, run_guard *guard, char *err, int errlen)
{
    char sha[TABLE_SHA256_HEX] = "";
    if (run->table_sha)
        snprintf(sha, sizeof sha, "%s", run->table_sha);
    else if (run->table)
        table_sha256(run->table, sha);
    const char *dir = place->tmp_dir;
    /* Not one of the results: the mark of a resumed run (results_adopt). */
    char *marker = claim_printf("%s/%s", dir, RESUMED_FROM);
    unlink(marker);
    free(marker);
    /* summary.json last: it records how long the other files took. */
    double t0 = seconds_now();
    results_run timed = *run;
    json_t *errata = errata_json(run);
    if (write_mismatches(dir, run, err, errlen) != 0 || (run->games_csv && write_games(place, run, err, errlen) != 0) ||
        write_preperiods(dir, run, err, errlen) != 0 || write_series(dir, run, err, errlen) != 0 ||
        write_certificates(dir, run, err, errlen) != 0 ||
        write_checksum(dir, run, sha, err, errlen) != 0 || errata_write(dir, errata, err, errlen) != 0 ||
        report_html_write(dir, run, errata, err, errlen) != 0 ||
        (timed.output_seconds = seconds_now() - t0, write_summary(dir, &timed, sha, errata, err, errlen)) != 0) {
        json_decref(errata);
        results_abandon(place);
        return -1;
    }
    json_decref(errata);
    /* Complete: the checkpoint has served (the files above are written and
     * synced first, so a failure before this point can still resume). */
    partial_remove_checkpoint(dir);
    /* The files are on the disk before the directory gets its name, so a
     * power loss cannot leave a complete-looking directory that is not. */
    if (guard_sync_dir(dir) != 0) {
        snprintf(err, (size_t)errlen, "cannot sync %s: %s", dir, strerror(errno));
        results_abandon(place);
        return -1;
    }
    move_job job = {.place = place, .guard = guard, .status = run->exit_status};
    int rc = guard ? guard_locked(guard, move_into_place, &job) : move_into_place(&job);
    if (rc != 0) {
        snprintf(err, (size_t)errlen, "cannot put the results at %s: %s; the complete results are kept in %s",
                 place->final_dir, strerror(job.error), job.kept);
        return -1;
    }
    guard_sync_dir(place->parent);
    return update_latest(place, err, errlen);
}
