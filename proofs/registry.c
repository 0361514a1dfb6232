/*
 * registry.c -- the one table of every claim the verifier knows.
 * Adding a claim: define its claim_def in a file of proofs/ and add one
 * line here (the order here is the order of `list` and of the reports).
 */
#include <string.h>

#include "proofs/claim.h"

extern const claim_def claim_os_prop31, claim_os_cor32, claim_os_eq1, claim_os_prop41, claim_os_prop42,
    claim_os_prop41_strategy, claim_os_prop42_strategy, claim_os_prop51, claim_os_prop52, claim_os_prop53,
    claim_os_prop55, claim_os_c_plus_minus, claim_os_prop61, claim_os_thm63, claim_os_cor64,
    claim_os_breakpoints, claim_os_remark65, claim_os_examples, claim_os_one_pile, claim_os_one_pile_strict,
    claim_os_prop42_strategy_strict, claim_os_eq5_line, claim_os_eq5_line_strict, claim_os_examples_strict,
    claim_os_2k1_strict, claim_os_tallies_1081, claim_os_pp_intersection, claim_st_thm32, claim_st_lemma33, claim_st_table1,
    claim_st_table2, claim_st_conj34, claim_st_conj35_literal, claim_st_conj35_eventual, claim_st_conj36_literal,
    claim_st_conj36_eventual, claim_st_conj37_literal, claim_st_conj37_eventual;

const claim_def *const claim_registry[] = {
    &claim_os_prop31,
    &claim_os_cor32,
    &claim_os_eq1,
    &claim_os_one_pile,
    &claim_os_one_pile_strict,
    &claim_os_prop41,
    &claim_os_prop42,
    &claim_os_prop41_strategy,
    &claim_os_prop42_strategy,
    &claim_os_prop42_strategy_strict,
    &claim_os_prop51,
    &claim_os_prop52,
    &claim_os_prop53,
    &claim_os_prop55,
    &claim_os_c_plus_minus,
    &claim_os_eq5_line,
    &claim_os_eq5_line_strict,
    &claim_os_prop61,
    &claim_os_thm63,
    &claim_os_cor64,
    &claim_os_breakpoints,
    &claim_os_remark65,
    &claim_os_examples,
    &claim_os_examples_strict,
    &claim_os_2k1_strict,
    &claim_os_tallies_1081,
    &claim_os_pp_intersection,
    &claim_st_thm32,
    &claim_st_lemma33,
    &claim_st_table1,
    &claim_st_table2,
    &claim_st_conj34,
    &claim_st_conj35_literal,
    &claim_st_conj35_eventual,
    &claim_st_conj36_literal,
    &claim_st_conj36_eventual,
    &claim_st_conj37_literal,
    &claim_st_conj37_eventual,
    NULL,
};

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
