/*
 * claim_select.h -- which claims a --claims list of shell patterns
 * selects, from a registry given as a parameter (the command line passes
 * the real one; the fuzzer a small one of its own).
 */
#ifndef CLAIM_SELECT_H
#define CLAIM_SELECT_H

#include "proofs/claim.h"

/* The most claims a registry may hold (a larger one stops the run: raise
 * this), so that any selection fits an array of CLAIMS_MAX. */
#define CLAIMS_MAX 256

/* Claims of `registry` (NULL-terminated, at most CLAIMS_MAX) whose id
 * matches one of the comma-separated patterns, in registry order, written
 * to out.  Returns the count, or -1 with a reason in err when a pattern
 * matches nothing, none is given, or the text is not printable ASCII (it
 * goes into summary.json: refused now, not after the run). */
int select_claims_in(const claim_def *const *registry, const char *patterns, const claim_def **out, char *err,
                     int errlen);

#endif
