/*
 * ks_paper.c -- this folder's paper as the registry knows it: how it is
 * cited and named, how report.html shows it, and the test that feeds its
 * claims that compute their own games a wrong statement.  Its claims are
 * listed in ks_claim_list.h; the registry (proofs/registry.c) has one line
 * for the paper.
 */
#include "proofs/claim.h"

const claim_paper paper_ks = {
    .prefix = "ks",
    .citation = "Kayles: R. K. Guy, C. A. B. Smith, The G-values of various games, Proc. Cambridge Philos. Soc. 52 "
                "(1956); E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, Chapter 4; and its scoring form, "
                "Scoring Kayles (one point a pin, a bonus N for the last pin)",
    .name = "Kayles and Scoring Kayles",
    .report = PAPER_REPORT_FINDINGS,
    .test = "tests/test_kayles.c",
};
