/*
 * hr_claim_list.h -- the claims of this folder's paper, in the order of
 * `verifier list` and of the reports: one line a claim, each defined as
 * claim_<name> in a file of this folder.  The registry (proofs/registry.c)
 * takes the list from here: a new claim is one line here.
 */
#ifndef HR_CLAIM_LIST_H
#define HR_CLAIM_LIST_H

#define hr_claims(X) \
    X(hr_theorem) \
    X(hr_example) \
    X(hr_fig1) \
    X(hr_multi) \
    X(hr_misere)

#endif
