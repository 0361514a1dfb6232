/*
 * value.h -- the `value` command (value.c): f_N(p) exactly at rational N.
 */
#ifndef SN_VALUE_H
#define SN_VALUE_H

#include <stdbool.h>

#include "../core/position.h"
#include "args.h"

typedef struct {
    int piles[SN_MAX_PILES];
    int n;
    sn_rat lo, hi, step;   /* N = lo, lo + step, ... <= hi (step > 0) */
    bool explain;          /* --explain: lines of play at N = lo       */
} value_query;

/* Prints `N f_N(p)` per bonus (and the explanation).  Returns an exit
 * status (check.h). */
int run_value(const value_query *q);

#endif
