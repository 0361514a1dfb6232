/*
 * hr_paper.c -- this folder's paper as the registry knows it: how it is
 * cited and named, how report.html shows it, and the test that feeds its
 * claims that compute their own games a wrong statement.  Its claims are
 * listed in hr_claim_list.h; the registry (proofs/registry.c) has one line
 * for the paper.
 */
#include "proofs/claim.h"

const claim_paper paper_hr = {
    .prefix = "hr",
    .citation = "A. Holshouser, H. Reiter, Is this Modified Nim Game a Game of Chance?",
    .name = "Holshouser and Reiter, Is this Modified Nim Game a Game of Chance?",
    .report = PAPER_REPORT_FINDINGS,
    .test = "tests/test_chance.c",
};
