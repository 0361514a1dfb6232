/*
 * rn_claim_list.h -- the claims of this folder's paper, in the order of
 * `verifier list` and of the reports: one line a claim, each defined as
 * claim_<name> in a file of this folder.  The registry (proofs/registry.c)
 * takes the list from here: a new claim is one line here.
 */
#ifndef RN_CLAIM_LIST_H
#define RN_CLAIM_LIST_H

#define rn_claims(X) \
    X(rn_rule_nim) \
    X(rn_rule_nim_literal) \
    X(rn_table2) \
    X(rn_prop41) \
    X(rn_prop42) \
    X(rn_table3) \
    X(rn_prop43) \
    X(rn_prop43_proof) \
    X(rn_rule_cr) \
    X(rn_rule_cr_literal) \
    X(rn_rule_cr_period) \
    X(rn_rule_classes) \
    X(rn_table4) \
    X(rn_prop44) \
    X(rn_prop44_literal) \
    X(rn_rule_only_p) \
    X(rn_prop45) \
    X(rn_prop45_strategy) \
    X(rn_prop46) \
    X(rn_prop47) \
    X(rn_prop47_strategy) \
    X(rn_prop47_literal) \
    X(rn_prop48) \
    X(rn_prop48_strategy) \
    X(rn_rule_square) \
    X(rn_rule_equal) \
    X(rn_rule_next) \
    X(rn_rule_next_literal) \
    X(rn_rule_large) \
    X(rn_rule_case1) \
    X(rn_rule_case1_same) \
    X(rn_table5) \
    X(rn_table6) \
    X(rn_prop49) \
    X(rn_prop410) \
    X(rn_prop411) \
    X(rn_prop412) \
    X(rn_proofs_410_412) \
    X(rn_rule_odd_k) \
    X(rn_rule_half) \
    X(rn_rule_third) \
    X(rn_rule_third_literal) \
    X(rn_table7) \
    X(rn_rule_sum) \
    X(rn_rule_shared) \
    X(rn_table8) \
    X(rn_table9) \
    X(rn_rule_players) \
    X(rn_rule_players_literal) \
    X(rn_rule_players_k4) \
    X(rn_players_period) \
    X(rn_players_k3) \
    X(rn_table10) \
    X(rn_rule46) \
    X(rn_table11) \
    X(rn_table12) \
    X(rn_rule_wythoff_pr) \
    X(rn_wythoff_strategy) \
    X(rn_table13) \
    X(rn_table14) \
    X(rn_prop51) \
    X(rn_rule_wythoff3) \
    X(rn_table15) \
    X(rn_table16) \
    X(rn_table17) \
    X(rn_table18) \
    X(rn_table19) \
    X(rn_rule_misere) \
    X(rn_misere_strategy) \
    X(rn_table20) \
    X(rn_table21) \
    X(rn_table22) \
    X(rn_table23) \
    X(rn_table24) \
    X(rn_rule62) \
    X(rn_rule62_literal) \
    X(rn_table25) \
    X(rn_table26) \
    X(rn_table27) \
    X(rn_rule621) \
    X(rn_rule_putback) \
    X(rn_table28) \
    X(rn_rule622) \
    X(rn_table29)

#endif
