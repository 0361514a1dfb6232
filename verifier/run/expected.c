/*
 * expected.c -- a committed record of verdicts, read, compared and written
 * (expected.h).
 */
#include "verifier/run/expected.h"

#include <errno.h>
#include <stdbool.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/engine/xalloc.h"
#include "verifier/base/json_checked.h"

static bool is_status(const char *s)
{
    for (int k = 0; k < CLAIM_NSTATUS; k++)
        if (strcmp(s, claim_status_name((claim_status)k)) == 0)
            return true;
    return false;
}

int expected_load(expected_verdicts *e, const char *path, char *err, int errlen)
{
    memset(e, 0, sizeof *e);
    json_error_t je;
    json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
    if (!root) {
        snprintf(err, (size_t)errlen, "--expect %s: %s", path, je.text);
        return -1;
    }
    json_t *v = json_object_get(root, "verdicts");
    if (!json_is_object(v) || json_object_size(v) == 0) {
        snprintf(err, (size_t)errlen, "--expect %s: no \"verdicts\" object of claim ids and statuses", path);
        json_decref(root);
        return -1;
    }
    e->path = xstrdup(path, "the expected verdicts");
    e->id = xcalloc(json_object_size(v), sizeof *e->id, "the expected verdicts");
    e->status = xcalloc(json_object_size(v), sizeof *e->status, "the expected verdicts");
    const char *id;
    json_t *s;
    json_object_foreach(v, id, s) {
        if (!json_is_string(s) || !is_status(json_string_value(s))) {
            snprintf(err, (size_t)errlen, "--expect %s: the verdict of %s is not a status (HOLDS, FAILS, ...)", path,
                     id);
            json_decref(root);
            expected_free(e);
            return -1;
        }
        e->id[e->n] = xstrdup(id, "the expected verdicts");
        e->status[e->n++] = xstrdup(json_string_value(s), "the expected verdicts");
    }
    json_decref(root);
    return 0;
}

void expected_free(expected_verdicts *e)
{
    for (int k = 0; k < e->n; k++) {
        free(e->id[k]);
        free(e->status[k]);
    }
    free(e->id);
    free(e->status);
    free(e->path);
    memset(e, 0, sizeof *e);
}

static const char *recorded(const expected_verdicts *e, const char *id)
{
    for (int k = 0; k < e->n; k++)
        if (strcmp(e->id[k], id) == 0)
            return e->status[k];
    return NULL;
}

int expected_compare(FILE *f, const expected_verdicts *e, const claim_def *const *claims,
                     const claim_report *reports, int n)
{
    int differ = 0;
    for (int i = 0; i < n; i++) {
        const char *want = recorded(e, claims[i]->id);
        differ += !want || strcmp(want, claim_status_name(claim_verdict(&reports[i]))) != 0;
    }
    if (differ == 0) {
        fprintf(f, "expected: every verdict is the committed record's (%s, %d claim%s)\n", e->path, n,
                n == 1 ? "" : "s");
        return 0;
    }
    fprintf(f, "expected: %d verdict%s differ%s from the committed record %s:\n", differ, differ == 1 ? "" : "s",
            differ == 1 ? "s" : "", e->path);
    for (int i = 0; i < n; i++) {
        const char *want = recorded(e, claims[i]->id), *got = claim_status_name(claim_verdict(&reports[i]));
        if (!want)
            fprintf(f, "  %s %s: not in the record\n", got, claims[i]->id);
        else if (strcmp(want, got) != 0)
            fprintf(f, "  %s %s: the record says %s\n", got, claims[i]->id, want);
    }
    return differ;
}

int expected_write(const char *path, const char *const *args, int nargs, const claim_def *const *claims,
                   const claim_report *reports, int n, char *err, int errlen)
{
    json_t *a = json_array(), *v = json_object();
    if (!a || !v)
        die("out of memory writing %s", path);
    /* The words that choose what is checked; where the results go, how
     * they are shown and how the run is spread are left out. */
    static const char *const skip_with_value[] = {"--out", "--write-expected", "--expect", "--threads",
                                                  "--checkpoint-every", "--resume", "--max-mismatches"};
    static const char *const skip[] = {"--force", "--json", "--quiet", "--progress"};
    for (int k = 0; k < nargs; k++) {
        bool drop = false;
        for (size_t q = 0; q < sizeof skip_with_value / sizeof *skip_with_value && !drop; q++)
            if (strcmp(args[k], skip_with_value[q]) == 0) {
                drop = true;
                k++;
            }
        for (size_t q = 0; q < sizeof skip / sizeof *skip && !drop; q++)
            drop = strcmp(args[k], skip[q]) == 0;
        if (!drop)
            jx_append(a, json_string(args[k]));
    }
    for (int i = 0; i < n; i++)
        jx_set(v, claims[i]->id, json_string(claim_status_name(claim_verdict(&reports[i]))));
    json_t *root = json_pack("{s:s, s:o, s:o}", "about",
                             "The verdicts `verifier check` gave with these arguments; `check --expect` compares a "
                             "run with them (docs/commands.md). Rewritten by `check --write-expected`.",
                             "args", a, "verdicts", v);
    if (!root)
        die("out of memory writing %s", path);
    char *tmp = claim_printf("%s.partial-%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    int rc = f ? json_dumpf(root, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : -1;
    json_decref(root);
    if (f && rc == 0)
        fputc('\n', f);
    int bad = !f || rc != 0 || fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0;
    int saved = errno;
    if (f && fclose(f) != 0 && !bad) {
        bad = 1;
        saved = errno;
    }
    if (!bad && rename(tmp, path) != 0) {
        bad = 1;
        saved = errno;
    }
    if (bad) {
        unlink(tmp);
        snprintf(err, (size_t)errlen, "cannot write %s: %s", path, saved ? strerror(saved) : "a write error");
    }
    free(tmp);
    return bad ? -1 : 0;
}
