/*
 * check.c -- drives a `check` run (select claims, claim the output place,
 * sweep, check, write, report) and a `value` query.
 */
#include "check.h"

#include <fnmatch.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/pinning.h"
#include "results.h"

int select_claims(const char *patterns, const claim_def **out, char *err, int errlen)
{
    int n = 0;
    char *copy = strdup(patterns), *save = NULL;
    bool any_pattern = false;
    for (char *pat = strtok_r(copy, ",", &save); pat; pat = strtok_r(NULL, ",", &save)) {
        any_pattern = true;
        bool matched = false;
        for (int i = 0; claim_registry[i]; i++) {
            if (fnmatch(pat, claim_registry[i]->id, 0) != 0)
                continue;
            matched = true;
            bool seen = false;
            for (int j = 0; j < n; j++)
                seen = seen || out[j] == claim_registry[i];
            if (!seen)
                out[n++] = claim_registry[i];
        }
        if (!matched) {
            snprintf(err, (size_t)errlen, "unknown claim '%.60s' (see verifier list)", pat);
            free(copy);
            return -1;
        }
    }
    free(copy);
    if (!any_pattern) {
        snprintf(err, (size_t)errlen, "--claims needs at least one claim id or pattern");
        return -1;
    }
    /* Report in registry order whatever order the patterns came in. */
    int k = 0;
    const claim_def *sorted[256];
    for (int i = 0; claim_registry[i]; i++)
        for (int j = 0; j < n; j++)
            if (out[j] == claim_registry[i])
                sorted[k++] = out[j];
    memcpy(out, sorted, (size_t)k * sizeof *out);
    return k;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void run_one_claim(const sn_table *t, const claim_ctx *ctx, const claim_def *c, claim_report *r)
{
    double t0 = now_seconds();
    if (c->check)
        c->check(t, r);
    else
        c->check_games(ctx, r);
    r->seconds = now_seconds() - t0;
}

void run_claims(const sn_table *t, const claim_ctx *ctx, const claim_def *const *claims, int n,
                claim_report *reports)
{
    /* One claim at a time, in registry order; the heavy ones spread their
     * own work over the workers through the engine (sn_table_visit_layers,
     * og_run_jobs). */
    for (int i = 0; i < n; i++)
        run_one_claim(t, ctx, claims[i], &reports[i]);
}

static void print_report(const claim_def *c, const claim_report *r)
{
    uint64_t cases = 0, mism = 0;
    for (int p = 0; p < r->nparts; p++) {
        cases += r->cases[p];
        mism += r->mismatches[p];
    }
    printf("%-6s %-22s %12llu cases", claim_status_name(claim_verdict(r)), c->id, (unsigned long long)cases);
    if (mism)
        printf(", %llu mismatches", (unsigned long long)mism);
    printf("\n");
    for (int p = 0; p < r->nparts; p++) {
        claim_status s = claim_part_status(r, p);
        if (s != CLAIM_HOLDS)
            printf("         %s: %s (%llu cases, %llu mismatches)\n", c->parts[p], claim_status_name(s),
                   (unsigned long long)r->cases[p], (unsigned long long)r->mismatches[p]);
    }
    for (int i = 0; i < r->nfindings; i++)
        printf("         finding: %s: %s\n", r->findings[i].key, r->findings[i].value);
}

static int exit_status(const claim_report *reports, int n)
{
    int status = 0;
    for (int i = 0; i < n; i++) {
        claim_status s = claim_verdict(&reports[i]);
        if (s == CLAIM_FAILS)
            return 1;
        if (s != CLAIM_HOLDS && s != CLAIM_CERTIFIED)
            status = 3;
    }
    return status;
}

static bool needs_table(const claim_def *const *claims, int n)
{
    for (int i = 0; i < n; i++)
        if (claims[i]->check)
            return true;
    return false;
}

/* Sizes beyond a claim's limit would run for days: refused up front. */
static int check_sizes(const check_options *o, const claim_def *const *claims, int n, char *err, int errlen)
{
    for (int i = 0; i < n; i++)
        if (claims[i]->check_games && claims[i]->max_take_limit && o->sizes.max_take > claims[i]->max_take_limit) {
            snprintf(err, (size_t)errlen, "--max-take %d is beyond %d, the limit of %s", o->sizes.max_take,
                     claims[i]->max_take_limit, claims[i]->id);
            return -1;
        }
    return 0;
}

int run_check(const check_options *o)
{
    char err[512];
    const claim_def *claims[256];
    int n = select_claims(o->claims, claims, err, sizeof err);
    if (n < 0 || (n > 0 && check_sizes(o, claims, n, err, sizeof err) != 0)) {
        fprintf(stderr, "verifier: %s\n", err);
        return 2;
    }
    bool with_table = needs_table(claims, n);
    if (with_table && (o->piles == 0 || o->bound == 0)) {
        fprintf(stderr, "verifier: the Scoring Nim claims (os/*) need --piles and --bound\n");
        return 2;
    }
    sn_table table;
    memset(&table, 0, sizeof table);
    if (with_table &&
        sn_table_create(&table, o->piles, o->bound, sn_window_for_sweep(o->piles, o->bound), err, sizeof err) != 0) {
        fprintf(stderr, "verifier: %s\n", err);
        return 2;
    }
    results_run run = {.piles = o->piles, .bound = o->bound, .claims_pattern = o->claims, .claims = claims,
                       .nclaims = n, .table = with_table ? &table : NULL, .sizes = o->sizes};
    time_t t0 = time(NULL);
    char stamp[32];
    strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", gmtime(&t0));
    strftime(run.started_utc, sizeof run.started_utc, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t0));
    results_place place;
    if (results_prepare(&place, o->out, stamp, err, sizeof err) != 0) {
        fprintf(stderr, "verifier: %s\n", err);
        sn_table_free(&table);
        return 2;
    }
    sn_pinning pin;
    if (sn_pinning_open(&pin, o->threads, err, sizeof err) != 0) {
        fprintf(stderr, "verifier: %s\n", err);
        results_abandon(&place);
        sn_table_free(&table);
        return 2;
    }
    double s0 = now_seconds();
    if (with_table) {
        printf("sweep: %d piles, bound %d: %llu positions x %d bonus values (|N| <= %d, step 1/2), %d threads\n",
               o->piles, o->bound, (unsigned long long)table.shape.count, table.win.lanes,
               table.shape.max_total + 3, pin.threads);
        fflush(stdout);
        sn_table_sweep(&table, &pin);
    }
    double s1 = now_seconds();
    if (pin.warning[0])
        fprintf(stderr, "verifier: %s\n", pin.warning);
    claim_report *reports = calloc((size_t)n, sizeof *reports);
    for (int i = 0; i < n; i++)
        claim_report_init(&reports[i], claims[i], with_table ? &table : NULL);
    claim_ctx ctx = {.sizes = o->sizes, .exec = &pin};
    run_claims(with_table ? &table : NULL, &ctx, claims, n, reports);
    double s2 = now_seconds();
    run.reports = reports;
    run.pin = &pin;
    run.sweep_seconds = s1 - s0;
    run.claims_seconds = s2 - s1;
    for (int i = 0; i < n; i++)
        print_report(claims[i], &reports[i]);
    int status = exit_status(reports, n);
    if (results_write(&place, &run, err, sizeof err) != 0) {
        fprintf(stderr, "verifier: %s\n", err);
        status = 2;
    } else
        printf("results: %s (sweep %.1f s, claims %.1f s)\n", place.final_dir, run.sweep_seconds,
               run.claims_seconds);
    for (int i = 0; i < n; i++)
        claim_report_free(&reports[i]);
    free(reports);
    sn_pinning_close(&pin);
    sn_table_free(&table);
    return status;
}

int run_value(const int *piles, int n, int bound, long lo, long hi)
{
    char err[512];
    sn_table table;
    sn_window win = {.mlo = (int)(2 * lo), .step = 2, .lanes = (int)(hi - lo + 1)};
    if (sn_table_create(&table, n, bound, win, err, sizeof err) != 0) {
        fprintf(stderr, "verifier: %s\n", err);
        return 2;
    }
    sn_pinning pin;
    if (sn_pinning_open(&pin, 0, err, sizeof err) != 0) {
        fprintf(stderr, "verifier: %s\n", err);
        sn_table_free(&table);
        return 2;
    }
    sn_table_sweep(&table, &pin);
    uint64_t rank = (uint64_t)sn_rank_of(&table.shape, piles, n);
    const int32_t *row = sn_row(&table, rank);
    for (int l = 0; l < table.win.lanes; l++)
        printf("%ld %d\n", lo + l, row[l] / 2);
    sn_pinning_close(&pin);
    sn_table_free(&table);
    return 0;
}
