/*
 * value.h -- the `value` command (value.c): f_N(p) exactly at rational N.
 */
#ifndef VALUE_H
#define VALUE_H

#include <stdbool.h>

#include "core/engine/payoff.h"
#include "core/engine/pinning.h"
#include "core/engine/multiset.h"
#include "verifier/cli/args.h"

typedef struct {
    const char *command;   /* for messages: "value", "tree", "plot"    */
    int piles[MS_MAX_SLOTS];
    int n;
    rat lo, hi, step;   /* N = lo, lo + step, ... <= hi (step > 0) */
    bool explain;          /* --explain: lines of play at N = lo       */
} value_query;

/* Prints `N f_N(p)` per bonus (and the explanation).  Returns an exit
 * status (check.h). */
int run_value(const value_query *q);

/* Where the bonuses of a query sit in the table value_table built: the
 * k-th bonus is M = mlo + k mstep (N = M / denom2) at lane k mstep. */
typedef struct {
    uint64_t rank;      /* the position's rank                 */
    long long count, mlo, mstep;
    long denom2;        /* 2b: lane M is N = M / 2b, values 2b f */
} value_grid;

/* Builds and sweeps the table of the query's position at its bonuses
 * (pin opened and started; close it and free t after).  Returns 0, or an
 * exit status with the message printed. */
int value_table(const value_query *q, sn_table *t, pinning *pin, value_grid *grid);

/* num/den reduced: "7/4", "-3". */
void value_format_rat(long long num, long long den, char *buf, int len);
/* Every pile slot, largest first: "(5,4,2)", "(4,2,0)". */
void value_format_position(const sn_table *t, uint64_t rank, char *buf, int len);

#endif
