/*
 * ks_claim_list.h -- the claims of this folder's paper, in the order of
 * `verifier list` and of the reports: one line a claim, each defined as
 * claim_<name> in a file of this folder.  The registry (proofs/registry.c)
 * takes the list from here: a new claim is one line here.
 */
#ifndef KS_CLAIM_LIST_H
#define KS_CLAIM_LIST_H

#define ks_claims(X) \
    X(ks_grundy_period) \
    X(ks_sign)

#endif
