/*
 * results.c -- writes summary.json (jansson), mismatches.csv (libcsv) and
 * table.sha256 into a temporary directory and renames it into place.
 */
#include "results.h"

#include <csv.h>
#include <errno.h>
#include <hwloc.h>
#include <jansson.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../proofs/nim_view.h"

#define RESULTS_ROOT "results"

static int make_temp_beside(results_place *place, char *err, int errlen)
{
    char copy[4096];
    snprintf(copy, sizeof copy, "%s", place->final_dir);
    const char *parent = dirname(copy);
    snprintf(place->tmp_dir, sizeof place->tmp_dir, "%s/.partial-XXXXXX", parent);
    if (!mkdtemp(place->tmp_dir)) {
        snprintf(err, (size_t)errlen, "cannot write results into %s: %s", parent, strerror(errno));
        place->tmp_dir[0] = 0;
        return -1;
    }
    /* mkdtemp makes it private; results are for everyone the umask allows. */
    mode_t mask = umask(0);
    umask(mask);
    chmod(place->tmp_dir, 0777 & ~mask);
    return 0;
}

int results_prepare(results_place *place, const char *out, const char *stamp, char *err, int errlen)
{
    memset(place, 0, sizeof *place);
    struct stat st;
    if (out) {
        if (!*out) {
            snprintf(err, (size_t)errlen, "--out needs a directory name");
            return -1;
        }
        if (strlen(out) >= sizeof place->final_dir - 32) {
            snprintf(err, (size_t)errlen, "--out path is too long");
            return -1;
        }
        if (stat(out, &st) == 0) {
            snprintf(err, (size_t)errlen, "output directory %s already exists; choose a new one", out);
            return -1;
        }
        snprintf(place->final_dir, sizeof place->final_dir, "%s", out);
        return make_temp_beside(place, err, errlen);
    }
    if (mkdir(RESULTS_ROOT, 0777) != 0 && errno != EEXIST) {
        snprintf(err, (size_t)errlen, "cannot create %s/: %s", RESULTS_ROOT, strerror(errno));
        return -1;
    }
    /* Two runs in the same second get -2, -3, ... */
    snprintf(place->final_dir, sizeof place->final_dir, "%s/%s", RESULTS_ROOT, stamp);
    for (int i = 2; stat(place->final_dir, &st) == 0 && i < 1000; i++)
        snprintf(place->final_dir, sizeof place->final_dir, "%s/%s-%d", RESULTS_ROOT, stamp, i);
    snprintf(place->latest_link, sizeof place->latest_link, "%s/latest", RESULTS_ROOT);
    return make_temp_beside(place, err, errlen);
}

static void remove_tree_flat(const char *dir)
{
    static const char *const files[] = {"summary.json", "mismatches.csv", "games.csv", "table.sha256", NULL};
    char path[4200];
    for (int i = 0; files[i]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
}

void results_abandon(results_place *place)
{
    if (place->tmp_dir[0])
        remove_tree_flat(place->tmp_dir);
    place->tmp_dir[0] = 0;
}

void results_witness(const sn_table *t, uint64_t rank, int M, char *buf, int len)
{
    int lane = sn_lane_of(t, M);
    buf[0] = 0;
    if (lane < 0)
        return;
    int max = t->shape.max_total + 2;
    uint64_t *line = malloc((size_t)max * sizeof *line);
    if (!line)
        return;
    int n = sn_optimal_line(t, rank, lane, line, max), used = 0;
    for (int i = 0; i < n && used < len - 1; i++) {
        char one[128];
        nim_format_pos(t, line[i], one, sizeof one);
        used += snprintf(buf + used, (size_t)(len - used), i ? " > %s" : "%s", one);
    }
    free(line);
}

static json_t *claim_json(const claim_def *c, const claim_report *r)
{
    uint64_t cases = 0, mism = 0;
    json_t *parts = json_array();
    for (int p = 0; p < r->nparts; p++) {
        cases += r->cases[p];
        mism += r->mismatches[p];
        json_array_append_new(parts, json_pack("{s:s, s:s, s:I, s:I}", "name", c->parts[p], "status",
                                               claim_status_name(claim_part_status(r, p)), "cases",
                                               (json_int_t)r->cases[p], "mismatches",
                                               (json_int_t)r->mismatches[p]));
    }
    json_t *findings = json_object();
    for (int i = 0; i < r->nfindings; i++)
        json_object_set_new(findings, r->findings[i].key, json_string(r->findings[i].value));
    return json_pack("{s:s, s:s, s:s, s:s, s:s, s:I, s:I, s:o, s:o}", "id", c->id, "source", c->source,
                     "statement", c->statement, "domain", c->domain, "status",
                     claim_status_name(claim_verdict(r)), "cases", (json_int_t)cases, "mismatches",
                     (json_int_t)mism, "parts", parts, "findings", findings);
}

static json_t *versions_json(void)
{
    char hw[32];
    unsigned v = hwloc_get_api_version();
    snprintf(hw, sizeof hw, "%u.%u.%u", v >> 16, (v >> 8) & 0xff, v & 0xff);
    return json_pack("{s:s, s:s, s:s, s:i, s:s}", "verifier", "0.1.0", "compiler", __VERSION__, "jansson",
                     JANSSON_VERSION, "openmp", _OPENMP, "hwloc_api", hw);
}

static json_t *run_json(const results_run *run)
{
    json_t *binding = json_array();
    if (run->pin)
        for (int i = 0; i < run->pin->threads; i++)
            json_array_append_new(binding, json_pack("{s:i, s:s}", "thread", i, "cpuset",
                                                     run->pin->binding[i] ? run->pin->binding[i] : "not started"));
    json_t *per_claim = json_object();
    for (int i = 0; i < run->nclaims; i++)
        json_object_set_new(per_claim, run->claims[i]->id, json_real(run->reports[i].seconds));
    return json_pack("{s:s, s:i, s:i, s:i, s:o, s:{s:f, s:f, s:o}}", "started_utc", run->started_utc, "threads",
                     run->pin ? run->pin->threads : 1, "cores", run->pin ? run->pin->cores : 1,
                     "bind_failures", run->pin ? run->pin->bind_failures : 0, "binding", binding, "seconds",
                     "sweep", run->sweep_seconds, "claims", run->claims_seconds, "per_claim", per_claim);
}

static json_t *config_json(const results_run *run)
{
    json_t *c = json_pack("{s:s}", "claims", run->claims_pattern);
    const sn_table *t = run->table;
    if (t) {
        char nmin[32], nmax[32];
        claim_format_half(nim_mmin(t), nmin, sizeof nmin);
        claim_format_half(nim_mmax(t), nmax, sizeof nmax);
        json_object_set_new(c, "scoring_nim",
                            json_pack("{s:i, s:i, s:I, s:i, s:{s:s, s:s, s:s}}", "piles", run->piles, "bound",
                                      run->bound, "positions", (json_int_t)t->shape.count, "lanes", t->win.lanes,
                                      "window", "N_min", nmin, "N_max", nmax, "N_step",
                                      t->win.step == 1 ? "1/2" : "1"));
    }
    json_object_set_new(c, "stewart_sizes",
                        json_pack("{s:i, s:i, s:i}", "max_take", run->sizes.max_take, "to", run->sizes.rows,
                                  "m_to", run->sizes.m_to));
    return c;
}

static int write_summary(const char *dir, const results_run *run, const char *sha)
{
    const sn_table *t = run->table;
    json_t *claims = json_array();
    int counts[CLAIM_NSTATUS] = {0};
    for (int i = 0; i < run->nclaims; i++) {
        json_array_append_new(claims, claim_json(run->claims[i], &run->reports[i]));
        counts[claim_verdict(&run->reports[i])]++;
    }
    json_t *totals = json_object();
    for (int s = 0; s < CLAIM_NSTATUS; s++)
        json_object_set_new(totals, claim_status_name((claim_status)s), json_integer(counts[s]));
    json_t *root = json_pack("{s:s, s:i, s:{s:s, s:s}, s:o}", "tool", "scoring-verifier", "format", 2, "papers",
                             "os", "Oginuma-Shinoda, Scoring Nim, arXiv 2502.10971 (text of record 2025-03-05)", "st",
                             "Stewart, Scoring play combinatorial games, Games of No Chance 5 (2017), Section 5",
                             "config", config_json(run));
    if (t)
        json_object_set_new(root, "table",
                            json_pack("{s:s, s:s}", "sha256", sha, "layout",
                                      "2*f_N(p) as int32 little-endian; positions in colex rank order of their "
                                      "ascending piles; N increasing"));
    json_object_set_new(root, "versions", versions_json());
    json_object_set_new(root, "claims", claims);
    json_object_set_new(root, "totals", totals);
    json_object_set_new(root, "run", run_json(run));
    char path[4200];
    snprintf(path, sizeof path, "%s/summary.json", dir);
    int rc = json_dump_file(root, path, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(root);
    return rc;
}

/* One CSV row through libcsv's quoting. */
static void csv_row(FILE *f, const char *const *fields, int n)
{
    for (int i = 0; i < n; i++) {
        if (i)
            fputc(',', f);
        csv_fwrite(f, fields[i], strlen(fields[i]));
    }
    fputc('\n', f);
}

static int write_mismatches(const char *dir, const results_run *run)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/mismatches.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    static const char *const head[] = {"claim", "part", "position", "N", "expected", "actual", "witness"};
    csv_row(f, head, 7);
    int wlen = run->table ? 64 * (run->table->shape.max_total + 2) + 64 : 256;
    char *witness = malloc((size_t)wlen);
    for (int i = 0; witness && i < run->nclaims; i++) {
        const claim_report *r = &run->reports[i];
        for (int k = 0; k < r->nkept; k++) {
            const claim_mismatch *m = &r->kept[k];
            char pos[128], n[32] = "";
            witness[0] = 0;
            if (m->where[0] || !run->table) {
                snprintf(pos, sizeof pos, "%s", m->where);
                snprintf(witness, (size_t)wlen, "%s", m->note);
            } else
                nim_format_pos(run->table, m->rank, pos, sizeof pos);
            if (m->has_lane && !m->where[0] && run->table) {
                claim_format_half(m->M, n, sizeof n);
                results_witness(run->table, m->rank, m->M, witness, wlen);
            }
            const char *row[] = {run->claims[i]->id, run->claims[i]->parts[m->part], pos, n, m->expected,
                                 m->actual, witness};
            csv_row(f, row, 7);
        }
    }
    free(witness);
    return fclose(f) == 0 && witness ? 0 : -1;
}

static int write_games(const char *dir, const results_run *run)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/games.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    static const char *const head[] = {"claim", "game", "points", "sum", "m", "preperiod", "period", "status", "note"};
    csv_row(f, head, 9);
    for (int i = 0; i < run->nclaims; i++) {
        const claim_report *r = &run->reports[i];
        for (int k = 0; k < r->nrows; k++) {
            const claim_game_row *g = &r->rows[k];
            char m[16], pre[16], per[16];
            snprintf(m, sizeof m, "%d", g->m);
            snprintf(pre, sizeof pre, "%d", g->preperiod);
            snprintf(per, sizeof per, "%d", g->period);
            if (g->preperiod < 0)
                pre[0] = per[0] = 0;
            const char *row[] = {run->claims[i]->id, g->game, g->points, g->sum, m, pre, per, g->status, g->note};
            csv_row(f, row, 9);
        }
    }
    return fclose(f);
}

static int write_checksum(const char *dir, const results_run *run, const char *sha)
{
    if (!run->table)
        return 0;
    char path[4200];
    snprintf(path, sizeof path, "%s/table.sha256", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    char nmin[32], nmax[32];
    claim_format_half(nim_mmin(run->table), nmin, sizeof nmin);
    claim_format_half(nim_mmax(run->table), nmax, sizeof nmax);
    fprintf(f, "%s  payoff-table piles=%d bound=%d N=%s..%s step=%s\n", sha, run->piles, run->bound, nmin, nmax,
            run->table->win.step == 1 ? "1/2" : "1");
    return fclose(f);
}

/* Points results/latest at the new directory, replacing any old link in
 * one rename so a reader never sees it missing. */
static void update_latest(const results_place *place)
{
    if (!place->latest_link[0])
        return;
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.new", place->latest_link);
    unlink(tmp);
    const char *base = strrchr(place->final_dir, '/');
    if (symlink(base ? base + 1 : place->final_dir, tmp) == 0 && rename(tmp, place->latest_link) != 0)
        unlink(tmp);
}

int results_write(results_place *place, const results_run *run, char *err, int errlen)
{
    char sha[65] = "";
    if (run->table)
        sn_table_sha256(run->table, sha);
    if (write_summary(place->tmp_dir, run, sha) != 0 || write_mismatches(place->tmp_dir, run) != 0 ||
        write_games(place->tmp_dir, run) != 0 || write_checksum(place->tmp_dir, run, sha) != 0) {
        snprintf(err, (size_t)errlen, "cannot write results into %s: %s", place->tmp_dir, strerror(errno));
        results_abandon(place);
        return -1;
    }
    if (rename(place->tmp_dir, place->final_dir) != 0) {
        snprintf(err, (size_t)errlen, "cannot move results to %s: %s", place->final_dir, strerror(errno));
        results_abandon(place);
        return -1;
    }
    place->tmp_dir[0] = 0;
    update_latest(place);
    return 0;
}
