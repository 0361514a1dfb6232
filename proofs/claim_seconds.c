/*
 * claim_seconds.c -- a claim's measured seconds, looked up in the tables
 * proofs/claim_seconds.tsv holds (built into BUILD/gen/claim_seconds_data.c).
 */
#include "proofs/claim_seconds.h"

#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"

/* Claim id's seconds on sweep w; -1 when w did not measure it. */
static double seconds_on(const claim_seconds_sweep *w, const char *id)
{
    for (int i = 0; i < w->count; i++)
        if (strcmp(w->entries[i].id, id) == 0)
            return w->entries[i].seconds;
    return -1;
}

double claim_default_seconds(const char *id)
{
    return CLAIM_SECONDS_SWEEP_COUNT > 0 ? seconds_on(&CLAIM_SECONDS_SWEEPS[0], id) : -1;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double claim_fallback_seconds(const char *id)
{
    if (CLAIM_SECONDS_SWEEP_COUNT == 0)
        return -1;
    const claim_seconds_sweep *w = &CLAIM_SECONDS_SWEEPS[0];
    size_t paper = strcspn(id, "/");
    double *s = xmalloc(sizeof *s * (size_t)(w->count ? w->count : 1), "the measured seconds");
    int n = 0;
    for (int i = 0; i < w->count; i++)
        if (strcspn(w->entries[i].id, "/") == paper && strncmp(w->entries[i].id, id, paper) == 0)
            s[n++] = w->entries[i].seconds;
    qsort(s, (size_t)n, sizeof *s, by_value);
    double median = n == 0 ? -1 : n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    free(s);
    return median;
}

double claim_table_seconds(const char *id, int piles, int bound, double cells)
{
    const claim_seconds_sweep *near = NULL;
    double near_s = -1;
    for (int k = 0; k < CLAIM_SECONDS_SWEEP_COUNT; k++) {
        const claim_seconds_sweep *w = &CLAIM_SECONDS_SWEEPS[k];
        double s = seconds_on(w, id);
        if (s < 0)
            continue;
        if (w->piles == piles && w->bound == bound)
            return s;
        /* The nearest count of piles; of two as near, the larger sweep
         * (its seconds carry less of the claim's fixed cost). */
        if (!near || abs(w->piles - piles) < abs(near->piles - piles) ||
            (abs(w->piles - piles) == abs(near->piles - piles) && w->cells > near->cells)) {
            near = w;
            near_s = s;
        }
    }
    if (!near || near->cells <= 0)
        return -1;
    return near_s / near->cells * cells;
}
