/*
 * checkpoint.c -- writing, checking and reading back checkpoints (see
 * checkpoint.h): the table file, the header, and the claim reports as
 * JSON.
 */
#include "verifier/run/checkpoint.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <nettle/sha2.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/engine/xalloc.h"
#include "verifier/base/args.h"
#include "verifier/base/guard.h"
#include "verifier/base/partial.h"
#include "verifier/base/version.h"
#include "verifier/base/fd_io.h"
#include "verifier/base/hex.h"
#include "verifier/base/json_checked.h"
#include "verifier/run/table_chain.h"

#define CKPT_HEADER PARTIAL_CHECKPOINT
/* 2: the header carries its own checksum (header_sha256) and the place
 * the results go; 3: a report carries its cases not refuted (explained,
 * undecided) and the grids of the printed tables it read; 4: the table
 * is a chain of segments (table_chain.h); 5: a report carries its
 * certificates. */
#define CKPT_FORMAT 5

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int ckpt_parse_duration(const char *s, double *seconds, char *err, int errlen)
{
    if (strcmp(s, "never") == 0) {
        *seconds = -1;
        return 0;
    }
    double v;
    if (parse_duration(s, "smh", &v) != 0) {
        snprintf(err, (size_t)errlen,
                 "--checkpoint-every must be a duration such as 0, 90s, 10m, 2h or never, got '%.40s'", s);
        return -1;
    }
    *seconds = v;
    return 0;
}

void ckpt_init(ckpt *c, const char *dir, double every, json_t *identity)
{
    memset(c, 0, sizeof *c);
    snprintf(c->dir, sizeof c->dir, "%s", dir);
    c->every = every;
    c->last = now_seconds();
    c->identity = identity;
    c->parts = 1;
    c->threads = 1;
}

void ckpt_set_place(ckpt *c, const char *name, bool default_name, bool replace)
{
    free(c->place_name);
    c->place_name = xstrdup(name, "a checkpoint");
    c->place_default = default_name;
    c->place_replace = replace;
}

void ckpt_set_threads(ckpt *c, int threads)
{
    c->threads = threads;
}

void ckpt_split(ckpt *c, int part, int parts)
{
    c->part = part;
    c->parts = parts;
}

void ckpt_free(ckpt *c)
{
    json_decref(c->identity);
    c->identity = NULL;
    table_chain_free(&c->chain);
    free(c->place_name);
    c->place_name = NULL;
}

bool ckpt_due(const ckpt *c)
{
    double since = now_seconds() - c->last;
    /* Stretched: never more than 5% of the run in checkpoints (a save of
     * t seconds, then at least 19 t of work). */
    return c->every >= 0 && since >= c->every && (!c->stretch || since >= CKPT_STRETCH * c->last_cost);
}

void ckpt_set_stretch(ckpt *c, bool stretch)
{
    c->stretch = stretch;
}


/* ---- claim reports as JSON ---- */

static json_t *text_or_null(const char *s)
{
    return s ? jx_must(json_string(s)) : json_null();
}

json_t *ckpt_report_json(const claim_report *r)
{
    /* Kept rows exist only without a sink (tests): a run that streams its
     * rows never has any. */
    if (r->nrows)
        die("internal error: a checkpoint of a report that keeps its rows");
    json_t *cases = jx_must(json_array()), *mism = jx_must(json_array()), *kept = jx_must(json_array()),
           *findings = jx_must(json_array()), *per_k = jx_must(json_array()), *explained = jx_must(json_array()),
           *undecided = jx_must(json_array());
    for (int p = 0; p < r->nparts; p++) {
        jx_append(cases, jx_must(json_integer((json_int_t)r->cases[p])));
        jx_append(mism, jx_must(json_integer((json_int_t)r->mismatches[p])));
        jx_append(explained, jx_must(json_integer((json_int_t)r->explained[p])));
        jx_append(undecided, jx_must(json_integer((json_int_t)r->undecided[p])));
    }
    for (int i = 0; i < r->nkept; i++) {
        const claim_mismatch *m = &r->kept[i];
        jx_append(kept, jx_must(json_pack("{s:i, s:o, s:o, s:I, s:i, s:b, s:o, s:o, s:i, s:o, s:o, s:o}", "part",
                                          m->part, "where", text_or_null(m->where), "note", text_or_null(m->note),
                                          "rank", (json_int_t)m->rank, "M", m->M, "has_lane", m->has_lane,
                                          "expected", text_or_null(m->expected), "actual", text_or_null(m->actual),
                                          "grade", (int)m->grade, "evidence", text_or_null(m->evidence),
                                          "command", text_or_null(m->command), "shows",
                                          text_or_null(m->shows))));
    }
    for (int i = 0; i < r->nfindings; i++)
        jx_append(findings, jx_must(json_pack("[s, s]", r->findings[i].key, r->findings[i].value)));
    for (int i = 0; i < r->nper_k; i++) {
        const claim_per_k *l = &r->per_k[i];
        json_t *count = jx_must(json_array());
        for (int s = 0; s < CLAIM_NSTATUS; s++)
            jx_append(count, jx_must(json_integer((json_int_t)l->count[s])));
        jx_append(per_k, jx_must(json_pack("{s:i, s:I, s:o, s:i, s:i, s:i, s:o, s:o, s:o}", "k", l->k,
                                                    "games", (json_int_t)l->games, "count", count, "worst_pre",
                                                    l->worst_pre, "worst_m", l->worst_m, "worst_period",
                                                    l->worst_period, "worst_game", text_or_null(l->worst_game),
                                                    "worst_points", text_or_null(l->worst_points), "worst_sum",
                                                    text_or_null(l->worst_sum))));
    }
    json_t *series = jx_must(json_array());
    for (int k = 0; k < r->nseries; k++) {
        const claim_series *sr = &r->series[k];
        json_t *rows = jx_must(json_array());
        for (uint64_t i = 0; i < sr->nrows; i++)
            jx_append(rows, jx_must(json_string(sr->rows[i])));
        jx_append(series, jx_must(json_pack("{s:s, s:s, s:s, s:o}", "name", sr->name, "title", sr->title,
                                                     "columns", sr->columns, "rows", rows)));
    }
    json_t *grids = jx_must(json_array());
    for (int k = 0; k < r->ngrids; k++) {
        const claim_grid *g = &r->grids[k];
        json_t *rows = jx_must(json_array()), *cols = jx_must(json_array()), *cells = jx_must(json_array());
        for (int i = 0; i < g->rows; i++)
            jx_append(rows, jx_must(json_string(g->row_label[i])));
        for (int j = 0; j < g->cols; j++)
            jx_append(cols, jx_must(json_string(g->col_label[j])));
        for (int c = 0; c < g->rows * g->cols; c++)
            jx_append(cells, jx_must(json_pack("[o, o, i]", text_or_null(g->printed[c]), text_or_null(g->computed[c]),
                                            (int)g->how[c])));
        jx_append(grids, jx_must(json_pack("{s:i, s:s, s:o, s:o, s:o}", "part", g->part, "title", g->title, "rows", rows,
                                        "cols", cols, "cells", cells)));
    }
    json_t *certificates = jx_must(json_array());
    for (int k = 0; k < r->ncertificates; k++)
        jx_append(certificates, jx_must(json_pack("[s, s]", r->certificates[k].name, r->certificates[k].text)));
    /* The next step suggested (its sizes; the game is the run's own). */
    json_t *next = r->has_next ? jx_must(json_pack("[i, i, i, i, I, f]", r->next.max_take, r->next.rows, r->next.m_to,
                                                   r->next.second_digits, (json_int_t)r->next.positions,
                                                   r->next_factor))
                               : jx_must(json_null());
    return jx_must(json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:I, s:I, s:b, s:i, s:f, s:o}",
                          "cases", cases, "mismatches", mism, "explained", explained, "undecided", undecided, "kept",
                          kept, "findings", findings, "per_k", per_k, "series", series, "grids", grids,
                          "certificates", certificates, "rows_streamed", (json_int_t)r->rows_streamed, "rechecked",
                          (json_int_t)r->rechecked, "has_family_status", r->has_family_status, "family_status",
                          (int)r->family_status, "seconds", r->seconds, "next", next));
}

static char *dup_or_null(const json_t *j)
{
    return json_is_string(j) ? xstrdup(json_string_value(j), "a claim's text") : NULL;
}

static uint64_t u64(const json_t *j)
{
    return (uint64_t)json_integer_value(j);
}

/* Fills an initialised report; -1 when the JSON does not have its shape. */
int ckpt_report_from_json(claim_report *r, const json_t *j)
{
    json_t *cases = json_object_get(j, "cases"), *mism = json_object_get(j, "mismatches"),
           *kept = json_object_get(j, "kept"), *findings = json_object_get(j, "findings"),
           *per_k = json_object_get(j, "per_k"), *explained = json_object_get(j, "explained"),
           *undecided = json_object_get(j, "undecided");
    if (!json_is_array(cases) || !json_is_array(mism) || !json_is_array(kept) || !json_is_array(findings) ||
        !json_is_array(per_k) || (int)json_array_size(cases) != r->nparts ||
        (int)json_array_size(mism) != r->nparts || (int)json_array_size(explained) != r->nparts ||
        (int)json_array_size(undecided) != r->nparts || json_array_size(kept) > r->keep ||
        json_array_size(kept) > INT_MAX / 2)
        return -1;
    claim_report_reserve(r, (int)json_array_size(kept));
    uint64_t total = 0;
    for (int p = 0; p < r->nparts; p++) {
        r->cases[p] = u64(json_array_get(cases, (size_t)p));
        r->mismatches[p] = u64(json_array_get(mism, (size_t)p));
        r->explained[p] = u64(json_array_get(explained, (size_t)p));
        r->undecided[p] = u64(json_array_get(undecided, (size_t)p));
        total = total + r->mismatches[p] < total ? UINT64_MAX : total + r->mismatches[p];
    }
    /* The mismatches kept are the first ones counted: never more than
     * counted, and at least one when one was counted and any are kept (a
     * FAILS always comes with a listed witness). */
    if (json_array_size(kept) > total || (total > 0 && r->keep > 0 && json_array_size(kept) == 0))
        return -1;
    size_t i;
    json_t *v;
    json_array_foreach(kept, i, v) {
        claim_mismatch *m = &r->kept[r->nkept++];
        /* Zeroed first: a refusal below leaves it to claim_report_free. */
        *m = (claim_mismatch){0};
        m->seq = r->found++;
        m->part = (int)json_integer_value(json_object_get(v, "part"));
        if (m->part < 0 || m->part >= r->nparts)
            return -1;
        m->where = dup_or_null(json_object_get(v, "where"));
        m->note = dup_or_null(json_object_get(v, "note"));
        m->rank = u64(json_object_get(v, "rank"));
        m->M = (int)json_integer_value(json_object_get(v, "M"));
        m->has_lane = json_is_true(json_object_get(v, "has_lane"));
        m->expected = dup_or_null(json_object_get(v, "expected"));
        m->actual = dup_or_null(json_object_get(v, "actual"));
        /* A checkpoint written before grades has none (NONE: the claim's). */
        json_int_t grade = json_integer_value(json_object_get(v, "grade"));
        if (grade < CLAIM_GRADE_NONE || grade > CLAIM_GRADE_WORDING)
            return -1;
        m->grade = (claim_grade)grade;
        m->evidence = dup_or_null(json_object_get(v, "evidence"));
        m->command = dup_or_null(json_object_get(v, "command"));
        m->shows = dup_or_null(json_object_get(v, "shows"));
    }
    json_array_foreach(findings, i, v) {
        const char *key = json_string_value(json_array_get(v, 0)), *value = json_string_value(json_array_get(v, 1));
        if (!key || !value)
            return -1;
        claim_finding_add(r, key, "%s", value);
    }
    json_array_foreach(per_k, i, v) {
        claim_per_k *l = claim_per_k_at(r, (int)json_integer_value(json_object_get(v, "k")));
        l->games = u64(json_object_get(v, "games"));
        json_t *count = json_object_get(v, "count");
        if (json_array_size(count) != CLAIM_NSTATUS)
            return -1;
        for (int s = 0; s < CLAIM_NSTATUS; s++)
            l->count[s] = u64(json_array_get(count, (size_t)s));
        l->worst_pre = (int)json_integer_value(json_object_get(v, "worst_pre"));
        l->worst_m = (int)json_integer_value(json_object_get(v, "worst_m"));
        l->worst_period = (int)json_integer_value(json_object_get(v, "worst_period"));
        l->worst_game = dup_or_null(json_object_get(v, "worst_game"));
        l->worst_points = dup_or_null(json_object_get(v, "worst_points"));
        l->worst_sum = dup_or_null(json_object_get(v, "worst_sum"));
    }
    json_t *series = json_object_get(j, "series");
    if (!json_is_array(series))
        return -1;
    json_array_foreach(series, i, v) {
        const char *name = json_string_value(json_object_get(v, "name")),
                   *title = json_string_value(json_object_get(v, "title")),
                   *columns = json_string_value(json_object_get(v, "columns"));
        json_t *rows = json_object_get(v, "rows");
        if (!name || !title || !columns || !json_is_array(rows))
            return -1;
        for (const char *p = name; *p; p++)
            if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-'))
                return -1;
        int k = claim_series_new(r, name, title, columns);
        size_t n;
        json_t *row;
        json_array_foreach(rows, n, row) {
            if (!json_is_string(row))
                return -1;
            claim_series_row(r, k, "%s", json_string_value(row));
        }
    }
    json_t *certificates = json_object_get(j, "certificates");
    if (!json_is_array(certificates))
        return -1;
    json_array_foreach(certificates, i, v) {
        const char *name = json_string_value(json_array_get(v, 0)), *text = json_string_value(json_array_get(v, 1));
        if (!name || !text || !*name || strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(name))
            return -1;
        for (int k = 0; k < r->ncertificates; k++)
            if (strcmp(r->certificates[k].name, name) == 0)
                return -1;
        claim_certificate_add(r, name, text);
    }
    json_t *grids = json_object_get(j, "grids");
    if (!json_is_array(grids))
        return -1;
    json_array_foreach(grids, i, v) {
        json_t *rows = json_object_get(v, "rows"), *cols = json_object_get(v, "cols"),
               *cells = json_object_get(v, "cells");
        const char *title = json_string_value(json_object_get(v, "title"));
        int part = (int)json_integer_value(json_object_get(v, "part"));
        if (!title || !json_is_array(rows) || !json_is_array(cols) || !json_is_array(cells) || part < 0 ||
            part >= r->nparts || json_array_size(rows) > 100000 || json_array_size(cols) > 100000 ||
            json_array_size(cells) != json_array_size(rows) * json_array_size(cols))
            return -1;
        int nr = (int)json_array_size(rows), nc = (int)json_array_size(cols);
        char **rl = xcalloc((size_t)nr + 1, sizeof *rl, "a checkpoint"), **cl = xcalloc((size_t)nc + 1, sizeof *cl,
                                                                                      "a checkpoint");
        bool ok = true;
        for (int k = 0; k < nr; k++)
            ok = ok && (rl[k] = (char *)json_string_value(json_array_get(rows, (size_t)k))) != NULL;
        for (int k = 0; k < nc; k++)
            ok = ok && (cl[k] = (char *)json_string_value(json_array_get(cols, (size_t)k))) != NULL;
        int g = ok ? claim_grid_new(r, part, title, nr, nc, rl, cl) : -1;
        free(rl);
        free(cl);
        if (!ok)
            return -1;
        for (int c = 0; c < nr * nc; c++) {
            json_t *cell = json_array_get(cells, (size_t)c);
            json_t *pr = json_array_get(cell, 0), *cp = json_array_get(cell, 1);
            int how = (int)json_integer_value(json_array_get(cell, 2));
            if (json_array_size(cell) != 3 || !(json_is_string(pr) || json_is_null(pr)) || !json_is_string(cp) ||
                how < 0 || how >= PT_NCLASSES)
                return -1;
            claim_grid_cell(r, g, c / nc, c % nc, json_string_value(pr), json_string_value(cp), (ptable_class)how);
        }
    }
    r->rows_streamed = u64(json_object_get(j, "rows_streamed"));
    r->rechecked = u64(json_object_get(j, "rechecked"));
    r->has_family_status = json_is_true(json_object_get(j, "has_family_status"));
    int fs = (int)json_integer_value(json_object_get(j, "family_status"));
    if (fs < 0 || fs >= CLAIM_NSTATUS)
        return -1;
    r->family_status = (claim_status)fs;
    r->seconds = json_real_value(json_object_get(j, "seconds"));
    json_t *next = json_object_get(j, "next");
    if (json_array_size(next) == 6) {
        r->has_next = true;
        r->next = (claim_sizes){.max_take = (int)json_integer_value(json_array_get(next, 0)),
                                .rows = (int)json_integer_value(json_array_get(next, 1)),
                                .m_to = (int)json_integer_value(json_array_get(next, 2)),
                                .second_digits = (int)json_integer_value(json_array_get(next, 3)),
                                .positions = (long)json_integer_value(json_array_get(next, 4))};
        r->next_factor = json_real_value(json_array_get(next, 5));
    }
    return 0;
}

/* ---- files ---- */


#ifdef TEST_KILL_IN_CHECKPOINT
/* Only in the resume test's build: VERIFIER_KILL_AT_SAVE=k kills the process
 * with SIGKILL half-way through writing its k-th checkpoint (inside the
 * table file when the save writes one, else just before the header), and
 * VERIFIER_KILL_AFTER_SAVE=k right after its k-th checkpoint is in place. */
static void maybe_die(const char *var, unsigned at)
{
    const char *k = getenv(var);
    if (k && (unsigned)atoi(k) == at)
        raise(SIGKILL);
}
#define maybe_die_in_save(c) maybe_die("VERIFIER_KILL_AT_SAVE", (c)->saves + 1)
#define maybe_die_after_save(c) maybe_die("VERIFIER_KILL_AFTER_SAVE", (c)->saves)
/* Half-way through a table segment's data. */
static void die_midway(void *c)
{
    maybe_die_in_save((ckpt *)c);
}
#define MIDWAY die_midway
#else
#define maybe_die_in_save(c) ((void)0)
#define maybe_die_after_save(c) ((void)0)
#define MIDWAY NULL
#endif

/* Appends what changed in the sweep's state since the last checkpoint to
 * the table's chain (everything, when the chain starts). */
static int save_table(ckpt *c, sweep *sweep, char *err, int errlen)
{
    state_blob blobs[SWEEP_MAX_BLOBS];
    int n = sweep_state(sweep, blobs, SWEEP_MAX_BLOBS);
    if (table_chain_append(&c->chain, c->dir, c->parts > 1 ? c->part : -1, blobs, n, c->threads, MIDWAY, c, err,
                           errlen) != 0)
        return -1;
    c->table_bytes = 0;
    for (int i = 0; i < n; i++)
        c->table_bytes += blobs[i].bytes;
    c->table_layers = sweep_done(sweep);
    return 0;
}

/* Removes table files other than the ones the header names. */
static void remove_old_tables(const ckpt *c, const json_t *parts)
{
    DIR *d = opendir(c->dir);
    if (!d)
        return;
    /* (One entry, made once: table_chain_entry makes a new one a call.) */
    json_t *mine = c->chain.segments ? table_chain_entry(&c->chain, 0) : NULL;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, "table-", 6) != 0)
            continue;
        bool keep = mine && table_chain_names(mine, e->d_name);
        size_t i;
        json_t *v;
        json_array_foreach(parts, i, v) {
            keep = keep || table_chain_names(v, e->d_name);
        }
        if (!keep) {
            char path[4352];
            snprintf(path, sizeof path, "%s/%s", c->dir, e->d_name);
            unlink(path);
        }
    }
    json_decref(mine);
    closedir(d);
}

static int games_length(FILE *games, uint64_t *len, char *err, int errlen)
{
    *len = 0;
    if (!games)
        return 0;
    /* The rows so far are on the disk before a header counts them. */
    if (fflush(games) != 0 || ferror(games) || fsync(fileno(games)) != 0) {
        snprintf(err, (size_t)errlen, "cannot write games.csv for a checkpoint: %s", strerror(errno));
        return -1;
    }
    long at = ftell(games);
    if (at < 0) {
        snprintf(err, (size_t)errlen, "cannot tell the length of games.csv: %s", strerror(errno));
        return -1;
    }
    *len = (uint64_t)at;
    return 0;
}

static bool table_moved(const ckpt *c, sweep *sweep)
{
    return sweep && (!c->chain.segments || c->table_layers != sweep_done(sweep));
}

int ckpt_save_table(ckpt *c, sweep *sweep, char *err, int errlen)
{
    double t0 = now_seconds();
    int rc = table_moved(c, sweep) ? save_table(c, sweep, err, errlen) : 0;
    c->cost_so_far += now_seconds() - t0;
    return rc;
}

json_t *ckpt_table_entry(const ckpt *c)
{
    return table_chain_entry(&c->chain, c->table_bytes);
}

/* The SHA-256 of a header without its header_sha256, as compact JSON
 * with sorted keys: what was written and what is read back give the same
 * text (jansson prints reals with 17 digits, which read back exactly), so
 * any change to the header, a hand edit included, changes the digest. */
static void header_digest(const json_t *h, char hex[65])
{
    json_t *copy = json_copy((json_t *)h);
    if (!copy)
        die("out of memory checking a checkpoint");
    json_object_del(copy, "header_sha256");
    char *text = jx_dumps(copy, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(copy);
    if (!text)
        die("out of memory checking a checkpoint");
    struct sha256_ctx ctx;
    uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_init(&ctx);
    sha256_update(&ctx, strlen(text), (const uint8_t *)text);
    sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);
    hex_encode(digest, sizeof digest, hex);
    free(text);
}

/* Sets a key jansson could refuse only for want of memory. */
static void set_key(json_t *o, const char *key, json_t *v)
{
    jx_set(o, key, v);
}

int ckpt_save(ckpt *c, const ckpt_point *p, char *err, int errlen)
{
    double t0 = now_seconds();
    bool wrote_table = table_moved(c, p->sweep);
    if (wrote_table && save_table(c, p->sweep, err, errlen) != 0)
        return -1;
    uint64_t games_bytes;
    if (games_length(p->games, &games_bytes, err, errlen) != 0)
        return -1;
    json_t *reports = jx_must(json_array());
    int nrep = p->claims_done + (p->in_family ? 1 : 0);
    for (int i = 0; i < nrep; i++)
        jx_append(reports, ckpt_report_json(&p->reports[i]));
    json_t *family = json_null();
    if (p->in_family) {
        char *hex = xmalloc(2 * p->family_state_bytes + 1, "a checkpoint");
        hex_encode(p->family_state, p->family_state_bytes, hex);
        family = jx_must(json_pack("{s:I, s:s}", "games", (json_int_t)p->family_games, "state", hex));
        free(hex);
    }
    json_t *table = json_null();
    if (p->sweep) {
        table = table_chain_entry(&c->chain, c->table_bytes);
        set_key(table, "layers", json_integer((json_int_t)c->table_layers));
    }
    if (p->sweep && p->parts && json_object_set(table, "parts", p->parts) != 0)
        die("out of memory building a checkpoint");
    json_t *h = jx_must(json_pack("{s:i, s:s, s:O, s:o, s:i, s:o, s:o, s:I, s:i}", "checkpoint_format", CKPT_FORMAT,
                               "verifier", VERIFIER_VERSION, "identity", c->identity, "table", table, "claims_done",
                               p->claims_done, "reports", reports, "family", family, "games_bytes",
                               (json_int_t)games_bytes, "resumes", (int)c->resumes));
    /* Where the results go: a resume without --out puts them there. */
    if (c->place_name)
        set_key(h, "place", json_pack("{s:s, s:b, s:b}", "name", c->place_name, "default_name", c->place_default,
                                      "replace", c->place_replace));
    char digest[65];
    header_digest(h, digest);
    set_key(h, "header_sha256", json_string(digest));
    char path[4352], tmp[4400];
    snprintf(path, sizeof path, "%s/" CKPT_HEADER, c->dir);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    char *text = jx_dumps(h, JSON_COMPACT);
    json_decref(h);
    if (!text)
        die("out of memory building a checkpoint");
    size_t len = strlen(text), half = len / 2;
    /* (The test build may die here, half a header under its temporary
     * name, when this save wrote no table.) */
    int bad = fd < 0 || fd_write_all(fd, text, half) != 0;
    if (!wrote_table)
        maybe_die_in_save(c);
    bad = bad || fd_write_all(fd, text + half, len - half) != 0 || fsync(fd) != 0;
    int saved = errno;
    free(text);
    if (fd >= 0 && close(fd) != 0 && !bad) {
        bad = 1;
        saved = errno;
    }
    if (bad || rename(tmp, path) != 0 || guard_sync_dir(c->dir) != 0) {
        snprintf(err, (size_t)errlen, "cannot write the checkpoint %s: %s", path, strerror(bad ? saved : errno));
        unlink(tmp);
        return -1;
    }
    remove_old_tables(c, p->parts);
    c->saves++;
    c->last = now_seconds();
    /* What this checkpoint cost, its table saved apart included. */
    c->last_cost = c->cost_so_far + (c->last - t0);
    c->cost_so_far = 0;
    maybe_die_after_save(c);
    return 0;
}

/* ---- reading back ---- */

static int refuse(char *err, int errlen, const char *dir, const char *why)
{
    snprintf(err, (size_t)errlen, "cannot resume from %s: %s", dir, why);
    return -1;
}

/* The first key whose value differs, for the message. */
static const char *first_difference(const json_t *a, const json_t *b)
{
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)a, key, v) {
        if (!json_equal(v, json_object_get(b, key)))
            return key;
    }
    json_object_foreach((json_t *)b, key, v) {
        if (!json_object_get(a, key))
            return key;
    }
    return "?";
}

/* The description of table file `part` in a header's table: the table
 * itself when it is whole, the part's entry when split; NULL when there
 * is no such part. */
static json_t *table_part(json_t *table, int part)
{
    json_t *parts = json_object_get(table, "parts");
    if (!json_is_array(parts))
        return part == 0 ? table : NULL;
    return json_array_get(parts, (size_t)part);
}

/* The chain of table files a header names: every segment there, of its
 * size and checksum, each the next link of the one before. */
static int verify_table_file(const char *dir, const json_t *table, char *err, int errlen)
{
    char why[256];
    if (!json_is_object(table))
        return refuse(err, errlen, dir, "its " CKPT_HEADER " is corrupt (table)");
    if (table_chain_verify(dir, table, why, sizeof why) != 0)
        return refuse(err, errlen, dir, why);
    return 0;
}

/* A count in the header: a JSON integer from 0 to max (anything else is
 * not what the verifier wrote). */
static bool count_in(const json_t *j, uint64_t max, uint64_t *out)
{
    if (!json_is_integer(j) || json_integer_value(j) < 0 || (uint64_t)json_integer_value(j) > max)
        return false;
    *out = (uint64_t)json_integer_value(j);
    return true;
}

/* How far the run got, from a header whose checksum and identity have
 * been checked; every field is range-checked all the same. */
static int parse_header(const char *dir, ckpt_loaded *out, char *err, int errlen)
{
    json_t *h = out->header;
    json_t *table = json_object_get(h, "table"), *family = json_object_get(h, "family"),
           *place = json_object_get(h, "place");
    uint64_t claims_done = 0, resumes = 0;
    if ((json_is_object(table) && !count_in(json_object_get(table, "layers"), UINT32_MAX, &out->layers)) ||
        !count_in(json_object_get(h, "claims_done"), 4096, &claims_done) ||
        !count_in(json_object_get(h, "games_bytes"), INT64_MAX, &out->games_bytes) ||
        !count_in(json_object_get(h, "resumes"), UINT32_MAX, &resumes) || !(json_is_null(table) || json_is_object(table)))
        return refuse(err, errlen, dir, "its " CKPT_HEADER " is corrupt (a count out of range)");
    out->claims_done = (int)claims_done;
    out->resumes = (unsigned)resumes;
    if (json_is_object(family)) {
        const char *hex = json_string_value(json_object_get(family, "state"));
        out->in_family = true;
        if (!count_in(json_object_get(family, "games"), INT64_MAX, &out->family_games))
            return refuse(err, errlen, dir, "its " CKPT_HEADER " is corrupt (family games)");
        size_t n = hex ? strlen(hex) / 2 : 0;
        out->family_state = xmalloc(n ? n : 1, "a checkpoint");
        out->family_state_bytes = n;
        if (!hex || strlen(hex) != 2 * n || hex_decode(hex, out->family_state, n) != 0) {
            return refuse(err, errlen, dir, "its " CKPT_HEADER " is corrupt (family state)");
        }
    } else if (!json_is_null(family))
        return refuse(err, errlen, dir, "its " CKPT_HEADER " is corrupt (family)");
    json_t *reports = json_object_get(h, "reports");
    if (!json_is_array(reports) || json_array_size(reports) != (size_t)out->claims_done + (out->in_family ? 1 : 0)) {
        return refuse(err, errlen, dir, "its " CKPT_HEADER " is corrupt (reports)");
    }
    if (place) {
        const char *name = json_string_value(json_object_get(place, "name"));
        /* A name beside the partial directory: no path, not . or .. */
        if (!name || !*name || strchr(name, '/') || strcmp(name, ".") == 0 || strcmp(name, "..") == 0 ||
            !json_is_boolean(json_object_get(place, "default_name")) ||
            !json_is_boolean(json_object_get(place, "replace")))
            return refuse(err, errlen, dir, "its " CKPT_HEADER " is corrupt (place)");
        out->place_name = name;
        out->place_default = json_is_true(json_object_get(place, "default_name"));
        out->place_replace = json_is_true(json_object_get(place, "replace"));
    }
    return 0;
}

/* The header as written: its checksum over the rest must match. */
static int check_header_digest(const char *dir, const json_t *h, char *err, int errlen)
{
    const char *said = json_string_value(json_object_get(h, "header_sha256"));
    char digest[65];
    header_digest(h, digest);
    if (!said || strcmp(said, digest) != 0)
        return refuse(err, errlen, dir, "its " CKPT_HEADER " is corrupt (checksum): it was changed after it was written");
    return 0;
}

/* games.csv holds at least the rows the checkpoint counts (a resume cuts
 * it back to that length). */
static int check_games_length(const char *dir, const ckpt_loaded *l, char *err, int errlen)
{
    char *path = claim_printf("%s/games.csv", dir);
    struct stat st;
    bool there = stat(path, &st) == 0;
    free(path);
    if (l->games_bytes > 0 && (!there || (uint64_t)st.st_size < l->games_bytes))
        return refuse(err, errlen, dir, "its games.csv is shorter than its checkpoint says");
    return 0;
}

int ckpt_load(const char *dir, const json_t *identity, ckpt_loaded *out, char *err, int errlen)
{
    memset(out, 0, sizeof *out);
    char path[4352];
    snprintf(path, sizeof path, "%s/" CKPT_HEADER, dir);
    json_error_t je;
    json_t *h = json_load_file(path, 0, &je);
    if (!h) {
        struct stat st;
        /* No header in a directory that is there (one taken over by
         * another --resume meanwhile is gone: refused, as gone). */
        if (stat(path, &st) != 0 && errno == ENOENT && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
            refuse(err, errlen, dir, "it holds no checkpoint (" CKPT_HEADER ")");
            return CKPT_NONE;
        }
        return refuse(err, errlen, dir, "its " CKPT_HEADER " is corrupt");
    }
    out->header = h;
    char why[512];
    if (json_integer_value(json_object_get(h, "checkpoint_format")) != CKPT_FORMAT ||
        !json_is_string(json_object_get(h, "verifier")) ||
        strcmp(json_string_value(json_object_get(h, "verifier")), VERIFIER_VERSION) != 0) {
        snprintf(why, sizeof why, "it was written by another version of the verifier (%s)",
                 json_is_string(json_object_get(h, "verifier")) ? json_string_value(json_object_get(h, "verifier"))
                                                                 : "unknown");
        ckpt_loaded_free(out);
        return refuse(err, errlen, dir, why);
    }
    if (check_header_digest(dir, h, err, errlen) != 0) {
        ckpt_loaded_free(out);
        return -1;
    }
    json_t *id = json_object_get(h, "identity");
    if (!json_is_object(id) || !json_equal(id, identity)) {
        const char *key = json_is_object(id) ? first_difference(id, identity) : "identity";
        char *was = jx_dumps(json_object_get(id, key), JSON_COMPACT | JSON_ENCODE_ANY),
             *now = jx_dumps(json_object_get(identity, key), JSON_COMPACT | JSON_ENCODE_ANY);
        snprintf(why, sizeof why, "it belongs to another run (%s: %.100s there, %.100s here)", key,
                 was ? was : "none", now ? now : "none");
        free(was);
        free(now);
        ckpt_loaded_free(out);
        return refuse(err, errlen, dir, why);
    }
    if (parse_header(dir, out, err, errlen) != 0 || check_games_length(dir, out, err, errlen) != 0) {
        ckpt_loaded_free(out);
        return -1;
    }
    json_t *table = json_object_get(h, "table");
    int parts = ckpt_loaded_parts(out);
    for (int q = 0; q < parts; q++)
        if (verify_table_file(dir, table_part(table, q), err, errlen) != 0) {
            ckpt_loaded_free(out);
            return -1;
        }
    return 0;
}

int ckpt_loaded_parts(const ckpt_loaded *l)
{
    json_t *table = json_object_get(l->header, "table");
    if (!json_is_object(table))
        return 0;
    json_t *parts = json_object_get(table, "parts");
    return json_is_array(parts) ? (int)json_array_size(parts) : 1;
}

int ckpt_load_table(const char *dir, const ckpt_loaded *l, int part, sweep *sweep, char *err, int errlen)
{
    /* ckpt_load has checked the files' sizes and checksums. */
    json_t *table = json_object_get(l->header, "table");
    if (!json_is_object(table))
        return refuse(err, errlen, dir, "its checkpoint has no table");
    table = table_part(table, part);
    if (!json_is_object(table))
        return refuse(err, errlen, dir, "its checkpoint has no table for this rank");
    state_blob blobs[SWEEP_MAX_BLOBS];
    int n = sweep_state(sweep, blobs, SWEEP_MAX_BLOBS);
    uint64_t want = 0, saved = u64(json_object_get(table, "bytes"));
    for (int i = 0; i < n; i++)
        want += blobs[i].bytes;
    /* A last blob whose size grows with the values (the values beyond 64
     * bits) has the size the saved state gives it: the rest of the bytes
     * (each of its entries is then checked as it is taken in). */
    if (sweep_state_sized(sweep) && n > 0 && saved >= want - blobs[n - 1].bytes) {
        sweep_prepare_load(sweep, saved - (want - blobs[n - 1].bytes));
        n = sweep_state(sweep, blobs, SWEEP_MAX_BLOBS);
        want = saved;
    }
    if (saved != want)
        return refuse(err, errlen, dir, "its table files do not have this table's size");
    if (l->layers > sweep_steps(sweep))
        return refuse(err, errlen, dir, "its checkpoint counts more layers than this table has");
    char why[256];
    if (table_chain_load(dir, table, blobs, n, why, sizeof why) != 0)
        return refuse(err, errlen, dir, why);
    if (!sweep_state_taken(sweep))
        return refuse(err, errlen, dir, "its table file's last-stone exceptions or values beyond 64 bits are out of "
                                        "range");
    sweep_set_done(sweep, l->layers);
    return 0;
}

int ckpt_check_reports(const ckpt_loaded *l, const claim_def *const *claims, int n, const claim_sizes *sizes,
                       uint64_t keep, char *err, int errlen)
{
    json_t *arr = json_object_get(l->header, "reports");
    size_t i;
    json_t *v;
    if (l->claims_done + (l->in_family ? 1 : 0) > n) {
        snprintf(err, (size_t)errlen, "cannot resume: the checkpoint counts more claims done than this run has");
        return -1;
    }
    json_array_foreach(arr, i, v) {
        claim_report trial;
        if ((int)i >= n || claim_report_init(&trial, claims[i], NULL) != 0) {
            snprintf(err, (size_t)errlen, "cannot resume: the checkpoint has a report of claim %zu, which this run "
                     "does not have", i + 1);
            return -1;
        }
        claim_report_keep(&trial, keep);
        int bad = ckpt_report_from_json(&trial, v);
        claim_report_free(&trial);
        if (bad) {
            snprintf(err, (size_t)errlen, "cannot resume: the report of claim %zu (%s) in the checkpoint is corrupt",
                     i + 1, claims[i]->id);
            return -1;
        }
    }
    if (l->in_family) {
        const claim_def *c = claims[l->claims_done];
        if (!c->resume_fits || !c->resume_fits(sizes, l->family_games, l->family_state_bytes)) {
            snprintf(err, (size_t)errlen, "cannot resume: the checkpoint's place in the family of %s (%llu games, "
                     "a state of %zu bytes) does not fit that family", c->id, (unsigned long long)l->family_games,
                     l->family_state_bytes);
            return -1;
        }
    }
    return 0;
}

int ckpt_load_reports(const ckpt_loaded *l, claim_report *reports, int n, char *err, int errlen)
{
    json_t *arr = json_object_get(l->header, "reports");
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        if ((int)i >= n || ckpt_report_from_json(&reports[i], v) != 0) {
            snprintf(err, (size_t)errlen, "cannot resume: the report of claim %zu in the checkpoint is corrupt", i + 1);
            return -1;
        }
    }
    return 0;
}

int ckpt_load_text(const char *text, ckpt_loaded *out, char *err, int errlen)
{
    memset(out, 0, sizeof *out);
    json_error_t je;
    out->header = json_loads(text, 0, &je);
    if (!out->header)
        return refuse(err, errlen, "the checkpoint shared by rank 0", "it is corrupt");
    if (parse_header("the checkpoint shared by rank 0", out, err, errlen) != 0) {
        ckpt_loaded_free(out);
        return -1;
    }
    return 0;
}

char *ckpt_loaded_text(const ckpt_loaded *l)
{
    char *t = jx_dumps(l->header, JSON_COMPACT);
    if (!t)
        die("out of memory sharing a checkpoint");
    return t;
}

void ckpt_loaded_free(ckpt_loaded *l)
{
    json_decref(l->header);
    free(l->family_state);
    memset(l, 0, sizeof *l);
}

void ckpt_adopt(ckpt *c, const ckpt_loaded *l, sweep *sweep)
{
    json_t *table = json_object_get(l->header, "table");
    c->resumes = l->resumes + 1;
    if (!json_is_object(table) || !sweep)
        return;
    table = table_part(table, c->part);
    if (!json_is_object(table))
        return;
    state_blob blobs[SWEEP_MAX_BLOBS];
    int n = sweep_state(sweep, blobs, SWEEP_MAX_BLOBS);
    table_chain_adopt(&c->chain, table, blobs, n, c->threads);
    c->table_bytes = u64(json_object_get(table, "bytes"));
    c->table_layers = l->layers;
}
