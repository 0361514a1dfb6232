/*
 * ks_claims.h -- the Kayles claims (ks/...), with the statements they
 * check as data, so that a test can feed each one a wrong statement
 * (tests/test_kayles.c).
 */
#ifndef KS_CLAIMS_H
#define KS_CLAIMS_H

#include <stdbool.h>

#include "proofs/claim.h"

/* G(n + period) = G(n) for every n >= start, and no smaller start works;
 * max_take is the game's largest take (the periodicity theorem's t). */
typedef struct {
    int period, start, max_take;
} ks_period_statement;

/* f_N(p) > 0 where G(p) != 0 and f_N(p) < 0 where G(p) = 0 (inverted:
 * the other way round), for every N > |p| (every_bonus: every N of the
 * window). */
typedef struct {
    bool inverted, every_bonus;
} ks_sign_statement;

void ks_check_period(const claim_ctx *ctx, claim_report *r, const ks_period_statement *s);
void ks_check_sign(const claim_ctx *ctx, claim_report *r, const ks_sign_statement *s);

#endif
