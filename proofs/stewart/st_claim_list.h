/*
 * st_claim_list.h -- the claims of this folder's paper, in the order of
 * `verifier list` and of the reports: one line a claim, each defined as
 * claim_<name> in a file of this folder.  The registry (proofs/registry.c)
 * takes the list from here: a new claim is one line here.
 */
#ifndef ST_CLAIM_LIST_H
#define ST_CLAIM_LIST_H

#define st_claims(X) \
    X(st_thm32) \
    X(st_lemma33) \
    X(st_table1) \
    X(st_table2) \
    X(st_conj34) \
    X(st_conj35_literal) \
    X(st_conj35_eventual) \
    X(st_conj36_literal) \
    X(st_conj36_eventual) \
    X(st_conj37_literal) \
    X(st_conj37_eventual)

#endif
