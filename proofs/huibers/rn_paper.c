/*
 * rn_paper.c -- this folder's paper as the registry knows it: how it is
 * cited and named, how report.html shows it, and the test that feeds its
 * claims that compute their own games a wrong statement.  Its claims are
 * listed in rn_claim_list.h; the registry (proofs/registry.c) has one line
 * for the paper.
 */
#include "proofs/claim.h"

const claim_paper paper_rn = {
    .prefix = "rn",
    .citation = "J. Huibers, Strategies for Restricted Nim, MSc thesis, Leiden University (2018), Sections 4-6",
    .name = "Huibers, Strategies for Restricted Nim",
    .notation = "a position (a,b)(x) has piles a and b and the number x restricted (0: none); the class of a "
                "position is the thesis' (Section 4.3, Table 4): P where the player to move loses whatever is "
                "restricted, N where he wins whatever is restricted, a number x where he wins exactly unless x is "
                "restricted (Tables 4 and 6 print 1 as an empty cell, Tables 12, 15 and 16 as +)",
    .report = PAPER_REPORT_SUMMARY,
    .test = "tests/test_huibers.c",
};
