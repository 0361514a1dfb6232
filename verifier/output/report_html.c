/*
 * report_html.c -- report.html, one self-contained page per results
 * directory (no network, no script): the run's configuration, a table of
 * the claims and their statuses, each claim's findings and kept mismatches
 * with their witness lines, the per-k tables of the families, and the
 * figures inline as SVG, drawn by gnuplot when it is installed (the page
 * says so when it is not).  Like every file outside summary.json's "run"
 * object it is byte-identical for any thread count: no time, no machine.
 */
#include "verifier/output/report_html.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/engine/xalloc.h"
#include "core/games/scoring_nim/scoring_nim.h"
#include "proofs/huibers/rn_tables.h"
#include "verifier/output/tools.h"
#include "verifier/base/version.h"

/* Text for HTML: &, <, >, " escaped. */
static void put(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

static const char *status_class(claim_status s)
{
    return s == CLAIM_HOLDS || s == CLAIM_CERTIFIED ? "ok" : s == CLAIM_FAILS ? "fail" : "open";
}

static void head(FILE *f, const results_run *run)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Scoring-play verifier: ", f);
    put(f, run->claims_pattern);
    fputs("</title>\n<style>\nbody{font-family:Helvetica,Arial,sans-serif;margin:2em;max-width:1100px;color:#222}\n"
          "table{border-collapse:collapse;margin:0.5em 0 1.5em}td,th{border:1px solid #bbb;padding:3px 8px;"
          "text-align:left;vertical-align:top;font-size:0.92em}th{background:#eee}\n"
          ".grid td{padding:1px 4px;text-align:center;font-size:0.8em}.grid .diff{background:#fecaca}"
          ".grid .unread{background:#e5e7eb;color:#6b7280}\n"
          ".ok{color:#166534;font-weight:bold}.fail{color:#b91c1c;font-weight:bold}.open{color:#92400e;"
          "font-weight:bold}\ncode{font-size:0.9em}figure{margin:1em 0}figcaption{font-size:0.9em;color:#444}\n"
          "</style></head><body>\n",
          f);
}

static void configuration(FILE *f, const results_run *run)
{
    fputs("<h1>Scoring-play verifier report</h1>\n<h2>Configuration</h2>\n<table id=\"configuration\">\n", f);
    fputs("<tr><th>claims</th><td><code>", f);
    put(f, run->claims_pattern);
    fputs("</code></td></tr>\n", f);
    /* The bonus window of a margin game that has one (as summary.json). */
    if (run->table && run->table->kind == VALUE_MARGIN && !run->game->one_lane)
        fprintf(f, "<tr><th>%s sweep</th><td>%d piles, bound %d: %llu positions, %d bonus values "
                   "(N from %lld/2 to %lld/2, step %s)</td></tr>\n",
                strcmp(run->game->name, "scoring-nim") == 0 ? "Scoring Nim" : run->game->name, run->piles, run->bound,
                (unsigned long long)run->table->count, run->table->win.lanes, (long long)table_lane_M(run->table, 0),
                (long long)table_lane_M(run->table, run->table->win.lanes - 1),
                run->table->win.step == 1 ? "1/2" : "1");
    else if (run->table)
        fprintf(f, "<tr><th>%s sweep</th><td>%d piles, bound %d: %llu positions (%s values)</td></tr>\n",
                run->game->name, run->piles, run->bound, (unsigned long long)run->table->count,
                value_kind_name(run->table->kind));
    fprintf(f, "<tr><th>Stewart sizes</th><td>max take %d, to %d, m to %d, second digits %d, positions %ld "
               "(0: each claim's default), recheck %.4g</td></tr>\n",
            run->sizes.max_take, run->sizes.rows, run->sizes.m_to, run->sizes.second_digits, run->sizes.positions,
            run->recheck);
    fputs("<tr><th>verifier</th><td>" VERIFIER_VERSION "</td></tr>\n</table>\n<p>Times, threads and the machine are in "
          "<code>summary.json</code> (its <code>run</code> object); everything on this page is the same for any "
          "thread count.</p>\n",
          f);
}

static void claims_table(FILE *f, const results_run *run)
{
    fputs("<h2>Claims</h2>\n<table id=\"claims\">\n<tr><th>claim</th><th>status</th><th>cases</th>"
          "<th>mismatches</th><th>source</th></tr>\n",
          f);
    for (int i = 0; i < run->nclaims; i++) {
        const claim_report *r = &run->reports[i];
        uint64_t cases = 0, mism = 0;
        for (int p = 0; p < r->nparts; p++) {
            cases += r->cases[p];
            mism += r->mismatches[p];
        }
        claim_status s = claim_verdict(r);
        fprintf(f, "<tr><td><a href=\"#c%d\"><code>", i);
        put(f, run->claims[i]->id);
        fprintf(f, "</code></a></td><td class=\"%s\">%s</td><td>%llu</td><td>%llu</td><td>", status_class(s),
                claim_status_name(s), (unsigned long long)cases, (unsigned long long)mism);
        put(f, run->claims[i]->source);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

static void per_k_table(FILE *f, const claim_report *r)
{
    if (!r->nper_k)
        return;
    fputs("<table class=\"per-k\"><tr><th>k</th><th>games</th><th>certified</th><th>observed</th>"
          "<th>undecided</th><th>failed</th><th>worst preperiod</th><th>at</th></tr>\n",
          f);
    for (int k = 0; k < r->nper_k; k++) {
        const claim_per_k *l = &r->per_k[k];
        fprintf(f, "<tr><td>%d</td><td>%llu</td><td>%llu</td><td>%llu</td><td>%llu</td><td>%llu</td><td>", l->k,
                (unsigned long long)l->games, (unsigned long long)l->count[CLAIM_CERTIFIED],
                (unsigned long long)l->count[CLAIM_OBSERVED], (unsigned long long)l->count[CLAIM_UNDECIDED],
                (unsigned long long)l->count[CLAIM_FAILS]);
        if (l->worst_pre >= 0) {
            fprintf(f, "%d</td><td>", l->worst_pre);
            put(f, l->worst_game);
            fputs(" (points ", f);
            put(f, l->worst_points);
            fprintf(f, ", m = %d, period %d)", l->worst_m, l->worst_period);
        } else
            fputs("</td><td>", f);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

static void mismatches(FILE *f, const results_run *run, int i)
{
    const claim_report *r = &run->reports[i];
    if (!r->nkept)
        return;
    uint64_t all = 0;
    for (int p = 0; p < r->nparts; p++)
        all += r->mismatches[p];
    fprintf(f, "<p>%d of %llu mismatches listed (the first ones, as in <code>mismatches.csv</code>; every one is counted):</p>\n", r->nkept,
            (unsigned long long)all);
    fputs("<table class=\"mismatches\"><tr><th>part</th><th>position</th><th>N</th><th>expected</th>"
          "<th>actual</th><th>witness</th></tr>\n",
          f);
    results_mismatch_text mt;
    results_mismatch_text_init(&mt, run->table);
    for (int k = 0; k < r->nkept; k++) {
        const claim_mismatch *m = &r->kept[k];
        results_mismatch_fill(&mt, run->table, m);
        fputs("<tr><td>", f);
        put(f, run->claims[i]->parts[m->part]);
        fputs("</td><td>", f);
        put(f, mt.where);
        fputs("</td><td>", f);
        put(f, mt.n);
        fputs("</td><td>", f);
        put(f, m->expected);
        fputs("</td><td>", f);
        put(f, m->actual);
        fputs("</td><td>", f);
        put(f, mt.note);
        fputs("</td></tr>\n", f);
    }
    results_mismatch_text_free(&mt);
    fputs("</table>\n", f);
}

/* ---- Huibers' printed tables, cell by cell ---- */

/* A printed table as the claim found it: every cell as printed, a
 * differing one marked with "printed / computed", an unreadable one
 * greyed.  Marks come from the kept mismatches (all of a table's, unless
 * more than the report keeps: then the page says so). */
static void printed_grid(FILE *f, const claim_def *c, const claim_report *r)
{
    char name[16];
    if (!rn_table_of_claim(c->id, name, sizeof name))
        return;
    rn_grid g;
    rn_grid_load(&g, name);
    if (g.unreadable == g.rows * g.cols) {
        fputs("<p>No cell of this table could be read from the extracted text.</p>\n", f);
        rn_grid_free(&g);
        return;
    }
    const char **computed = xcalloc((size_t)g.rows * (size_t)g.cols, sizeof *computed, "a report grid");
    /* A claim of readings: the cells as the reading that holds (else the
     * first) computes them. */
    int shown = r->readings ? claim_reading_that_holds(r) : -1;
    if (r->readings && shown < 0)
        shown = 0;
    uint64_t all = 0, marked = 0;
    for (int p = 0; p < r->nparts; p++)
        all += shown < 0 || p == shown ? r->mismatches[p] : 0;
    for (int k = 0; k < r->nkept; k++) {
        int i, j;
        if ((shown < 0 || r->kept[k].part == shown) &&
            rn_mismatch_cell(&g, r->kept[k].where ? r->kept[k].where : "", &i, &j)) {
            computed[i * g.cols + j] = r->kept[k].actual;
            marked++;
        }
    }
    if (shown >= 0) {
        fputs("<p>Under the reading: ", f);
        put(f, c->parts[shown]);
        fputs(".</p>\n", f);
    }
    fputs("<p>The table as printed (the extracted text), each cell that differs marked <i>printed / computed</i>, each "
          "unreadable cell grey (\".\" was printed empty):</p>\n<table class=\"grid\"><tr><th>",
          f);
    put(f, "");
    fputs("</th>", f);
    for (int j = 0; j < g.cols; j++) {
        fputs("<th>", f);
        put(f, g.col_label[j]);
        fputs("</th>", f);
    }
    fputs("</tr>\n", f);
    for (int i = 0; i < g.rows; i++) {
        fputs("<tr><th>", f);
        put(f, g.row_label[i]);
        fputs("</th>", f);
        for (int j = 0; j < g.cols; j++) {
            const char *cell = rn_cell(&g, i, j), *now = computed[i * g.cols + j];
            fputs(now ? "<td class=\"diff\">" : strcmp(cell, "?") == 0 ? "<td class=\"unread\">" : "<td>", f);
            put(f, cell);
            if (now) {
                fputs(" / ", f);
                put(f, now);
            }
            fputs("</td>", f);
        }
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
    if (all > marked)
        fprintf(f, "<p>%llu cells differ; the first %llu are marked.</p>\n", (unsigned long long)all,
                (unsigned long long)marked);
    free(computed);
    rn_grid_free(&g);
}

/* The thesis at a glance, when its claims ran: what holds on what domain,
 * what fails and where first, which tables differ and where. */
static void thesis_summary(FILE *f, const results_run *run)
{
    bool any = false;
    for (int i = 0; i < run->nclaims && !any; i++)
        any = strncmp(run->claims[i]->id, "rn/", 3) == 0;
    if (!any)
        return;
    fputs("<h2>Huibers, Strategies for Restricted Nim: summary</h2>\n<table id=\"rn-summary\"><tr><th>claim</th>"
          "<th>status</th><th>on</th><th>first mismatch, or what was found</th></tr>\n",
          f);
    for (int i = 0; i < run->nclaims; i++) {
        const claim_def *c = run->claims[i];
        if (strncmp(c->id, "rn/", 3) != 0)
            continue;
        const claim_report *r = &run->reports[i];
        claim_status s = claim_verdict(r);
        fprintf(f, "<tr><td><a href=\"#c%d\"><code>", i);
        put(f, c->id);
        fprintf(f, "</code></a></td><td class=\"%s\">%s</td><td>", status_class(s), claim_status_name(s));
        put(f, c->domain);
        fputs("</td><td>", f);
        /* A claim of readings: the one that holds first. */
        int holds = claim_reading_that_holds(r);
        if (holds >= 0) {
            fputs("holds under the reading: ", f);
            put(f, c->parts[holds]);
            fputs(r->nkept ? "; another reading differs: " : "", f);
        }
        /* A table's differing cells, else the first mismatch, else the
         * first finding (the periods found, a reading). */
        const char *said = NULL;
        for (int k = 0; k < r->nfindings && !said; k++)
            if (strcmp(r->findings[k].key, "differing cells") == 0)
                said = r->findings[k].value;
        if (!said && !r->nkept && r->nfindings)
            said = r->findings[0].value;
        if (said)
            put(f, said);
        else if (r->nkept) {
            put(f, r->kept[0].where);
            fputs(": stated ", f);
            put(f, r->kept[0].expected);
            fputs(", computed ", f);
            put(f, r->kept[0].actual);
        }
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

/* Copies an SVG file into the page from its <svg element on. */
static int inline_svg(FILE *f, const char *path)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return -1;
    char *line = NULL;
    size_t cap = 0;
    bool started = false;
    while (getline(&line, &cap, in) >= 0) {
        if (!started && strstr(line, "<svg"))
            started = true;
        if (started)
            fputs(line, f);
    }
    free(line);
    fclose(in);
    return started ? 0 : -1;
}

/* One figure: the data written by `data`, drawn by gnuplot with `plot`
 * (a gnuplot plot command reading the file '%s'), inlined. */
typedef void (*data_fn)(FILE *f, const void *ctx);
static void figure(FILE *f, const char *dir, const char *id, const char *title, const char *xlabel, const char *ylabel,
                   const char *plot, data_fn data, const void *ctx)
{
    char dat[4200], svg[4200], gp[4200];
    snprintf(dat, sizeof dat, "%s/.figure-%s.dat", dir, id);
    snprintf(svg, sizeof svg, "%s/.figure-%s.svg", dir, id);
    snprintf(gp, sizeof gp, "%s/.figure-%s.gp", dir, id);
    FILE *d = fopen(dat, "w"), *s = fopen(gp, "w");
    if (d)
        data(d, ctx);
    if (s) {
        fprintf(s, "set terminal svg size 760,420 enhanced font 'Helvetica,12' background '#ffffff'\n"
                   "set output '%s'\nset title \"%s\" noenhanced\nset xlabel \"%s\"\nset ylabel \"%s\"\nset grid\n"
                   "unset key\nset datafile missing 'NaN'\n",
                svg, title, xlabel, ylabel);
        fprintf(s, plot, dat);
        fputc('\n', s);
    }
    bool ok = d && s && !ferror(d) && !ferror(s);
    if (d)
        ok = fclose(d) == 0 && ok;
    if (s)
        ok = fclose(s) == 0 && ok;
    const char *argv[] = {"gnuplot", gp, NULL};
    fprintf(f, "<figure id=\"figure-%s\">\n", id);
    if (!ok || tool_run(argv, true) != 0 || inline_svg(f, svg) != 0)
        fputs("<p>(the figure could not be drawn)</p>\n", f);
    fputs("<figcaption>", f);
    put(f, title);
    fputs("</figcaption></figure>\n", f);
    unlink(dat);
    unlink(svg);
    unlink(gp);
}

static void per_k_data(FILE *f, const void *ctx)
{
    const claim_report *r = ctx;
    for (int k = 0; k < r->nper_k; k++)
        if (r->per_k[k].worst_pre >= 0)
            fprintf(f, "%d %d\n", r->per_k[k].k, r->per_k[k].worst_pre);
}

typedef struct {
    const value_table *t;
    const int32_t *row;
} curve;

static void curve_data(FILE *f, const void *ctx)
{
    const curve *c = ctx;
    for (int l = 0; l < c->t->win.lanes; l++) {
        char n[32], v[32];
        claim_format_half(table_lane_M(c->t, l), n, sizeof n);
        claim_format_half(c->row[l], v, sizeof v);
        fprintf(f, "%s %s\n", n, v);
    }
}

/* The paper's payoff curves, for the positions a sweep holds. */
static const struct {
    int p[3];
    const char *id, *title;
} curves[] = {{{5, 4, 2}, "f-5-4-2", "Figure 2: f_N(5,4,2)"},
              {{7, 6, 1}, "f-7-6-1", "Figure 3: F_3(N) = f_N(7,6,1)"},
              {{8, 7, 1}, "f-8-7-1", "Figure 4: f_N(8,7,1)"},
              {{6, 4, 1}, "f-6-4-1", "Figure 5: f_N(6,4,1)"},
              {{5, 4, 3}, "f-5-4-3", "Figure 6: f_N(5,4,3)"}};
#define NCURVES ((int)(sizeof curves / sizeof curves[0]))

/* The rank of a position of the paper's figures: Scoring Nim's tables
 * only. */
static int64_t paper_rank(const value_table *t, const int *p)
{
    const scoring_nim *sn = scoring_nim_of(t->game);
    return sn ? ms_rank_of(&sn->base.shape, p, 3) : -1;
}

int report_html_row_ranks(const value_table *t, uint64_t *ranks, int max)
{
    int n = 0;
    for (int i = 0; i < NCURVES; i++) {
        int64_t rank = paper_rank(t, curves[i].p);
        if (rank >= 0 && n < max)
            ranks[n++] = (uint64_t)rank;
    }
    return n;
}

/* The whole row of `rank`: gathered by rank 0 when the table is split,
 * else read from the table into buf. */
static const int32_t *whole_row(const results_run *run, uint64_t rank, int32_t *buf)
{
    for (int i = 0; i < run->nrows; i++)
        if (run->row_ranks[i] == rank)
            return run->rows + (size_t)i * (size_t)run->table->win.lanes;
    if (run->table->store.lanes != run->table->win.lanes)
        die("internal error: a row of a split table the report did not gather");
    return table_row_get(run->table, rank, buf);
}

/* A claim's series as a data file for gnuplot (its rows as they are). */
static void series_data(FILE *f, const void *ctx)
{
    const claim_series *sr = ctx;
    fprintf(f, "# %s\n", sr->columns);
    for (uint64_t r = 0; r < sr->nrows; r++)
        fprintf(f, "%s\n", sr->rows[r]);
}

/* A paper's claims at a glance: each claim's status, what it covers and
 * everything it found, in words a reader can cite. */
static void paper_findings(FILE *f, const results_run *run, const char *prefix, const char *title)
{
    bool any = false;
    for (int i = 0; i < run->nclaims && !any; i++)
        any = strncmp(run->claims[i]->id, prefix, strlen(prefix)) == 0;
    if (!any)
        return;
    fputs("<h2>", f);
    put(f, title);
    fputs("</h2>\n<table class=\"findings\"><tr><th>claim</th><th>status</th><th>on</th><th>what was found</th></tr>\n",
          f);
    for (int i = 0; i < run->nclaims; i++) {
        const claim_def *c = run->claims[i];
        if (strncmp(c->id, prefix, strlen(prefix)) != 0)
            continue;
        const claim_report *r = &run->reports[i];
        claim_status s = claim_verdict(r);
        fprintf(f, "<tr><td><a href=\"#c%d\"><code>", i);
        put(f, c->id);
        fprintf(f, "</code></a></td><td class=\"%s\">%s</td><td>", status_class(s), claim_status_name(s));
        put(f, c->domain);
        fputs("</td><td>", f);
        if (r->nkept) {
            put(f, r->kept[0].where);
            fputs(": stated ", f);
            put(f, r->kept[0].expected);
            fputs(", computed ", f);
            put(f, r->kept[0].actual);
            fputs("<br>", f);
        }
        for (int k = 0; k < r->nfindings; k++) {
            fputs("<b>", f);
            put(f, r->findings[k].key);
            fputs(":</b> ", f);
            put(f, r->findings[k].value);
            fputs("<br>", f);
        }
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

static void figures(FILE *f, const char *dir, const results_run *run)
{
    fputs("<h2>Figures</h2>\n", f);
    if (!tool_installed("gnuplot")) {
        fputs("<p>gnuplot is not installed (Debian: gnuplot-nox), so no figure is drawn; the data are in the "
              "files beside this page.</p>\n",
              f);
        return;
    }
    int drawn = 0;
    int32_t *buf = run->table ? xmalloc((size_t)run->table->win.lanes * sizeof *buf, "a row") : NULL;
    for (int i = 0; run->table && i < NCURVES; i++) {
        int64_t rank = paper_rank(run->table, curves[i].p);
        if (rank < 0)
            continue;
        curve c = {run->table, whole_row(run, (uint64_t)rank, buf)};
        figure(f, dir, curves[i].id, curves[i].title, "N", "f_N", "plot '%s' using 1:2 with lines lw 2 notitle",
               curve_data, &c);
        drawn++;
    }
    free(buf);
    for (int i = 0; i < run->nclaims; i++) {
        const claim_report *r = &run->reports[i];
        bool any = false;
        for (int k = 0; k < r->nper_k; k++)
            any = any || r->per_k[k].worst_pre >= 0;
        if (!any)
            continue;
        char id[64], title[160];
        snprintf(id, sizeof id, "preperiods-%d", i);
        snprintf(title, sizeof title, "%s: worst preperiod by largest take k", run->claims[i]->id);
        figure(f, dir, id, title, "k", "worst preperiod", "plot '%s' using 1:2 with linespoints lw 2 pt 7 notitle",
               per_k_data, r);
        drawn++;
    }
    /* The claims' data series: n against the value, each point by its
     * outcome when the series has one (a 4th column). */
    for (int i = 0; i < run->nclaims; i++)
        for (int k = 0; k < run->reports[i].nseries; k++) {
            const claim_series *sr = &run->reports[i].series[k];
            bool classes = strstr(sr->columns, "outcome") != NULL;
            figure(f, dir, sr->name, sr->title, "n", "the value (probability that the player to move wins)",
                   classes ? "set key outside below; set yrange [-0.05:1.05]; "
                             "plot '%1$s' using 1:(strcol(4) eq 'win' ? $2 : NaN) with points pt 7 ps 0.6 "
                             "lc rgb '#2a7a2a' title 'certain win', "
                             "'' using 1:(strcol(4) eq 'loss' ? $2 : NaN) with points pt 7 ps 0.6 lc rgb '#b22222' "
                             "title 'certain loss', "
                             "'' using 1:(strcol(4) eq 'uncertain' ? $2 : NaN) with points pt 5 ps 1.0 "
                             "lc rgb '#1f4fbf' title 'uncertain (its exact value in the data file)'"
                           : "plot '%1$s' using 1:2 with points pt 7 ps 0.6 notitle",
                   series_data, sr);
            drawn++;
        }
    if (!drawn)
        fputs("<p>No figure for this run: no paper position in the sweep, no family with a preperiod and no data "
              "series.</p>\n",
              f);
}

int report_html_write(const char *dir, const results_run *run, char *err, int errlen)
{
    char path[4352];
    snprintf(path, sizeof path, "%s/report.html", dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, (size_t)errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    head(f, run);
    configuration(f, run);
    claims_table(f, run);
    thesis_summary(f, run);
    paper_findings(f, run, "hr/",
                   "Holshouser and Reiter, Is this Modified Nim Game a Game of Chance?: what was found");
    figures(f, dir, run);
    fputs("<h2>Each claim</h2>\n", f);
    for (int i = 0; i < run->nclaims; i++) {
        const claim_def *c = run->claims[i];
        const claim_report *r = &run->reports[i];
        claim_status s = claim_verdict(r);
        fprintf(f, "<h3 id=\"c%d\"><code>", i);
        put(f, c->id);
        fprintf(f, "</code> <span class=\"%s\">%s</span></h3>\n<p><b>Statement.</b> ", status_class(s),
                claim_status_name(s));
        put(f, c->statement);
        fputs("</p>\n<p><b>Checked.</b> ", f);
        put(f, c->domain);
        fputs("</p>\n", f);
        if (r->readings) {
            int holds = claim_reading_that_holds(r);
            fputs("<p><b>Readings.</b> The statement can be read in the ways below, each checked in full; ", f);
            if (holds >= 0) {
                fputs("it holds under the reading: ", f);
                put(f, c->parts[holds]);
            } else
                fputs("no reading holds", f);
            fputs(".</p>\n", f);
        }
        fputs("<ul>", f);
        for (int p = 0; p < r->nparts; p++) {
            fputs(r->readings ? "<li>reading: " : "<li>", f);
            put(f, c->parts[p]);
            fprintf(f, ": %s (%llu cases, %llu mismatches)</li>", claim_status_name(claim_part_status(r, p)),
                    (unsigned long long)r->cases[p], (unsigned long long)r->mismatches[p]);
        }
        for (int k = 0; k < r->nfindings; k++) {
            fputs("<li>finding: ", f);
            put(f, r->findings[k].key);
            fputs(": ", f);
            put(f, r->findings[k].value);
            fputs("</li>", f);
        }
        fputs("</ul>\n", f);
        per_k_table(f, r);
        printed_grid(f, c, r);
        mismatches(f, run, i);
    }
    fputs("</body></html>\n", f);
    bool bad = ferror(f) || fflush(f) != 0 || fsync(fileno(f)) != 0;
    int saved = errno;
    if (fclose(f) != 0 && !bad) {
        bad = true;
        saved = errno;
    }
    if (bad)
        snprintf(err, (size_t)errlen, "cannot write %s: %s", path, strerror(saved ? saved : EIO));
    return bad ? -1 : 0;
}
