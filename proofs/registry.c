/*
 * registry.c -- the one table of every claim the verifier knows.
 * Adding a claim: define its claim_def in a file of its paper's folder
 * (proofs/<paper>/), add its line to CLAIMS below, and give it a test that
 * feeds it a wrong statement (tests/test_claims.c, tests/test_stewart.c:
 * both refuse a registered claim without one).
 */
#include <string.h>

#include "proofs/claim.h"

/* One line a claim, in the order of `list` and of the reports; the
 * paper's folder defines claim_<name>. */
#define CLAIMS(X) \
    X(os_prop31)                    \
    X(os_cor32)                     \
    X(os_eq1)                       \
    X(os_one_pile)                  \
    X(os_one_pile_strict)           \
    X(os_prop41)                    \
    X(os_prop42)                    \
    X(os_prop41_strategy)           \
    X(os_prop42_strategy)           \
    X(os_prop42_strategy_strict)    \
    X(os_prop51)                    \
    X(os_prop52)                    \
    X(os_prop53)                    \
    X(os_prop55)                    \
    X(os_c_plus_minus)              \
    X(os_eq5_line)                  \
    X(os_eq5_line_strict)           \
    X(os_prop61)                    \
    X(os_thm63)                     \
    X(os_cor64)                     \
    X(os_breakpoints)               \
    X(os_remark65)                  \
    X(os_examples)                  \
    X(os_examples_strict)           \
    X(os_2k1_strict)                \
    X(os_tallies_1081)              \
    X(os_pp_intersection)           \
    X(st_thm32)                     \
    X(st_lemma33)                   \
    X(st_table1)                    \
    X(st_table2)                    \
    X(st_conj34)                    \
    X(st_conj35_literal)            \
    X(st_conj35_eventual)           \
    X(st_conj36_literal)            \
    X(st_conj36_eventual)           \
    X(st_conj37_literal)            \
    X(st_conj37_eventual)           \
    X(rn_rule_nim)                 \
    X(rn_rule_nim_literal)         \
    X(rn_table2)                   \
    X(rn_prop41)                   \
    X(rn_prop42)                   \
    X(rn_table3)                   \
    X(rn_prop43)                   \
    X(rn_prop43_proof)             \
    X(rn_rule_cr)                  \
    X(rn_rule_cr_literal)          \
    X(rn_rule_cr_period)           \
    X(rn_rule_classes)             \
    X(rn_table4)                   \
    X(rn_prop44)                   \
    X(rn_prop44_literal)           \
    X(rn_rule_only_p)              \
    X(rn_prop45)                   \
    X(rn_prop45_strategy)          \
    X(rn_prop46)                   \
    X(rn_prop47)                   \
    X(rn_prop47_strategy)          \
    X(rn_prop47_literal)           \
    X(rn_prop48)                   \
    X(rn_prop48_strategy)          \
    X(rn_rule_square)              \
    X(rn_rule_equal)               \
    X(rn_rule_next)                \
    X(rn_rule_next_literal)        \
    X(rn_rule_large)               \
    X(rn_rule_case1)               \
    X(rn_rule_case1_same)          \
    X(rn_table5)                   \
    X(rn_table6)                   \
    X(rn_prop49)                   \
    X(rn_prop410)                  \
    X(rn_prop411)                  \
    X(rn_prop412)                  \
    X(rn_proofs_410_412)           \
    X(rn_rule_odd_k)               \
    X(rn_rule_half)                \
    X(rn_rule_third)               \
    X(rn_rule_third_literal)       \
    X(rn_table7)                   \
    X(rn_rule_sum)                 \
    X(rn_rule_shared)              \
    X(rn_table8)                   \
    X(rn_table9)                   \
    X(rn_rule_players)             \
    X(rn_rule_players_literal)     \
    X(rn_rule_players_k4)          \
    X(rn_players_period)           \
    X(rn_players_k3)               \
    X(rn_table10)                  \
    X(rn_rule46)                   \
    X(rn_table11)                  \
    X(rn_table12)                  \
    X(rn_rule_wythoff_pr)          \
    X(rn_wythoff_strategy)         \
    X(rn_table13)                  \
    X(rn_table14)                  \
    X(rn_prop51)                   \
    X(rn_rule_wythoff3)            \
    X(rn_table15)                  \
    X(rn_table16)                  \
    X(rn_table17)                  \
    X(rn_table18)                  \
    X(rn_table19)                  \
    X(rn_rule_misere)              \
    X(rn_misere_strategy)          \
    X(rn_table20)                  \
    X(rn_table21)                  \
    X(rn_table22)                  \
    X(rn_table23)                  \
    X(rn_table24)                  \
    X(rn_rule62)                   \
    X(rn_rule62_literal)           \
    X(rn_table25)                  \
    X(rn_table26)                  \
    X(rn_table27)                  \
    X(rn_rule621)                  \
    X(rn_rule_putback)             \
    X(rn_table28)                  \
    X(rn_rule622)                  \
    X(rn_table29)                  \
    X(hr_theorem)                  \
    X(hr_example)                  \
    X(hr_fig1)                     \
    X(hr_multi)                    \
    X(hr_misere)                   \
    X(ks_grundy_period)            \
    X(ks_sign)

#define DECLARE(c) extern const claim_def claim_##c;
CLAIMS(DECLARE)
#define ENTRY(c) &claim_##c,
const claim_def *const claim_registry[] = {CLAIMS(ENTRY) NULL};

/* Scoring Nim's closed forms and figures (proofs/oginuma_shinoda/). */
extern const paper_form os_forms[];
extern const paper_figure os_figures[];

/* One entry a paper, in the order of the claims' prefixes above. */
const claim_paper claim_papers[] = {
    {.prefix = "os",
     .citation = "H. Oginuma, M. Shinoda, Scoring Nim, arXiv 2502.10971 (text of record 2025-03-05)",
     .name = "Oginuma and Shinoda, Scoring Nim",
     .report = PAPER_REPORT_CLAIMS,
     .test = "tests/test_claims.c",
     .game = "scoring-nim",
     .forms = os_forms,
     .figures = os_figures},
    {.prefix = "st",
     .citation = "F. Stewart, Scoring play combinatorial games, Games of No Chance 5, MSRI Publications 70 (2017), "
                 "Section 5",
     .name = "Stewart, Scoring play combinatorial games",
     .report = PAPER_REPORT_CLAIMS,
     .test = "tests/test_stewart.c"},
    {.prefix = "rn",
     .citation = "J. Huibers, Strategies for Restricted Nim, MSc thesis, Leiden University (2018), Sections 4-6",
     .name = "Huibers, Strategies for Restricted Nim",
     .notation = "a position (a,b)(x) has piles a and b and the number x restricted (0: none); the class of a "
                 "position is the thesis' (Section 4.3, Table 4): P where the player to move loses whatever is "
                 "restricted, N where he wins whatever is restricted, a number x where he wins exactly unless x is "
                 "restricted (Tables 4 and 6 print 1 as an empty cell, Tables 12, 15 and 16 as +)",
     .report = PAPER_REPORT_SUMMARY,
     .test = "tests/test_huibers.c"},
    {.prefix = "hr",
     .citation = "A. Holshouser, H. Reiter, Is this Modified Nim Game a Game of Chance?",
     .name = "Holshouser and Reiter, Is this Modified Nim Game a Game of Chance?",
     .report = PAPER_REPORT_FINDINGS,
     .test = "tests/test_chance.c"},
    {.prefix = "ks",
     .citation = "Kayles: R. K. Guy, C. A. B. Smith, The G-values of various games, Proc. Cambridge Philos. Soc. 52 "
                 "(1956); E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, Chapter 4; and its scoring form, "
                 "Scoring Kayles (one point a pin, a bonus N for the last pin)",
     .name = "Kayles and Scoring Kayles",
     .report = PAPER_REPORT_FINDINGS,
     .test = "tests/test_kayles.c"},
    {.prefix = NULL},
};

const claim_paper *claim_paper_of(const char *id)
{
    for (int i = 0; claim_papers[i].prefix; i++) {
        size_t n = strlen(claim_papers[i].prefix);
        if (strncmp(id, claim_papers[i].prefix, n) == 0 && id[n] == '/')
            return &claim_papers[i];
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
