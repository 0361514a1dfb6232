/*
 * os_paper.c -- this folder's paper as the registry knows it: how it is
 * cited and named, how report.html shows it, and the test that feeds its
 * claims that compute their own games a wrong statement.  Its claims are
 * listed in os_claim_list.h; the registry (proofs/registry.c) has one line
 * for the paper.
 */
#include "proofs/claim.h"

/* Its closed forms and figures (os_figures.c). */
extern const paper_form os_forms[];
extern const paper_figure os_figures[];

const claim_paper paper_os = {
    .prefix = "os",
    .citation = "H. Oginuma, M. Shinoda, Scoring Nim, arXiv 2502.10971 (text of record 2025-03-05)",
    .name = "Oginuma and Shinoda, Scoring Nim",
    .report = PAPER_REPORT_CLAIMS,
    .test = "tests/test_claims.c",
    .game = "scoring-nim",
    .forms = os_forms,
    .figures = os_figures,
};
