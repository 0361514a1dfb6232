/*
 * nim_tables.c -- Scoring Nim tables for the tests (see nim_tables.h).
 */
#include "tests/nim_tables.h"

#include <stdio.h>
#include <stdlib.h>

int nim_create(value_table *t, int piles, int bound, int64_t stone, const table_opts *o, char *err, int errlen)
{
    scoring_nim *sn = calloc(1, sizeof *sn);
    if (!sn) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    if (scoring_nim_init(sn, piles, bound, stone, err, errlen) != 0) {
        free(sn);
        return -1;
    }
    int rc = table_create(t, &sn->base.game, o, err, errlen);
    if (rc != 0) {
        scoring_nim_free(sn);
        free(sn);
    }
    return rc;
}

int nim_create_default(value_table *t, int piles, int bound, lane_window win, char *err, int errlen)
{
    scoring_nim probe;
    /* The game's default options for the window (packed for step 1). */
    if (scoring_nim_init(&probe, 1, 1, 2, err, errlen) != 0)
        return -1;
    table_opts o = table_default_opts(&probe.base.game, win);
    scoring_nim_free(&probe);
    return nim_create(t, piles, bound, 2, &o, err, errlen);
}

void nim_free(value_table *t)
{
    scoring_nim *sn = (scoring_nim *)scoring_nim_of(t->game);
    table_free(t);
    if (sn) {
        scoring_nim_free(sn);
        free(sn);
    }
}
