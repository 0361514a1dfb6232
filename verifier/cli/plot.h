/*
 * plot.h -- the `plot` command (plot.c): f_N(p) over N, exact at every
 * quarter, with the claims' closed forms beside it, as data and a figure.
 */
#ifndef PLOT_H
#define PLOT_H

#include <stdbool.h>
#include <stdint.h>

#include "proofs/claim.h"
#include "verifier/base/guard.h"
#include "verifier/cli/value.h"

/* A closed form to draw beside f, as --overlay names it ("F_3",
 * "thm-6.3"): one of the forms of a paper about the plotted game
 * (claim_paper.forms), found by run_plot. */
typedef struct {
    char name[48];
    const paper_form *form;
    int k;       /* its parameter (F_k), 0: none */
} plot_overlay;

#define PLOT_MAX_OVERLAYS 4

typedef struct {
    value_query value;      /* the position, N = lo .. hi by quarters */
    run_guard *guard;       /* removes the temporary files if the run stops */
    plot_overlay overlays[PLOT_MAX_OVERLAYS];
    int noverlays;
    const char *out;        /* FILE.svg, FILE.png (with FILE.dat) or FILE.dat; NULL: data on stdout */
    const char *title;      /* appended to the title, or NULL        */
    bool force;             /* --force: replace existing files       */
} plot_query;

int run_plot(const plot_query *q);

/* Quarters of N (odd M, N = M/4, v[k] = 4 f at M = mlo + k) where f is not
 * the mean of its two neighbours, i.e. not linear between half-integers. */
long long plot_nonlinear_quarters(const int32_t *v, long long count, int64_t mlo);

#endif
