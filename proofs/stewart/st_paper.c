/*
 * st_paper.c -- this folder's paper as the registry knows it: how it is
 * cited and named, how report.html shows it, and the test that feeds its
 * claims that compute their own games a wrong statement.  Its claims are
 * listed in st_claim_list.h; the registry (proofs/registry.c) has one line
 * for the paper.
 */
#include "proofs/claim.h"

const claim_paper paper_st = {
    .prefix = "st",
    .citation = "F. Stewart, Scoring play combinatorial games, Games of No Chance 5, MSRI Publications 70 (2017), "
                "Section 5",
    .name = "Stewart, Scoring play combinatorial games",
    .report = PAPER_REPORT_CLAIMS,
    .test = "tests/test_stewart.c",
};
