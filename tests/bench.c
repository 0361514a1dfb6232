/*
 * bench.c -- `make bench`: the engine against the plain reference solver
 * on the same work, 3 piles up to 60 stones, every N = k/2 with
 * |N| <= 183 (733 bonus values).  Prints medians and ratios measured in
 * this run; not a test and asserts nothing about time.
 *
 * The reference (tests/reference.c) solves one N at a time with a memo
 * over unsorted pile tuples.  Solving all 733 values takes it minutes, so
 * by default it runs on REF_LANES bonus values spread over the window and
 * its time is scaled to the whole window (it is linear in the number of
 * values: each is an independent solve).  BENCH_REF_ALL=1 runs it on all.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/payoff.h"
#include "../core/pinning.h"
#include "reference.h"

#define PILES 3
#define BOUND 60
#define ENGINE_RUNS 5
#define REF_LANES 24

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static double engine_seconds(int threads, char sha[65])
{
    char err[256];
    sn_table t;
    if (sn_table_create(&t, PILES, BOUND, sn_window_for_sweep(PILES, BOUND), err, sizeof err) != 0) {
        fprintf(stderr, "bench: %s\n", err);
        exit(1);
    }
    sn_pinning pin;
    if (sn_pinning_open(&pin, threads, err, sizeof err) != 0) {
        fprintf(stderr, "bench: %s\n", err);
        exit(1);
    }
    double t0 = now();
    sn_table_sweep(&t, &pin);
    double dt = now() - t0;
    sn_table_sha256(&t, sha);
    sn_pinning_close(&pin);
    sn_table_free(&t);
    return dt;
}

/* Reference on `lanes` of the window's bonus values; also checks that it
 * agrees with a single engine value so the two did the same work. */
static double reference_seconds(const sn_window *w, int lanes)
{
    double total = 0;
    for (int i = 0; i < lanes; i++) {
        int lane = lanes == w->lanes ? i : (int)((long)i * (w->lanes - 1) / (lanes - 1));
        int M = w->mlo + w->step * lane;
        ref_solver ref;
        if (ref_init(&ref, PILES, BOUND, M) != 0) {
            fprintf(stderr, "bench: out of memory\n");
            exit(1);
        }
        double t0 = now();
        /* Every position of the sweep, as the engine computes them. */
        for (int a = 0; a <= BOUND; a++)
            for (int b = 0; b <= a; b++)
                for (int c = 0; c <= b; c++)
                    ref_value2(&ref, (int[]){a, b, c});
        total += now() - t0;
        ref_free(&ref);
    }
    return total;
}

int main(void)
{
    sn_window w = sn_window_for_sweep(PILES, BOUND);
    sn_shape s;
    char err[256];
    sn_shape_init(&s, PILES, BOUND, err, sizeof err);
    double cells = (double)s.count * w.lanes;
    int cores = omp_get_num_procs();
    printf("bench: %d piles, bound %d: %llu positions x %d bonus values = %.3g (position, N) values\n", PILES,
           BOUND, (unsigned long long)s.count, w.lanes, cells);

    char sha1[65], shan[65];
    double t1[ENGINE_RUNS], tn[ENGINE_RUNS];
    for (int i = 0; i < ENGINE_RUNS; i++)
        t1[i] = engine_seconds(1, sha1);
    for (int i = 0; i < ENGINE_RUNS; i++)
        tn[i] = engine_seconds(cores, shan);
    double e1 = median(t1, ENGINE_RUNS), en = median(tn, ENGINE_RUNS);

    int ref_lanes = getenv("BENCH_REF_ALL") ? w.lanes : REF_LANES;
    double r = reference_seconds(&w, ref_lanes) * w.lanes / ref_lanes;

    printf("%-34s %10s %16s %12s\n", "solver", "seconds", "values/s", "vs reference");
    printf("%-34s %10.3f %16.3g %11.1fx\n", "reference (1 thread, memo per N)", r, cells / r, 1.0);
    printf("%-34s %10.3f %16.3g %11.1fx\n", "engine, 1 thread (median of 5)", e1, cells / e1, r / e1);
    char label[64];
    snprintf(label, sizeof label, "engine, %d threads (median of 5)", cores);
    printf("%-34s %10.3f %16.3g %11.1fx\n", label, en, cells / en, r / en);
    printf("engine positions per second (%d threads): %.3g\n", cores, (double)s.count / en);
    if (ref_lanes != w.lanes)
        printf("reference measured on %d of %d bonus values and scaled (BENCH_REF_ALL=1 runs all)\n", ref_lanes,
               w.lanes);
    printf("table sha256 (1 thread)  %s\ntable sha256 (%d threads) %s\n", sha1, cores, shan);
    sn_shape_free(&s);
    return strcmp(sha1, shan) != 0;
}
