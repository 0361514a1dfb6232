/*
 * check.h -- the `check` and `value` commands: build the table, run the
 * sweep on pinned workers, run the selected claims, write the results.
 */
#ifndef SN_CHECK_H
#define SN_CHECK_H

#include "../core/payoff.h"
#include "../proofs/claim.h"

typedef struct {
    int piles, bound;    /* Scoring Nim sweep; 0 when not given       */
    const char *claims;  /* comma-separated shell patterns           */
    int threads;         /* 0: OMP_NUM_THREADS or one per core        */
    const char *out;     /* NULL: results/<timestamp>/                */
    st_sizes sizes;      /* Stewart sweeps; 0 fields: defaults        */
} check_options;

/* Claims whose id matches one of the comma-separated patterns, in
 * registry order.  Returns the count, or -1 with a reason in err when a
 * pattern matches nothing. */
int select_claims(const char *patterns, const claim_def **out, char *err, int errlen);

/* Runs each claim's check, in order: Scoring Nim claims on the finished
 * table t, the others with ctx. */
void run_claims(const sn_table *t, const claim_ctx *ctx, const claim_def *const *claims, int n,
                claim_report *reports);

int run_check(const check_options *o);
int run_value(const int *piles, int n, int bound, long lo, long hi);

#endif
