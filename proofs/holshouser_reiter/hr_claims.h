/*
 * hr_claims.h -- the claims on Holshouser and Reiter's paper (hr/...,
 * hr_claims.c): each check with its statement as printed (twist 0) or
 * changed on purpose (twist 1: the wrong statement the tests feed it; every
 * part of the claim must then fail).
 */
#ifndef HR_CLAIMS_H
#define HR_CLAIMS_H

#include "proofs/claim.h"

typedef void (*hr_check_fn)(const claim_ctx *ctx, claim_report *r, int twist);
typedef struct {
    const char *id;
    hr_check_fn check;
} hr_check_entry;
/* NULL-terminated. */
extern const hr_check_entry hr_checks[];

#endif
