/*
 * os_claim_list.h -- the claims of this folder's paper, in the order of
 * `verifier list` and of the reports: one line a claim, each defined as
 * claim_<name> in a file of this folder.  The registry (proofs/registry.c)
 * takes the list from here: a new claim is one line here.
 */
#ifndef OS_CLAIM_LIST_H
#define OS_CLAIM_LIST_H

#define os_claims(X) \
    X(os_prop31) \
    X(os_cor32) \
    X(os_eq1) \
    X(os_one_pile) \
    X(os_one_pile_strict) \
    X(os_prop41) \
    X(os_prop42) \
    X(os_prop41_strategy) \
    X(os_prop42_strategy) \
    X(os_prop42_strategy_strict) \
    X(os_prop51) \
    X(os_prop52) \
    X(os_prop53) \
    X(os_prop55) \
    X(os_c_plus_minus) \
    X(os_eq5_line) \
    X(os_eq5_line_strict) \
    X(os_prop61) \
    X(os_thm63) \
    X(os_cor64) \
    X(os_breakpoints) \
    X(os_remark65) \
    X(os_examples) \
    X(os_examples_strict) \
    X(os_2k1_strict) \
    X(os_tallies_1081) \
    X(os_pp_intersection)

#endif
