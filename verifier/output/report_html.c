/*
 * report_html.c -- report.html, one self-contained page per results
 * directory (no network, no script): the run's configuration, a table of
 * the claims and their statuses, each claim's findings and kept mismatches
 * with their witness lines, the per-k tables of the families, and the
 * figures, drawn by one gnuplot process into figures/ beside the page with
 * their data (the page says so when gnuplot is not installed).  Like every file outside summary.json's "run"
 * object it is byte-identical for any thread count: no time, no machine.
 */
#define _GNU_SOURCE /* qsort_r */
#include "verifier/output/report_html.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/engine/xalloc.h"
#include "verifier/output/tools.h"
#include "verifier/base/version.h"

/* Text for HTML: &, <, >, " escaped. */
static void html_put(FILE *f, const char *s)
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
    html_put(f, run->claims_pattern);
    fputs("</title>\n<style>\nbody{font-family:Helvetica,Arial,sans-serif;margin:2em;max-width:1100px;color:#222}\n"
          "table{border-collapse:collapse;margin:0.5em 0 1.5em}td,th{border:1px solid #bbb;padding:3px 8px;"
          "text-align:left;vertical-align:top;font-size:0.92em}th{background:#eee}\n"
          ".grid td,.grid th{padding:1px 3px;text-align:center;font-size:0.78em;overflow-wrap:normal}.grid .e{background:#fecaca}"
          ".grid .x{background:#fef9c3}.grid .q{background:#fed7aa}.grid .u{background:#e5e7eb;color:#6b7280}\n"
          ".ok{color:#166534;font-weight:bold}.fail{color:#b91c1c;font-weight:bold}.open{color:#92400e;"
          "font-weight:bold}\ncode{font-size:0.9em}figure{margin:1em 0}figcaption{font-size:0.9em;color:#444}\n"
          "figure img{max-width:100%;height:auto}\n"
          /* Wide grids scroll in their own box; long words and codes wrap:
           * the page fits a window of 1,280 pixels. */
          ".wide{overflow-x:auto;max-width:100%}td,th,li,p{overflow-wrap:anywhere}\n"
          ".g-certain{color:#b91c1c;font-weight:bold}.g-probable{color:#c2410c;font-weight:bold}"
          ".g-wording{color:#1d4ed8;font-weight:bold}\n"
          "</style></head><body>\n",
          f);
}

/* A size option's value as the run took it: the number, or "each
 * claim's" when not given (0). */
static void size_text(long v, char *out, size_t len)
{
    if (v > 0)
        snprintf(out, len, "%ld", v);
    else
        snprintf(out, len, "each claim's");
}

static void configuration(FILE *f, const results_run *run)
{
    fputs("<h2>Configuration</h2>\n<table id=\"configuration\">\n", f);
    fputs("<tr><th>claims</th><td><code>", f);
    html_put(f, run->claims_pattern);
    fputs("</code></td></tr>\n", f);
    /* The bonus window of a margin game that has one (as summary.json). */
    char sizes[64];
    if (run->table && run->table->kind == VALUE_MARGIN && !run->game->one_lane) {
        char lo[32], hi[32];
        claim_format_half(table_lane_M(run->table, 0), lo, sizeof lo);
        claim_format_half(table_lane_M(run->table, run->table->win.lanes - 1), hi, sizeof hi);
        fprintf(f, "<tr><th>%s sweep</th><td>%s: %llu positions, %d bonus values (N from %s to %s, step %s)</td></tr>\n",
                game_title(run->game), game_sizes_text(run->game, run->piles, run->bound, sizes, sizeof sizes), (unsigned long long)run->table->count,
                run->table->win.lanes, lo, hi, run->table->win.step == 1 ? "1/2" : "1");
    } else if (run->table)
        fprintf(f, "<tr><th>%s sweep</th><td>%s: %llu positions (%s values)</td></tr>\n", run->game->name,
                game_sizes_text(run->game, run->piles, run->bound, sizes, sizeof sizes), (unsigned long long)run->table->count,
                value_kind_name(run->table->kind));
    /* Values that rest on a rule the paper does not define say so. */
    if (run->table && run->table->game->convention) {
        fputs("<tr><th>convention</th><td>", f);
        html_put(f, run->table->game->convention);
        fputs("</td></tr>\n", f);
    }
    /* A size not given is each claim's own default, which its finding
     * "sizes" states; "0" here read as a size of 0. */
    char take[24], rows[24], mto[24], digits[24], positions[24];
    size_text(run->sizes.max_take, take, sizeof take);
    size_text(run->sizes.rows, rows, sizeof rows);
    size_text(run->sizes.m_to, mto, sizeof mto);
    size_text(run->sizes.second_digits, digits, sizeof digits);
    size_text(run->sizes.positions, positions, sizeof positions);
    fprintf(f, "<tr><th>claim sizes</th><td>--max-take %s, --to %s, --m-to %s, --second-digits %s, --positions %s "
               "(\"each claim's\": the claim's default, given in its finding <i>sizes</i> where it reads one); "
               "recheck %.4g</td></tr>\n",
            take, rows, mto, digits, positions, run->recheck);
    fputs("<tr><th>verifier</th><td>" VERIFIER_VERSION "</td></tr>\n</table>\n<p>Times, threads and the machine are in "
          "<code>summary.json</code> (its <code>run</code> object); everything on this page but the last section, "
          "where the time went, is the same for any thread count.</p>\n",
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
        html_put(f, run->claims[i]->id);
        /* A strict or literal reading says so: its verdict sets the exit
         * status only with --strict-readings. */
        bool reading = !claim_counts(run->claims[i], run->strict_readings);
        fprintf(f, "</code></a></td><td class=\"%s\">%s%s</td><td>%llu</td><td>%llu</td><td>", status_class(s),
                claim_status_name(s), reading ? " <small>(a reading)</small>" : "", (unsigned long long)cases,
                (unsigned long long)mism);
        html_put(f, run->claims[i]->source);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
    bool any = false;
    for (int i = 0; i < run->nclaims; i++)
        any = any || !claim_counts(run->claims[i], run->strict_readings);
    if (any)
        fputs("<p>A claim marked <i>(a reading)</i> checks a strict or literal reading of a sentence the paper "
              "qualifies; its FAILS is expected (each says why) and sets the exit status only with "
              "<code>--strict-readings</code>.</p>\n",
              f);
}

/* The claims of one errata list (an array of {claim, ...}), as
 * "a, b and c" in code. */
static void claim_list(FILE *f, const json_t *items)
{
    size_t i, total = json_array_size(items);
    json_t *x;
    json_array_foreach(items, i, x) {
        fputs(i == 0 ? "" : i + 1 == total ? " and " : ", ", f);
        fputs("<code>", f);
        html_put(f, json_string_value(json_object_get(x, "claim")));
        fputs("</code>", f);
    }
}

/* How many of an errata list's items have key = value (all: key NULL). */
static size_t count_of(const json_t *items, const char *key, const char *value)
{
    size_t i, n = 0;
    json_t *x;
    json_array_foreach(items, i, x) {
        const char *v = key ? json_string_value(json_object_get(x, key)) : NULL;
        n += !key || (v && strcmp(v, value) == 0);
    }
    return n;
}

/* The story first: one paragraph a paper, in words, from the errata
 * document (errata.h): what holds and what kind of truth it is, what
 * fails as the paper means it, the readings that fail, what could not be
 * refuted, what is open. */
static void paper_stories(FILE *f, const json_t *errata)
{
    /* The kinds in the order the story tells them (claim_truth_short's words). */
    static const claim_truth kinds[] = {CLAIM_EVERY_POSITION, CLAIM_EVERY_SIZE, CLAIM_EVERY_SIZE_BY_SHIFT,
                                        CLAIM_BY_THEOREM,     CLAIM_PARTLY_EVERY_SIZE, CLAIM_WHOLE,
                                        CLAIM_WHOLE_PER_K,    CLAIM_PER_GAME,   CLAIM_SWEPT};
    size_t i;
    json_t *p;
    if (json_array_size(errata) == 0)
        return;
    fputs("<h2>What the run found, paper by paper</h2>\n", f);
    json_array_foreach(errata, i, p) {
        const json_t *holds = json_object_get(p, "holds"), *wrong = json_object_get(p, "errata"),
                     *readings = json_object_get(p, "readings"), *unrefuted = json_object_get(p, "not_refuted"),
                     *open = json_object_get(p, "open");
        fputs("<p class=\"story\"><b>", f);
        html_put(f, json_string_value(json_object_get(p, "citation")));
        fprintf(f, "</b> (<code>%s/*</code>, %lld claims). ", json_string_value(json_object_get(p, "paper")),
                (long long)json_integer_value(json_object_get(p, "claims")));
        if (json_array_size(holds)) {
            fprintf(f, "<b>Holds</b>: %zu claim%s", json_array_size(holds), json_array_size(holds) == 1 ? "" : "s");
            const char *sep = " (";
            for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
                size_t n = count_of(holds, "proof", claim_truth_short(kinds[k]));
                if (n) {
                    fprintf(f, "%s%zu %s", sep, n, claim_truth_short(kinds[k]));
                    sep = ", ";
                }
            }
            fputs(*sep == ',' ? ")" : "", f);
            /* The bound of what was only swept: each claim's domain. */
            fputs(count_of(holds, "proof", claim_truth_short(CLAIM_SWEPT)) ? "; the bounds swept are each claim's domain, under "
                                                                  "<a href=\"#each\">Each claim</a>. "
                                                                : ". ",
                  f);
        } else
            fputs("<b>Nothing holds.</b> ", f);
        if (json_array_size(wrong)) {
            fprintf(f, "<b>Fails</b> as the paper means it: %zu claim%s (", json_array_size(wrong),
                    json_array_size(wrong) == 1 ? "" : "s");
            claim_list(f, wrong);
            fputs("), each with its witness in <a href=\"errata.md\">errata.md</a>. ", f);
        } else
            fputs("Nothing fails as the paper means it. ", f);
        if (json_array_size(readings)) {
            fprintf(f, "%zu literal or strict reading%s of sentences the paper qualifies fail%s, as expected. ",
                    json_array_size(readings), json_array_size(readings) == 1 ? "" : "s",
                    json_array_size(readings) == 1 ? "s" : "");
        }
        if (json_array_size(unrefuted)) {
            fprintf(f, "<b>Not refuted, not counted either way</b>: %zu (", json_array_size(unrefuted));
            claim_list(f, unrefuted);
            fputs("; text damaged in extraction, or an empty domain). ", f);
        }
        if (json_array_size(open)) {
            fprintf(f, "<b>Open</b>: %zu (", json_array_size(open));
            claim_list(f, open);
            fputs("; observed, or the search ran out).", f);
        }
        fputs("</p>\n", f);
    }
}

/* One listed erratum or counterexample: where, printed, correct, its
 * grade and evidence when it has its own, and its replay command. */
static void erratum_item(FILE *f, const char *where_prefix, const json_t *m)
{
    const char *where = json_string_value(json_object_get(m, "where")), *grade = json_string_value(json_object_get(m, "grade"));
    /* A table's erratum is an item of the list of errata; a statement's
     * counterexample an item of the list under it. */
    fputs(where_prefix ? "" : "<li>", f);
    if (where_prefix) {
        html_put(f, where_prefix);
        fputs(", ", f);
        const char *comma = where ? strchr(where, ',') : NULL;
        html_put(f, comma ? comma + 2 : where ? where : "");
    } else
        html_put(f, where ? where : "");
    fputs(": printed <b>", f);
    html_put(f, json_string_value(json_object_get(m, "stated")));
    fputs("</b>, correct <b>", f);
    html_put(f, json_string_value(json_object_get(m, "computed")));
    fputs("</b>", f);
    if (grade) {
        fprintf(f, "; <span class=\"g-%s\">%s</span>: ", grade, grade);
        html_put(f, json_string_value(json_object_get(m, "evidence")));
    }
    const char *command = json_string_value(json_object_get(m, "command"));
    if (command) {
        fputs("<br>replay: <code>", f);
        html_put(f, command);
        fputs("</code>", f);
    }
    fputs(where_prefix ? "" : "</li>\n", f);
}

/* The errata paper by paper, as errata.md lists them: their count by
 * grade, then each with its grade, evidence and replay command. */
static void errata_section(FILE *f, const json_t *errata)
{
    size_t i;
    json_t *p;
    bool any = false;
    json_array_foreach(errata, i, p) any = any || json_array_size(json_object_get(p, "errata"));
    if (!any)
        return;
    fputs("<h2 id=\"errata\">Errata, graded</h2>\n<p>Certain: no damage of the text we read can produce it; "
          "probable: it rests on a stated assumption about the extraction (it creates no symbol); wording: a "
          "sentence false as printed where the paper itself shows what was meant. What no grade reaches is not "
          "refuted. Each replays by its command (<a href=\"errata.md\">errata.md</a> has the witnesses).</p>\n",
          f);
    json_array_foreach(errata, i, p) {
        const json_t *list = json_object_get(p, "errata"), *counts = json_object_get(p, "counts");
        if (!json_array_size(list))
            continue;
        fputs("<h3>", f);
        html_put(f, json_string_value(json_object_get(p, "citation")));
        fprintf(f, "</h3>\n<p>%lld errata: %lld certain, %lld probable, %lld wording.</p>\n<ol>\n",
                (long long)json_integer_value(json_object_get(counts, "errata")),
                (long long)json_integer_value(json_object_get(counts, "certain")),
                (long long)json_integer_value(json_object_get(counts, "probable")),
                (long long)json_integer_value(json_object_get(counts, "wording")));
        size_t k;
        json_t *c;
        json_array_foreach(list, k, c) {
            const char *source = json_string_value(json_object_get(c, "source"));
            size_t e;
            json_t *m;
            if (strcmp(json_string_value(json_object_get(c, "kind")), "table") == 0) {
                json_array_foreach(json_object_get(c, "listed"), e, m) {
                    fputs("<li>", f);
                    erratum_item(f, source, m);
                    fputs("</li>\n", f);
                }
                continue;
            }
            const char *grade = json_string_value(json_object_get(c, "grade"));
            fputs("<li>", f);
            html_put(f, source);
            fprintf(f, " (<code>%s</code>): <span class=\"g-%s\">%s</span>", json_string_value(json_object_get(c, "claim")),
                    grade, grade);
            const char *evidence = json_string_value(json_object_get(c, "evidence")),
                       *correction = json_string_value(json_object_get(c, "correction")),
                       *holds = json_string_value(json_object_get(c, "result_holds"));
            if (evidence) {
                fputs(": ", f);
                html_put(f, evidence);
            }
            if (correction) {
                fputs(". <b>Correct:</b> ", f);
                html_put(f, correction);
            }
            if (holds) {
                fputs(". The argument fails; <b>the result holds:</b> ", f);
                html_put(f, holds);
            }
            fputs(".<ul>", f);
            json_array_foreach(json_object_get(c, "parts"), e, m) {
                size_t x;
                json_t *one;
                json_array_foreach(json_object_get(m, "listed"), x, one) erratum_item(f, NULL, one);
            }
            json_array_foreach(json_object_get(c, "also"), e, m) {
                fputs("<li>also for <code>", f);
                html_put(f, json_string_value(json_object_get(m, "claim")));
                fputs("</code>: ", f);
                html_put(f, json_string_value(json_object_get(m, "source")));
                fputs("</li>", f);
            }
            fputs("</ul></li>\n", f);
        }
        fputs("</ol>\n", f);
    }
}

/* One claim that does not hold, in the summary's list (linked to its
 * section), with its first mismatch when it fails. */
static void summary_item(FILE *f, const results_run *run, int i)
{
    const claim_report *r = &run->reports[i];
    claim_status st = claim_verdict(r);
    fprintf(f, "<li><span class=\"%s\">%s</span> <a href=\"#c%d\"><code>", status_class(st), claim_status_name(st), i);
    html_put(f, run->claims[i]->id);
    fputs("</code></a>", f);
    if (st == CLAIM_FAILS && r->nkept && r->kept[0].where) {
        fputs(": first at ", f);
        html_put(f, r->kept[0].where);
        fputs(", stated ", f);
        html_put(f, r->kept[0].expected);
        fputs(", computed ", f);
        html_put(f, r->kept[0].actual);
    }
    fputs("</li>", f);
}

/* What the run says, first: how many claims hold, each that does not
 * (linked), and apart the readings that fail as expected. */
static void verdict_summary(FILE *f, const results_run *run)
{
    int count[CLAIM_NSTATUS] = {0}, counted = 0, readings = 0;
    for (int i = 0; i < run->nclaims; i++) {
        if (!claim_counts(run->claims[i], run->strict_readings)) {
            readings += claim_verdict(&run->reports[i]) == CLAIM_FAILS;
            continue;
        }
        counted++;
        count[claim_verdict(&run->reports[i])]++;
    }
    if (!run->nclaims)
        return;
    if (counted == 0)
        fprintf(f, "<h2>Summary</h2>\n<p>No claim that counts, only %d reading%s (below)", run->nclaims,
                run->nclaims == 1 ? "" : "s");
    else
        fprintf(f, "<h2>Summary</h2>\n<p>%d claim%s:", counted, counted == 1 ? "" : "s");
    const char *sep = " ";
    for (int st = 0; st < CLAIM_NSTATUS; st++)
        if (count[st]) {
            fprintf(f, "%s%d %s", sep, count[st], claim_status_name((claim_status)st));
            sep = ", ";
        }
    fputs(".", f);
    if (counted && count[CLAIM_HOLDS] + count[CLAIM_CERTIFIED] == counted)
        fputs(" Every claim of the papers selected holds (or is certified) on the domain swept.", f);
    fputs("</p>\n<ul>", f);
    /* Grouped by kind: what fails, what could not be read, what is
     * inconclusive (each in claim order). */
    static const claim_status order[] = {CLAIM_FAILS, CLAIM_GARBLED, CLAIM_EMPTY, CLAIM_OBSERVED, CLAIM_UNDECIDED};
    for (size_t g = 0; g < sizeof order / sizeof *order; g++)
        for (int i = 0; i < run->nclaims; i++)
            if (claim_counts(run->claims[i], run->strict_readings) && claim_verdict(&run->reports[i]) == order[g])
                summary_item(f, run, i);
    fputs("</ul>\n", f);
    if (readings)
        fprintf(f, "<p>%d strict or literal reading%s of sentences the papers qualify fail%s, as expected (marked <i>(a "
                   "reading)</i> below, each saying why); they set the exit status only with "
                   "<code>--strict-readings</code>.</p>\n",
                readings, readings == 1 ? "" : "s", readings == 1 ? "s" : "");
    fputs("<p>The errata, paper by paper, as a referee would cite them (what fails as each paper means it, with "
          "its witness; the readings that fail; what is not refuted): <a href=\"errata.md\">errata.md</a>.</p>\n",
          f);
    fprintf(f, "<p>Exit status %d.</p>\n", run->exit_status);
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
            html_put(f, l->worst_game);
            fputs(" (points ", f);
            html_put(f, l->worst_points);
            fprintf(f, ", m = %d, period %d)", l->worst_m, l->worst_period);
        } else
            fputs("</td><td>", f);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

/* Groups of mismatches a page lists for a claim at most (the rest are
 * counted, and every one kept is in mismatches.csv); fewer beside a
 * printed table, whose grid marks every differing cell. */
#define PAGE_MISMATCH_GROUPS 20
#define PAGE_MISMATCH_GROUPS_BESIDE_GRID 5

/* A claim's kept mismatches, grouped: the mismatches of one part at one
 * position (its N one after another) are one row, the first one's values
 * and witness with the range of N and how many; at most
 * PAGE_MISMATCH_GROUPS rows, then how many more are in mismatches.csv. */
static void mismatches(FILE *f, const results_run *run, int i, int most)
{
    const claim_report *r = &run->reports[i];
    if (!r->nkept)
        return;
    uint64_t all = 0;
    for (int p = 0; p < r->nparts; p++)
        all += r->mismatches[p];
    fputs("<table class=\"mismatches\"><tr><th>part</th><th>position</th><th>N</th><th>stated</th>"
          "<th>computed</th><th>witness</th></tr>\n",
          f);
    results_mismatch_text first, mt;
    results_mismatch_text_init(&first, run->table);
    results_mismatch_text_init(&mt, run->table);
    int groups = 0, k = 0;
    uint64_t listed = 0;
    while (k < r->nkept && groups < most) {
        const claim_mismatch *m = &r->kept[k];
        results_mismatch_fill(&first, run->table, m);
        /* The group: the following mismatches of the same part at the same
         * position. */
        int end = k + 1;
        char last_n[32];
        snprintf(last_n, sizeof last_n, "%s", first.n);
        for (; end < r->nkept; end++) {
            const claim_mismatch *o = &r->kept[end];
            if (o->part != m->part)
                break;
            results_mismatch_fill(&mt, run->table, o);
            if (strcmp(mt.where, first.where) != 0)
                break;
            snprintf(last_n, sizeof last_n, "%s", mt.n);
        }
        int size = end - k;
        fputs("<tr><td>", f);
        html_put(f, run->claims[i]->parts[m->part]);
        fputs("</td><td>", f);
        html_put(f, first.where);
        fputs("</td><td>", f);
        html_put(f, first.n);
        if (size > 1) {
            fputs(" .. ", f);
            html_put(f, last_n);
            fprintf(f, " (%d values; the first shown)", size);
        }
        fputs("</td><td>", f);
        html_put(f, m->expected);
        fputs("</td><td>", f);
        html_put(f, m->actual);
        fputs("</td><td>", f);
        html_put(f, first.note);
        fputs("</td></tr>\n", f);
        listed += (uint64_t)size;
        groups++;
        k = end;
    }
    results_mismatch_text_free(&first);
    results_mismatch_text_free(&mt);
    fputs("</table>\n", f);
    if (all > listed)
        fprintf(f, "<p>%llu mismatches in all (every one is counted); <code>mismatches.csv</code> lists %d%s.</p>\n",
                (unsigned long long)all, r->nkept,
                (uint64_t)r->nkept < all ? ", the first ones (<code>--max-mismatches</code> sets how many)" : "");
}

/* ---- printed tables, cell by cell ---- */

/* The class of a cell of a grid as an HTML class: a = agrees, x =
 * explained (displaced or mirrored), q = undecided or read as another text
 * nothing convicts (not refuted), e = erratum (certain or probable), u =
 * not read (not printed, unreadable). */
static const char *grid_class(ptable_class how)
{
    switch (how) {
    case PT_AGREES:
        return "";
    case PT_DISPLACED:
    case PT_MIRRORED:
        return " class=x";
    case PT_UNDECIDED:
    case PT_DIFFERS:
        return " class=q";
    case PT_ERRATUM:
        return " class=e";
    default:
        return " class=u";
    }
}

/* Each printed table a claim read, as its grids hold it: every cell as
 * printed where its place is certain, a differing one with "printed /
 * computed", coloured by how it was read.  A claim of readings shows the
 * grid of the reading that holds (else the first). */
static void printed_grids(FILE *f, const claim_def *c, const claim_report *r)
{
    int shown = r->readings ? claim_reading_that_holds(r) : -1;
    if (r->readings && shown < 0)
        shown = 0;
    for (int k = 0; k < r->ngrids; k++) {
        const claim_grid *g = &r->grids[k];
        if (shown >= 0 && g->part != shown)
            continue;
        if (shown >= 0) {
            fputs("<p>Under the reading: ", f);
            html_put(f, c->parts[shown]);
            fputs(".</p>\n", f);
        }
        fputs("<p>", f);
        html_put(f, g->title);
        fputs(" As the extracted text prints it (\".\" was printed empty): a cell that differs shows <i>printed / "
              "computed</i> (<i>? / computed</i> where its place in the damaged line is uncertain); red an "
              "erratum (certain or probable), yellow a difference the text's damage explains (a displaced cell, or "
              "a position the table prints rightly elsewhere), orange undecided or read as another text that "
              "nothing convicts (not refuted), grey not read.</p>\n<div class=\"wide\"><table class=\"grid\"><tr><th>",
              f);
        fputs("</th>", f);
        for (int j = 0; j < g->cols; j++) {
            fputs("<th>", f);
            html_put(f, g->col_label[j]);
            fputs("</th>", f);
        }
        fputs("</tr>\n", f);
        for (int i = 0; i < g->rows; i++) {
            fputs("<tr><th>", f);
            html_put(f, g->row_label[i]);
            fputs("</th>", f);
            for (int j = 0; j < g->cols; j++) {
                size_t at = (size_t)i * (size_t)g->cols + (size_t)j;
                const char *printed = g->printed[at], *computed = g->computed[at] ? g->computed[at] : "";
                ptable_class how = (ptable_class)g->how[at];
                /* No closing tags (HTML lets a cell end at the next one): a
                 * thousand cells a table, a dozen tables a run. */
                fprintf(f, "<td%s>", grid_class(how));
                if (how == PT_AGREES)
                    html_put(f, printed ? printed : computed);
                else if (how == PT_NOT_PRINTED || how == PT_UNREADABLE)
                    html_put(f, printed ? printed : "");
                else {
                    html_put(f, printed ? printed : "?");
                    if (!printed || strcmp(printed, computed) != 0) {
                        fputs(" / ", f);
                        html_put(f, computed);
                    }
                }
            }
            fputs("</tr>\n", f);
        }
        /* (In a box that scrolls on its own: the page fits its window.) */
        fputs("</table></div>\n", f);
    }
}

/* Whether a claim id is of the paper. */
static bool of_paper(const claim_def *c, const claim_paper *paper)
{
    return claim_paper_of(c->id) == paper;
}

/* A paper at a glance, when its claims ran: what holds on what domain,
 * what fails and where first, which tables differ and where. */
static void paper_summary(FILE *f, const results_run *run, const claim_paper *paper)
{
    bool any = false;
    for (int i = 0; i < run->nclaims && !any; i++)
        any = of_paper(run->claims[i], paper);
    if (!any)
        return;
    fputs("<h2>", f);
    html_put(f, paper->name);
    fputs(": summary</h2>\n<table id=\"", f);
    html_put(f, paper->prefix);
    fputs("-summary\"><tr><th>claim</th><th>status</th><th>on</th><th>first mismatch, or what was found</th></tr>\n",
          f);
    for (int i = 0; i < run->nclaims; i++) {
        const claim_def *c = run->claims[i];
        if (!of_paper(c, paper))
            continue;
        const claim_report *r = &run->reports[i];
        claim_status s = claim_verdict(r);
        fprintf(f, "<tr><td><a href=\"#c%d\"><code>", i);
        html_put(f, c->id);
        fprintf(f, "</code></a></td><td class=\"%s\">%s</td><td>", status_class(s), claim_status_name(s));
        html_put(f, c->domain);
        fputs(" <i>(", f);
        html_put(f, claim_truth_short(c->truth));
        fputs(")</i></td><td>", f);
        /* A claim of readings: the one that holds first. */
        int holds = claim_reading_that_holds(r);
        if (holds >= 0) {
            fputs("holds under the reading: ", f);
            html_put(f, c->parts[holds]);
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
            html_put(f, said);
        else if (r->nkept) {
            html_put(f, r->kept[0].where);
            fputs(": stated ", f);
            html_put(f, r->kept[0].expected);
            fputs(", computed ", f);
            html_put(f, r->kept[0].actual);
        }
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

/* The figures of a page, drawn by one gnuplot process into figures/ of
 * the results directory, each with its data beside it (figures/ID.dat,
 * exact values; figures/ID.svg), and shown in the page by reference: a
 * gnuplot SVG weighs about 20 KB however simple, and a default run draws
 * a dozen, so the page stays small and the figures stay files a reader can
 * take.  Each data file is written and its plot appended to one script as
 * it is added, gnuplot runs once, and the SVGs are synced before the
 * directory gets its name.  A data file that cannot be written stops the
 * run (a write error); gnuplot missing or failing only leaves the figure
 * undrawn, and the page says so. */
typedef void (*data_fn)(FILE *f, const void *ctx);
typedef struct {
    char *id, *title;
} figure_item;
typedef struct {
    char *dir;          /* <results>/figures                        */
    char *gp;
    FILE *script;
    bool drawn;         /* gnuplot ran and succeeded                */
    char *error;        /* the first write error, or NULL            */
    figure_item *item;
    int n, cap;
} figure_batch;

static void batch_error(figure_batch *b, const char *path)
{
    if (!b->error)
        b->error = claim_printf("cannot write %s: %s", path, strerror(errno ? errno : EIO));
}

static void batch_begin(figure_batch *b, const char *dir)
{
    memset(b, 0, sizeof *b);
    b->dir = claim_printf("%s/figures", dir);
    b->gp = claim_printf("%s/.figures.gp", dir);
    if (mkdir(b->dir, 0777) != 0 && errno != EEXIST)
        batch_error(b, b->dir);
}

/* Writes a file whole and syncs it; false on any error. */
static bool write_synced(const char *path, data_fn data, const void *ctx)
{
    FILE *d = fopen(path, "we");
    if (!d)
        return false;
    data(d, ctx);
    bool ok = fflush(d) == 0 && !ferror(d) && fsync(fileno(d)) == 0;
    return fclose(d) == 0 && ok;
}

/* Adds a figure: its data written by `data`, drawn by `plot` (a gnuplot
 * plot command reading the file '%1$s'). */
static void batch_add(figure_batch *b, const char *id, const char *title, const char *xlabel, const char *ylabel,
                      const char *plot, data_fn data, const void *ctx)
{
    if (b->error)
        return;
    if (b->n == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 16;
        b->item = xrealloc(b->item, xmul((size_t)b->cap, sizeof *b->item, "the figures"), "the figures");
    }
    figure_item *it = &b->item[b->n++];
    it->id = claim_printf("%s", id);
    it->title = claim_printf("%s", title);
    char *dat = claim_printf("%s/%s.dat", b->dir, id), *svg = claim_printf("%s/%s.svg", b->dir, id);
    if (!write_synced(dat, data, ctx))
        batch_error(b, dat);
    if (!b->script && !b->error) {
        b->script = fopen(b->gp, "we");
        if (!b->script)
            batch_error(b, b->gp);
    }
    if (b->script) {
        /* Titles and labels are the verifier's own texts, without quotes;
         * noenhanced keeps braces and underscores as they are. */
        fprintf(b->script,
                "reset\nset terminal svg size 680,400 enhanced font 'Helvetica,12' background '#ffffff'\n"
                "set output '%s'\nset title \"%s\" noenhanced\nset xlabel \"%s\" noenhanced\n"
                "set ylabel \"%s\" noenhanced\nset grid\nunset key\nset datafile missing 'NaN'\n",
                svg, title, xlabel, ylabel);
        fprintf(b->script, plot, dat);
        fputc('\n', b->script);
    }
    free(dat);
    free(svg);
}

/* Syncs a file gnuplot wrote; false if it is missing or cannot be. */
static bool sync_file(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    bool ok = fsync(fd) == 0;
    return close(fd) == 0 && ok;
}

/* Runs gnuplot once over every figure added (when it is installed), and
 * syncs what it drew and the directory. */
static void batch_draw(figure_batch *b)
{
    if (b->script) {
        bool ok = fflush(b->script) == 0 && !ferror(b->script);
        if (fclose(b->script) != 0 || !ok)
            batch_error(b, b->gp);
        b->script = NULL;
    }
    if (b->error || !b->n || !tool_installed("gnuplot"))
        return;
    const char *argv[] = {"gnuplot", b->gp, NULL};
    b->drawn = tool_run(argv, true) == 0;
    /* gnuplot may exit with 0 when its own write failed: every figure is
     * read back whole, or none is shown (and none is kept cut). */
    char why[512];
    for (int k = 0; k < b->n && b->drawn; k++) {
        char *svg = claim_printf("%s/%s.svg", b->dir, b->item[k].id);
        b->drawn = tool_output_whole(svg, "svg", why, sizeof why) == 0 && sync_file(svg);
        free(svg);
    }
    for (int k = 0; k < b->n && !b->drawn; k++) {
        char *svg = claim_printf("%s/%s.svg", b->dir, b->item[k].id);
        unlink(svg);
        free(svg);
    }
    int fd = open(b->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0 || fsync(fd) != 0)
        batch_error(b, b->dir);
    if (fd >= 0)
        close(fd);
}

/* Figure k in the page, by reference, with its data file named. */
static void batch_put(FILE *f, const figure_batch *b, int k)
{
    const figure_item *it = &b->item[k];
    fprintf(f, "<figure id=\"figure-%s\">\n", it->id);
    if (b->drawn) {
        fprintf(f, "<img src=\"figures/%s.svg\" width=\"680\" height=\"400\" alt=\"", it->id);
        html_put(f, it->title);
        fputs("\">\n", f);
    } else
        fputs("<p>(not drawn: gnuplot is not installed or failed; Debian: gnuplot-nox)</p>\n", f);
    fputs("<figcaption>", f);
    html_put(f, it->title);
    fprintf(f, " <small>(data: <code>figures/%s.dat</code>)</small></figcaption></figure>\n", it->id);
}

/* Ends the batch; returns the first write error (to free), or NULL. */
static char *batch_end(figure_batch *b)
{
    if (b->script)
        fclose(b->script);
    unlink(b->gp);
    free(b->gp);
    free(b->dir);
    for (int k = 0; k < b->n; k++) {
        free(b->item[k].id);
        free(b->item[k].title);
    }
    free(b->item);
    return b->error;
}

static void per_k_data(FILE *f, const void *ctx)
{
    const claim_report *r = ctx;
    for (int k = 0; k < r->nper_k; k++)
        if (r->per_k[k].worst_pre >= 0)
            fprintf(f, "%d %d\n", r->per_k[k].k, r->per_k[k].worst_pre);
}

/* The papers' payoff curves (claim_paper.figures), for the positions a
 * sweep of their game holds: each over the paper's own window of N with
 * the paper's closed forms beside it (as `make figures` draws them). */
typedef struct {
    const claim_paper *paper;
    const paper_figure *fig;
} paper_curve;

/* Every figure of a paper about the run's game, in the registry's order;
 * returns how many (at most max). */
static int run_curves(const game_entry *game, paper_curve *out, int max)
{
    int n = 0;
    for (int k = 0; claim_papers[k]; k++) {
        const claim_paper *p = claim_papers[k];
        if (!p->figures || !p->game || !game || strcmp(p->game, game->name) != 0)
            continue;
        for (int i = 0; p->figures[i].id; i++) {
            if (n == max)
                die("internal error: more than %d paper figures", max);
            out[n++] = (paper_curve){p, &p->figures[i]};
        }
    }
    return n;
}
#define MAX_CURVES REPORT_HTML_MAX_ROWS

typedef struct {
    const value_table *t;
    const int32_t *row;
    paper_curve pc;
    bool whole;         /* the whole window, no overlay          */
} curve;

/* `N f [forms...]` per half-integer N of the window, exact decimals
 * (NaN where a closed form has no value). */
static void curve_data(FILE *f, const void *ctx)
{
    const curve *c = ctx;
    const paper_figure *fig = c->pc.fig;
    int over = c->whole ? 0 : fig->noverlays;
    const int *p = fig->piles;
    fprintf(f, "# %s, exact at every half-integer N (written as decimals: 3.5 is 7/2)\n# N f_N(%d,%d,%d)", fig->title,
            p[0], p[1], p[2]);
    for (int i = 0; i < over; i++) {
        const paper_form *form = &c->pc.paper->forms[fig->overlay[i].form];
        fputc(' ', f);
        fprintf(f, form->column, fig->overlay[i].k);
    }
    fputc('\n', f);
    for (int l = 0; l < c->t->win.lanes; l++) {
        int64_t M = table_lane_M(c->t, l);
        if (!c->whole && (M < 2 * fig->lo || M > 2 * fig->hi))
            continue;
        /* Decimals (exact at halves): gnuplot reads numbers. */
        char n[32], v[32];
        claim_format_half_decimal(M, n, sizeof n);
        claim_format_half_decimal(c->row[l], v, sizeof v);
        fprintf(f, "%s %s", n, v);
        for (int i = 0; i < over; i++) {
            const paper_form *form = &c->pc.paper->forms[fig->overlay[i].form];
            int64_t x;
            if (form->value(fig->overlay[i].k, fig->piles, fig->n, M, 2, &x)) {
                claim_format_half_decimal(x, v, sizeof v);
                fprintf(f, " %s", v);
            } else
                fprintf(f, " NaN");
        }
        fprintf(f, "\n");
    }
}

/* One closed form's line in a curve's gnuplot command: "'%1$s'" for the
 * first line of the command, "''" for the others. */
static char *form_line(char *cmd, const paper_form *form, int k, int column, bool first)
{
    char key[96];
    snprintf(key, sizeof key, form->key, k);
    char *next = claim_printf("%s%s using 1:%d with lines %s title '%s', ", cmd, first ? "'%1$s'" : "''", column,
                              form->bold ? "lw 5 dt 3 lc rgb '#111111'" : "lw 2.5 dt 2 lc rgb '#e67e22'", key);
    free(cmd);
    return next;
}

/* The gnuplot command of a curve (free it): the computed payoff first,
 * the paper's forms on top of it, dashed in colours of their own (the
 * bold one thicker), so that a form equal to the payoff shows through its
 * gaps; the curve a margin from the frame. */
static char *curve_plot(const paper_curve *pc)
{
    const paper_figure *fig = pc->fig;
    if (fig->noverlays == 0)
        return claim_printf("set offsets 0, 0, graph 0.06, graph 0.06; "
                            "plot '%%1$s' using 1:2 with linespoints lw 2 pt 7 ps 0.4 lc rgb '#3b82f6' notitle");
    char *cmd = claim_printf("set key outside below horizontal; set offsets 0, 0, graph 0.06, graph 0.06; plot '%%1$s' "
                             "using 1:2 with linespoints lw 2 pt 7 ps 0.4 lc rgb '#3b82f6' title 'f_N (computed)', ");
    for (int i = 0; i < fig->noverlays; i++)
        cmd = form_line(cmd, &pc->paper->forms[fig->overlay[i].form], fig->overlay[i].k, 3 + i, false);
    /* (form_line leaves ", " after each line.) */
    cmd[strlen(cmd) - 2] = 0;
    return cmd;
}

/* The rank of a figure's position in the run's table, or -1. */
static int64_t figure_rank(const game_entry *game, const value_table *t, const paper_figure *fig)
{
    return game && game->rank_of_piles ? game->rank_of_piles(t->game, fig->piles, fig->n) : -1;
}

int report_html_row_ranks(const game_entry *game, const value_table *t, uint64_t *ranks, int max)
{
    paper_curve pc[MAX_CURVES];
    int ncurves = run_curves(game, pc, MAX_CURVES), n = 0;
    for (int i = 0; i < ncurves; i++) {
        int64_t rank = figure_rank(game, t, pc[i].fig);
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
static void paper_findings(FILE *f, const results_run *run, const claim_paper *paper)
{
    bool any = false;
    for (int i = 0; i < run->nclaims && !any; i++)
        any = of_paper(run->claims[i], paper);
    if (!any)
        return;
    fputs("<h2>", f);
    html_put(f, paper->name);
    fputs(": what was found</h2>\n<table class=\"findings\"><tr><th>claim</th><th>status</th><th>on</th><th>what was found</th></tr>\n",
          f);
    for (int i = 0; i < run->nclaims; i++) {
        const claim_def *c = run->claims[i];
        if (!of_paper(c, paper))
            continue;
        const claim_report *r = &run->reports[i];
        claim_status s = claim_verdict(r);
        fprintf(f, "<tr><td><a href=\"#c%d\"><code>", i);
        html_put(f, c->id);
        fprintf(f, "</code></a></td><td class=\"%s\">%s</td><td>", status_class(s), claim_status_name(s));
        html_put(f, c->domain);
        fputs(" <i>(", f);
        html_put(f, claim_truth_short(c->truth));
        fputs(")</i></td><td>", f);
        if (r->nkept) {
            html_put(f, r->kept[0].where);
            fputs(": stated ", f);
            html_put(f, r->kept[0].expected);
            fputs(", computed ", f);
            html_put(f, r->kept[0].actual);
            fputs("<br>", f);
        }
        for (int k = 0; k < r->nfindings; k++) {
            fputs("<b>", f);
            html_put(f, r->findings[k].key);
            fputs(":</b> ", f);
            html_put(f, r->findings[k].value);
            fputs("<br>", f);
        }
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

/* Whether claim i is a reading whose worst preperiods by k are those of
 * its intended claim, also in the run (the two figures would be one
 * picture twice). */
static bool same_preperiods_as_intended(const results_run *run, int i)
{
    const claim_def *c = run->claims[i];
    if (!c->reading_of)
        return false;
    for (int j = 0; j < run->nclaims; j++) {
        if (strcmp(run->claims[j]->id, c->reading_of) != 0)
            continue;
        const claim_report *a = &run->reports[i], *b = &run->reports[j];
        if (a->nper_k != b->nper_k)
            return false;
        for (int k = 0; k < a->nper_k; k++)
            if (a->per_k[k].k != b->per_k[k].k || a->per_k[k].worst_pre != b->per_k[k].worst_pre)
                return false;
        return true;
    }
    return false;
}

/* A family's worst preperiod by k as a table (too few points to draw). */
static void worst_preperiod_table(FILE *f, const char *id, const claim_report *r)
{
    fputs("<figure><table class=\"per-k\"><tr><th>k</th><th>worst preperiod</th><th>at</th></tr>\n", f);
    for (int k = 0; k < r->nper_k; k++) {
        const claim_per_k *l = &r->per_k[k];
        if (l->worst_pre < 0)
            continue;
        fprintf(f, "<tr><td>%d</td><td>%d</td><td>", l->k, l->worst_pre);
        html_put(f, l->worst_game);
        fputs(" (points ", f);
        html_put(f, l->worst_points);
        fprintf(f, ", m = %d)</td></tr>\n", l->worst_m);
    }
    fputs("</table><figcaption><code>", f);
    html_put(f, id);
    fputs("</code>: worst preperiod by largest take k (a table: too few points for a figure)</figcaption></figure>\n", f);
}

/* The page's figures (see figure_batch); returns a write error (to
 * free), or NULL. */
static char *figures(FILE *f, const char *dir, const results_run *run)
{
    fputs("<h2>Figures</h2>\n", f);
    figure_batch b;
    batch_begin(&b, dir);
    paper_curve pc[MAX_CURVES];
    int ncurves = run->table ? run_curves(run->game, pc, MAX_CURVES) : 0;
    int32_t **rows = xcalloc(MAX_CURVES, sizeof *rows, "the rows");
    curve *c = xcalloc(MAX_CURVES, sizeof *c, "the curves");
    for (int i = 0; i < ncurves; i++) {
        int64_t rank = figure_rank(run->game, run->table, pc[i].fig);
        if (rank < 0)
            continue;
        rows[i] = xmalloc((size_t)run->table->win.lanes * sizeof **rows, "a row");
        c[i] = (curve){run->table, whole_row(run, (uint64_t)rank, rows[i]), pc[i], false};
        /* The paper's window only: over the whole window of a sweep each
         * curve is a plain V (|f| grows as |N|). */
        char *plot = curve_plot(&pc[i]);
        batch_add(&b, pc[i].fig->id, pc[i].fig->title, "N", "f_N", plot, curve_data, &c[i]);
        free(plot);
    }
    /* Each family's worst preperiod by largest take: a figure from five
     * points on (fewer read better as a table, below the figures); a
     * reading whose points are its intended claim's is not drawn twice. */
    int *small = xcalloc((size_t)(run->nclaims ? run->nclaims : 1), sizeof *small, "the small families");
    int nsmall = 0;
    for (int i = 0; i < run->nclaims; i++) {
        const claim_report *r = &run->reports[i];
        int points = 0;
        for (int k = 0; k < r->nper_k; k++)
            points += r->per_k[k].worst_pre >= 0;
        if (!points || same_preperiods_as_intended(run, i))
            continue;
        if (points < 5) {
            small[nsmall++] = i;
            continue;
        }
        /* Named by the claim (its id with '/' as '-'): stable whatever else
         * the run checks; its title names the readings drawn by it. */
        char *id = claim_printf("preperiods-%s", run->claims[i]->id),
             *title = claim_printf("%s: worst preperiod by largest take k", run->claims[i]->id);
        for (int j = 0; j < run->nclaims; j++)
            if (run->claims[j]->reading_of && strcmp(run->claims[j]->reading_of, run->claims[i]->id) == 0 &&
                same_preperiods_as_intended(run, j)) {
                char *more = claim_printf("%s (and %s, the same)", title, run->claims[j]->id);
                free(title);
                title = more;
            }
        for (char *p = id; *p; p++)
            if (*p == '/' || *p == '.')
                *p = '-';
        /* Whole numbers on both axes (a preperiod is never negative), and
         * the points off the side and top frames. */
        batch_add(&b, id, title, "k", "worst preperiod",
                  "set xtics 1; set format y '%%.0f'; set yrange [0:*]; "
                  "set offsets graph 0.04, graph 0.04, graph 0.06, 0; "
                  "plot '%1$s' using 1:2 with linespoints lw 2 pt 7 notitle",
                  per_k_data, r);
        free(id);
        free(title);
    }
    /* The claims' data series: n against the value, each point by its
     * outcome when the series has one (a 4th column). */
    for (int i = 0; i < run->nclaims; i++)
        for (int k = 0; k < run->reports[i].nseries; k++) {
            const claim_series *sr = &run->reports[i].series[k];
            bool classes = strstr(sr->columns, "outcome") != NULL;
            batch_add(&b, sr->name, sr->title, "n", "the value (probability that the player to move wins)",
                      classes ? "set key outside below; set yrange [-0.05:1.05]; "
                                "plot '%1$s' using 1:(strcol(4) eq 'win' ? $2 : NaN) with points pt 7 ps 0.6 "
                                "lc rgb '#2a7a2a' title 'certain win', "
                                "'' using 1:(strcol(4) eq 'loss' ? $2 : NaN) with points pt 7 ps 0.6 "
                                "lc rgb '#b22222' title 'certain loss', "
                                "'' using 1:(strcol(4) eq 'uncertain' ? $2 : NaN) with points pt 5 ps 1.0 "
                                "lc rgb '#1f4fbf' title 'uncertain (its exact value in the data file)'"
                              : "plot '%1$s' using 1:2 with points pt 7 ps 0.6 notitle",
                      series_data, sr);
        }
    batch_draw(&b);
    for (int k = 0; k < b.n; k++)
        batch_put(f, &b, k);
    for (int j = 0; j < nsmall; j++)
        worst_preperiod_table(f, run->claims[small[j]]->id, &run->reports[small[j]]);
    free(small);
    if (!b.n && !nsmall)
        fputs("<p>No figure for this run: no paper position in the sweep, no family with a preperiod and no data "
              "series.</p>\n",
              f);
    for (int i = 0; i < MAX_CURVES; i++)
        free(rows[i]);
    free(rows);
    free(c);
    return batch_end(&b);
}

static int slower_first(const void *a, const void *b, void *arg)
{
    const results_run *run = arg;
    double x = run->reports[*(const int *)a].seconds, y = run->reports[*(const int *)b].seconds;
    return x < y ? 1 : x > y ? -1 : *(const int *)a - *(const int *)b;
}

/* Where the time went: the phases and each claim, slowest first.  The one
 * part of the page that changes from run to run (the same holds for
 * summary.json's "run" object); it sits in its own section, which a
 * comparison of two runs leaves out. */
static void time_section(FILE *f, const results_run *run)
{
    fprintf(f, "<section id=\"run\">\n<h2>Where the time went</h2>\n<p>%d thread%s%s; wall seconds: planning "
               "%.2f, sweep %.2f, claims %.2f (writing the results: in <code>summary.json</code>).</p>\n",
            run->pin ? run->pin->threads : 1, run->pin && run->pin->threads == 1 ? "" : "s",
            run->ranks > 1 ? ", several ranks" : "", run->plan_seconds, run->sweep_seconds, run->claims_seconds);
    if (run->nclaims > 0) {
        int *order = xmalloc(xmul((size_t)run->nclaims, sizeof *order, "the claims' order"), "the claims' order");
        for (int i = 0; i < run->nclaims; i++)
            order[i] = i;
        qsort_r(order, (size_t)run->nclaims, sizeof *order, slower_first, (void *)run);
        fputs("<table id=\"times\">\n<tr><th>claim</th><th>seconds</th></tr>\n", f);
        for (int k = 0; k < run->nclaims; k++) {
            fputs("<tr><td><code>", f);
            html_put(f, run->claims[order[k]]->id);
            fprintf(f, "</code></td><td>%.3f</td></tr>\n", run->reports[order[k]].seconds);
        }
        fputs("</table>\n", f);
        free(order);
    }
    fputs("</section>\n", f);
}

int report_html_write(const char *dir, const results_run *run, const json_t *errata, char *err, int errlen)
{
    char path[4352];
    snprintf(path, sizeof path, "%s/report.html", dir);
    FILE *f = fopen(path, "we");
    if (!f) {
        snprintf(err, (size_t)errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    head(f, run);
    /* What a reader wants first: the verdicts in words, then what ran. */
    fputs("<h1>Scoring-play verifier report</h1>\n", f);
    paper_stories(f, errata);
    verdict_summary(f, run);
    errata_section(f, errata);
    configuration(f, run);
    claims_table(f, run);
    /* Each paper's own section, as its registry line says. */
    for (int k = 0; claim_papers[k]; k++) {
        if (claim_papers[k]->report == PAPER_REPORT_SUMMARY)
            paper_summary(f, run, claim_papers[k]);
        else if (claim_papers[k]->report == PAPER_REPORT_FINDINGS)
            paper_findings(f, run, claim_papers[k]);
    }
    char *figure_error = figures(f, dir, run);
    if (figure_error) {
        snprintf(err, (size_t)errlen, "%s", figure_error);
        free(figure_error);
        fclose(f);
        return -1;
    }
    fputs("<h2 id=\"each\">Each claim</h2>\n", f);
    for (int i = 0; i < run->nclaims; i++) {
        const claim_def *c = run->claims[i];
        const claim_report *r = &run->reports[i];
        claim_status s = claim_verdict(r);
        fprintf(f, "<h3 id=\"c%d\"><code>", i);
        html_put(f, c->id);
        fprintf(f, "</code> <span class=\"%s\">%s</span></h3>\n<p><b>Statement.</b> ", status_class(s),
                claim_status_name(s));
        html_put(f, c->statement);
        fputs("</p>\n<p><b>Checked.</b> ", f);
        html_put(f, c->domain);
        fputs("</p>\n<p><b>Proof.</b> ", f);
        html_put(f, claim_truth_text(c->truth));
        fputs("</p>\n", f);
        if (c->reading_of) {
            fputs("<p><b>A reading.</b> The intended reading is <code>", f);
            html_put(f, c->reading_of);
            /* Only a reading that fails is said to fail as expected. */
            if (s == CLAIM_FAILS)
                fputs("</code>; this one fails, as expected, because ", f);
            else
                fputs("</code>; this stricter or more literal one may fail without contradicting the paper, "
                      "and does not fail here. It may fail because ",
                      f);
            html_put(f, c->reading_why);
            fputs(".</p>\n", f);
        }
        if (r->readings) {
            int holds = claim_reading_that_holds(r);
            fputs("<p><b>Readings.</b> The statement can be read in the ways below, each checked in full; ", f);
            if (holds >= 0) {
                fputs("it holds under the reading: ", f);
                html_put(f, c->parts[holds]);
            } else
                fputs("no reading holds", f);
            fputs(".</p>\n", f);
        }
        fputs("<ul>", f);
        for (int p = 0; p < r->nparts; p++) {
            fputs(r->readings ? "<li>reading: " : "<li>", f);
            html_put(f, c->parts[p]);
            fprintf(f, ": %s (%llu cases, %llu mismatches)</li>", claim_status_name(claim_part_status(r, p)),
                    (unsigned long long)r->cases[p], (unsigned long long)r->mismatches[p]);
        }
        for (int k = 0; k < r->nfindings; k++) {
            fputs("<li>finding: ", f);
            html_put(f, r->findings[k].key);
            fputs(": ", f);
            html_put(f, r->findings[k].value);
            fputs("</li>", f);
        }
        fputs("</ul>\n", f);
        per_k_table(f, r);
        /* A printed table marks every differing cell already: its list
         * of mismatches (for the witnesses) is short. */
        printed_grids(f, c, r);
        mismatches(f, run, i, r->ngrids ? PAGE_MISMATCH_GROUPS_BESIDE_GRID : PAGE_MISMATCH_GROUPS);
    }
    time_section(f, run);
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
