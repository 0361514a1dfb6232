/*
 * registry.c -- the one list of the papers whose claims the verifier
 * knows, and through them of every claim.  Adding a paper: its folder
 * under proofs/ (its claims, its <prefix>_claim_list.h listing them, its
 * <prefix>_paper.c defining paper_<prefix>, its data files in tables/),
 * and here its include and its line in PAPERS.  Adding a claim: its
 * claim_def in a file of its paper's folder and its line in that folder's
 * <prefix>_claim_list.h, with a test that feeds it a wrong statement
 * (tests/test_claims.c, or the test its paper names: both refuse a
 * registered claim without one).
 */
#include <string.h>

#include "proofs/claim.h"
#include "proofs/holshouser_reiter/hr_claim_list.h"
#include "proofs/huibers/rn_claim_list.h"
#include "proofs/kayles/ks_claim_list.h"
#include "proofs/oginuma_shinoda/os_claim_list.h"
#include "proofs/stewart/st_claim_list.h"

/* One line a paper, by the prefix of its claims' ids: the order of
 * `list`, of the reports and of report.html's sections.  Every line ends
 * in a backslash, so that a paper is one line added. */
#define PAPERS(P) \
    P(os)         \
    P(st)         \
    P(rn)         \
    P(hr)         \
    P(ks)         \
    /* (the last paper's line above) */

#define DECLARE_CLAIM(c) extern const claim_def claim_##c;
#define DECLARE_PAPER(p) p##_claims(DECLARE_CLAIM) extern const claim_paper paper_##p;
PAPERS(DECLARE_PAPER)

#define CLAIM_ENTRY(c) &claim_##c,
#define PAPER_CLAIMS(p) p##_claims(CLAIM_ENTRY)
const claim_def *const claim_registry[] = {PAPERS(PAPER_CLAIMS) NULL};

#define PAPER_ENTRY(p) &paper_##p,
const claim_paper *const claim_papers[] = {PAPERS(PAPER_ENTRY) NULL};

const claim_paper *claim_paper_of(const char *id)
{
    for (int i = 0; claim_papers[i]; i++) {
        size_t n = strlen(claim_papers[i]->prefix);
        if (strncmp(id, claim_papers[i]->prefix, n) == 0 && id[n] == '/')
            return claim_papers[i];
    }
    return NULL;
}

int claim_registry_count(void)
{
    int n = 0;
    while (claim_registry[n])
        n++;
    return n;
}

const claim_def *claim_find(const char *id)
{
    for (int i = 0; claim_registry[i]; i++)
        if (strcmp(claim_registry[i]->id, id) == 0)
            return claim_registry[i];
    return NULL;
}
